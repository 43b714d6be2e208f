ALTER TYPE "public"."question_type" ADD VALUE 'gap_fill';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'inline_choice';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'hotspot';