// Ordering (issue 36; docs/decisions/0057): put the items in the right order.
import { z } from "zod";
import { seededOrder } from "../grading";
import { checkEntries, MAX_INTERACTION_ENTRIES, roundMark, ZEntry, ZEntryIds, type TEntry, type TMark } from "./common";

/** all_or_nothing: the points only for the whole order. per_item: a share per item in its place. per_pair: a share
 *  per adjacent pair in the right order (one item out of place then costs one or two pairs, not every later item). */
export const ORDERING_SCORING = ["all_or_nothing", "per_item", "per_pair"] as const;

export const ZOrdering = z
  .object({
    type: z.literal("ordering"),
    /** In the right order: the key is the order the author gave. */
    items: z.array(ZEntry).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }),
    scoring: z.enum(ORDERING_SCORING, { error: "VALIDATION_FAILED" }).default("all_or_nothing"),
  })
  .superRefine((c, ctx) => checkEntries(c.items, 2, "ORDERING_MIN_ITEMS", "items", ctx, "ORDERING_ITEM_MISSING_TEXT"));
export type TOrdering = z.output<typeof ZOrdering>;

export const ZOrderingAnswer = z.object({ type: z.literal("ordering"), order: ZEntryIds });
export type TOrderingAnswer = z.output<typeof ZOrderingAnswer>;

/** The paper: the items shuffled (the same for everyone who sits this version, by the seed), never in the key's order. */
export function paperOrdering(c: TOrdering, seed: string): { type: "ordering"; items: TEntry[] } {
  return { type: "ordering", items: seededOrder(c.items.length, seed).map((i) => c.items[i]!).map(({ id, textAr, textEn }) => ({ id, textAr, textEn })) };
}

export function markOrdering(c: TOrdering, answer: TOrderingAnswer | null, points: number): TMark {
  const key = c.items.map((i) => i.id);
  const order = answer?.order ?? [];
  // Only a whole arrangement of the items is an answer: one missing, repeated or foreign id earns nothing.
  const isArrangement = order.length === key.length && new Set(order).size === key.length && order.every((id) => key.includes(id));
  if (!isArrangement || key.length < 2) return { score: 0, isCorrect: false };
  const inPlace = order.filter((id, i) => key[i] === id).length;
  const isCorrect = inPlace === key.length;
  if (isCorrect) return { score: points, isCorrect };
  if (c.scoring === "per_item") return { score: roundMark((points * inPlace) / key.length), isCorrect };
  if (c.scoring === "per_pair") {
    const at = new Map(key.map((id, i) => [id, i]));
    let pairs = 0;
    for (let i = 0; i + 1 < order.length; i++) if (at.get(order[i + 1]!)! === at.get(order[i]!)! + 1) pairs++;
    return { score: roundMark((points * pairs) / (key.length - 1)), isCorrect };
  }
  return { score: 0, isCorrect };
}
