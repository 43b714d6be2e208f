// Item analysis and the school dashboard of one exam with many students: the time of
// GET /api/analytics/exams/:id/items and GET /api/analytics/dashboard?examId=… through the real app, the first time
// (cold) and again with nothing changed. Beside them, the same run's floor: one scan that reads every answer of the
// exam once (count and sum) — what any figure over all answers costs at least. The students are in five grade-8
// classes and the questions measure seven skills, so the dashboard's heatmap is 5 × 7.
//
//   DATABASE_URL=postgres://… npx tsx bench/analytics.ts     # PostgreSQL (the figure that matters)
//   npx tsx bench/analytics.ts                               # embedded database
//   ATTEMPTS=5000 QUESTIONS=40 npx tsx bench/analytics.ts
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { attemptAbilities, authUsers, calibrations, exams, proficiencyLevels, profiles, questionOptions, questions, reportingScales, studentAnswers, studentExams } from "../src/server/db/schema";
import { openBench } from "./setup";
import { draftVersion } from "../src/server/modules/bank/rows";

const ATTEMPTS = Number(process.env.ATTEMPTS ?? 5000);
const QUESTIONS = Number(process.env.QUESTIONS ?? 40);
const REPEAT = 10;
const SKILLS = ["arabic.reading", "arabic.vocabulary", "arabic.grammar", "arabic.morphology", "arabic.spelling", "arabic.rhetoric", "arabic.writing"];
const CLASSES = ["8A", "8B", "8C", "8D", "8E"];
const { tag, config, db, schoolId, passwordHash: hash, examId, startApp, close } = await openBench("analytics");
const exam = { id: examId };

// ---- one exam of QUESTIONS four-option multiple-choice questions, ATTEMPTS graded attempts
const draft = await draftVersion(db, "arabic");
const qs = await db
  .insert(questions)
  .values(
    Array.from({ length: QUESTIONS }, (_, i) => ({ itemVersionId: draft, examId: exam.id, position: i, questionTextAr: `س${i + 1}`, questionTextEn: `Q${i + 1}`, type: "multiple_choice" as const, points: 1, skillId: SKILLS[i % SKILLS.length] })),
  )
  .returning({ id: questions.id });
const options = await db
  .insert(questionOptions)
  .values(qs.flatMap((q) => [0, 1, 2, 3].map((k) => ({ questionId: q.id, position: k, optionTextAr: `ب${k}`, optionTextEn: `O${k}`, isCorrect: k === 0 }))))
  .returning({ id: questionOptions.id, questionId: questionOptions.questionId, isCorrect: questionOptions.isCorrect });
const optionsOf = new Map(qs.map((q) => [q.id, options.filter((o) => o.questionId === q.id).sort((a, b) => Number(b.isCorrect) - Number(a.isCorrect))]));

const seedStarted = performance.now();
for (let i = 0; i < ATTEMPTS; i += 100) {
  const n = Math.min(100, ATTEMPTS - i);
  const accounts = await db.insert(authUsers).values(Array.from({ length: n }, (_, j) => ({ email: `s${i + j}-${tag}@bench.local`, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
  await db.insert(profiles).values(accounts.map((a) => ({ id: a.id, email: a.email, username: a.email.split("@")[0]!, name: `طالب ${a.email}`, role: "student" as const, schoolId })));
  // A spread of ability; each question picks the key or a distractor; one in fifty answers left blank.
  const choice = (k: number, qi: number) => ((k * 7 + qi * 3) % 10 < 3 + (k % 7) ? 0 : 1 + ((k + qi) % 3));
  const blank = (k: number, qi: number) => (k * 13 + qi) % 50 === 0;
  const marks = accounts.map((_, j) => qs.map((_, qi) => (!blank(i + j, qi) && choice(i + j, qi) === 0 ? 1 : 0)));
  const attempts = await db
    .insert(studentExams)
    .values(
      accounts.map((a, j) => ({
        studentId: a.id,
        examId: exam.id,
        status: "graded" as const,
        completedAt: new Date(),
        score: marks[j]!.reduce<number>((s, m) => s + m, 0),
        totalPossibleScore: QUESTIONS,
        grade: 8,
        className: CLASSES[(i + j) % CLASSES.length],
      })),
    )
    .returning({ id: studentExams.id, studentId: studentExams.studentId });
  await db.insert(studentAnswers).values(
    attempts.flatMap((a, j) =>
      qs.flatMap((q, qi) =>
        blank(i + j, qi) ? [] : [{ studentExamId: a.id, questionId: q.id, studentId: a.studentId, selectedOptionId: optionsOf.get(q.id)![choice(i + j, qi)]!.id, isCorrect: marks[j]![qi]! > 0, score: marks[j]![qi]! }],
      ),
    ),
  );
}
// A reporting scale with approved levels over the exam's attempts (issue 35): each attempt's ability in one run.
const [{ subjectId }] = (await db.select({ subjectId: exams.subjectId }).from(exams).where(sql`${exams.id} = ${exam.id}`)) as [{ subjectId: string }];
const [run] = await db.insert(calibrations).values({ examId: exam.id, model: "2pl", students: ATTEMPTS, items: QUESTIONS }).returning();
const [scale] = await db.insert(reportingScales).values({ subjectId, grade: 8, nameAr: "مقياس", nameEn: "Scale", referenceCalibrationId: run!.id }).returning();
const approvedAt = new Date();
await db.insert(proficiencyLevels).values(["a", "b", "c", "d"].map((n, k) => ({ scaleId: scale!.id, position: k, nameAr: n, nameEn: n, minScore: k === 0 ? null : 400 + 80 * k, approvedAt })));
const graded = rowsOf<{ id: string }>(await db.execute(sql`select id from student_exams where exam_id = ${exam.id}`));
for (let i = 0; i < graded.length; i += 1000)
  await db.insert(attemptAbilities).values(graded.slice(i, i + 1000).map((a, j) => ({ calibrationId: run!.id, studentExamId: a.id, items: QUESTIONS, eap: (((i + j) * 37) % 400) / 100 - 2, eapSe: 0.3 })));
const seedSeconds = (performance.now() - seedStarted) / 1000;
await db.execute(sql`analyze`);

// ---- the floor: one pass over every answer of the exam
const floorTimes: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  const t = performance.now();
  rowsOf(await db.execute(sql`select count(*), sum(${studentAnswers.score}) from ${studentAnswers} join ${studentExams} on ${studentExams.id} = ${studentAnswers.studentExamId} where ${studentExams.examId} = ${exam.id}`));
  floorTimes.push(performance.now() - t);
}

// ---- the route, through the app, as the teacher
const { app, cookie } = await startApp();
const get = async () => {
  const t = performance.now();
  const res = await app.inject({ method: "GET", url: `/api/analytics/exams/${exam.id}/items`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`analysis: ${res.statusCode} ${res.body}`);
  return { ms: performance.now() - t, body: res.json() as { attempts: number; reliability: { value: number | null }; questions: unknown[] } };
};
const cold = await get();
const warm: number[] = [];
for (let r = 0; r < REPEAT; r++) warm.push((await get()).ms);

const dashboard = async () => {
  const t = performance.now();
  const res = await app.inject({ method: "GET", url: `/api/analytics/dashboard?examId=${exam.id}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
  return { ms: performance.now() - t, body: res.json() as { groups: unknown[]; skills: unknown[]; overall: { attempts: number } } };
};
const dashCold = await dashboard();
const dashWarm: number[] = [];
for (let r = 0; r < REPEAT; r++) dashWarm.push((await dashboard()).ms);

const onScale = async () => {
  const t = performance.now();
  const res = await app.inject({ method: "GET", url: `/api/analytics/dashboard/scale?examId=${exam.id}&grade=8`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`dashboard on the scale: ${res.statusCode} ${res.body}`);
  return { ms: performance.now() - t, body: res.json() as { levels: { attempts: number } | null } };
};
const scaleCold = await onScale();
const scaleWarm: number[] = [];
for (let r = 0; r < REPEAT; r++) scaleWarm.push((await onScale()).ms);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${ATTEMPTS} graded attempts × ${QUESTIONS} multiple-choice questions, ${config.databaseUrl ? "PostgreSQL" : "PGlite"}`);
console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
console.log(`  floor: one pass over the exam's ${ATTEMPTS * QUESTIONS} answers, median ${median(floorTimes).toFixed(0)} ms`);
console.log(`  item analysis, first request: ${cold.ms.toFixed(0)} ms (${cold.body.attempts} attempts, ${cold.body.questions.length} questions, KR-20 ${cold.body.reliability.value?.toFixed(3)})`);
console.log(`  item analysis, nothing changed: median ${median(warm).toFixed(0)} ms of ${REPEAT} (${(median(warm) / median(floorTimes)).toFixed(1)} × the floor)`);
console.log(
  `  school dashboard, first request: ${dashCold.ms.toFixed(0)} ms (${dashCold.body.overall.attempts} attempts, ${dashCold.body.groups.length} classes × ${dashCold.body.skills.length} skills)`,
);
console.log(`  school dashboard, nothing changed: median ${median(dashWarm).toFixed(0)} ms of ${REPEAT} (${(median(dashWarm) / median(floorTimes)).toFixed(1)} × the floor)`);
console.log(`  dashboard on the scale, first request: ${scaleCold.ms.toFixed(0)} ms (${scaleCold.body.levels?.attempts} attempts on the scale)`);
console.log(`  dashboard on the scale, nothing changed: median ${median(scaleWarm).toFixed(0)} ms of ${REPEAT}`);
await app.close();
await close();
