ALTER TABLE "profiles" ADD COLUMN "read_aloud" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "high_contrast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "text_scale" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_text_scale" CHECK ("profiles"."text_scale" IN (100, 125, 150, 175, 200));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_reading_students_only" CHECK ("profiles"."role" = 'student' OR (NOT "profiles"."read_aloud" AND NOT "profiles"."high_contrast" AND "profiles"."text_scale" = 100));