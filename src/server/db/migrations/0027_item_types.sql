ALTER TYPE "public"."question_type" ADD VALUE 'multiple_response';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'numeric';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'ordering';--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "interaction" jsonb;--> statement-breakpoint
ALTER TABLE "student_answers" ADD COLUMN "response" jsonb;