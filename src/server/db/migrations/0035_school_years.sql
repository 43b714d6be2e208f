CREATE TYPE "public"."school_year_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TABLE "archived_student_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"student_exam_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"selected_option_id" uuid,
	"answer_text" text,
	"matching_answer" jsonb,
	"response" jsonb,
	"is_correct" boolean,
	"score" numeric(8, 2),
	"teacher_comment" text,
	"client_seq" integer DEFAULT 0 NOT NULL,
	"graded_by_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" "school_year_status" DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_years_dates" CHECK ("school_years"."starts_on" < "school_years"."ends_on")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "school_year_id" uuid;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "status_before_close" "exam_status";--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD CONSTRAINT "archived_student_answers_student_exam_id_student_exams_id_fk" FOREIGN KEY ("student_exam_id") REFERENCES "public"."student_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD CONSTRAINT "archived_student_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD CONSTRAINT "archived_student_answers_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD CONSTRAINT "archived_student_answers_selected_option_id_question_options_id_fk" FOREIGN KEY ("selected_option_id") REFERENCES "public"."question_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD CONSTRAINT "archived_student_answers_graded_by_id_profiles_id_fk" FOREIGN KEY ("graded_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_closed_by_profiles_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archived_student_answers_attempt_question_idx" ON "archived_student_answers" USING btree ("student_exam_id","question_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_school_year_id_school_years_id_fk" FOREIGN KEY ("school_year_id") REFERENCES "public"."school_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_school_year_idx" ON "exams" USING btree ("school_year_id");--> statement-breakpoint
-- Decision 0059: the one place readers find every answer, open years' and closed years'. Written by hand (drizzle's
-- pgView(...).existing() only describes it). Column lists are spelled out so adding a column to one table fails here.
CREATE VIEW "all_student_answers" AS
  SELECT "id", "student_exam_id", "question_id", "student_id", "selected_option_id", "answer_text", "matching_answer", "response", "is_correct", "score", "teacher_comment", "client_seq", "graded_by_id", "updated_at" FROM "student_answers"
  UNION ALL
  SELECT "id", "student_exam_id", "question_id", "student_id", "selected_option_id", "answer_text", "matching_answer", "response", "is_correct", "score", "teacher_comment", "client_seq", "graded_by_id", "updated_at" FROM "archived_student_answers";
