// Group development plans (issue 15): for one exam and a class (or a whole school), the skills the group has not
// mastered, its students grouped by the weaknesses they share, and a plan for each group — goal, steps with
// timelines, resources and a suggestion — written by the same writer as the individual plan (rules by default,
// optional language-model prose with the same safeguards; no name is ever given to it). Stored, so a school can
// print it and come back to it; generated again on demand, saying who generated it and when.
import { z } from "zod";
import { ZClassFilter, ZGradeFilter } from "./grade";
import { FALLBACK_REASONS, GENERATORS, MASTERY_LEVELS, ZPlanContent } from "./report";

const groupPlanScope = {
  examId: z.uuid({ error: "EXAM_NOT_FOUND" }),
  /** super_admin: the school (required); anyone else: their own school. */
  schoolId: z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "SCHOOL_REQUIRED" }).max(64, { error: "VALIDATION_FAILED" }).optional(),
  grade: ZGradeFilter,
  className: ZClassFilter,
};
const classNeedsGrade = (q: { grade?: number; className?: string }) => q.className === undefined || q.grade !== undefined;

export const ZGroupPlanQuery = z.object(groupPlanScope).refine(classNeedsGrade, { error: "CLASS_NEEDS_GRADE", path: ["grade"] });
export type TGroupPlanQuery = z.infer<typeof ZGroupPlanQuery>;

/** Reading: the scope, and an earlier version by its number (the latest when left out). */
export const ZGroupPlanViewQuery = z
  .object({ ...groupPlanScope, version: z.coerce.number({ error: "GROUP_PLAN_VERSION_NOT_FOUND" }).int({ error: "GROUP_PLAN_VERSION_NOT_FOUND" }).min(1, { error: "GROUP_PLAN_VERSION_NOT_FOUND" }).max(1_000_000, { error: "GROUP_PLAN_VERSION_NOT_FOUND" }).optional() })
  .refine(classNeedsGrade, { error: "CLASS_NEEDS_GRADE", path: ["grade"] });
export type TGroupPlanViewQuery = z.infer<typeof ZGroupPlanViewQuery>;

/** A group gathers the students whose weakest skills (at most this many) are the same. */
export const GROUP_PLAN_SKILLS = 2;

export const ZGroupPlan = z.object({
  id: z.string(),
  examId: z.string(),
  schoolId: z.string(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  /** 1 for the first; each "generate again" adds the next (decision 0032). */
  version: z.number().int(),
  /** The latest version only: the figures it quotes are no longer today's. */
  stale: z.boolean(),
  students: z.number().int(),
  /** The group's mastery of each skill of the exam, weakest first. */
  skills: z.array(z.object({ skillId: z.string(), nameAr: z.string(), nameEn: z.string(), percent: z.number(), level: z.enum(MASTERY_LEVELS) })),
  groups: z.array(
    z.object({
      /** The skills the group shares as weakest; empty for students who mastered every skill. */
      skillIds: z.array(z.string()),
      students: z.array(z.object({ id: z.string(), name: z.string(), attemptId: z.string() })),
      plan: ZPlanContent,
      generator: z.enum(GENERATORS),
      model: z.string().nullable(),
      fallbackReason: z.enum(FALLBACK_REASONS).nullable(),
    }),
  ),
  generatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  generatedAt: z.string(),
});
export type TGroupPlan = z.infer<typeof ZGroupPlan>;

export const ZGroupPlanView = z.object({
  /** The latest version, or the one asked for. */
  plan: ZGroupPlan.nullable(),
  /** Every version stored for the scope, newest first. */
  versions: z.array(z.object({ version: z.number().int(), generatedAt: z.string(), generatedBy: z.object({ id: z.string(), name: z.string() }).nullable() })),
  /**
   * Null when the reader may generate a version now; otherwise the error code that says why not
   * (GROUP_PLAN_UP_TO_DATE: the latest quotes today's figures).
   */
  cannotGenerate: z.string().nullable(),
});
export type TGroupPlanView = z.infer<typeof ZGroupPlanView>;

// ---- a group plan for one skill across every exam that measures it (issue 33): opened from a weak cell of the
// dashboard's heatmap. Worked out afresh on each visit from the marks (the rules write its plan, so it is quick and
// the same for the same marks); nothing is stored.

export const ZSkillPlanQuery = z
  .object({
    skillId: z.string({ error: "SKILL_PLAN_UNKNOWN_SKILL" }).trim().min(1, { error: "SKILL_PLAN_UNKNOWN_SKILL" }).max(64, { error: "SKILL_PLAN_UNKNOWN_SKILL" }),
    /** super_admin: the school (required); anyone else: their own school. */
    schoolId: z.string({ error: "VALIDATION_FAILED" }).trim().min(1, { error: "SCHOOL_REQUIRED" }).max(64, { error: "VALIDATION_FAILED" }).optional(),
    grade: ZGradeFilter,
    className: ZClassFilter,
  })
  .refine((q) => q.className === undefined || q.grade !== undefined, { error: "CLASS_NEEDS_GRADE", path: ["grade"] });
export type TSkillPlanQuery = z.infer<typeof ZSkillPlanQuery>;

const ZSkillShare = { percent: z.number(), level: z.enum(MASTERY_LEVELS) };

export const ZSkillPlan = z.object({
  skill: z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), subjectId: z.string() }),
  schoolId: z.string(),
  schoolNameAr: z.string(),
  schoolNameEn: z.string(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  /** The exams of the scope that measure the skill, in the order they were first sat, with the group's mastery in each. */
  exams: z.array(z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), at: z.string(), students: z.number().int(), ...ZSkillShare })),
  /** Everyone's mastery over all those exams (null when no exam measures it in this scope). */
  overall: z.object({ students: z.number().int(), ...ZSkillShare }).nullable(),
  /** Each student's mastery of the skill over the exams they sat, weakest first. */
  students: z.array(z.object({ id: z.string(), name: z.string(), exams: z.number().int(), ...ZSkillShare })),
  /** The plan for the students who have not mastered it, worded for their average; null when everyone has. */
  plan: ZPlanContent.nullable(),
  /** Shared exams still open, left out because their marks per question are withheld from this reader. */
  withheldExams: z.number().int(),
});
export type TSkillPlan = z.infer<typeof ZSkillPlan>;
