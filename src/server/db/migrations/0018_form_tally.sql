CREATE TABLE "exam_form_classes" (
	"exam_id" uuid NOT NULL,
	"class_key" text NOT NULL,
	"form_id" uuid NOT NULL,
	CONSTRAINT "exam_form_classes_exam_id_class_key_pk" PRIMARY KEY("exam_id","class_key")
);
--> statement-breakpoint
CREATE TABLE "exam_form_tally" (
	"form_id" uuid NOT NULL,
	"sitting_key" text NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_form_tally_form_id_sitting_key_pk" PRIMARY KEY("form_id","sitting_key")
);
--> statement-breakpoint
ALTER TABLE "exam_form_classes" ADD CONSTRAINT "exam_form_classes_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_form_classes" ADD CONSTRAINT "exam_form_classes_form_id_exam_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."exam_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_form_tally" ADD CONSTRAINT "exam_form_tally_form_id_exam_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."exam_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_form_classes_form_idx" ON "exam_form_classes" USING btree ("form_id");