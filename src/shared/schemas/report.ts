// A student report and a development plan (SPEC §3 reports, development_plans), both languages side by side, and
// the figures they are written from (the analysis), which the school report page draws as a chart.
import { z } from "zod";

export const ZBi = z.object({ ar: z.string(), en: z.string() });
export type TBi = z.infer<typeof ZBi>;

/** Performance bands by percentage (docs/decisions/0011). */
export const BANDS = ["advanced", "proficient", "developing", "beginning"] as const;
export type TBand = (typeof BANDS)[number];
export const BAND_MIN_PERCENT: Record<TBand, number> = { advanced: 85, proficient: 70, developing: 50, beginning: 0 };

/** A skill is mastered at 80% of its points, developing from 50%. */
export const MASTERY_LEVELS = ["mastered", "developing", "not_yet"] as const;
export type TMasteryLevel = (typeof MASTERY_LEVELS)[number];
export const MASTERED_PERCENT = 80;
export const DEVELOPING_PERCENT = 50;

const ZComparison = z.object({ mean: z.number(), count: z.number().int(), percentile: z.number() });

export const ZAnalysis = z.object({
  score: z.number(),
  total: z.number(),
  percentage: z.number(),
  band: z.enum(BANDS),
  skills: z.array(
    z.object({
      skillId: z.string(),
      nameAr: z.string(),
      nameEn: z.string(),
      earned: z.number(),
      possible: z.number(),
      percent: z.number(),
      level: z.enum(MASTERY_LEVELS),
      /** Numbers (1-based) of this skill's questions that did not earn full marks. */
      missed: z.array(z.number().int()),
    }),
  ),
  /** Questions without a skill, counted together. */
  untagged: z.object({ count: z.number().int(), earned: z.number(), possible: z.number() }),
  comparison: z.object({ school: ZComparison.nullable(), all: ZComparison }),
});
export type TAnalysis = z.infer<typeof ZAnalysis>;

export const ZReportContent = z.object({
  summary: ZBi,
  strengths: z.array(ZBi),
  areas_for_improvement: z.array(ZBi),
  recommendations: z.array(ZBi),
});
export type TReportContent = z.infer<typeof ZReportContent>;

export const ZPlanResource = z.object({
  kind: z.enum(["skill", "file"]),
  skillId: z.string().nullable(),
  fileId: z.string().nullable(),
  title: ZBi,
  detail: ZBi.nullable(),
});
export type TPlanResource = z.infer<typeof ZPlanResource>;

export const ZPlanContent = z.object({
  goal: ZBi,
  steps: z.array(z.object({ action: ZBi, timeline: ZBi, skillId: z.string().nullable() })),
  resources: z.array(ZPlanResource),
  ai_suggestion: ZBi,
});
export type TPlanContent = z.infer<typeof ZPlanContent>;

export const GENERATORS = ["rules", "llm"] as const;
export type TGenerator = (typeof GENERATORS)[number];

/** Why the language model's text was not used (the rules wrote it instead). */
export const FALLBACK_REASONS = ["timeout", "refused", "invalid_output", "contradicts_figures", "unavailable"] as const;
export type TFallbackReason = (typeof FALLBACK_REASONS)[number];

const ZWriter = {
  generator: z.enum(GENERATORS),
  model: z.string().nullable(),
  fallbackReason: z.enum(FALLBACK_REASONS).nullable(),
  generatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** 1, 2, …: generating again keeps the old version and adds the next (docs/decisions/0032). */
  version: z.number().int(),
  /** The figures it quotes (the marks, the averages and counts it compares with) are no longer today's. */
  stale: z.boolean(),
};

export const ZReportView = z.object({ id: z.string(), attemptId: z.string(), content: ZReportContent, analysis: ZAnalysis, ...ZWriter });
export type TReportView = z.infer<typeof ZReportView>;

export const ZPlanView = z.object({ id: z.string(), attemptId: z.string(), content: ZPlanContent, generatedByAi: z.boolean(), ...ZWriter });
export type TPlanView = z.infer<typeof ZPlanView>;

/** What the results page needs: the report and plan if they exist, and whether this user may generate them. */
export const ZAttemptReports = z.object({
  report: ZReportView.nullable(),
  plan: ZPlanView.nullable(),
  /** Null when the user may generate; otherwise the error code that says why not (e.g. not graded yet). */
  cannotGenerate: z.string().nullable(),
  /** The versions before the latest, newest first: still readable. */
  earlierReports: z.array(ZReportView),
  earlierPlans: z.array(ZPlanView),
});
export type TAttemptReports = z.infer<typeof ZAttemptReports>;

/** A bulk generation job as a page follows it. */
export const ZBulkJob = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TBulkJob = z.infer<typeof ZBulkJob>;

/**
 * How many of an exam's latest reports and plans, in the reader's scope, quote figures that are no longer today's
 * (decision 0032): what the bulk "generate again" would write anew.
 */
export const ZStaleCounts = z.object({ reports: z.number().int(), plans: z.number().int() });
export type TStaleCounts = z.infer<typeof ZStaleCounts>;

/** The words for a band and a mastery level, for the stored text and the screens alike. */
export const BAND_LABELS: Record<TBand, TBi> = {
  advanced: { en: "Advanced", ar: "متقدّم" },
  proficient: { en: "Proficient", ar: "متمكّن" },
  developing: { en: "Developing", ar: "في طور النمو" },
  beginning: { en: "Needs support", ar: "بحاجة إلى دعم" },
};
export const LEVEL_LABELS: Record<TMasteryLevel, TBi> = {
  mastered: { en: "Mastered", ar: "متقَنة" },
  developing: { en: "Developing", ar: "قيد التطوّر" },
  not_yet: { en: "Not yet mastered", ar: "لم تُتقَن بعد" },
};
