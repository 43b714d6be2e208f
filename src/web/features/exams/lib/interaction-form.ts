// The editor's form state of an item type of issue 36 (docs/decisions/0057), and the conversions to and from the
// saved `interaction`. The form holds what the inputs hold — a numeric answer and tolerance as typed ("٣٫٥") — and
// ZQuestionInput's ZInteraction reads it (the resolver before sending, the server again), so sending needs no
// conversion: loading does (numbers back to text).
import { isItemType, type TInteraction } from "@shared/item-types";
import type { HOTSPOT_SCORING, THotspotArea } from "@shared/item-types/hotspot";
import type { MULTIPLE_RESPONSE_SCORING } from "@shared/item-types/multiple-response";
import type { NUMERIC_TOLERANCE_MODES } from "@shared/item-types/numeric";
import type { ORDERING_SCORING } from "@shared/item-types/ordering";
import { emptyGapFill, emptyInlineChoice, gapContent, gapFormOf, type TGapForm } from "./gap-form";

/** A choice or an item to order: its id is made here, kept across edits (a student's response names it). */
export type TEntryForm = { id: string; textAr: string; textEn: string };
export type TChoiceForm = TEntryForm & { correct: boolean };
export type TMultipleResponseForm = { type: "multiple_response"; choices: TChoiceForm[]; scoring: (typeof MULTIPLE_RESPONSE_SCORING)[number] };
export type TNumericForm = { type: "numeric"; answer: string; tolerance: string; toleranceMode: (typeof NUMERIC_TOLERANCE_MODES)[number]; unitAr: string; unitEn: string };
export type TOrderingForm = { type: "ordering"; items: TEntryForm[]; scoring: (typeof ORDERING_SCORING)[number] };
/** Areas in the picture's frame (its natural pixels); the frame is 0 × 0 until the picture has loaded in the editor. */
export type THotspotAreaForm = TChoiceForm & { shape: THotspotArea["shape"]; coords: number[] };
export type THotspotForm = { type: "hotspot"; width: number; height: number; areas: THotspotAreaForm[]; maxChoices: number; scoring: (typeof HOTSPOT_SCORING)[number] };
export type TInteractionForm = TMultipleResponseForm | TNumericForm | TOrderingForm | TGapForm | THotspotForm;

/** Ids as ZEntry wants them ([A-Za-z0-9_-], at most 36): a UUID. */
export const newEntry = (): TEntryForm => ({ id: crypto.randomUUID(), textAr: "", textEn: "" });
export const newChoice = (): TChoiceForm => ({ ...newEntry(), correct: false });

/** A new question of `type`: two empty choices or items (the fewest a question can have), or an empty number. */
export function emptyInteraction(type: string): TInteractionForm | null {
  if (!isItemType(type)) return null;
  switch (type) {
    case "multiple_response":
      return { type, choices: [newChoice(), newChoice()], scoring: "all_or_nothing" };
    case "numeric":
      return { type, answer: "", tolerance: "0", toleranceMode: "absolute", unitAr: "", unitEn: "" };
    case "ordering":
      return { type, items: [newEntry(), newEntry()], scoring: "all_or_nothing" };
    case "gap_fill":
      return emptyGapFill();
    case "inline_choice":
      return emptyInlineChoice();
    case "hotspot":
      // No areas yet: they are drawn on the picture, whose size sets the frame (hotspot-editor).
      return { type, width: 0, height: 0, areas: [], maxChoices: 1, scoring: "all_or_nothing" };
    default:
      // A type the editor does not offer yet (EDITOR_QUESTION_TYPES).
      return null;
  }
}

/** A saved interaction as the form shows it. */
export function interactionFormOf(c: TInteraction | null | undefined): TInteractionForm | null {
  if (!c) return null;
  switch (c.type) {
    case "multiple_response":
      return { type: c.type, choices: c.choices.map((o) => ({ id: o.id, textAr: o.textAr, textEn: o.textEn, correct: o.correct })), scoring: c.scoring };
    case "numeric":
      return { type: c.type, answer: String(c.answer), tolerance: String(c.tolerance), toleranceMode: c.toleranceMode, unitAr: c.unitAr, unitEn: c.unitEn };
    case "ordering":
      return { type: c.type, items: c.items.map((i) => ({ id: i.id, textAr: i.textAr, textEn: i.textEn })), scoring: c.scoring };
    case "gap_fill":
    case "inline_choice":
      return gapFormOf(c);
    case "hotspot":
      return { ...c, areas: c.areas.map((a) => ({ id: a.id, textAr: a.textAr, textEn: a.textEn, correct: a.correct, shape: a.shape, coords: [...a.coords] })) };
    default:
      // A type without an editor yet (an imported one): kept as it is, so a save of the exam does not lose it.
      return c as unknown as TInteractionForm;
  }
}

/** What the author has put in, without ids and settings a fresh one has too (changing the type asks only when this is not empty). */
export function interactionContent(c: TInteractionForm | null | undefined): unknown[] {
  if (!c) return [];
  switch (c.type) {
    case "multiple_response":
      return c.choices.map((o) => [o.textAr.trim(), o.textEn.trim(), o.correct]);
    case "numeric":
      return [c.answer.trim(), c.unitAr.trim(), c.unitEn.trim(), c.tolerance.trim() === "0" || c.tolerance.trim() === "" ? "" : c.tolerance.trim()];
    case "ordering":
      return c.items.map((i) => [i.textAr.trim(), i.textEn.trim()]);
    case "gap_fill":
    case "inline_choice":
      return gapContent(c);
    case "hotspot":
      return c.areas;
    default:
      return [c];
  }
}
