CREATE TABLE "exam_reliability" (
	"exam_id" uuid NOT NULL,
	"reach" text NOT NULL,
	"version" text NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_reliability_exam_id_reach_pk" PRIMARY KEY("exam_id","reach")
);
--> statement-breakpoint
ALTER TABLE "exam_reliability" ADD CONSTRAINT "exam_reliability_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill (decision 0061): the figures cannot be worked out in SQL (calibration steps, three coefficients); a
-- reliability job queued for every exam with a graded attempt works them out once the server runs.
INSERT INTO "jobs" (kind, payload, dedupe_key, run_at)
	SELECT 'reliability.exam', jsonb_build_object('examId', e.id), 'reliability:' || e.id, now()
	FROM exams e WHERE EXISTS (SELECT 1 FROM student_exams se WHERE se.exam_id = e.id AND se.status = 'graded')
	ON CONFLICT DO NOTHING;
