CREATE TYPE "public"."held_decision" AS ENUM('pending', 'accepted', 'refused');--> statement-breakpoint
ALTER TYPE "public"."attempt_event_kind" ADD VALUE 'answer_held';--> statement-breakpoint
ALTER TYPE "public"."attempt_event_kind" ADD VALUE 'held_accepted';--> statement-breakpoint
ALTER TYPE "public"."attempt_event_kind" ADD VALUE 'held_refused';--> statement-breakpoint
CREATE TABLE "held_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_option_id" uuid,
	"answer_text" text,
	"matching_answer" jsonb,
	"response" jsonb,
	"client_seq" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "held_decision" DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "pending_answers" integer;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_attempt_id_student_exams_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."student_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_selected_option_id_question_options_id_fk" FOREIGN KEY ("selected_option_id") REFERENCES "public"."question_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_decided_by_id_profiles_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_answers_pending_idx" ON "held_answers" USING btree ("attempt_id","question_id") WHERE "held_answers"."decision" = 'pending';