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
});
export type TFile = z.infer<typeof ZFile>;

export const MAX_ASSIGNED_STUDENTS = 5000;

export const ZAssignStudents = z.object({
  studentIds: z.array(z.uuid({ error: "USER_NOT_FOUND" })).max(MAX_ASSIGNED_STUDENTS),
});
export type TAssignStudents = z.infer<typeof ZAssignStudents>;
