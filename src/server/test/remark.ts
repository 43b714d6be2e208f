// The attempts waiting to be marked again after late answers (late-answers.ts), marked now as if their quiet
// moment had passed: for tests, which do not wait for the attempt sweep.
import { isNotNull, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { studentExams } from "../db/schema";
import { remarkLateAttempts } from "../modules/attempts/late-answers";

export async function remarkNow(db: TDb): Promise<number> {
  await db.update(studentExams).set({ remarkAfter: sql`now()` }).where(isNotNull(studentExams.remarkAfter));
  return remarkLateAttempts(db);
}
