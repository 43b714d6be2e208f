// School years (issue 39; docs/decisions/0059): the super_admin's "School years" page and its API.
import { z } from "zod";

export const MAX_YEAR_NAME_LENGTH = 120;
export const YEAR_STATUSES = ["open", "closed"] as const;

const name = z.string({ error: "YEAR_REQUIRED_FIELDS" }).trim().min(1, { error: "YEAR_REQUIRED_FIELDS" }).max(MAX_YEAR_NAME_LENGTH, { error: "TEXT_TOO_LONG" });
/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = z
  .string({ error: "YEAR_REQUIRED_FIELDS" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "YEAR_REQUIRED_FIELDS" })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: "YEAR_REQUIRED_FIELDS" });

export const ZYearCreate = z
  .object({ nameAr: name, nameEn: name, startsOn: day, endsOn: day })
  .refine((y) => y.startsOn < y.endsOn, { error: "YEAR_DATES_ORDER", path: ["endsOn"] });
export type TYearCreate = z.infer<typeof ZYearCreate>;

export const ZYear = z.object({
  id: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(YEAR_STATUSES),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** What closing it touches (the confirmation names them): its exams, their attempts, the answers moved. */
  exams: z.number(),
  attempts: z.number(),
  answers: z.number(),
  /** Attempts still being taken (closing is refused while any is) and attempts awaiting a teacher's mark. */
  inProgress: z.number(),
  awaitingMarks: z.number(),
});
export type TYear = z.infer<typeof ZYear>;
