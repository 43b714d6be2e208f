// An exam's response matrix at a ministry's year (issue 39, decision 0065): the read that calibration, DIF and the
// reliability job share (psychometrics/calibrate-exam.ts's examResponses), timed over a year bench/ministry.ts seeded
// (SEED_ONLY=1), beside its floor from the same run — one pass over the exam's answers through their exam's index —
// and, with OLD=1, the read it replaced (every (attempt, question) cell probed in all_student_answers' attempt index).
// CALIBRATE=1 also times a 2PL calibration of the matrix read (issue 39's target: under 60 s at 200,000 attempts).
//
//   DATABASE_URL=postgres://… [EXAM_ID=…] [OLD=1] [CALIBRATE=1] npm run bench:matrix-read
// Cold: restart PostgreSQL and drop the OS cache first (as root: pg_ctlcluster 15 main restart; sync;
// echo 3 > /proc/sys/vm/drop_caches), and give FLOOR=last so the floor does not warm the answers before the read.
import os from "node:os";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { openYearExam } from "./year-exam";
import { seenBySql } from "../src/server/modules/bank/views";
import { examResponses } from "../src/server/psychometrics/calibrate-exam";
import { calibrate } from "../src/server/psychometrics/calibrate";

const { db, close, examId } = await openYearExam("matrix-read");
const load = () => os.loadavg()[0]!.toFixed(1);
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const value = await work();
  return [value, performance.now() - t];
};
const floor = async () => {
  const [rows, ms] = await timed(async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n, sum(score) from all_student_answers where exam_id = ${examId}`)));
  console.log(`floor: one pass over the exam's ${rows[0]!.n.toLocaleString("en")} answers — ${ms.toFixed(0)} ms (load ${load()})`);
};

console.log(`exam ${examId}`);
if (process.env.FLOOR !== "last") await floor();
const [responses, readMs] = await timed(() => examResponses(db, examId));
console.log(`the matrix, read: ${responses.matrix.nPersons.toLocaleString("en")} attempts × ${responses.matrix.items.length} questions — ${readMs.toFixed(0)} ms (load ${load()})`);
if (process.env.OLD === "1") {
  // The read before decision 0065, as it was: the grid of presented cells, each left-joined to its answer.
  const [rows, ms] = await timed(async () =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n, sum(score) from (select se.id as attempt, q.id as question, coalesce(sa.score, 0)::float8 as score
      from student_exams se
      join questions q on q.exam_id = se.exam_id
      left join all_student_answers sa on sa.student_exam_id = se.id and sa.question_id = q.id
      where se.exam_id = ${examId} and se.status = 'graded' and ${seenBySql("q", sql.raw("se.started_at"), sql.raw("se.form_id"))}) cells`),
    ),
  );
  console.log(`the old read (a probe per cell): ${rows[0]!.n.toLocaleString("en")} cells — ${ms.toFixed(0)} ms (load ${load()})`);
}
if (process.env.FLOOR === "last") await floor();
if (process.env.CALIBRATE === "1") {
  const [result, ms] = await timed(async () => calibrate(responses.matrix, "2pl"));
  console.log(`2PL calibration of the matrix read: ${ms.toFixed(0)} ms, ${result.iterations} cycles, converged ${result.converged} (load ${load()})`);
}
await close();
