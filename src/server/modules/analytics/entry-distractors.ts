// Distractors per entry (issue 36; docs/decisions/0058, "Distractors per gap and area"): how many attempts ticked each
// choice of a multiple response, chose each area of a hotspot and each choice of each gap of an inline choice. Kept
// beside the multiple-choice options, in exam_option_stats (all attempts) and exam_item_score_stats (by total score,
// for the 27 % groups), keyed by the choice's or area's id or by "gap:choice" (figures.ts maintains them as marks
// arrive), so 200,000 attempts cost a read of a few rows per question, not of every answer.
import { sql } from "drizzle-orm";
import type { TItemStats } from "../../../shared/schemas/analytics";
import type { TInteraction } from "../../../shared/item-types";

/** The types whose entries are counted here: a multiple response's choices ticked, a hotspot's areas, an inline choice's gaps' choices. */
export const ENTRY_TYPES = new Set(["multiple_response", "inline_choice", "hotspot"]);
export const ENTRY_TYPES_SQL = sql`('multiple_response', 'inline_choice', 'hotspot')`;

/**
 * The key, in the rows by total score (exam_item_score_stats), of the attempts that left a multiple response or a
 * hotspot unanswered: their 27 % groups' "No answer" share, which the counts of entries cannot give (a student ticks
 * several). No entry id can be it (ids are [A-Za-z0-9_-], a gap's key is "gap:choice" with both named).
 */
export const OMITTED_KEY = ":omitted";
export const OMISSION_KEYED_SQL = sql`('multiple_response', 'hotspot')`;

/**
 * The keys an answer `sa` chose, one row each (`k`): a multiple response's choices and a hotspot's areas (each once
 * however often named), an inline choice's "gap:choice" for each gap not left blank. For a lateral join; anything else
 * yields no row. The response is only what the save's schema let through (ids ≤ 36 characters, ≤ 10 entries), not
 * checked against the question: a forged id counts under its own key, which no table shows. An answer with no
 * response (every answer of the seed's types) is ruled out before the JSON functions run: at the year they ran for
 * each of the 575,000 cells a first view of item analysis reads.
 */
export const CHOSEN_ENTRIES = sql`(
  select distinct e.v as k from jsonb_array_elements_text(case when sa.response->>'type' in ('hotspot', 'multiple_response') and jsonb_typeof(sa.response->'chosen') = 'array' then sa.response->'chosen' else '[]'::jsonb end) as e(v)
  where sa.response is not null
  union
  select g.key || ':' || g.value from jsonb_each_text(case when sa.response->>'type' = 'inline_choice' and jsonb_typeof(sa.response->'chosen') = 'object' then sa.response->'chosen' else '{}'::jsonb end) as g(key, value)
  where sa.response is not null and btrim(g.value) <> ''
)`;

/** How many chose a key (an option, an entry, or OMITTED_KEY), of all the attempts given the question and of each 27 % group. */
export type TChoiceCount = { qid: string; oid: string | null; n: number; upper: number; lower: number };

type TOption = TItemStats["options"][number];
const NO_ANSWER = { ar: "بلا إجابة", en: "No answer" };

/**
 * The tables of one question: a multiple response's choices or a hotspot's areas as its options (with those who gave
 * no answer last), an inline choice's gaps each a table of its choices (with those who left the gap blank last).
 * Shares are of the attempts given the question (`of`), the groups' of the group's size, as a single choice's are; a
 * student may tick several, so those shares need not add up to one.
 */
export function entryTables(
  interaction: TInteraction | null,
  counts: TChoiceCount[],
  of: number,
  omitted: number,
  groupSize: number | null,
): { options: TOption[]; gaps: NonNullable<TItemStats["gaps"]> } {
  const share = (k: number, total: number) => (total > 0 ? k / total : 0);
  const zero = { n: 0, upper: 0, lower: 0 };
  const count = (k: string) => counts.find((c) => c.oid === k) ?? zero;
  const row = (id: string, text: { ar: string; en: string }, isCorrect: boolean, c: { n: number; upper: number; lower: number }): TOption => ({
    id,
    text,
    isCorrect,
    share: share(c.n, of),
    upperShare: groupSize ? share(c.upper, groupSize) : null,
    lowerShare: groupSize ? share(c.lower, groupSize) : null,
  });
  const entries = interaction?.type === "hotspot" ? interaction.areas : interaction?.type === "multiple_response" ? interaction.choices : null;
  if (entries) {
    return { options: [...entries.map((e) => row(e.id, { ar: e.textAr, en: e.textEn }, e.correct, count(e.id))), row("omitted", NO_ANSWER, false, { ...count(OMITTED_KEY), n: omitted })], gaps: [] };
  }
  if (interaction?.type === "inline_choice") {
    return {
      options: [],
      gaps: interaction.gaps.map((g) => {
        const choices = g.choices.map((c) => row(c.id, { ar: c.textAr, en: c.textEn }, c.correct, count(`${g.id}:${c.id}`)));
        // Blank: given the question and chose nothing in this gap (a forged choice id counts as neither).
        const chose = (key: "n" | "upper" | "lower") => counts.filter((c) => c.oid?.startsWith(`${g.id}:`)).reduce((s, c) => s + c[key], 0);
        const blank = { n: Math.max(0, of - chose("n")), upper: Math.max(0, (groupSize ?? 0) - chose("upper")), lower: Math.max(0, (groupSize ?? 0) - chose("lower")) };
        return { id: g.id, options: [...choices, row("omitted", NO_ANSWER, false, blank)] };
      }),
    };
  }
  return { options: [], gaps: [] };
}
