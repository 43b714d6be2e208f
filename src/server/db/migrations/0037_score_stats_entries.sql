ALTER TABLE "exam_item_score_stats" ALTER COLUMN "option_id" SET DATA TYPE text;--> statement-breakpoint
-- Backfill (issue 36, decision 0058 "Distractors per gap and area"): the choices ticked in multiple responses, kept
-- now beside the options and areas, and by total score every entry chosen and every multiple response or hotspot
-- left unanswered (":omitted"), for the 27 % groups, as analytics/figures.ts adds them.
-- From all_student_answers, as figures.ts reads them: a closed year's answers are archived (decision 0059).
INSERT INTO "exam_option_stats" (exam_id, school_id, form_id, question_id, option_id, n)
	SELECT se.exam_id, p.school_id, se.form_id, sa.question_id, c.k, count(*)
	FROM student_exams se JOIN profiles p ON p.id = se.student_id JOIN all_student_answers sa ON sa.student_exam_id = se.id
	CROSS JOIN LATERAL (SELECT DISTINCT e.v AS k FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(sa.response->'chosen') = 'array' THEN sa.response->'chosen' ELSE '[]'::jsonb END) AS e(v)) c
	WHERE se.status = 'graded' AND sa.response->>'type' = 'multiple_response'
	GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- (q.type as text: on a fresh PostgreSQL database the types were added to the enum in this same transaction.)
INSERT INTO "exam_item_score_stats" (exam_id, school_id, form_id, question_id, option_id, total, n, sx)
	SELECT a.exam_id, a.school_id, a.form_id, q.id, o.k, a.total, count(*), 0
	FROM (SELECT se.id, se.exam_id, p.school_id, se.form_id, se.started_at, coalesce(se.score, 0)::float8 AS total
		FROM student_exams se JOIN profiles p ON p.id = se.student_id WHERE se.status = 'graded') a
	JOIN questions q ON q.exam_id = a.exam_id AND (q.replaced_at IS NULL OR q.replaced_at > a.started_at) AND (q.current_from IS NULL OR q.current_from <= a.started_at)
		AND (a.form_id IS NULL OR EXISTS (SELECT 1 FROM exam_form_questions fq WHERE fq.form_id = a.form_id AND fq.question_id = q.id))
	LEFT JOIN all_student_answers sa ON sa.student_exam_id = a.id AND sa.question_id = q.id
	CROSS JOIN LATERAL (
		SELECT DISTINCT e.v AS k FROM jsonb_array_elements_text(CASE WHEN sa.response->>'type' IN ('hotspot', 'multiple_response') AND jsonb_typeof(sa.response->'chosen') = 'array' THEN sa.response->'chosen' ELSE '[]'::jsonb END) AS e(v)
		UNION
		SELECT g.key || ':' || g.value FROM jsonb_each_text(CASE WHEN sa.response->>'type' = 'inline_choice' AND jsonb_typeof(sa.response->'chosen') = 'object' THEN sa.response->'chosen' ELSE '{}'::jsonb END) AS g(key, value)
		WHERE btrim(g.value) <> ''
		UNION ALL
		SELECT ':omitted' WHERE q.type::text IN ('multiple_response', 'hotspot') AND (sa.id IS NULL OR (sa.selected_option_id IS NULL AND coalesce(btrim(sa.answer_text), '') = ''
			AND (sa.matching_answer IS NULL OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(sa.matching_answer) AS e(v) WHERE e.v <> 'null'::jsonb))
			AND (sa.response IS NULL OR NOT jsonb_path_exists(sa.response, '$ ? (exists(@.chosen[*] ? (@ like_regex "[^[:space:]]")) || exists(@.chosen.* ? (@ like_regex "[^[:space:]]")) || exists(@.order[*]) || exists(@.value ? (@ like_regex "[^[:space:]]")) || exists(@.answers.* ? (@ like_regex "[^[:space:]]")))'::jsonpath))))
	) o
	WHERE q.type::text IN ('multiple_response', 'hotspot', 'inline_choice')
	GROUP BY 1, 2, 3, 4, 5, 6;
