// Gap fill (issue 36; docs/decisions/0058): words typed into the gaps of a text, each gap marked as a short answer
// is — by the accepted answers, Arabic diacritics and letter forms folded (shared/grading normalizeAnswer).
import { z } from "zod";
import { normalizeAnswer } from "../grading";
import { MAX_SHORT_TEXT_LENGTH } from "../limits";
import { MAX_INTERACTION_ENTRIES, roundMark, type TMark } from "./common";
import { checkGapText, gapResponses, MAX_GAPS, ZGapId, ZGapTextFields } from "./gap-text";

/** per_gap: the points split evenly between the gaps (two decimals). all_or_nothing: the points only for every gap right. */
export const GAP_SCORING = ["per_gap", "all_or_nothing"] as const;

const accepted = z.string({ error: "VALIDATION_FAILED" }).trim().max(MAX_SHORT_TEXT_LENGTH, { error: "TEXT_TOO_LONG" });

export const ZGapFill = z
  .object({
    type: z.literal("gap_fill"),
    ...ZGapTextFields,
    /** Each gap's accepted answers, in either language (a gap in an Arabic test is answered in Arabic on both pages). */
    gaps: z
      .array(z.object({ id: ZGapId, accepted: z.array(accepted, { error: "VALIDATION_FAILED" }).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }) }), { error: "VALIDATION_FAILED" })
      .max(MAX_GAPS, { error: "VALIDATION_FAILED" }),
    scoring: z.enum(GAP_SCORING, { error: "VALIDATION_FAILED" }).default("per_gap"),
  })
  .superRefine((c, ctx) => {
    checkGapText(c, ctx);
    c.gaps.forEach((g, i) => {
      if (!g.accepted.some((a) => normalizeAnswer(a))) ctx.addIssue({ code: "custom", path: ["gaps", i, "accepted"], message: "GAP_NO_ACCEPTED_ANSWER" });
    });
  });
export type TGapFill = z.output<typeof ZGapFill>;

export const ZGapFillAnswer = z.object({
  type: z.literal("gap_fill"),
  answers: gapResponses(z.string({ error: "ANSWER_INVALID" }).max(MAX_SHORT_TEXT_LENGTH, { error: "TEXT_TOO_LONG" })),
});
export type TGapFillAnswer = z.output<typeof ZGapFillAnswer>;

export type TPaperGapFill = { type: "gap_fill"; textAr: string; textEn: string; gaps: { id: string }[] };
/** The paper: the texts with their markers and the gaps' ids, never an accepted answer. */
export function paperGapFill(c: TGapFill): TPaperGapFill {
  return { type: "gap_fill", textAr: c.textAr, textEn: c.textEn, gaps: c.gaps.map((g) => ({ id: g.id })) };
}

/** Whether one typed answer is one of a gap's accepted answers, as a short answer is matched. */
export function gapAnswerMatches(typed: string | undefined, accepted: string[]): boolean {
  const t = typed ? normalizeAnswer(typed) : "";
  return !!t && accepted.some((a) => normalizeAnswer(a) === t);
}

/** Shared by the gap types: the points for `right` gaps of `n`, by the question's scoring. */
export function markGaps(right: number, n: number, scoring: (typeof GAP_SCORING)[number], points: number): TMark {
  const isCorrect = n > 0 && right === n;
  if (isCorrect) return { score: points, isCorrect };
  return { score: scoring === "per_gap" && n > 0 ? roundMark((points * right) / n) : 0, isCorrect };
}

/** An answer that matches no accepted answer is wrong, not left to a teacher (unlike a short answer): a gap is one word or two. */
export function markGapFill(c: TGapFill, answer: TGapFillAnswer | null, points: number): TMark {
  const right = c.gaps.filter((g) => gapAnswerMatches(answer?.answers[g.id], g.accepted)).length;
  return markGaps(right, c.gaps.length, c.scoring, points);
}
