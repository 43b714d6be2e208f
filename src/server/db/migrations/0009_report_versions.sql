ALTER TABLE "development_plans" DROP CONSTRAINT "development_plans_student_exam_id_unique";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_student_exam_id_unique";--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "development_plans_attempt_version_idx" ON "development_plans" USING btree ("student_exam_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_attempt_version_idx" ON "reports" USING btree ("student_exam_id","version");