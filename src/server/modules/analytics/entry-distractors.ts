// Distractors per gap and per area (issue 36; docs/decisions/0058, "Distractors per gap and area"): how many attempts
// chose each choice of each gap of an inline choice, and each area of a hotspot. Kept in exam_option_stats beside the
// multiple-choice options (figures.ts maintains them as marks arrive), keyed by the area's id or by "gap:choice", so
// 200,000 attempts cost a read of a few rows per question, not of every answer.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../../db/client";
import type { TItemStats } from "../../../shared/schemas/analytics";
import type { TInteraction } from "../../../shared/item-types";

/** The types whose entries are counted here. */
export const ENTRY_TYPES = new Set(["inline_choice", "hotspot"]);

/**
 * The keys an answer `sa` chose, one row each (`k`): a hotspot's areas (each once however often named), an inline
 * choice's "gap:choice" for each gap not left blank. For a lateral join; anything else yields no row. The response is
 * only what the save's schema let through (ids ≤ 36 characters, ≤ 10 entries), not checked against the question:
 * a forged id counts under its own key, which no table shows.
 */
export const CHOSEN_ENTRIES = sql`(
  select distinct e.v as k from jsonb_array_elements_text(case when sa.response->>'type' = 'hotspot' and jsonb_typeof(sa.response->'chosen') = 'array' then sa.response->'chosen' else '[]'::jsonb end) as e(v)
  union
  select g.key || ':' || g.value from jsonb_each_text(case when sa.response->>'type' = 'inline_choice' and jsonb_typeof(sa.response->'chosen') = 'object' then sa.response->'chosen' else '{}'::jsonb end) as g(key, value)
  where btrim(g.value) <> ''
)`;

type TCount = { qid: string; k: string; n: number };

/** The counts kept in the maintained rows `rows` selects (an exam, a school's, a form's). */
export async function entryCountsFromSummaries(db: TDbOrTx, rows: SQL, questionIds: string[]): Promise<TCount[]> {
  if (!questionIds.length) return [];
  return rowsOf<TCount>(
    await db.execute(sql`select question_id as qid, option_id as k, sum(n)::int as n from exam_option_stats
      where ${rows} and question_id in (${sql.join(questionIds.map((id) => sql`${id}::uuid`), sql`, `)}) group by 1, 2 having sum(n) > 0`),
  );
}

/** The same counts from every answer of the attempts `attempts` (a CTE list whose `grouped` names them): the yardstick and a student's reach. */
export async function entryCountsFromAnswers(db: TDbOrTx, attempts: SQL, questionIds: string[]): Promise<TCount[]> {
  if (!questionIds.length) return [];
  return rowsOf<TCount>(
    await db.execute(sql`with ${attempts}
      select sa.question_id as qid, c.k, count(*)::int as n
      from grouped g join student_answers sa on sa.student_exam_id = g.id
      cross join lateral ${CHOSEN_ENTRIES} c
      where sa.question_id in (${sql.join(questionIds.map((id) => sql`${id}::uuid`), sql`, `)})
      group by 1, 2`),
  );
}

type TOption = TItemStats["options"][number];
const NO_ANSWER = { ar: "بلا إجابة", en: "No answer" };

/**
 * The tables of one question: a hotspot's areas as its options (with those who chose no area last), an inline
 * choice's gaps each a table of its choices (with those who left the gap blank last). Shares are of the attempts
 * given the question (`of`); a student may choose several areas, so a hotspot's shares need not add up to one. The
 * 27 % groups' shares are not kept per entry (null): the rows hold counts, and the groups would mean reading answers.
 */
export function entryTables(
  interaction: TInteraction | null,
  counts: TCount[],
  of: number,
  omitted: number,
): { options: TOption[]; gaps: NonNullable<TItemStats["gaps"]> } {
  const share = (k: number) => (of > 0 ? k / of : 0);
  const count = (k: string) => counts.find((c) => c.k === k)?.n ?? 0;
  const row = (id: string, text: { ar: string; en: string }, isCorrect: boolean, n: number): TOption => ({ id, text, isCorrect, share: share(n), upperShare: null, lowerShare: null });
  if (interaction?.type === "hotspot") {
    return {
      options: [...interaction.areas.map((a) => row(a.id, { ar: a.textAr, en: a.textEn }, a.correct, count(a.id))), row("omitted", NO_ANSWER, false, omitted)],
      gaps: [],
    };
  }
  if (interaction?.type === "inline_choice") {
    return {
      options: [],
      gaps: interaction.gaps.map((g) => {
        const choices = g.choices.map((c) => row(c.id, { ar: c.textAr, en: c.textEn }, c.correct, count(`${g.id}:${c.id}`)));
        // Blank: given the question and chose nothing in this gap (a forged choice id counts as neither).
        const chose = counts.filter((c) => c.k.startsWith(`${g.id}:`)).reduce((s, c) => s + c.n, 0);
        return { id: g.id, options: [...choices, row("omitted", NO_ANSWER, false, Math.max(0, of - chose))] };
      }),
    };
  }
  return { options: [], gaps: [] };
}

/**
 * The counts for item analysis: from the maintained rows of the reader's attempts (`whose`: "all" or a school's id),
 * or, when `whose` is null (a student's reach, the tests' yardstick), from the answers of `attempts`.
 */
export async function entryCounts(db: TDbOrTx, at: { examId: string; whose: string | null; formId: string | null; attempts: SQL }, questionIds: string[]): Promise<TCount[]> {
  if (at.whose === null) return entryCountsFromAnswers(db, at.attempts, questionIds);
  const rows = sql`exam_id = ${at.examId} ${at.whose === "all" ? sql`` : sql`and school_id = ${at.whose}`} ${at.formId ? sql`and form_id = ${at.formId}` : sql``}`;
  return entryCountsFromSummaries(db, rows, questionIds);
}
