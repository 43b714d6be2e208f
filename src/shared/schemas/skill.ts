// The skill catalogue: what a question measures, so a report can say "strong in grammar, weak in reading".
import { z } from "zod";
import { MAX_LONG_TEXT_LENGTH } from "../limits";

export const MAX_SKILL_NAME_LENGTH = 120;

export type TSkillSeed = { id: string; subjectId: string; nameAr: string; nameEn: string; guidanceAr: string; guidanceEn: string };

const name = z
  .string({ error: "SKILL_REQUIRED_FIELDS" })
  .trim()
  .min(1, { error: "SKILL_REQUIRED_FIELDS" })
  .max(MAX_SKILL_NAME_LENGTH, { error: "TEXT_TOO_LONG" });
const guidance = z
  .string({ error: "VALIDATION_FAILED" })
  .trim()
  .max(MAX_LONG_TEXT_LENGTH, { error: "TEXT_TOO_LONG" })
  .nullish()
  .transform((v) => v || null);

export const ZSkillCreate = z.object({
  subjectId: z.string({ error: "SUBJECT_NOT_FOUND" }).trim().min(1, { error: "SUBJECT_NOT_FOUND" }).max(64, { error: "SUBJECT_NOT_FOUND" }),
  nameAr: name,
  nameEn: name,
  guidanceAr: guidance,
  guidanceEn: guidance,
});
export type TSkillCreate = z.input<typeof ZSkillCreate>;

/** Guidance in an update: absent stays absent (kept as it is); null or blank clears it. */
const guidanceChange = z
  .string({ error: "VALIDATION_FAILED" })
  .trim()
  .max(MAX_LONG_TEXT_LENGTH, { error: "TEXT_TOO_LONG" })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** Rename, reword the guidance, retire or bring back; only what the body carries changes. The subject never does. */
export const ZSkillUpdate = z
  .object({ nameAr: name.optional(), nameEn: name.optional(), guidanceAr: guidanceChange, guidanceEn: guidanceChange, retired: z.boolean({ error: "VALIDATION_FAILED" }).optional() })
  .strict();
export type TSkillUpdate = z.input<typeof ZSkillUpdate>;

export const ZSkill = z.object({
  id: z.string(),
  subjectId: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  guidanceAr: z.string().nullable(),
  guidanceEn: z.string().nullable(),
  retired: z.boolean(),
  /** How many questions and files are tagged with it. */
  questionCount: z.number().int(),
  fileCount: z.number().int(),
});
export type TSkill = z.infer<typeof ZSkill>;

/** What the catalogue's status column says: "In use" only when a question or a file carries the skill (issue 33). */
export function skillStatus(s: Pick<TSkill, "retired" | "questionCount" | "fileCount">): "retired" | "inUse" | "unused" {
  if (s.retired) return "retired";
  return s.questionCount > 0 || s.fileCount > 0 ? "inUse" : "unused";
}

export const ZSkillListQuery = z.object({
  subjectId: z.string().max(64).optional(),
  includeRetired: z.enum(["true", "false"]).default("false"),
});
