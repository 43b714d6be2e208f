// The yardstick for the maintained figures (docs/decisions/0054, 0061): every row of exam_item_stats, exam_item_score_stats, exam_option_stats,
// exam_group_stats, exam_skill_stats and student_graded_exams worked out again from the attempts and answers in plain SQL, written apart
// from figures.ts on purpose. Shared by the figures' tests (maintained-figures.test.ts, concurrent-marks.test.ts). Answers are read
// from both tables (all_student_answers): a closed year's attempts keep counting in the figures.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf, type TDbOrTx } from "../db/client";

const ATT = `att as (
  select se.id, se.student_id, se.exam_id, p.school_id, se.form_id, se.grade, se.class_name, se.status = 'graded' as graded, se.started_at, se.completed_at,
    coalesce(se.score, 0)::float8 as total,
    case when se.total_possible_score > 0 then coalesce(se.score, 0)::float8 * 100 / se.total_possible_score else 0 end as pct
  from student_exams se join profiles p on p.id = se.student_id where se.status in ('completed', 'graded'))`;

export const RECOUNT = {
  exam_item_stats: `with ${ATT}
    select a.exam_id, a.school_id, a.form_id, q.id as question_id, count(*) as n, sum(coalesce(sa.score, 0)) as sx, sum(coalesce(sa.score, 0) ^ 2) as sxx,
      sum(coalesce(sa.score, 0) * a.total) as sxt, sum(a.total) as st, sum(a.total ^ 2) as stt,
      count(*) filter (where sa.id is null or (sa.selected_option_id is null and coalesce(btrim(sa.answer_text), '') = '' and sa.matching_answer is null
        and (sa.response is null or ((case jsonb_typeof(sa.response->'chosen') when 'array' then jsonb_array_length(sa.response->'chosen')
          when 'object' then (select count(*) from jsonb_each_text(sa.response->'chosen') g where btrim(g.value) <> '') else 0 end) = 0 and coalesce(jsonb_array_length(sa.response->'order'), 0) = 0 and coalesce(btrim(sa.response->>'value'), '') = '')))) as omitted
    from att a join questions q on q.exam_id = a.exam_id
      and (q.replaced_at is null or q.replaced_at > a.started_at) and (q.current_from is null or q.current_from <= a.started_at)
      and (a.form_id is null or q.id in (select question_id from exam_form_questions where form_id = a.form_id))
    left join all_student_answers sa on sa.student_exam_id = a.id and sa.question_id = q.id
    where a.graded group by 1, 2, 3, 4`,
  exam_item_score_stats: `with ${ATT}
    select a.exam_id, a.school_id, a.form_id, q.id as question_id, o.option_id, a.total, count(*) as n,
      sum(case when o.option_id is null then coalesce(sa.score, 0) else 0 end) as sx
    from att a join questions q on q.exam_id = a.exam_id
      and (q.replaced_at is null or q.replaced_at > a.started_at) and (q.current_from is null or q.current_from <= a.started_at)
      and (a.form_id is null or q.id in (select question_id from exam_form_questions where form_id = a.form_id))
    left join all_student_answers sa on sa.student_exam_id = a.id and sa.question_id = q.id
    cross join lateral (select null::text as option_id union all select sa.selected_option_id::text where sa.selected_option_id is not null
      union select e.v from jsonb_array_elements_text(case when sa.response->>'type' in ('hotspot', 'multiple_response') then sa.response->'chosen' else '[]' end) e(v)
      union select g.key || ':' || g.value from jsonb_each_text(case when sa.response->>'type' = 'inline_choice' then sa.response->'chosen' else '{}' end) g where btrim(g.value) <> ''
      -- a multiple response or hotspot with nothing ticked (no row, or an empty list)
      union select ':omitted' where q.type in ('multiple_response', 'hotspot') and (case when jsonb_typeof(sa.response->'chosen') = 'array' then jsonb_array_length(sa.response->'chosen') else 0 end) = 0) o
    where a.graded group by 1, 2, 3, 4, 5, 6`,
  // Options chosen, and multiple responses' choices ticked, hotspot areas and inline-choice gaps' choices ("gap:choice"), each once per attempt.
  exam_option_stats: `with ${ATT}, chosen as (
      select a.id, a.exam_id, a.school_id, a.form_id, sa.question_id, sa.selected_option_id::text as option_id
      from att a join all_student_answers sa on sa.student_exam_id = a.id where a.graded and sa.selected_option_id is not null
      union
      select a.id, a.exam_id, a.school_id, a.form_id, sa.question_id, e.v
      from att a join all_student_answers sa on sa.student_exam_id = a.id,
        jsonb_array_elements_text(case when sa.response->>'type' in ('hotspot', 'multiple_response') then sa.response->'chosen' else '[]' end) e(v) where a.graded
      union
      select a.id, a.exam_id, a.school_id, a.form_id, sa.question_id, g.key || ':' || g.value
      from att a join all_student_answers sa on sa.student_exam_id = a.id,
        jsonb_each_text(case when sa.response->>'type' = 'inline_choice' then sa.response->'chosen' else '{}' end) g where a.graded and btrim(g.value) <> '')
    select exam_id, school_id, form_id, question_id, option_id, count(*) as n from chosen group by 1, 2, 3, 4, 5`,
  exam_group_stats: `with ${ATT}
    select a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, count(*) as attempts, count(*) filter (where a.graded) as graded,
      coalesce(sum(a.pct) filter (where a.graded), 0) as sum_pct, coalesce(sum(a.pct ^ 2) filter (where a.graded), 0) as sum_pct_sq,
      coalesce(sum(a.total) filter (where a.graded), 0) as sum_total, coalesce(sum(a.total ^ 2) filter (where a.graded), 0) as sum_total_sq,
      count(*) filter (where a.graded and a.pct >= 50) as passed,
      array(select count(x.id) from generate_series(0, 9) b left join att x on x.graded and x.exam_id = a.exam_id and x.school_id is not distinct from a.school_id
        and x.form_id is not distinct from a.form_id and x.grade is not distinct from a.grade and x.class_name is not distinct from a.class_name
        and least(9, floor(x.pct / 10)) = b group by b order by b)::text as histogram,
      (min(a.completed_at) filter (where a.graded))::text as first_at
    from att a group by 1, 2, 3, 4, 5`,
  exam_skill_stats: `with ${ATT}
    select a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, q.skill_id, sum(coalesce(sa.score, 0)) as earned
    from att a join all_student_answers sa on sa.student_exam_id = a.id join questions q on q.id = sa.question_id
    where a.graded and q.skill_id is not null group by 1, 2, 3, 4, 5, 6`,
  // Each student's graded attempts as "exam/form/grade/class", sorted; the row's school is the student's.
  student_graded_exams: `with ${ATT}
    select student_id, school_id, array_agg(entry order by entry)::text as entries
    from (select a.student_id, a.school_id, a.exam_id || '/' || coalesce(a.form_id::text, '') || '/' || coalesce(a.grade::text, '') || '/' || coalesce(a.class_name, '') as entry
      from att a where a.graded) e
    group by 1, 2`,
};
const KEYS: Record<keyof typeof RECOUNT, string[]> = {
  exam_item_stats: ["exam_id", "school_id", "form_id", "question_id"],
  exam_item_score_stats: ["exam_id", "school_id", "form_id", "question_id", "option_id", "total"],
  exam_option_stats: ["exam_id", "school_id", "form_id", "question_id", "option_id"],
  exam_group_stats: ["exam_id", "school_id", "form_id", "grade", "class_name"],
  exam_skill_stats: ["exam_id", "school_id", "form_id", "grade", "class_name", "skill_id"],
  student_graded_exams: ["student_id"],
};

type TRow = Record<string, unknown>;

/** A table's rows by key, without the rows that sum to nothing (a group whose attempts all went). */
function byKey(table: keyof typeof RECOUNT, rows: TRow[]) {
  const keys = KEYS[table];
  const out = new Map<string, TRow>();
  for (const r of rows) {
    // A skill's row holds only the points earned: a row of none is no row (a group left by its attempts keeps one).
    const counted =
      table === "exam_group_stats"
        ? Number(r.attempts)
        : table === "exam_skill_stats"
          ? Math.round(Number(r.earned) * 1e6)
          : table === "student_graded_exams"
            ? Number(r.entries !== "{}")
            : Number(r.n);
    if (counted === 0) continue;
    const values = Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));
    out.set(keys.map((k) => String(r[k])).join("|"), values);
  }
  return out;
}

/** Every maintained row equals its recount from the attempts and answers (and no row is missing or extra). */
export async function expectFiguresEqualRecount(db: TDbOrTx): Promise<void> {
  for (const table of Object.keys(RECOUNT) as (keyof typeof RECOUNT)[]) {
    const expected = byKey(table, rowsOf<TRow>(await db.execute(sql.raw(RECOUNT[table]))));
    const columns =
      table === "exam_group_stats"
        ? sql.raw("*, histogram::text as histogram, first_at::text as first_at")
        : table === "student_graded_exams"
          ? sql.raw("*, entries::text as entries")
          : sql.raw("*");
    // A closed year's rows by total score are archived (decision 0059): the two tables together, as item analysis reads them.
    const from = table === "exam_item_score_stats" ? "all_exam_item_score_stats" : table;
    const kept = byKey(table, rowsOf<TRow>(await db.execute(sql`select ${columns} from ${sql.raw(from)}`)));
    expect([...kept.keys()].sort(), table).toEqual([...expected.keys()].sort());
    for (const [key, want] of expected) {
      const got = kept.get(key)!;
      for (const [column, value] of Object.entries(want)) {
        if (typeof value === "string" && Number.isNaN(Number(value))) {
          // first_at: the same instant, whatever the text's precision
          if (column === "first_at") expect(value === null ? null : new Date(value).getTime(), `${table} ${key} ${column}`).toBe(got[column] === null ? null : new Date(String(got[column])).getTime());
          else expect(got[column], `${table} ${key} ${column}`).toBe(value);
        } else if (value === null) expect(got[column], `${table} ${key} ${column}`).toBeNull();
        else expect(Number(got[column]), `${table} ${key} ${column}`).toBeCloseTo(Number(value), 6);
      }
    }
  }
}
