ALTER TABLE "profiles" ADD COLUMN "clip_transcripts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_lang" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_clip_transcripts_students_only" CHECK ("profiles"."role" = 'student' OR NOT "profiles"."clip_transcripts");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_email_lang" CHECK ("profiles"."email_lang" IN ('ar', 'en'));