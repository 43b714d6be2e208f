// Inline choice (issue 36; docs/decisions/0058): a list in each gap of a text, one right choice per list.
import { z } from "zod";
import { seededOrder } from "../grading";
import { MIN_CHOICE_OPTIONS } from "../limits";
import { checkEntries, MAX_INTERACTION_ENTRIES, ZEntry, type TEntry, type TMark } from "./common";
import { markGaps, GAP_SCORING } from "./gap-fill";
import { checkGapText, gapResponses, MAX_GAPS, ZGapId, ZGapTextFields } from "./gap-text";

export const ZInlineChoice = z
  .object({
    type: z.literal("inline_choice"),
    ...ZGapTextFields,
    gaps: z
      .array(
        z.object({
          id: ZGapId,
          choices: z.array(ZEntry.extend({ correct: z.boolean({ error: "VALIDATION_FAILED" }).default(false) }), { error: "VALIDATION_FAILED" }).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }),
        }),
        { error: "VALIDATION_FAILED" },
      )
      .max(MAX_GAPS, { error: "VALIDATION_FAILED" }),
    scoring: z.enum(GAP_SCORING, { error: "VALIDATION_FAILED" }).default("per_gap"),
  })
  .superRefine((c, ctx) => {
    checkGapText(c, ctx);
    c.gaps.forEach((g, i) => {
      checkEntries(g.choices, MIN_CHOICE_OPTIONS, "QUESTION_MIN_OPTIONS", ["gaps", i, "choices"], ctx);
      const right = g.choices.filter((o) => o.correct).length;
      if (right === 0) ctx.addIssue({ code: "custom", path: ["gaps", i, "choices"], message: "QUESTION_NO_CORRECT_OPTION" });
      if (right > 1) ctx.addIssue({ code: "custom", path: ["gaps", i, "choices"], message: "QUESTION_MULTIPLE_CORRECT" });
    });
  });
export type TInlineChoice = z.output<typeof ZInlineChoice>;

/** The choice named in each gap, by the gap's id. */
export const ZInlineChoiceAnswer = z.object({ type: z.literal("inline_choice"), chosen: gapResponses(z.string({ error: "ANSWER_INVALID" }).max(36, { error: "ANSWER_INVALID" })) });
export type TInlineChoiceAnswer = z.output<typeof ZInlineChoiceAnswer>;

export type TPaperInlineChoice = { type: "inline_choice"; textAr: string; textEn: string; gaps: { id: string; choices: TEntry[] }[] };
/** The paper: each gap's list shuffled (by the seed and the gap, the same for everyone who sits this version), without which is right. */
export function paperInlineChoice(c: TInlineChoice, seed: string): TPaperInlineChoice {
  return {
    type: "inline_choice",
    textAr: c.textAr,
    textEn: c.textEn,
    gaps: c.gaps.map((g) => ({ id: g.id, choices: seededOrder(g.choices.length, `${seed}:${g.id}`).map((i) => g.choices[i]!).map(({ id, textAr, textEn }) => ({ id, textAr, textEn })) })),
  };
}

export function markInlineChoice(c: TInlineChoice, answer: TInlineChoiceAnswer | null, points: number): TMark {
  const right = c.gaps.filter((g) => {
    const chosen = answer?.chosen[g.id];
    return !!chosen && g.choices.some((o) => o.correct && o.id === chosen);
  }).length;
  return markGaps(right, c.gaps.length, c.scoring, points);
}
