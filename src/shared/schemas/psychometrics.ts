// IRT calibration inside the app, parameters per item version, and an exam's reliability and information (issue 35;
// docs/decisions/0045). The server's psychometrics (src/server/psychometrics) compute; these are the shapes the
// routes answer with.
import { z } from "zod";

export const CALIBRATION_MODELS = ["rasch", "2pl", "3pl", "gpcm"] as const;
export type TCalibrationModel = (typeof CALIBRATION_MODELS)[number];

/** Why a question got no parameters (calibrate.ts's ProblemReason). */
export const CALIBRATION_PROBLEMS = ["too_few_responses", "no_variance", "empty_category", "not_converged", "scores_above_one"] as const;

export const ZCalibrationRequest = z.object({
  model: z.enum(CALIBRATION_MODELS, { error: "VALIDATION_FAILED" }),
  /** Fewer answers than this and a question is not calibrated; 30 by default. */
  minResponses: z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(100_000, { error: "VALIDATION_FAILED" }).optional(),
});
export type TCalibrationRequest = z.infer<typeof ZCalibrationRequest>;

export const ZCalibrationRun = z.object({
  id: z.string(),
  examId: z.string().nullable(),
  model: z.enum(CALIBRATION_MODELS),
  students: z.number().int(),
  items: z.number().int(),
  converged: z.boolean().nullable(),
  iterations: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TCalibrationRun = z.infer<typeof ZCalibrationRun>;

const se = z.number().nullable();

export const ZCalibrationItem = z.object({
  questionId: z.string().nullable(),
  /** The question's number on the exam (its position + 1); null when the row is no longer on it. */
  number: z.number().int().nullable(),
  itemVersionId: z.string(),
  n: z.number().int(),
  a: z.number().nullable(),
  b: z.number().nullable(),
  c: z.number().nullable(),
  d: z.number().nullable(),
  steps: z.array(z.number()).nullable(),
  se: z.object({ a: se, b: se, c: se, d: se, steps: z.array(se).nullable() }).nullable(),
  /** Infit and outfit mean squares; the grouped χ² (Orlando–Thissen-like, fit.ts) with its p-value. */
  fit: z.object({ infit: z.number().nullable(), outfit: z.number().nullable(), chiSquare: z.number().nullable(), df: z.number().nullable(), p: z.number().nullable() }).nullable(),
  problem: z.object({ reason: z.enum(CALIBRATION_PROBLEMS), detail: z.string() }).nullable(),
});
export type TCalibrationItem = z.infer<typeof ZCalibrationItem>;

export const ZCalibrationDetail = ZCalibrationRun.extend({
  /** The run's minimum of responses per question. */
  minResponses: z.number().int().nullable(),
  summary: z.object({
    logLikelihood: z.number().nullable(),
    personsUsed: z.number().int().nullable(),
    latent: z.object({ mean: z.number(), sd: z.number(), seSd: z.number().nullable() }).nullable(),
  }),
  questions: z.array(ZCalibrationItem),
});
export type TCalibrationDetail = z.infer<typeof ZCalibrationDetail>;

export const ZCalibrationRuns = z.object({ runs: z.array(ZCalibrationRun) });

/** One calibration of one bank item version (the bank's parameter history). */
export const ZItemVersionCalibration = z.object({
  calibrationId: z.string(),
  version: z.number().int(),
  exam: z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string() }).nullable(),
  model: z.enum(CALIBRATION_MODELS),
  n: z.number().int(),
  createdAt: z.string(),
  a: z.number().nullable(),
  b: z.number().nullable(),
  c: z.number().nullable(),
  se: z.object({ a: se, b: se, c: se }).nullable(),
  problem: z.enum(CALIBRATION_PROBLEMS).nullable(),
});
export const ZItemCalibrations = z.object({ calibrations: z.array(ZItemVersionCalibration) });
export type TItemCalibrations = z.infer<typeof ZItemCalibrations>;

/** An exam's reliability over the graded attempts the reader may see, and — once calibrated — its information. */
export const ZExamReliability = z.object({
  attempts: z.number().int(),
  /** Attempts that were given every question (the coefficients need one common set of questions). */
  complete: z.number().int(),
  items: z.number().int(),
  alpha: z.number().nullable(),
  lambda2: z.number().nullable(),
  feldtGilmer: z.number().nullable(),
  /** In raw-score points. */
  sem: z.number().nullable(),
  meanScore: z.number().nullable(),
  sdScore: z.number().nullable(),
  /** Lord's binomial CSEM at each raw score (in calibration steps); null below two score points. */
  csem: z.array(z.object({ x: z.number().int(), csem: z.number() })).nullable(),
  /** Some question is marked in steps: each score point is taken as a right/wrong trial. */
  csemApproximate: z.boolean(),
  /** From the latest calibration's parameters, if any. */
  irt: z
    .object({
      calibrationId: z.string(),
      model: z.enum(CALIBRATION_MODELS),
      createdAt: z.string(),
      marginalReliability: z.number().nullable(),
      curve: z.array(z.object({ theta: z.number(), information: z.number(), sem: z.number().nullable() })),
    })
    .nullable(),
});
export type TExamReliability = z.infer<typeof ZExamReliability>;
