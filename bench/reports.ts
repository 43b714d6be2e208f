// "Generate for all graded attempts" of one exam with many students: reports and plans per second with the rule
// writer, and the job's memory, through the real app and its job runner. Beside it, the same run's floor: how
// many one-row round trips per second the database answers (what each report needs about a dozen of).
//
//   DATABASE_URL=postgres://… npx tsx bench/reports.ts      # PostgreSQL (the figure that matters)
//   npx tsx bench/reports.ts                                # embedded database
//   ATTEMPTS=5000 npx tsx bench/reports.ts
import { sql } from "drizzle-orm";
import { authUsers, profiles, questionOptions, questions, studentAnswers, studentExams } from "../src/server/db/schema";
import { openBench } from "./setup";
import { draftVersion } from "../src/server/modules/bank/rows";

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 5000);
const QUESTIONS = 10;
const SKILLS = ["arabic.reading", "arabic.grammar", "arabic.spelling", "arabic.writing"];
const { tag, config, db, schoolId, passwordHash: hash, examId, startApp, close } = await openBench("reports");
const exam = { id: examId };

// ---- one exam of ten questions over four skills, ATTEMPTS graded attempts
const draft = await draftVersion(db, "arabic");
const qs = await db
  .insert(questions)
  .values(Array.from({ length: QUESTIONS }, (_, i) => ({ itemVersionId: draft, examId: exam.id, position: i, questionTextAr: `س${i + 1}`, questionTextEn: `Q${i + 1}`, type: "true_false" as const, points: 1 + (i % 3), skillId: SKILLS[i % SKILLS.length]! })))
  .returning({ id: questions.id, points: questions.points });
for (const q of qs) {
  await db.insert(questionOptions).values([
    { questionId: q.id, position: 0, optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
    { questionId: q.id, position: 1, optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
  ]);
}
const total = qs.reduce((s, q) => s + q.points, 0);
const seedStarted = performance.now();
for (let i = 0; i < ATTEMPTS; i += 500) {
  const n = Math.min(500, ATTEMPTS - i);
  const accounts = await db.insert(authUsers).values(Array.from({ length: n }, (_, j) => ({ email: `s${i + j}-${tag}@bench.local`, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
  await db.insert(profiles).values(accounts.map((a) => ({ id: a.id, email: a.email, username: a.email.split("@")[0]!, name: `طالب ${a.email}`, role: "student" as const, schoolId })));
  // A spread of results: student k gets question q right when (k * 7 + q * 3) % 10 < ability(k).
  const marks = accounts.map((_, j) => qs.map((q, qi) => (((i + j) * 7 + qi * 3) % 10 < 3 + ((i + j) % 7) ? q.points : 0)));
  const attempts = await db
    .insert(studentExams)
    .values(accounts.map((a, j) => ({ studentId: a.id, examId: exam.id, status: "graded" as const, completedAt: new Date(), score: marks[j]!.reduce((s, m) => s + m, 0), totalPossibleScore: total })))
    .returning({ id: studentExams.id, studentId: studentExams.studentId });
  await db.insert(studentAnswers).values(attempts.flatMap((a, j) => qs.map((q, qi) => ({ studentExamId: a.id, questionId: q.id, studentId: a.studentId, isCorrect: marks[j]![qi]! > 0, score: marks[j]![qi]! }))));
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

// ---- the floor: one-row round trips per second, in this run, on this database
const floorStarted = performance.now();
const FLOOR = 2000;
for (let i = 0; i < FLOOR; i++) await db.execute(sql`select ${i}::int as n`);
const roundTrips = FLOOR / ((performance.now() - floorStarted) / 1000);

// ---- the job, through the app: start it as the teacher, run it, watch memory
const { app, cookie } = await startApp();
const started = await app.inject({ method: "POST", url: `/api/exams/${exam.id}/reports/bulk`, headers: { cookie } });
if (started.statusCode !== 202) throw new Error(`start: ${started.statusCode} ${started.body}`);

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
let heapPeak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  rssPeak = Math.max(rssPeak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
}, 100);
const t0 = performance.now();
await app.jobs.drain();
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
const job = (await app.inject({ method: "GET", url: `/api/jobs/${started.json().id}`, headers: { cookie } })).json();

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
console.log(`${ATTEMPTS} graded attempts of one exam (${QUESTIONS} questions, ${SKILLS.length} skills), ${config.databaseUrl ? "PostgreSQL" : "PGlite"}, rule writer`);
console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
console.log(`  floor: ${roundTrips.toFixed(0)} one-row round trips/s on this database, this run`);
console.log(`  job: ${job.status}, ${job.done} done, ${job.failed} failed of ${job.total}, in ${seconds.toFixed(1)} s`);
console.log(`  ${(job.done / seconds).toFixed(0)} attempts/s (a report and a plan each) = ${((2 * job.done) / seconds).toFixed(0)} documents/s`);
console.log(`  round trips per attempt at the floor's pace: ${(roundTrips / (job.done / seconds)).toFixed(1)}`);
console.log(`  memory: rss ${mb(rssBefore)} → peak ${mb(rssPeak)} MB, heap peak ${mb(heapPeak)} MB`);
await app.close();
await close();
