// Item analysis of an exam (issue 15): per question and per exam, the figures Moodle's quiz statistics report
// shows, over the graded attempts the reader may see. Fractions are 0–1, percentages 0–100; null where a figure
// does not exist (one attempt, no spread).
import { z } from "zod";
import { QUESTION_TYPES } from "./exam";

/** Why a question deserves a second look. Thresholds in ITEM_FLAG_LIMITS. */
export const ITEM_FLAGS = ["negative_discrimination", "low_discrimination", "too_easy", "too_hard", "distractor_attracts_strong", "often_omitted"] as const;
export type TItemFlag = (typeof ITEM_FLAGS)[number];

export const ITEM_FLAG_LIMITS = {
  /** Item–rest correlation below this (and not negative): it hardly separates strong from weak. */
  lowDiscrimination: 0.1,
  /** Facility at or above: almost everyone earned the marks. */
  tooEasy: 0.9,
  /** Facility at or below: almost no one did. */
  tooHard: 0.1,
  /** Share of attempts that left it unanswered at or above. */
  oftenOmitted: 0.2,
  /** Flags wait for this many attempts: below it the figures are noise. */
  minAttempts: 5,
} as const;

const ZText = z.object({ ar: z.string(), en: z.string() });

export const ZItemOption = z.object({
  id: z.string(),
  text: ZText,
  isCorrect: z.boolean(),
  /** Share of all attempts choosing it, and of the upper and lower 27 %. */
  share: z.number(),
  upperShare: z.number().nullable(),
  lowerShare: z.number().nullable(),
});

export const ZItemStats = z.object({
  questionId: z.string(),
  number: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: ZText,
  points: z.number(),
  skill: z.object({ id: z.string(), name: ZText }).nullable(),
  /** Mean mark as a share of the points (Moodle's facility index). */
  facility: z.number().nullable(),
  meanMark: z.number().nullable(),
  /** SD of the marks as a share of the points. */
  sd: z.number().nullable(),
  /** Correlation of the item with the rest of the test (Moodle's discrimination index), −1…1. */
  discrimination: z.number().nullable(),
  /** Facility in the upper 27 % minus facility in the lower 27 % (Kelley's D), −1…1. */
  upperLowerDifference: z.number().nullable(),
  omittedRate: z.number().nullable(),
  /** Choice questions: each option, with the blank answers last (id "omitted"). */
  options: z.array(ZItemOption),
  /** Inline choice (issue 36): each gap's choices, with the attempts that left the gap blank last (id "omitted"). */
  gaps: z.array(z.object({ id: z.string(), options: z.array(ZItemOption) })).optional(),
  flags: z.array(z.enum(ITEM_FLAGS)),
});
export type TItemStats = z.infer<typeof ZItemStats>;
type TItemOption = z.infer<typeof ZItemOption>;

/**
 * A wrong option that looks like a second key: the top 27 % choose it more than the bottom 27 % do, or more than
 * they choose the key. One rule for the flag (server) and the mark beside the option (page).
 */
export function attractsStrong(option: TItemOption, key: TItemOption | undefined): boolean {
  if (option.isCorrect || option.id === "omitted" || option.upperShare === null || option.lowerShare === null || option.upperShare === 0) return false;
  return option.upperShare > option.lowerShare || (key?.upperShare != null && chosenOverKeyByStrong(option.upperShare, key.upperShare));
}

/**
 * A likely wrong key (issue 35): the top 27 % choose a wrong option more than the key — the half of
 * attractsStrong that the psychometrics' key check (server/psychometrics/key-check.ts) reports on its own.
 */
export function chosenOverKeyByStrong(optionUpperShare: number, keyUpperShare: number): boolean {
  return optionUpperShare > keyUpperShare;
}

export const ZItemAnalysis = z.object({
  exam: z.object({ id: z.string(), title: ZText, subjectId: z.string(), possible: z.number() }),
  /** Graded attempts counted, and completed ones still waiting for marks (not counted). */
  attempts: z.number().int(),
  waiting: z.number().int(),
  meanPercent: z.number().nullable(),
  medianPercent: z.number().nullable(),
  sdPercent: z.number().nullable(),
  /** Attempts per tenth of the percentage scale: [0,10) … [90,100]. */
  histogram: z.array(z.number().int()),
  reliability: z.object({ method: z.enum(["kr20", "alpha"]), value: z.number().nullable() }),
  /** Standard error of measurement, in percentage points. */
  semPercent: z.number().nullable(),
  /** Size of each of the upper and lower groups. */
  groupSize: z.number().int(),
  /** The exam's key is not released to the reader yet (decision 0010): per-question figures are withheld. */
  keyWithheld: z.boolean(),
  questions: z.array(ZItemStats),
  /** The exam's parallel forms by number (issue 34; empty without forms), and the one these figures are of (null: all together). */
  forms: z.array(z.number().int()),
  form: z.number().int().nullable(),
  /**
   * Null: the figures count every mark given. A time: at a ministry's size, the figures stored then, shown while the
   * newest marks are being added (within a minute of them; decision 0068).
   */
  figuresAsOf: z.string().nullable(),
});
export type TItemAnalysis = z.infer<typeof ZItemAnalysis>;

/** One parallel form of an exam, by its number (issue 34); none: all forms together. Item analysis and the dashboard. */
export const ZFormFilter = z.coerce.number({ error: "FORM_NOT_FOUND" }).int({ error: "FORM_NOT_FOUND" }).min(1, { error: "FORM_NOT_FOUND" }).max(99, { error: "FORM_NOT_FOUND" }).optional();

export const ZItemAnalysisQuery = z.object({ form: ZFormFilter });
