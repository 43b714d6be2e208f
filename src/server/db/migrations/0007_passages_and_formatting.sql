CREATE TABLE "passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"doc_ar" jsonb,
	"doc_en" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "option_doc_ar" jsonb;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "option_doc_en" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_doc_ar" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_doc_en" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "passage_id" uuid;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passages_id_exam_idx" ON "passages" USING btree ("id","exam_id");--> statement-breakpoint
CREATE INDEX "passages_exam_idx" ON "passages" USING btree ("exam_id","position");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_passage_same_exam_fk" FOREIGN KEY ("passage_id","exam_id") REFERENCES "public"."passages"("id","exam_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_passage_idx" ON "questions" USING btree ("passage_id");