// Reporting scales and their proficiency levels (issue 35; docs/decisions/0044, 0047): the super_admin's "Scale and
// levels" area. A scale is one per subject and grade; its levels are 2–10, lowest first, the lowest without a cut.
import { z } from "zod";

export const MAX_SCALE_NAME_LENGTH = 120;
export const MIN_LEVELS = 2;
export const MAX_LEVELS = 10;
/** Scores beyond this are not a reporting scale anyone reads (and keep doubles exact to the decimals). */
export const MAX_SCALE_VALUE = 100_000;
export const LINK_METHODS = ["stocking-lord", "haebara", "mean-mean", "mean-sigma"] as const;
/** The fewest anchor items a link is made with (decision 0047). */
export const MIN_ANCHORS = 5;

const name = z
  .string({ error: "SCALE_REQUIRED_FIELDS" })
  .trim()
  .min(1, { error: "SCALE_REQUIRED_FIELDS" })
  .max(MAX_SCALE_NAME_LENGTH, { error: "TEXT_TOO_LONG" });
const value = z.number({ error: "VALIDATION_FAILED" }).min(-MAX_SCALE_VALUE, { error: "VALIDATION_FAILED" }).max(MAX_SCALE_VALUE, { error: "VALIDATION_FAILED" });
const bound = value.nullable();

const definition = {
  nameAr: name,
  nameEn: name,
  mean: value,
  sd: z.number({ error: "VALIDATION_FAILED" }).positive({ error: "SCALE_SD_POSITIVE" }).max(MAX_SCALE_VALUE, { error: "VALIDATION_FAILED" }),
  decimals: z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(0, { error: "VALIDATION_FAILED" }).max(2, { error: "VALIDATION_FAILED" }),
  lowest: bound,
  highest: bound,
};

const boundsInOrder = (s: { lowest?: number | null; highest?: number | null }) => s.lowest == null || s.highest == null || s.lowest < s.highest;

export const ZScaleCreate = z
  .object({
    subjectId: z.string({ error: "SUBJECT_NOT_FOUND" }).trim().min(1, { error: "SUBJECT_NOT_FOUND" }).max(64, { error: "SUBJECT_NOT_FOUND" }),
    grade: z.number({ error: "SCALE_GRADE_RANGE" }).int({ error: "SCALE_GRADE_RANGE" }).min(1, { error: "SCALE_GRADE_RANGE" }).max(12, { error: "SCALE_GRADE_RANGE" }),
    ...definition,
    mean: definition.mean.default(500),
    sd: definition.sd.default(100),
    decimals: definition.decimals.default(0),
    lowest: bound.default(null),
    highest: bound.default(null),
  })
  .strict()
  .refine(boundsInOrder, { error: "SCALE_BOUNDS_ORDER" });
export type TScaleCreate = z.input<typeof ZScaleCreate>;

/** What the body carries changes; the subject and grade never do. `referenceCalibrationId: null` clears the reference. */
export const ZScaleUpdate = z
  .object({
    nameAr: definition.nameAr.optional(),
    nameEn: definition.nameEn.optional(),
    mean: definition.mean.optional(),
    sd: definition.sd.optional(),
    decimals: definition.decimals.optional(),
    lowest: bound.optional(),
    highest: bound.optional(),
    referenceCalibrationId: z.uuid({ error: "SCALE_CALIBRATION_NOT_FOUND" }).nullable().optional(),
  })
  .strict();
export type TScaleUpdate = z.input<typeof ZScaleUpdate>;

export const ZLevelInput = z
  .object({
    nameAr: name,
    nameEn: name,
    /** Null for the lowest level (and only for it). */
    minScore: value.nullable(),
  })
  .strict();

/** The lowest level has no cut; each level above it has one, strictly higher than the one below (bounds: server). */
export const ZLevelsInput = z
  .object({ levels: z.array(ZLevelInput, { error: "VALIDATION_FAILED" }).min(MIN_LEVELS, { error: "SCALE_LEVEL_COUNT" }).max(MAX_LEVELS, { error: "SCALE_LEVEL_COUNT" }) })
  .strict()
  .superRefine(({ levels }, ctx) => {
    levels.forEach((level, k) => {
      const below = k > 1 ? levels[k - 1]!.minScore : null;
      const wrong = k === 0 ? level.minScore !== null : level.minScore === null || (below !== null && !(level.minScore > below));
      if (wrong) ctx.addIssue({ code: "custom", path: ["levels", k, "minScore"], message: "SCALE_CUTS_ORDER" });
    });
  });
export type TLevelsInput = z.input<typeof ZLevelsInput>;

export const ZLinkInput = z
  .object({
    calibrationId: z.uuid({ error: "SCALE_CALIBRATION_NOT_FOUND" }),
    method: z.enum(LINK_METHODS, { error: "VALIDATION_FAILED" }).default("stocking-lord"),
    driftThreshold: z.number({ error: "VALIDATION_FAILED" }).positive({ error: "VALIDATION_FAILED" }).max(10, { error: "VALIDATION_FAILED" }).default(0.5),
    dropAnchors: z.array(z.uuid({ error: "VALIDATION_FAILED" }), { error: "VALIDATION_FAILED" }).max(1000, { error: "VALIDATION_FAILED" }).default([]),
  })
  .strict();
export type TLinkInput = z.input<typeof ZLinkInput>;

export const ZLevel = z.object({
  id: z.string(),
  position: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  minScore: z.number().nullable(),
  studyId: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type TLevel = z.infer<typeof ZLevel>;

export const ZScale = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectNameAr: z.string(),
  subjectNameEn: z.string(),
  grade: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  mean: z.number(),
  sd: z.number(),
  thetaMean: z.number(),
  thetaSd: z.number(),
  decimals: z.number(),
  lowest: z.number().nullable(),
  highest: z.number().nullable(),
  referenceCalibrationId: z.string().nullable(),
  referenceExamId: z.string().nullable(),
  levels: z.array(ZLevel),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TScale = z.infer<typeof ZScale>;

export const ZAnchorDrift = z.object({
  item: z.string(),
  bTo: z.number(),
  bTransformed: z.number(),
  drift: z.number(),
  aTo: z.number(),
  aTransformed: z.number(),
  flagged: z.boolean(),
});

/** How a run is put on a scale: through anchors by one of the linking methods, or calibrated with the reference. */
export const SCALE_LINK_METHODS = [...LINK_METHODS, "concurrent"] as const;
export const CONCURRENT_MODELS = ["rasch", "2pl"] as const;

/** A concurrent calibration of an exam with the scale's reference exam (decision 0053). */
export const ZConcurrentInput = z
  .object({
    examId: z.uuid({ error: "EXAM_NOT_FOUND" }),
    model: z.enum(CONCURRENT_MODELS, { error: "VALIDATION_FAILED" }).default("2pl"),
  })
  .strict();
export type TConcurrentInput = z.input<typeof ZConcurrentInput>;

export const ZScaleLinking = z.object({
  scaleId: z.string(),
  method: z.enum(SCALE_LINK_METHODS),
  A: z.number(),
  B: z.number(),
  /** Standard errors of A and B by a bootstrap over the anchors (decision 0045); absent for a concurrent run. */
  seA: z.number().nullable().optional(),
  seB: z.number().nullable().optional(),
  driftThreshold: z.number(),
  anchors: z.array(z.string()),
  dropped: z.array(z.string()),
  drift: z.array(ZAnchorDrift),
  /** IRT true-score equating of this run's number-correct scores to the reference run's (both on the reference θ). */
  equating: z.array(z.object({ x: z.number(), theta: z.number().nullable(), y: z.number() })),
  /** Each anchor's question number in the run's exam (Q1…), for people; the ids are what the link uses. */
  labels: z.record(z.string(), z.string()).optional(),
  linkedBy: z.string(),
  linkedAt: z.string(),
});
export type TScaleLinking = z.infer<typeof ZScaleLinking>;

/** A calibration run that can define or be linked to the scale: of an exam of its subject, with attempts of its grade. */
export const ZScaleRun = z.object({
  id: z.string(),
  examId: z.string().nullable(),
  examTitleAr: z.string().nullable(),
  examTitleEn: z.string().nullable(),
  model: z.string(),
  students: z.number(),
  /** Attempts of the scale's grade with an ability in this run. */
  attempts: z.number(),
  items: z.number(),
  createdAt: z.string(),
  isReference: z.boolean(),
  linking: ZScaleLinking.nullable(),
});
export type TScaleRun = z.infer<typeof ZScaleRun>;

export const ZGroupLevels = z.object({
  /** school id, class name, gender or language background; null = not recorded. */
  key: z.string().nullable(),
  label: z.string().nullable(),
  count: z.number(),
  /** Withheld when fewer than the minimum: no shares then. */
  withheld: z.boolean(),
  /** Share (0–1) at each level position; empty when withheld. */
  shares: z.array(z.number()),
  /** The group's mean scale score and its standard error (SD / √n); null when withheld. */
  mean: z.number().nullable(),
  meanSe: z.number().nullable(),
});

export const ZLevelsByGroup = z.object({
  minimum: z.number(),
  attempts: z.number(),
  overall: z.array(z.number()),
  /** Everyone's mean scale score and its SE; null when withheld. */
  mean: z.number().nullable(),
  meanSe: z.number().nullable(),
  groups: z.object({
    school: z.array(ZGroupLevels),
    class: z.array(ZGroupLevels),
    gender: z.array(ZGroupLevels),
    languageBackground: z.array(ZGroupLevels),
  }),
  /** Per cut (level 1 upwards): Rudner's expected accuracy and consistency of the classification at that cut. */
  cuts: z.array(z.object({ position: z.number(), minScore: z.number(), accuracy: z.number().nullable(), consistency: z.number().nullable() })),
  /** P(true level = observed level), averaged over the attempts with an SE. */
  overallAccuracy: z.number().nullable(),
});
export type TLevelsByGroup = z.infer<typeof ZLevelsByGroup>;

/**
 * An attempt's place on its reporting scale, beside its raw score wherever a result shows (results, the student's
 * result and report, exports; decision 0049). Null when the attempt is not on a scale yet — never a 0.
 */
export const ZReportedScaleScore = z.object({
  score: z.number(),
  se: z.number().nullable(),
  level: z.object({ position: z.number().int(), nameAr: z.string(), nameEn: z.string() }).nullable(),
  scaleNameAr: z.string(),
  scaleNameEn: z.string(),
});
export type TReportedScaleScore = z.infer<typeof ZReportedScaleScore>;
