// Exam day in the room (issue 16): what a sitting's live view and the take page's heartbeat cost while a big
// sitting is under way. STUDENTS (2000) students of one school's grade 8; 75 % sitting it with QUESTIONS (40)
// questions about three quarters answered, 15 % submitted, 5 % in the lobby, the rest absent.
//
// Printed beside each figure, measured in the same run:
// - the live view, worked out afresh (its 2 s memory expired) and answered from memory, through the app, beside one
//   pass over the sitting's answers (count and latest save per attempt) — what any view of everyone costs at least;
// - heartbeats through the app, 100 in flight, beside the same one-row UPDATE sent straight to the database with
//   the same concurrency.
//
//   DATABASE_URL=postgres://… npx tsx bench/exam-day-room.ts      # PostgreSQL (the figure that matters)
//   STUDENTS=5000 npx tsx bench/exam-day-room.ts                   # embedded database
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/server/db/client";
import { attemptEvents, authUsers, profiles, questionOptions, questions, sittings, studentAnswers, studentExams } from "../src/server/db/schema";
import { createSession } from "../src/server/auth/auth.service";
import { LIVE_VIEW_CACHE_MS } from "../src/shared/limits";
import { openBench } from "./setup";
import { draftVersion } from "../src/server/modules/bank/rows";

const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.QUESTIONS ?? 40);
const HEARTBEATS = Number(process.env.HEARTBEATS ?? 4000);
const IN_FLIGHT = 100;
const REPEAT = 8;
const { tag, config, db, schoolId, passwordHash: hash, examId, startApp, close } = await openBench("room");

await db.execute(sql`update exams set duration_minutes = 60, grades = '{8}' where id = ${examId}`);
const draft = await draftVersion(db, "arabic");
const qs = await db
  .insert(questions)
  .values(Array.from({ length: QUESTIONS }, (_, i) => ({ itemVersionId: draft, examId, position: i, questionTextAr: `س${i + 1}`, questionTextEn: `Q${i + 1}`, type: "multiple_choice" as const, points: 1 })))
  .returning({ id: questions.id });
const opts = await db
  .insert(questionOptions)
  .values(qs.map((q) => ({ questionId: q.id, position: 0, optionTextAr: "أ", optionTextEn: "A", isCorrect: true })))
  .returning({ id: questionOptions.id, questionId: questionOptions.questionId });
const optionOf = new Map(opts.map((o) => [o.questionId, o.id]));
const [sitting] = await db
  .insert(sittings)
  .values({ examId, schoolId, grade: 8, startsAt: new Date(Date.now() - 10 * 60_000), entryClosesAt: new Date(Date.now() + 5 * 60_000), endsAt: new Date(Date.now() + 60 * 60_000) })
  .returning({ id: sittings.id });

const seedStarted = performance.now();
const sitters: { attemptId: string; cookie: string }[] = [];
for (let i = 0; i < STUDENTS; i += 250) {
  const n = Math.min(250, STUDENTS - i);
  const made = await db.insert(authUsers).values(Array.from({ length: n }, (_, j) => ({ email: `s${i + j}-${tag}@bench.local`, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
  await db.insert(profiles).values(made.map((m, j) => ({ id: m.id, email: m.email, username: m.email.split("@")[0]!, name: `طالب ${i + j}`, role: "student" as const, schoolId, grade: 8, className: `8${"ABCDE"[(i + j) % 5]}` })));
  const k = (j: number) => (i + j) % 20; // 0–14 sitting it, 15–17 submitted, 18 in the lobby, 19 absent
  const started = made.filter((_, j) => k(j) < 18);
  const attempts = started.length
    ? await db
        .insert(studentExams)
        .values(
          started.map((m, j) => ({
            studentId: m.id,
            examId,
            sittingId: sitting!.id,
            status: k(made.indexOf(m)) < 15 ? ("in_progress" as const) : ("graded" as const),
            startedAt: new Date(Date.now() - 9 * 60_000),
            deadlineAt: new Date(Date.now() + 51 * 60_000),
            completedAt: k(made.indexOf(m)) < 15 ? null : new Date(),
            lastSeenAt: new Date(Date.now() - ((j * 7) % 120) * 1000),
            totalPossibleScore: QUESTIONS,
            grade: 8,
          })),
        )
        .returning({ id: studentExams.id, studentId: studentExams.studentId, status: studentExams.status })
    : [];
  const answered = Math.floor(QUESTIONS * 0.75);
  await db.insert(studentAnswers).values(attempts.flatMap((a) => qs.slice(0, answered).map((q) => ({ studentExamId: a.id, questionId: q.id, studentId: a.studentId, selectedOptionId: optionOf.get(q.id)!, updatedAt: new Date(Date.now() - 3 * 60_000) }))));
  const lobby = made.filter((_, j) => k(j) === 18);
  if (lobby.length) await db.insert(attemptEvents).values(lobby.map((m) => ({ examId, studentId: m.id, kind: "lobby" as const, at: new Date(Date.now() - 11 * 60_000) })));
  for (const a of attempts.filter((x) => x.status === "in_progress")) {
    if (sitters.length >= HEARTBEATS) break;
    const { token } = await createSession(db, a.studentId, { ip: "127.0.0.1" });
    sitters.push({ attemptId: a.id, cookie: `qias_session=${token}` });
  }
}
const seedSeconds = (performance.now() - seedStarted) / 1000;
await db.execute(sql`analyze`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

// ---- the floor: one pass over the sitting's answers
const floor: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  floor.push(
    await time(async () =>
      rowsOf(
        await db.execute(
          sql`select se.id, count(sa.id), max(sa.updated_at) from ${studentExams} se left join ${studentAnswers} sa on sa.student_exam_id = se.id where se.exam_id = ${examId} group by se.id`,
        ),
      ),
    ),
  );
}

const { app, cookie } = await startApp();
const live = async () => {
  const res = await app.inject({ method: "GET", url: `/api/sittings/${sitting!.id}/live`, headers: { cookie, "accept-encoding": "gzip" } });
  if (res.statusCode !== 200) throw new Error(`live: ${res.statusCode} ${res.body}`);
  return res;
};
const firstRes = await live();
const first = JSON.parse(gunzipSync(firstRes.rawPayload).toString()) as { counts: Record<string, number>; students: unknown[] };
const fresh: number[] = [];
const remembered: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  await new Promise((resolve) => setTimeout(resolve, LIVE_VIEW_CACHE_MS + 50));
  fresh.push(await time(live));
  remembered.push(await time(live));
}

// ---- heartbeats: through the app, and the bare UPDATE, with the same concurrency
async function pool<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
const beats = Array.from({ length: Math.min(HEARTBEATS, sitters.length * 4) }, (_, i) => sitters[i % sitters.length]!);
await pool(beats.slice(0, 200), async (s) => void (await app.inject({ method: "POST", url: `/api/attempts/${s.attemptId}/heartbeat`, headers: { cookie: s.cookie } })));
let failed = 0;
const appMs = await time(() =>
  pool(beats, async (s) => {
    const res = await app.inject({ method: "POST", url: `/api/attempts/${s.attemptId}/heartbeat`, headers: { cookie: s.cookie } });
    if (res.statusCode !== 200) failed++;
  }),
);
const bareMs = await time(() => pool(beats, async (s) => void (await db.execute(sql`update ${studentExams} set last_seen_at = now() where id = ${s.attemptId} and status = 'in_progress' returning deadline_at`))));

console.log(`${STUDENTS} students in one sitting, ${QUESTIONS} questions, ${config.databaseUrl ? "PostgreSQL" : "PGlite"} (seeded in ${seedSeconds.toFixed(1)} s)`);
console.log(`  counts: ${JSON.stringify(first.counts)}; the view is ${Math.round(gunzipSync(firstRes.rawPayload).length / 1024)} KB, ${Math.round(firstRes.rawPayload.length / 1024)} KB gzipped`);
console.log(`  floor: one pass over the sitting's answers, median ${median(floor).toFixed(0)} ms`);
console.log(`  live view, worked out afresh: median ${median(fresh).toFixed(0)} ms of ${REPEAT} (${(median(fresh) / median(floor)).toFixed(1)} × the floor)`);
console.log(`  live view, from its ${LIVE_VIEW_CACHE_MS / 1000} s memory: median ${median(remembered).toFixed(1)} ms`);
console.log(`  heartbeats through the app: ${Math.round((beats.length / appMs) * 1000)}/s (${beats.length}, ${IN_FLIGHT} in flight, ${failed} failed)`);
console.log(`  the same UPDATE straight to the database: ${Math.round((beats.length / bareMs) * 1000)}/s — the app reaches ${((bareMs / appMs) * 100).toFixed(0)} % of it`);
await app.close();
await close();
