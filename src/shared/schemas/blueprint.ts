// A blueprint: what every form assembled from the item bank must hold (issue 34, "Forms from a blueprint";
// docs/decisions/0035). One schema for the form that writes it and the server that assembles from it: messages are
// error codes from shared/errors.ts. The assembler is src/server/modules/bank/assemble.ts.
import { z } from "zod";
import type { TText } from "../errors";
import { ZGradeNumber } from "./grade";
import { MAX_DURATION_MINUTES, MAX_POINTS, MAX_QUESTIONS, QUESTION_TYPES } from "./exam";

/** Parallel forms of one morning: a handful, not a bank's worth. */
export const MAX_FORMS = 10;
/** Parts of a blueprint (a skill, optionally by type and difficulty band): 8 skills × 5 types fit. */
export const MAX_BLUEPRINT_PARTS = 40;
/** Anchor items every form carries: enough to link two forms, not a form in themselves. */
export const MAX_ANCHORS = 50;
/** The most points one part may ask for: a form's worth of items at the most points each. */
export const MAX_PART_POINTS = MAX_QUESTIONS * MAX_POINTS;
/** Mean facility: a tolerance below half a percentage point asks for luck, above a half for nothing. */
export const MIN_FACILITY_TOLERANCE = 0.005;
export const MAX_FACILITY_TOLERANCE = 0.5;
/** Test information: a relative tolerance, from 1 % to 100 % of the target (or of the forms' common value). */
export const MIN_INFORMATION_TOLERANCE = 0.01;
export const MAX_INFORMATION_TOLERANCE = 1;
/** Ability points (θ on the calibration's scale, mean 0 and SD 1): at most 5, within ±4 SD. */
export const MAX_ABILITY_POINTS = 5;
export const MAX_ABILITY = 4;
/** A target test information above this is no school test's (40 items of a = 2 give at most 40 at one θ). */
export const MAX_INFORMATION_TARGET = 500;

/**
 * Difficulty bands by facility (the share of the marks students earned; analytics' facility index): hard below
 * 0.3, easy above 0.7, medium between (both ends included), the usual thresholds of classical item analysis.
 */
export const DIFFICULTY_BANDS = ["easy", "medium", "hard"] as const;
export type TDifficultyBand = (typeof DIFFICULTY_BANDS)[number];
export const BAND_LIMITS = { hardBelow: 0.3, easyAbove: 0.7 } as const;
export function facilityBand(facility: number): TDifficultyBand {
  return facility < BAND_LIMITS.hardBelow ? "hard" : facility > BAND_LIMITS.easyAbove ? "easy" : "medium";
}
/** The bands' names in the assembler's explanations ("Grammar (multiple choice, hard)"). */
export const BAND_NAMES: Record<TDifficultyBand, TText> = {
  easy: { en: "easy", ar: "سهلة" },
  medium: { en: "medium", ar: "متوسطة" },
  hard: { en: "hard", ar: "صعبة" },
};

const share = (code: "BLUEPRINT_OVERLAP_INVALID" | "BLUEPRINT_EXPOSURE_INVALID") =>
  z.number({ error: code }).min(0, { error: code }).max(1, { error: code });

/** One part of a form: items of one skill (and optionally one type, one band), counted in items, points or both. */
export const ZBlueprintPart = z
  .object({
    skillId: z.string({ error: "BLUEPRINT_PART_SKILL" }).trim().min(1, { error: "BLUEPRINT_PART_SKILL" }).max(64, { error: "BLUEPRINT_PART_SKILL" }),
    type: z.enum(QUESTION_TYPES, { error: "BLUEPRINT_PART_TYPE" }).nullable().default(null),
    band: z.enum(DIFFICULTY_BANDS, { error: "BLUEPRINT_PART_TYPE" }).nullable().default(null),
    items: z.number({ error: "BLUEPRINT_PART_AMOUNT" }).int({ error: "BLUEPRINT_PART_AMOUNT" }).min(1, { error: "BLUEPRINT_PART_AMOUNT" }).max(MAX_QUESTIONS, { error: "BLUEPRINT_PART_AMOUNT" }).nullable().default(null),
    points: z.number({ error: "BLUEPRINT_PART_AMOUNT" }).int({ error: "BLUEPRINT_PART_AMOUNT" }).min(1, { error: "BLUEPRINT_PART_AMOUNT" }).max(MAX_PART_POINTS, { error: "BLUEPRINT_PART_AMOUNT" }).nullable().default(null),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.items === null && p.points === null) ctx.addIssue({ code: "custom", path: ["items"], message: "BLUEPRINT_PART_AMOUNT" });
  });
export type TBlueprintPart = z.output<typeof ZBlueprintPart>;

const tolerance = (min: number, max: number) =>
  z.number({ error: "BLUEPRINT_TOLERANCE_INVALID" }).min(min, { error: "BLUEPRINT_TOLERANCE_INVALID" }).max(max, { error: "BLUEPRINT_TOLERANCE_INVALID" });

/**
 * How the forms' difficulty is matched. By facility: each form's mean facility within `tolerance` of `target`, or
 * (no target) of one value common to all the forms that the assembler chooses. By information (once items are
 * calibrated, 2PL/3PL): at each ability θ, each form's test information within `tolerance` (a share) of the target
 * there, or of a common value.
 */
export const ZDifficultyMatch = z.discriminatedUnion(
  "by",
  [
    z
      .object({
        by: z.literal("facility"),
        target: z.number({ error: "BLUEPRINT_FACILITY_TARGET_INVALID" }).min(0, { error: "BLUEPRINT_FACILITY_TARGET_INVALID" }).max(1, { error: "BLUEPRINT_FACILITY_TARGET_INVALID" }).nullable().default(null),
        tolerance: tolerance(MIN_FACILITY_TOLERANCE, MAX_FACILITY_TOLERANCE),
      })
      .strict(),
    z
      .object({
        by: z.literal("information"),
        abilities: z
          .array(
            z
              .object({
                theta: z.number({ error: "BLUEPRINT_ABILITIES_INVALID" }).min(-MAX_ABILITY, { error: "BLUEPRINT_ABILITIES_INVALID" }).max(MAX_ABILITY, { error: "BLUEPRINT_ABILITIES_INVALID" }),
                target: z.number({ error: "BLUEPRINT_ABILITIES_INVALID" }).gt(0, { error: "BLUEPRINT_ABILITIES_INVALID" }).max(MAX_INFORMATION_TARGET, { error: "BLUEPRINT_ABILITIES_INVALID" }).nullable().default(null),
              })
              .strict(),
            { error: "BLUEPRINT_ABILITIES_INVALID" },
          )
          .min(1, { error: "BLUEPRINT_ABILITIES_INVALID" })
          .max(MAX_ABILITY_POINTS, { error: "BLUEPRINT_ABILITIES_INVALID" }),
        tolerance: tolerance(MIN_INFORMATION_TOLERANCE, MAX_INFORMATION_TOLERANCE),
      })
      .strict(),
  ],
  { error: "BLUEPRINT_DIFFICULTY_INVALID" },
);
export type TDifficultyMatch = z.output<typeof ZDifficultyMatch>;

/** Whether two parts could take the same item: the same skill, and each of type and band the same or left open. */
export function partsOverlap(a: Pick<TBlueprintPart, "skillId" | "type" | "band">, b: Pick<TBlueprintPart, "skillId" | "type" | "band">): boolean {
  const open = <T>(x: T | null, y: T | null) => x === null || y === null || x === y;
  return a.skillId === b.skillId && open(a.type, b.type) && open(a.band, b.band);
}

export const ZBlueprint = z
  .object({
    grade: ZGradeNumber,
    /** The forms' time, as the exam's duration. */
    durationMinutes: z.number({ error: "BLUEPRINT_DURATION_INVALID" }).int({ error: "BLUEPRINT_DURATION_INVALID" }).min(1, { error: "BLUEPRINT_DURATION_INVALID" }).max(MAX_DURATION_MINUTES, { error: "BLUEPRINT_DURATION_INVALID" }),
    forms: z.number({ error: "BLUEPRINT_FORMS_INVALID" }).int({ error: "BLUEPRINT_FORMS_INVALID" }).min(1, { error: "BLUEPRINT_FORMS_INVALID" }).max(MAX_FORMS, { error: "BLUEPRINT_FORMS_INVALID" }).default(1),
    parts: z.array(ZBlueprintPart, { error: "BLUEPRINT_PARTS_INVALID" }).min(1, { error: "BLUEPRINT_PARTS_INVALID" }).max(MAX_BLUEPRINT_PARTS, { error: "BLUEPRINT_PARTS_INVALID" }),
    /** Bank item ids every form carries, each counted in the part it fits. */
    anchors: z
      .array(z.string({ error: "BLUEPRINT_ANCHORS_INVALID" }).trim().min(1, { error: "BLUEPRINT_ANCHORS_INVALID" }).max(64, { error: "BLUEPRINT_ANCHORS_INVALID" }), { error: "BLUEPRINT_ANCHORS_INVALID" })
      .max(MAX_ANCHORS, { error: "BLUEPRINT_ANCHORS_INVALID" })
      .default([]),
    /** The largest share of a form's items (besides the anchors) that any two forms may have in common. */
    maxOverlap: share("BLUEPRINT_OVERLAP_INVALID").default(0.2),
    /** Items seen by more than this share of the cohort are not used (1: no limit). Anchors are exempt. */
    maxExposure: share("BLUEPRINT_EXPOSURE_INVALID").default(1),
    difficulty: ZDifficultyMatch.nullable().default(null),
  })
  .strict()
  .superRefine((b, ctx) => {
    // Every item belongs to one part at most, so a form's count per part is the blueprint's and nothing is counted twice.
    b.parts.forEach((p, j) => {
      if (b.parts.slice(0, j).some((q) => partsOverlap(p, q))) ctx.addIssue({ code: "custom", path: ["parts", j], message: "BLUEPRINT_PARTS_OVERLAP" });
    });
    const items = b.parts.reduce((n, p) => n + (p.items ?? 0), 0);
    if (items > MAX_QUESTIONS) ctx.addIssue({ code: "custom", path: ["parts"], message: "BLUEPRINT_TOO_MANY_ITEMS" });
    if (new Set(b.anchors).size !== b.anchors.length) ctx.addIssue({ code: "custom", path: ["anchors"], message: "BLUEPRINT_ANCHORS_INVALID" });
    const d = b.difficulty;
    // A mean against a common value the assembler chooses stays linear only when the forms' length is fixed.
    if (d?.by === "facility" && d.target === null && b.parts.some((p) => p.items === null))
      ctx.addIssue({ code: "custom", path: ["difficulty", "target"], message: "BLUEPRINT_FACILITY_TARGET_REQUIRED" });
    if (d?.by === "information" && new Set(d.abilities.map((a) => a.theta)).size !== d.abilities.length)
      ctx.addIssue({ code: "custom", path: ["difficulty", "abilities"], message: "BLUEPRINT_ABILITIES_INVALID" });
  });
export type TBlueprintInput = z.input<typeof ZBlueprint>;
export type TBlueprint = z.output<typeof ZBlueprint>;

// ---- what the assembler answers (the route that feeds it the bank's candidates returns this)

export const ZAssembledForm = z.object({
  /** Bank item ids in the form: the anchors first, then by part. */
  itemIds: z.array(z.string()),
  points: z.number().int(),
  /** Mean facility over the form's items that have one (null: none has). */
  meanFacility: z.number().nullable(),
  /** Test information at the blueprint's ability points (information matching only). */
  information: z.array(z.object({ theta: z.number(), value: z.number() })),
  /** The largest exposure among the form's items other than the anchors. */
  maxExposure: z.number(),
});
export type TAssembledForm = z.infer<typeof ZAssembledForm>;

const ZTextPair = z.object({ en: z.string(), ar: z.string() });
/** Why no forms: one of shared/errors.ts's ASSEMBLE_* codes with its values, and its words in both languages. */
export const ZAssembleProblem = z.object({ code: z.string(), vars: z.record(z.string(), z.union([z.string(), z.number()])), message: ZTextPair });
export type TAssembleProblem = z.infer<typeof ZAssembleProblem>;

export const ZAssembleResult = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("assembled"),
    forms: z.array(ZAssembledForm),
    /** The most items (besides the anchors) any two forms share. */
    maxShared: z.number().int(),
    /** Whether the solver proved these the best forms of the `pool` candidates it was given, or stopped at its time limit with good ones. */
    optimal: z.boolean(),
    /** How many candidates the model chose from: all the eligible ones, or a cut across their difficulty (assemble.ts). */
    pool: z.number().int(),
    seconds: z.number(),
  }),
  /** No forms can meet the blueprint: the problems say which constraint, in words a teacher reads. */
  z.object({ status: z.literal("impossible"), problems: z.array(ZAssembleProblem), seconds: z.number() }),
  /** The solver ran out of time before it found forms or proved there are none. */
  z.object({ status: z.literal("timeout"), problems: z.array(ZAssembleProblem), seconds: z.number() }),
]);
export type TAssembleResult = z.infer<typeof ZAssembleResult>;
