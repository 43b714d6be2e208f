CREATE TABLE "student_graded_exams" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"school_id" text,
	"entries" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "student_graded_exams_school_idx" ON "student_graded_exams" USING btree ("school_id");--> statement-breakpoint
-- Backfill (decision 0061, "Distinct students from a row per student"): each student's graded attempts so far, as
-- figures.ts writes them (GRADED_ENTRY): "exam/form/grade/class", sorted, under the student's school now.
INSERT INTO "student_graded_exams" (student_id, school_id, entries)
	SELECT a.student_id, a.school_id, array_agg(a.entry ORDER BY a.entry)
	FROM (
		SELECT se.student_id, p.school_id, se.exam_id::text || '/' || coalesce(se.form_id::text, '') || '/' || coalesce(se.grade::text, '') || '/' || coalesce(se.class_name, '') AS entry
		FROM student_exams se JOIN profiles p ON p.id = se.student_id
		WHERE se.status = 'graded'
	) a
	GROUP BY a.student_id, a.school_id;
