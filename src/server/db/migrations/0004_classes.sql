ALTER TABLE "exams" ADD COLUMN "grades" integer[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "grade" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "class_name" text;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "grade" integer;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "class_name" text;--> statement-breakpoint
CREATE INDEX "profiles_school_grade_class_idx" ON "profiles" USING btree ("school_id","grade","class_name");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_class_students_only" CHECK ("profiles"."role" = 'student' OR ("profiles"."grade" IS NULL AND "profiles"."class_name" IS NULL));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_grade_range" CHECK ("profiles"."grade" IS NULL OR "profiles"."grade" BETWEEN 1 AND 12);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_class_needs_grade" CHECK ("profiles"."class_name" IS NULL OR "profiles"."grade" IS NOT NULL);