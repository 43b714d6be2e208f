import { z } from "zod";

export const ZFile = z.object({
  id: z.string(),
  name: z.string(),
  fileType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  uploader: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** How many students it is assigned to (staff views only). */
  assignedCount: z.number().int().optional(),
  /** The skills it helps with, so a development plan can offer it (docs/decisions/0011). */
  skillIds: z.array(z.string()),
});
export type TFile = z.infer<typeof ZFile>;

export const MAX_ASSIGNED_STUDENTS = 5000;

export const ZAssignStudents = z.object({
  studentIds: z.array(z.uuid({ error: "USER_NOT_FOUND" })).max(MAX_ASSIGNED_STUDENTS),
});
export type TAssignStudents = z.infer<typeof ZAssignStudents>;

export const MAX_FILE_SKILLS = 20;

export const ZFileSkills = z.object({
  skillIds: z.array(z.string({ error: "SKILL_MISSING" }).min(1, { error: "SKILL_MISSING" }).max(100, { error: "SKILL_MISSING" })).max(MAX_FILE_SKILLS, { error: "VALIDATION_FAILED" }),
});
export type TFileSkills = z.infer<typeof ZFileSkills>;
