// Numeric entry (issue 36; docs/decisions/0057): a number, within a tolerance, in any of the digits Arabic uses.
import { z } from "zod";
import { parseLocaleNumber } from "../text";
import { MAX_SHORT_TEXT_LENGTH } from "../limits";
import type { TMark } from "./common";

/** absolute: within ± tolerance. relative: within ± tolerance per cent of the answer. Both bounds are inclusive. */
export const NUMERIC_TOLERANCE_MODES = ["absolute", "relative"] as const;
/** A typed number longer than this is no answer anyone meant. */
export const MAX_NUMERIC_ANSWER_LENGTH = 40;

/** A number the author types: a number, or text in any digits (the editor sends what was typed). */
const number = (error: string) => z.preprocess((v) => (typeof v === "string" ? (parseLocaleNumber(v) ?? NaN) : v), z.number({ error }).finite({ error }));
const unit = z.string({ error: "VALIDATION_FAILED" }).trim().max(MAX_SHORT_TEXT_LENGTH, { error: "TEXT_TOO_LONG" }).default("");

export const ZNumeric = z.object({
  type: z.literal("numeric"),
  answer: number("NUMERIC_ANSWER_INVALID"),
  /** Its own message: the author sees which of the two numbers is wrong. */
  tolerance: number("NUMERIC_TOLERANCE_INVALID").pipe(z.number().min(0, { error: "NUMERIC_TOLERANCE_INVALID" })).default(0),
  toleranceMode: z.enum(NUMERIC_TOLERANCE_MODES, { error: "VALIDATION_FAILED" }).default("absolute"),
  /** Shown after the box ("سم" / "cm"); the student types the number only. */
  unitAr: unit,
  unitEn: unit,
});
export type TNumeric = z.output<typeof ZNumeric>;

/** The response is kept as typed ("٣٫٥"), so a teacher sees what the student wrote; it is read when marked. */
export const ZNumericAnswer = z.object({
  type: z.literal("numeric"),
  value: z.string({ error: "ANSWER_INVALID" }).max(MAX_NUMERIC_ANSWER_LENGTH, { error: "TEXT_TOO_LONG" }),
});
export type TNumericAnswer = z.output<typeof ZNumericAnswer>;

export function paperNumeric(c: TNumeric): { type: "numeric"; unitAr: string; unitEn: string } {
  return { type: "numeric", unitAr: c.unitAr, unitEn: c.unitEn };
}

/** Floating point makes 0.1 + 0.2 miss 0.3: a bound is widened by a few units in the last place, never by more. */
const slack = (n: number) => Math.abs(n) * 1e-12 + 1e-12;

export function markNumeric(c: TNumeric, answer: TNumericAnswer | null, points: number): TMark {
  const value = answer ? parseLocaleNumber(answer.value) : null;
  if (value === null) return { score: 0, isCorrect: false };
  const within = c.toleranceMode === "relative" ? (Math.abs(c.answer) * c.tolerance) / 100 : c.tolerance;
  const isCorrect = Math.abs(value - c.answer) <= within + slack(c.answer);
  return { score: isCorrect ? points : 0, isCorrect };
}
