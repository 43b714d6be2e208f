CREATE TABLE "exam_item_score_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"question_id" uuid NOT NULL,
	"option_id" uuid,
	"total" double precision NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sx" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_item_score_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","question_id","option_id","total")
);
--> statement-breakpoint
ALTER TABLE "exam_item_score_stats" ADD CONSTRAINT "exam_item_score_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_item_score_stats" ADD CONSTRAINT "exam_item_score_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill (docs/decisions/0061): every graded attempt's marks by total score, as analytics/figures.ts adds them.
INSERT INTO "exam_item_score_stats" (exam_id, school_id, form_id, question_id, option_id, total, n, sx)
	SELECT a.exam_id, a.school_id, a.form_id, q.id, o.option_id, a.total, count(*), sum(CASE WHEN o.option_id IS NULL THEN coalesce(sa.score, 0)::float8 ELSE 0 END)
	FROM (SELECT se.id, se.exam_id, p.school_id, se.form_id, se.started_at, coalesce(se.score, 0)::float8 AS total
		FROM student_exams se JOIN profiles p ON p.id = se.student_id WHERE se.status = 'graded') a
	JOIN questions q ON q.exam_id = a.exam_id AND (q.replaced_at IS NULL OR q.replaced_at > a.started_at) AND (q.current_from IS NULL OR q.current_from <= a.started_at)
		AND (a.form_id IS NULL OR EXISTS (SELECT 1 FROM exam_form_questions fq WHERE fq.form_id = a.form_id AND fq.question_id = q.id))
	LEFT JOIN student_answers sa ON sa.student_exam_id = a.id AND sa.question_id = q.id
	CROSS JOIN LATERAL (SELECT NULL::uuid AS option_id UNION ALL SELECT sa.selected_option_id WHERE sa.selected_option_id IS NOT NULL) o
	GROUP BY 1, 2, 3, 4, 5, 6;
