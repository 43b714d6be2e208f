// Grades and classes as inputs (decision 0014): one rule for the user dialog, the roster import, an exam's grades
// and every filter by grade or class, with the same error codes everywhere.
import { z } from "zod";
import { MAX_CLASS_NAME_LENGTH, MAX_GRADE, MIN_GRADE } from "../limits";

/** A grade, 1–12, as a number. */
export const ZGradeNumber = z.number({ error: "GRADE_INVALID" }).int({ error: "GRADE_INVALID" }).min(MIN_GRADE, { error: "GRADE_INVALID" }).max(MAX_GRADE, { error: "GRADE_INVALID" });

/** A grade in a query string ("8"). */
export const ZGradeFilter = z.coerce.number({ error: "GRADE_INVALID" }).pipe(ZGradeNumber).optional();

/** A class in a query or filter: compared without case with the stored name, so only its length is checked. */
export const ZClassFilter = z
  .string({ error: "CLASS_NAME_INVALID" })
  .trim()
  .min(1, { error: "CLASS_NAME_INVALID" })
  .max(MAX_CLASS_NAME_LENGTH, { error: "CLASS_NAME_INVALID" })
  .optional();
