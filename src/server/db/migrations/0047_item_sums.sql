-- Issue 39, decision 0066: an exam's item analysis sums over every school, stored under the exam's figures' version
-- (read only when it is the exam's version now), so the ministry's first view of an exam reads one row.
CREATE TABLE "exam_item_sums" (
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"sums" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_item_sums" ADD CONSTRAINT "exam_item_sums_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;