CREATE TABLE "exam_group_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"grade" integer,
	"class_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"graded" integer DEFAULT 0 NOT NULL,
	"sum_pct" double precision DEFAULT 0 NOT NULL,
	"sum_pct_sq" double precision DEFAULT 0 NOT NULL,
	"sum_total" double precision DEFAULT 0 NOT NULL,
	"sum_total_sq" double precision DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"histogram" integer[] NOT NULL,
	"first_at" timestamp with time zone,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_group_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","grade","class_name")
);
--> statement-breakpoint
CREATE TABLE "exam_item_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"question_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sx" double precision DEFAULT 0 NOT NULL,
	"sxx" double precision DEFAULT 0 NOT NULL,
	"sxt" double precision DEFAULT 0 NOT NULL,
	"st" double precision DEFAULT 0 NOT NULL,
	"stt" double precision DEFAULT 0 NOT NULL,
	"omitted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_item_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_option_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_option_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","question_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "exam_skill_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"grade" integer,
	"class_name" text,
	"skill_id" text NOT NULL,
	"earned" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_skill_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","grade","class_name","skill_id")
);
--> statement-breakpoint
ALTER TABLE "exam_group_stats" ADD CONSTRAINT "exam_group_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_item_stats" ADD CONSTRAINT "exam_item_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_item_stats" ADD CONSTRAINT "exam_item_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_option_stats" ADD CONSTRAINT "exam_option_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_option_stats" ADD CONSTRAINT "exam_option_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_skill_stats" ADD CONSTRAINT "exam_skill_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_group_stats_school_idx" ON "exam_group_stats" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "exam_skill_stats_school_idx" ON "exam_skill_stats" USING btree ("school_id");--> statement-breakpoint
-- Backfill (docs/decisions/0054): the figures of every attempt already submitted, as analytics/figures.ts adds them.
CREATE TEMP TABLE "figures_att" AS
	SELECT se.id, se.exam_id, p.school_id, se.form_id, se.grade, se.class_name, se.status = 'graded' AS graded, se.started_at, se.completed_at,
		coalesce(se.score, 0)::float8 AS total,
		(CASE WHEN se.total_possible_score > 0 THEN coalesce(se.score, 0)::float8 * 100 / se.total_possible_score ELSE 0 END) AS pct
	FROM student_exams se JOIN profiles p ON p.id = se.student_id
	WHERE se.status IN ('completed', 'graded');--> statement-breakpoint
INSERT INTO "exam_item_stats" (exam_id, school_id, form_id, question_id, n, sx, sxx, sxt, st, stt, omitted)
	SELECT a.exam_id, a.school_id, a.form_id, q.id, count(*), sum(x), sum(x * x), sum(x * a.total), sum(a.total), sum(a.total * a.total), count(*) FILTER (WHERE om)
	FROM figures_att a
	JOIN questions q ON q.exam_id = a.exam_id AND (q.replaced_at IS NULL OR q.replaced_at > a.started_at) AND (q.current_from IS NULL OR q.current_from <= a.started_at)
		AND (a.form_id IS NULL OR EXISTS (SELECT 1 FROM exam_form_questions fq WHERE fq.form_id = a.form_id AND fq.question_id = q.id))
	LEFT JOIN student_answers sa ON sa.student_exam_id = a.id AND sa.question_id = q.id
	CROSS JOIN LATERAL (SELECT coalesce(sa.score, 0)::float8 AS x,
		(sa.id IS NULL OR (sa.selected_option_id IS NULL AND coalesce(btrim(sa.answer_text), '') = ''
			AND (sa.matching_answer IS NULL OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(sa.matching_answer) AS e(v) WHERE e.v <> 'null'::jsonb))
			AND (sa.response IS NULL OR NOT jsonb_path_exists(sa.response, '$ ? (exists(@.chosen[*] ? (@ like_regex "[^[:space:]]")) || exists(@.chosen.* ? (@ like_regex "[^[:space:]]")) || exists(@.order[*]) || exists(@.value ? (@ like_regex "[^[:space:]]")) || exists(@.answers.* ? (@ like_regex "[^[:space:]]")))'::jsonpath)))) AS om) v
	WHERE a.graded
	GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "exam_option_stats" (exam_id, school_id, form_id, question_id, option_id, n)
	SELECT a.exam_id, a.school_id, a.form_id, sa.question_id, sa.selected_option_id, count(*)
	FROM figures_att a JOIN student_answers sa ON sa.student_exam_id = a.id
	WHERE a.graded AND sa.selected_option_id IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "exam_group_stats" (exam_id, school_id, form_id, grade, class_name, attempts, graded, sum_pct, sum_pct_sq, sum_total, sum_total_sq, passed, histogram, first_at, changes)
	SELECT a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, count(*), count(*) FILTER (WHERE a.graded),
		coalesce(sum(a.pct) FILTER (WHERE a.graded), 0), coalesce(sum(a.pct * a.pct) FILTER (WHERE a.graded), 0),
		coalesce(sum(a.total) FILTER (WHERE a.graded), 0), coalesce(sum(a.total * a.total) FILTER (WHERE a.graded), 0),
		count(*) FILTER (WHERE a.graded AND a.pct >= 50),
		array[count(*) FILTER (WHERE a.graded AND a.bucket = 0), count(*) FILTER (WHERE a.graded AND a.bucket = 1), count(*) FILTER (WHERE a.graded AND a.bucket = 2),
			count(*) FILTER (WHERE a.graded AND a.bucket = 3), count(*) FILTER (WHERE a.graded AND a.bucket = 4), count(*) FILTER (WHERE a.graded AND a.bucket = 5),
			count(*) FILTER (WHERE a.graded AND a.bucket = 6), count(*) FILTER (WHERE a.graded AND a.bucket = 7), count(*) FILTER (WHERE a.graded AND a.bucket = 8),
			count(*) FILTER (WHERE a.graded AND a.bucket = 9)]::int[],
		min(a.completed_at) FILTER (WHERE a.graded), count(*)
	FROM (SELECT a.*, least(9, greatest(0, floor(a.pct / 10)))::int AS bucket FROM figures_att a) a
	GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "exam_skill_stats" (exam_id, school_id, form_id, grade, class_name, skill_id, earned)
	SELECT a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, q.skill_id, sum(coalesce(sa.score, 0))::float8
	FROM figures_att a JOIN student_answers sa ON sa.student_exam_id = a.id JOIN questions q ON q.id = sa.question_id
	WHERE a.graded AND q.skill_id IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
DROP TABLE "figures_att";
