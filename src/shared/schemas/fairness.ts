// Fairness in item analysis (issue 35): differential item functioning by Mantel–Haenszel with the ETS classes,
// by gender, language background, school or the paper's language (docs/decisions/0046).
import { z } from "zod";

export const DIF_GROUPINGS = ["gender", "language_background", "paper_language", "school"] as const;
export type TDifGrouping = (typeof DIF_GROUPINGS)[number];
/** The smallest group tested, per group (the default 100); a query can lower it to 20 (a small pilot) or
 *  raise it to 10,000 — below 20 the MH statistics say nothing worth showing. */
export const DIF_MIN_GROUP = { min: 20, max: 10_000, default: 100 } as const;

export const ZDifQuery = z.object({
  grouping: z.enum(DIF_GROUPINGS, { error: "DIF_GROUPING_INVALID" }).default("gender"),
  minGroupSize: z.coerce
    .number({ error: "DIF_MIN_GROUP_INVALID" })
    .int({ error: "DIF_MIN_GROUP_INVALID" })
    .min(DIF_MIN_GROUP.min, { error: "DIF_MIN_GROUP_INVALID" })
    .max(DIF_MIN_GROUP.max, { error: "DIF_MIN_GROUP_INVALID" })
    .default(DIF_MIN_GROUP.default),
  /**
   * "flagged": only the B and C comparisons in `items` (the page's first view); "all": every one. By school at a
   * ministry's year the comparisons are 800 schools × 40 questions, 6.5 MB, which nobody reads whole (decision 0067).
   */
  show: z.enum(["flagged", "all"], { error: "DIF_SHOW_INVALID" }).default("all"),
});

/** A group: its key (female, arabic, en, a school's id) and, for a school, its names. */
const ZDifGroup = z.object({ group: z.string(), n: z.number().int(), nameAr: z.string().nullable(), nameEn: z.string().nullable() });
export type TDifGroup = z.infer<typeof ZDifGroup>;

export const ZDifItem = z.object({
  questionId: z.string(),
  /** The question's number in the exam (1-based). */
  number: z.number().int(),
  focal: z.string(),
  /** MH D-DIF = −2.35 ln α_MH; negative: harder for the focal group at the same total score. */
  dDif: z.number(),
  se: z.number(),
  pValue: z.number(),
  etsClass: z.enum(["A", "B", "C"]),
  /** The group answering right more often at the same total score. */
  favours: z.enum(["reference", "focal", "neither"]),
});
export type TDifItem = z.infer<typeof ZDifItem>;

export const ZDifReport = z.object({
  grouping: z.enum(DIF_GROUPINGS),
  minGroupSize: z.number().int(),
  /** The largest group; every other tested group is compared with it. Null when no student has a group. */
  reference: ZDifGroup.nullable(),
  /** Groups compared with the reference. */
  tested: z.array(ZDifGroup),
  /** Groups under the minimum: not tested, named with their sizes. */
  withheld: z.array(ZDifGroup),
  /** Flagged B and C first, then by the size of D-DIF; with show=flagged, the flagged ones only. */
  items: z.array(ZDifItem),
  /** How many comparisons (question × tested group) the report holds, every class: `items`' length with show=all. */
  comparisons: z.number().int(),
  /** Students used (graded, given every question, with a group); the rest are counted here. */
  nUsed: z.number().int(),
  nExcluded: z.number().int(),
  /** Questions not right/wrong (MH here is for right/wrong questions). */
  notDichotomous: z.number().int(),
  /** Question × group pairs with no estimate (one group all right or all wrong at every score). */
  notEstimable: z.number().int(),
});
export type TDifReport = z.infer<typeof ZDifReport>;
