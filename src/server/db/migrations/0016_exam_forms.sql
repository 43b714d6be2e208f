CREATE TYPE "public"."form_assignment" AS ENUM('random', 'class');--> statement-breakpoint
CREATE TABLE "exam_form_questions" (
	"form_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"is_anchor" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exam_form_questions_form_id_question_id_pk" PRIMARY KEY("form_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_forms_number_min" CHECK ("exam_forms"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "form_assignment" "form_assignment" DEFAULT 'random' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "blueprint" jsonb;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "exam_form_questions" ADD CONSTRAINT "exam_form_questions_form_id_exam_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."exam_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_form_questions" ADD CONSTRAINT "exam_form_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_forms" ADD CONSTRAINT "exam_forms_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_form_questions_question_idx" ON "exam_form_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_forms_exam_number_idx" ON "exam_forms" USING btree ("exam_id","number");--> statement-breakpoint
ALTER TABLE "student_exams" ADD CONSTRAINT "student_exams_form_id_exam_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."exam_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_exams_form_idx" ON "student_exams" USING btree ("form_id");