import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits";

/** A school id is typed by the admin (SPEC §3, e.g. school_xyz) and never changes, so it must be a clean slug. */
export const SCHOOL_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{1,63}$/;

const required = (max: number) =>
  z
    .string({ error: "SCHOOL_REQUIRED_FIELDS" })
    .trim()
    .min(1, { error: "SCHOOL_REQUIRED_FIELDS" })
    .max(max, { error: "TEXT_TOO_LONG" });

const city = z
  .string({ error: "VALIDATION_FAILED" })
  .trim()
  .max(MAX_NAME_LENGTH, { error: "TEXT_TOO_LONG" })
  .nullish()
  .transform((v) => (v ? v : null));

/** The name in both languages, as an exam's title (issue 33); the city, optional, in each. */
const names = { nameAr: required(MAX_NAME_LENGTH), nameEn: required(MAX_NAME_LENGTH), cityAr: city, cityEn: city };

export const ZSchoolCreate = z.object({
  id: required(64).pipe(z.string().regex(SCHOOL_ID_PATTERN, { error: "SCHOOL_ID_INVALID" })),
  ...names,
});
export type TSchoolCreate = z.input<typeof ZSchoolCreate>;

/** The id is not part of an update: it cannot change after creation. */
export const ZSchoolUpdate = z.object(names).strict();
export type TSchoolUpdate = z.input<typeof ZSchoolUpdate>;

export const ZSchool = z.object({
  id: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  cityAr: z.string().nullable(),
  cityEn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its people sign in only through an identity provider (issue 38). */
  passwordSignInOff: z.boolean(),
  userCount: z.number().int().optional(),
});
export type TSchool = z.infer<typeof ZSchool>;
