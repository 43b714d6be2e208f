// The reliability job's hold on the event loop at a ministry's year (issue 39, decision 0067): one exam's job run in
// full (every school's classical figures, each school's, DIF's four groupings stored), with a 10 ms timer beside it
// whose late firings are the stretches the server's saves and sign-ins would wait. Printed beside the timer's own
// lateness over an idle second (the floor) and the job's duration. Over a year bench/ministry.ts seeded.
//
//   DATABASE_URL=postgres://… [EXAM_ID=…] npm run bench:reliability-job
import os from "node:os";
import { sql } from "drizzle-orm";
import { openYearExam } from "./year-exam";
import { refreshReliability } from "../src/server/modules/psychometrics/psychometrics.service";

const { db, close, examId } = await openYearExam("reliability-job");

/** The timer's late firings (ms beyond its 10 ms) while `work` runs. */
async function lateness<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; late: number[] }> {
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  return { value, ms, late: late.sort((a, b) => b - a) };
}
const summary = (late: number[]) =>
  `longest ${late[0]?.toFixed(0) ?? 0} ms, next ${late.slice(1, 5).map((x) => x.toFixed(0)).join(", ")}; over 50 ms in all ${late.filter((x) => x > 50).reduce((a, b) => a + b, 0).toFixed(0)} ms`;

const idle = await lateness(() => new Promise((resolve) => setTimeout(resolve, 1000)));
// The job as if nothing were stored: reliability of an older version, no DIF reports (a mark's first run).
await db.execute(sql`update exam_reliability set version = 'bench' where exam_id = ${examId}`);
await db.execute(sql`delete from exam_dif_reports where exam_id = ${examId}`);
const job = await lateness(() => refreshReliability(db, examId));
console.log(`reliability job, exam ${examId} (load ${os.loadavg()[0]!.toFixed(1)}): ${(job.ms / 1000).toFixed(1)} s, ${job.value.reaches} reaches`);
console.log(`  the event loop held: ${summary(job.late)}`);
console.log(`  floor, the timer idle for a second: ${summary(idle.late)}`);
await close();
