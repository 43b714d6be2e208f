// Multiple response — "choose all that apply" (issue 36; docs/decisions/0057).
import { z } from "zod";
import { checkEntries, MAX_INTERACTION_ENTRIES, roundMark, ZEntry, ZEntryIds, type TEntry, type TMark } from "./common";
import { MIN_CHOICE_OPTIONS } from "../limits";

/** all_or_nothing: the points only for exactly the right choices. partial: each right choice earns its share of the
 *  points and each wrong choice costs the same share, never below zero. */
export const MULTIPLE_RESPONSE_SCORING = ["all_or_nothing", "partial"] as const;

export const ZMultipleResponse = z
  .object({
    type: z.literal("multiple_response"),
    choices: z.array(ZEntry.extend({ correct: z.boolean({ error: "VALIDATION_FAILED" }).default(false) })).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }),
    scoring: z.enum(MULTIPLE_RESPONSE_SCORING, { error: "VALIDATION_FAILED" }).default("all_or_nothing"),
  })
  .superRefine((c, ctx) => {
    checkEntries(c.choices, MIN_CHOICE_OPTIONS, "QUESTION_MIN_OPTIONS", "choices", ctx);
    if (!c.choices.some((o) => o.correct)) ctx.addIssue({ code: "custom", path: ["choices"], message: "QUESTION_NO_CORRECT_OPTION" });
  });
export type TMultipleResponse = z.output<typeof ZMultipleResponse>;

export const ZMultipleResponseAnswer = z.object({ type: z.literal("multiple_response"), chosen: ZEntryIds });
export type TMultipleResponseAnswer = z.output<typeof ZMultipleResponseAnswer>;

/** The paper: the choices without which are right; how it is scored is no secret (a student should know a wrong tick costs). */
export function paperMultipleResponse(c: TMultipleResponse): { type: "multiple_response"; choices: TEntry[]; scoring: TMultipleResponse["scoring"] } {
  return { type: "multiple_response", choices: c.choices.map(({ id, textAr, textEn }) => ({ id, textAr, textEn })), scoring: c.scoring };
}

export function markMultipleResponse(c: TMultipleResponse, answer: TMultipleResponseAnswer | null, points: number): TMark {
  const chosen = new Set(answer?.chosen ?? []);
  const right = c.choices.filter((o) => o.correct);
  let hits = 0;
  let misses = 0;
  // Ids that name no choice count for nothing, and a choice named twice counts once (the Set).
  for (const o of c.choices) {
    if (!chosen.has(o.id)) continue;
    if (o.correct) hits++;
    else misses++;
  }
  const isCorrect = right.length > 0 && hits === right.length && misses === 0;
  if (c.scoring === "all_or_nothing" || right.length === 0) return { score: isCorrect ? points : 0, isCorrect };
  return { score: isCorrect ? points : roundMark((points * (hits - misses)) / right.length), isCorrect };
}
