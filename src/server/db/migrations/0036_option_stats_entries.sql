ALTER TABLE "exam_option_stats" ALTER COLUMN "option_id" SET DATA TYPE text;--> statement-breakpoint
-- Backfill (decision 0058, "Distractors per gap and area"): the areas and gaps' choices of the graded attempts so far,
-- as figures.ts counts them (entry-distractors.ts CHOSEN_ENTRIES).
INSERT INTO "exam_option_stats" (exam_id, school_id, form_id, question_id, option_id, n)
	SELECT se.exam_id, p.school_id, se.form_id, sa.question_id, c.k, count(*)
	FROM student_exams se JOIN profiles p ON p.id = se.student_id JOIN student_answers sa ON sa.student_exam_id = se.id
	CROSS JOIN LATERAL (
		SELECT DISTINCT e.v AS k FROM jsonb_array_elements_text(CASE WHEN sa.response->>'type' = 'hotspot' AND jsonb_typeof(sa.response->'chosen') = 'array' THEN sa.response->'chosen' ELSE '[]'::jsonb END) AS e(v)
		UNION
		SELECT g.key || ':' || g.value FROM jsonb_each_text(CASE WHEN sa.response->>'type' = 'inline_choice' AND jsonb_typeof(sa.response->'chosen') = 'object' THEN sa.response->'chosen' ELSE '{}'::jsonb END) AS g(key, value)
		WHERE btrim(g.value) <> ''
	) c
	WHERE se.status = 'graded' AND sa.response->>'type' IN ('hotspot', 'inline_choice')
	GROUP BY 1, 2, 3, 4, 5;
