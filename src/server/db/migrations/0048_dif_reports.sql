-- Issue 39, decision 0066: an exam's DIF reports over every school, stored under the matrix's version (read only
-- when it is the version now), so the ministry's first view of DIF does not wait for the exam's matrix (seconds at the year).
CREATE TABLE "exam_dif_reports" (
	"exam_id" uuid NOT NULL,
	"grouping" text NOT NULL,
	"min_group_size" integer NOT NULL,
	"version" text NOT NULL,
	"report" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_dif_reports_exam_id_grouping_min_group_size_pk" PRIMARY KEY("exam_id","grouping","min_group_size")
);
--> statement-breakpoint
ALTER TABLE "exam_dif_reports" ADD CONSTRAINT "exam_dif_reports_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;