// The one rule that makes a closed year read-only (docs/decisions/0059): every write to an exam, its questions, forms,
// sittings and marks asks it. An attempt of a closed year is never in progress (closing refuses that), so saves and
// submissions are already refused as for any finished attempt.
import { eq } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { exams, schoolYears } from "../../db/schema";
import { AppError } from "../../http/errors";

/**
 * Throws YEAR_CLOSED when the exam's year is closed. It takes a share lock on the exam and its year, so a close (which
 * locks the year and updates the exams) waits for the write to finish, or the write sees the year closed.
 */
export async function assertExamWritable(db: TDbOrTx, examId: string): Promise<void> {
  const [row] = await db
    .select({ status: schoolYears.status })
    .from(exams)
    .innerJoin(schoolYears, eq(schoolYears.id, exams.schoolYearId))
    .where(eq(exams.id, examId))
    .for("share");
  if (row?.status === "closed") throw new AppError("YEAR_CLOSED");
}
