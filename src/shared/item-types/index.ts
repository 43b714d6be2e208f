// The item types of issue 36, one file each (docs/decisions/0057): its content and key (`interaction` on a question
// and in a bank version's content), a student's response (`response` on an answer), what the paper shows (never the
// key) and its marker. Adding a type is adding a file and a line in each list below.
import { z } from "zod";
import type { TMark } from "./common";
import { markMultipleResponse, paperMultipleResponse, ZMultipleResponse, ZMultipleResponseAnswer } from "./multiple-response";
import { markNumeric, paperNumeric, ZNumeric, ZNumericAnswer } from "./numeric";
import { markOrdering, paperOrdering, ZOrdering, ZOrderingAnswer } from "./ordering";
import { markGapFill, paperGapFill, ZGapFill, ZGapFillAnswer } from "./gap-fill";
import { markInlineChoice, paperInlineChoice, ZInlineChoice, ZInlineChoiceAnswer } from "./inline-choice";
import { markHotspot, paperHotspot, ZHotspot, ZHotspotAnswer } from "./hotspot";

export const ITEM_TYPES = ["multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"] as const;
export type TItemType = (typeof ITEM_TYPES)[number];
/** The types whose paper is shuffled with the secret seed (paper.ts asks for the secret only when one is on it). */
export const SEEDED_ITEM_TYPES: readonly TItemType[] = ["ordering", "inline_choice"];
export const isItemType = (type: string): type is TItemType => (ITEM_TYPES as readonly string[]).includes(type);

export const ZInteraction = z.discriminatedUnion("type", [ZMultipleResponse, ZNumeric, ZOrdering, ZGapFill, ZInlineChoice, ZHotspot], { error: "VALIDATION_FAILED" });
export type TInteraction = z.output<typeof ZInteraction>;
export type TInteractionInput = z.input<typeof ZInteraction>;

export const ZResponse = z.discriminatedUnion("type", [ZMultipleResponseAnswer, ZNumericAnswer, ZOrderingAnswer, ZGapFillAnswer, ZInlineChoiceAnswer, ZHotspotAnswer], { error: "ANSWER_INVALID" });
export type TResponse = z.output<typeof ZResponse>;

const ZPaperEntry = z.object({ id: z.string(), textAr: z.string(), textEn: z.string() });
/** The content as the paper carries it: what each paper* function returns, and nothing else (the paper is checked
 *  against its schema before it is sent, so a key that slipped in would be dropped, not shown). */
export const ZPaperInteraction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("multiple_response"), choices: z.array(ZPaperEntry), scoring: ZMultipleResponse.shape.scoring }),
  z.object({ type: z.literal("numeric"), unitAr: z.string(), unitEn: z.string() }),
  z.object({ type: z.literal("ordering"), items: z.array(ZPaperEntry) }),
  z.object({ type: z.literal("gap_fill"), textAr: z.string(), textEn: z.string(), gaps: z.array(z.object({ id: z.string() })) }),
  z.object({ type: z.literal("inline_choice"), textAr: z.string(), textEn: z.string(), gaps: z.array(z.object({ id: z.string(), choices: z.array(ZPaperEntry) })) }),
  z.object({
    type: z.literal("hotspot"),
    width: z.number(),
    height: z.number(),
    areas: z.array(ZPaperEntry.extend({ shape: ZHotspot.shape.areas.element.shape.shape, coords: z.array(z.number()) })),
    maxChoices: z.number(),
    scoring: ZHotspot.shape.scoring,
  }),
]);
export type TPaperInteraction = z.infer<typeof ZPaperInteraction>;

/** What the student is shown: the content without its key. `seed` shuffles what is shuffled (the attempt's version). */
export function paperInteraction(c: TInteraction, seed: string): TPaperInteraction {
  switch (c.type) {
    case "multiple_response":
      return paperMultipleResponse(c);
    case "numeric":
      return paperNumeric(c);
    case "ordering":
      return paperOrdering(c, seed);
    case "gap_fill":
      return paperGapFill(c);
    case "inline_choice":
      return paperInlineChoice(c, seed);
    case "hotspot":
      return paperHotspot(c);
  }
}

/**
 * Marks a response (at submit, never at save). A response of another type than the question's — a question changed
 * under an old answer, or a forged save — is no answer: 0. Scores are fractional to two decimals (common.roundMark).
 */
export function markInteraction(c: TInteraction, response: TResponse | null | undefined, points: number): TMark {
  const r = response?.type === c.type ? response : null;
  switch (c.type) {
    case "multiple_response":
      return markMultipleResponse(c, r as Extract<TResponse, { type: "multiple_response" }> | null, points);
    case "numeric":
      return markNumeric(c, r as Extract<TResponse, { type: "numeric" }> | null, points);
    case "ordering":
      return markOrdering(c, r as Extract<TResponse, { type: "ordering" }> | null, points);
    case "gap_fill":
      return markGapFill(c, r as Extract<TResponse, { type: "gap_fill" }> | null, points);
    case "inline_choice":
      return markInlineChoice(c, r as Extract<TResponse, { type: "inline_choice" }> | null, points);
    case "hotspot":
      return markHotspot(c, r as Extract<TResponse, { type: "hotspot" }> | null, points);
  }
}

/** Whether a response says anything (an unanswered question is counted as such on the paper and in the results). */
export function isAnswered(response: TResponse | null | undefined): boolean {
  if (!response) return false;
  switch (response.type) {
    case "multiple_response":
      return response.chosen.length > 0;
    case "numeric":
      return response.value.trim() !== "";
    case "ordering":
      return response.order.length > 0;
    case "gap_fill":
      return Object.values(response.answers).some((v) => v.trim() !== "");
    case "inline_choice":
      return Object.values(response.chosen).some((v) => v !== "");
    case "hotspot":
      return response.chosen.length > 0;
  }
}
