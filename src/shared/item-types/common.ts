// What the item types of issue 36 share (docs/decisions/0057).
import { z } from "zod";
import { MAX_SHORT_TEXT_LENGTH } from "../limits";

/** Marks are kept to two decimals (student_answers.score is numeric(8,2)), rounded half up, as matching's are. */
export function roundMark(value: number): number {
  return Math.round(Math.max(0, value) * 100 + Number.EPSILON * 100) / 100;
}

export type TMark = { score: number; isCorrect: boolean };

export const MAX_ITEM_TEXT_LENGTH = MAX_SHORT_TEXT_LENGTH * 5;
/** A choice or an item to order: the same size as an option of a multiple-choice question. */
export const MAX_INTERACTION_ENTRIES = 10;

const text = z.string({ error: "VALIDATION_FAILED" }).trim().max(MAX_ITEM_TEXT_LENGTH, { error: "TEXT_TOO_LONG" }).default("");

/** A choice or an item: its own id (stable across edits, so a response names it and a shuffle cannot give it away) and its text in both languages. */
export const ZEntry = z.object({
  id: z.string({ error: "VALIDATION_FAILED" }).regex(/^[A-Za-z0-9_-]{1,36}$/, { error: "VALIDATION_FAILED" }),
  textAr: text,
  textEn: text,
});
export type TEntry = z.output<typeof ZEntry>;

/** A response naming entries: ids only, a bounded list. What they name is checked when it is marked. */
export const ZEntryIds = z.array(z.string({ error: "ANSWER_INVALID" }).max(36, { error: "ANSWER_INVALID" }), { error: "ANSWER_INVALID" }).max(MAX_INTERACTION_ENTRIES, { error: "ANSWER_INVALID" });

/** The problems every list of entries can have: too few, an id twice, a missing text (said as "option m" unless the
 *  list names its entries otherwise, as ordering's "item m"). */
export function checkEntries(entries: TEntry[], min: number, minMessage: string, path: string | (string | number)[], ctx: z.RefinementCtx, missingMessage = "OPTION_MISSING_TEXT"): void {
  const at = Array.isArray(path) ? path : [path];
  if (entries.length < min) ctx.addIssue({ code: "custom", path: at, message: minMessage });
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.id)) ctx.addIssue({ code: "custom", path: [...at, i], message: "VALIDATION_FAILED" });
    seen.add(e.id);
    if (!e.textAr || !e.textEn) ctx.addIssue({ code: "custom", path: [...at, i], message: missingMessage });
  });
}
