DROP INDEX "group_plans_scope_idx";--> statement-breakpoint
ALTER TABLE "group_plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_plans" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "group_plans_scope_version_idx" ON "group_plans" USING btree ("exam_id","school_id","scope_key","version");