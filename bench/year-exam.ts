// What the year's single-exam benches start from (bench/matrix-read.ts, bench/reliability-job.ts): a year
// bench/ministry.ts seeded on PostgreSQL, and its largest exam (EXAM_ID to choose another). Exits with the reason
// when there is none, so the bench prints why it was skipped.
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";

export async function openYearExam(bench: string) {
  if (!process.env.DATABASE_URL) {
    console.log(`${bench}: skipped — it times a year on PostgreSQL; set DATABASE_URL to a database bench:ministry seeded.`);
    process.exit(0);
  }
  const { db, close } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
  const examId =
    process.env.EXAM_ID ??
    rowsOf<{ exam_id: string }>(await db.execute(sql`select exam_id from student_exams where status = 'graded' group by 1 order by count(*) desc, 1 limit 1`))[0]?.exam_id;
  if (!examId) {
    console.log(`${bench}: no graded attempts in this database.`);
    process.exit(0);
  }
  return { db, close, examId };
}
