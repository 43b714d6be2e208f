// Exam morning: a class of students saving answers at once against a running server.
// Prints saves per second, p50/p99 latency, and the answers sent vs found in the database afterwards.
//
//   npx tsx bench/answers.ts                       # embedded database (PGlite)
//   DATABASE_URL=postgres://… npx tsx bench/answers.ts   # PostgreSQL (the number that matters)
//   STUDENTS=1000 QUESTIONS=10 ROUNDS=2 CONCURRENCY=200 npx tsx bench/answers.ts
//   CLIENT_WARM_UP=0 …                             # without the client's own warm-up (see warmClient)
//   CLIENT=node …                                  # node:http as the client instead of the lean one (lean-http.ts)
//   ORDER=interleaved …                            # question 1 for every student, then question 2… (see below)
//   PAPER=new-types …                              # multiple response, numeric, ordering, gap fill, inline choice and
//                                                  # hotspot questions in turn (issue 36)
//                                                  # instead of essays: the save checks each response's shape
//   RATE=2000 npx tsx bench/answers.ts             # open loop: saves sent at a steady 2,000/s, latency from
//                                                  # when each was due (so a slow server cannot hide its queue)
//
// Without RATE, CONCURRENCY saves are kept in flight back to back: that finds the most saves per second, and
// the latency it prints is mostly time spent queueing behind the other 199.
import { spawn } from "node:child_process";
import http from "node:http";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { authUsers, examSchools, exams, profiles, questions, schools, studentAnswers, studentExams } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/password";
import { createSession } from "../src/server/auth/auth.service";
import { cpuMsOf, cpuSpent, makeClient, pct, postgresCpuMs, runAtRate, runPool, waitForServer } from "./common";
import { draftVersion } from "../src/server/modules/bank/rows";
import { ZInteraction } from "../src/shared/item-types";

const STUDENTS = Number(process.env.STUDENTS ?? 1000);
const QUESTIONS = Number(process.env.QUESTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const RATE = Number(process.env.RATE ?? 0);
const NEW_TYPES = process.env.PAPER === "new-types";
// The server is fresh (cold JIT, no session looked up yet, statements not yet prepared on each connection):
// the first seconds are printed apart from the steady state, and both are reported.
const WARM_UP_SECONDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-bench-"));
const base = `http://127.0.0.1:${PORT}`;
const tag = randomBytes(3).toString("hex");

async function seed() {
  const database = await openDatabase({ databaseUrl, dataDir });
  const db = database.db;
  await prepareDatabase(db, { email: `bench-admin-${tag}@bench.local`, password: "bench-admin", name: "Bench" });
  const schoolId = `bench_${tag}`;
  await db.insert(schools).values({ id: schoolId, nameAr: "مدرسة القياس", nameEn: "Bench School" });
  const hash = await hashPassword("bench-pass");
  const [teacher] = await db.insert(authUsers).values({ email: `t-${tag}@bench.local`, passwordHash: hash }).returning();
  await db.insert(profiles).values({ id: teacher!.id, email: `t-${tag}@bench.local`, username: `t-${tag}`, name: "Teacher", role: "teacher", schoolId });
  const [exam] = await db.insert(exams).values({ titleAr: "اختبار الأداء", titleEn: "Bench", subjectId: "arabic", status: "published", durationMinutes: 120, creatorId: teacher!.id }).returning();
  await db.insert(examSchools).values({ examId: exam!.id, schoolId });
  const draft = await draftVersion(db, "arabic");
  const qs = await db
    .insert(questions)
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        itemVersionId: draft,
        examId: exam!.id,
        position: i,
        questionTextAr: `س ${i + 1}`,
        questionTextEn: `Q ${i + 1}`,
        points: NEW_TYPES ? 4 : 1,
        ...(NEW_TYPES ? { type: NEW_TYPE_CYCLE[i % NEW_TYPE_CYCLE.length]!, interaction: ZInteraction.parse(NEW_TYPE_CONTENT[NEW_TYPE_CYCLE[i % NEW_TYPE_CYCLE.length]!]) } : { type: "essay" as const }),
      })),
    )
    .returning({ id: questions.id, type: questions.type });

  const students: { id: string; cookie: string }[] = [];
  for (let i = 0; i < STUDENTS; i += 500) {
    const batch = Array.from({ length: Math.min(500, STUDENTS - i) }, (_, j) => `s${i + j}-${tag}@bench.local`);
    const made = await db.insert(authUsers).values(batch.map((email) => ({ email, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
    await db.insert(profiles).values(made.map((m) => ({ id: m.id, email: m.email, username: m.email.split("@")[0]!, name: m.email, role: "student" as const, schoolId })));
    for (const m of made) {
      const { token } = await createSession(db, m.id, { ip: "127.0.0.1" });
      students.push({ id: m.id, cookie: `qias_session=${token}` });
    }
  }
  await database.close();
  return { examId: exam!.id, questionIds: qs.map((q) => q.id), types: new Map(qs.map((q) => [q.id, q.type])), students };
}

// The paper of the new types: each question one of six, the saves their responses (a round changes the answer).
const NEW_TYPE_CYCLE = ["multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"] as const;
const entries = (n: number, correct = 0) => Array.from({ length: n }, (_, i) => ({ id: `e${i}`, textAr: `خيار ${i + 1}`, textEn: `Choice ${i + 1}`, correct: i < correct }));
const NEW_TYPE_CONTENT = {
  multiple_response: { type: "multiple_response", scoring: "partial", choices: entries(6, 3) },
  numeric: { type: "numeric", answer: 3.5, tolerance: 0.1, unitAr: "سم", unitEn: "cm" },
  ordering: { type: "ordering", scoring: "per_pair", items: entries(6).map(({ id, textAr, textEn }) => ({ id, textAr, textEn })) },
  gap_fill: { type: "gap_fill", scoring: "per_gap", textAr: "تشرق {{g1}} من {{g2}}", textEn: "The {{g1}} rises in the {{g2}}", gaps: [{ id: "g1", accepted: ["الشمس", "sun"] }, { id: "g2", accepted: ["الشرق", "east"] }] },
  inline_choice: { type: "inline_choice", scoring: "per_gap", textAr: "{{g1}} ثم {{g2}}", textEn: "{{g1}} then {{g2}}", gaps: [{ id: "g1", choices: entries(3, 1) }, { id: "g2", choices: entries(3, 1) }] },
  hotspot: {
    type: "hotspot",
    width: 400,
    height: 300,
    maxChoices: 2,
    scoring: "partial",
    areas: [
      { ...entries(1, 1)[0]!, id: "r", shape: "rect", coords: [10, 10, 110, 60] },
      { ...entries(1, 1)[0]!, id: "c", shape: "circle", coords: [200, 150, 50] },
      { ...entries(1)[0]!, id: "p", shape: "poly", coords: [300, 200, 390, 200, 345, 290] },
    ],
  },
} as const;
function responseOf(type: string, round: number): object {
  if (type === "multiple_response") return { type, chosen: round % 2 ? ["e0", "e2", "e4"] : ["e0", "e1", "e2"] };
  if (type === "numeric") return { type, value: round % 2 ? "٣٫٥" : "3.4" };
  if (type === "gap_fill") return { type, answers: round % 2 ? { g1: "الشَّمس", g2: "الغرب" } : { g1: "sun", g2: "east" } };
  if (type === "inline_choice") return { type, chosen: round % 2 ? { g1: "e0", g2: "e2" } : { g1: "e1", g2: "e0" } };
  if (type === "hotspot") return { type, chosen: round % 2 ? ["r", "p"] : ["c"] };
  return { type, order: round % 2 ? ["e5", "e4", "e3", "e2", "e1", "e0"] : ["e0", "e1", "e2", "e3", "e4", "e5"] };
}

/**
 * The client shares the two cores with the server and starts as cold as it: the same client code is warmed
 * against a throwaway server in this process first (the Qias server sees none of it), so the first second
 * measures the server, not the bench. CLIENT_WARM_UP=0 skips it.
 */
async function warmClient(requests: number) {
  if (requests <= 0) return;
  const dummy = http.createServer((_req, res) => res.end('{"savedAt":"2026-01-01T00:00:00.000Z","clientSeq":1}'));
  await new Promise<void>((resolve) => dummy.listen(0, "127.0.0.1", resolve));
  const client = makeClient((dummy.address() as { port: number }).port, 100);
  const body = JSON.stringify({ examId: randomBytes(16).toString("hex"), answerText: "warm-up", clientSeq: 1 });
  await runPool(Array.from({ length: requests }), 100, async () => void (await client.send("PUT", "/", "qias_session=warm-up", body)));
  client.close();
  dummy.closeAllConnections();
  await new Promise((resolve) => dummy.close(resolve));
}

async function main() {
  console.log(`Seeding ${STUDENTS} students, one exam of ${QUESTIONS} questions (${databaseUrl ? "PostgreSQL" : "PGlite"})…`);
  const { examId, questionIds, types, students } = await seed();

  if (await fetch(`${base}/healthz`).then(() => true, () => false)) throw new Error(`port ${PORT} is in use: set BENCH_PORT`);
  // BENCH_SERVER_ARGS passes extra flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [...extra, "--import", "tsx", "src/server/index.ts"], {
    // One server process unless WORKERS says otherwise, so figures compare with earlier runs (decision 0007).
    env: { ...process.env, WORKERS: process.env.WORKERS ?? "1", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const { send, close: closeClient } = makeClient(PORT, CONCURRENCY);
  try {
    await waitForServer(base);

    // Everyone presses Start within the same minute.
    const attempts = new Map<string, string>();
    const startT0 = performance.now();
    await runPool(students, CONCURRENCY, async (s) => {
      const res = await send("POST", `/api/student/exams/${examId}/attempt`, s.cookie, "{}");
      if (res.status !== 200) throw new Error(`start failed: ${res.status} ${res.text}`);
      attempts.set(s.id, (JSON.parse(res.text) as { id: string }).id);
    });
    const startSecs = (performance.now() - startT0) / 1000;

    await warmClient(Number(process.env.CLIENT_WARM_UP ?? 3000));

    // Then each student saves every question ROUNDS times (later rounds overwrite earlier ones).
    const saves: { cookie: string; attemptId: string; questionId: string; round: number; body: string }[] = [];
    // By default a student's answers go back to back; ORDER=interleaved sends question 1 for everyone, then
    // question 2…: every student's first save falls in the first half second, each with a session to look up.
    const interleaved = process.env.ORDER === "interleaved";
    for (let round = 1; round <= ROUNDS; round++)
      for (const [student, questionId] of interleaved ? questionIds.flatMap((q) => students.map((s) => [s, q] as const)) : students.flatMap((s) => questionIds.map((q) => [s, q] as const)))
        saves.push({
          cookie: student.cookie,
          attemptId: attempts.get(student.id)!,
          questionId,
          round,
          body: JSON.stringify(NEW_TYPES ? { examId, response: responseOf(types.get(questionId)!, round), clientSeq: round } : { examId, answerText: `إجابة ${round} — ${student.id.slice(0, 8)}`, clientSeq: round }),
        });
    const latencies: number[] = [];
    /** [seconds since the first save was due, latency] — to tell a cold start from the steady state. */
    const timeline: [number, number][] = [];
    let failures = 0;
    const t0 = performance.now();
    // CPU used by the server, this client and PostgreSQL in each second: on two shared cores, a busy client or
    // database slows the server as surely as its own work does.
    const cpuBySecond: { server: number; client: number; postgres: number }[] = [];
    const cpuNow = () => ({ server: cpuMsOf(server.pid!) ?? 0, client: cpuMsOf(process.pid) ?? 0, postgres: databaseUrl ? postgresCpuMs() : new Map<number, number>() });
    let cpuBefore = cpuNow();
    const cpuTimer = setInterval(() => {
      const now = cpuNow();
      cpuBySecond.push({ server: now.server - cpuBefore.server, client: now.client - cpuBefore.client, postgres: cpuSpent(cpuBefore.postgres, now.postgres) });
      cpuBefore = now;
    }, 1000);
    const save = async (s: (typeof saves)[number], due: number) => {
      const res = await send("PUT", `/api/attempts/${s.attemptId}/answers/${s.questionId}`, s.cookie, s.body);
      latencies.push(performance.now() - due);
      timeline.push([(due - t0) / 1000, performance.now() - due]);
      if (res.status !== 200) failures++;
    };
    if (RATE > 0) await runAtRate(saves, RATE, save);
    else await runPool(saves, CONCURRENCY, (s) => save(s, performance.now()));
    const secs = (performance.now() - t0) / 1000;
    clearInterval(cpuTimer);
    latencies.sort((a, b) => a - b);
    const bySecond = new Map<number, number[]>();
    for (const [at, ms] of timeline) bySecond.set(Math.floor(at), [...(bySecond.get(Math.floor(at)) ?? []), ms]);
    const warm = timeline.filter(([at]) => at >= WARM_UP_SECONDS).map(([, ms]) => ms).sort((a, b) => a - b);

    closeClient();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));

    const database = await openDatabase({ databaseUrl, dataDir });
    const attemptIds = [...attempts.values()];
    let found = 0;
    let latest = 0;
    for (let i = 0; i < attemptIds.length; i += 500) {
      const chunk = attemptIds.slice(i, i + 500);
      const [c] = await database.db.select({ n: count() }).from(studentAnswers).where(inArray(studentAnswers.studentExamId, chunk));
      const [l] = await database.db.select({ n: count() }).from(studentAnswers).where(and(inArray(studentAnswers.studentExamId, chunk), eq(studentAnswers.clientSeq, ROUNDS)));
      found += c?.n ?? 0;
      latest += l?.n ?? 0;
    }
    const [started] = await database.db.select({ n: count() }).from(studentExams).where(eq(studentExams.examId, examId));
    await database.close();

    const expected = STUDENTS * QUESTIONS;
    console.log("");
    console.log(`database            ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}`);
    console.log(`students            ${STUDENTS} (attempts started: ${started?.n}, ${(STUDENTS / startSecs).toFixed(0)} starts/s)`);
    console.log(`paper               ${NEW_TYPES ? `${NEW_TYPE_CYCLE.slice(0, QUESTIONS).join(", ")} in turn (PAPER=new-types)` : "essays"}`);
    console.log(`saves sent          ${saves.length} (${ROUNDS} rounds × ${QUESTIONS} questions × ${STUDENTS} students), ${RATE > 0 ? `offered at ${RATE}/s` : `concurrency ${CONCURRENCY}`}`);
    console.log(`saves per second    ${(saves.length / secs).toFixed(0)}`);
    console.log(`latency p50         ${pct(latencies, 50).toFixed(1)} ms`);
    console.log(`latency p99         ${pct(latencies, 99).toFixed(1)} ms`);
    if (warm.length) console.log(`p50 / p99 warm      ${pct(warm, 50).toFixed(1)} / ${pct(warm, 99).toFixed(1)} ms (saves due after the first ${WARM_UP_SECONDS} s: ${warm.length})`);
    const hasCpu = cpuMsOf(process.pid) !== null;
    console.log(`second   saves   p50 ms   p99 ms${hasCpu ? `   CPU % of one core: server  client${databaseUrl ? "  PostgreSQL" : ""}` : ""}`);
    const cell = (ms: number, width: number) => `${((ms / 1000) * 100).toFixed(0)}`.padStart(width);
    for (const [sec, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => a - b);
      const cpu = cpuBySecond[sec];
      const cpuText = hasCpu && cpu ? `${cell(cpu.server, 27)}${cell(cpu.client, 8)}${databaseUrl ? cell(cpu.postgres, 12) : ""}` : "";
      console.log(`${String(sec).padStart(6)} ${String(list.length).padStart(7)} ${pct(list, 50).toFixed(1).padStart(8)} ${pct(list, 99).toFixed(1).padStart(8)}${cpuText}`);
    }
    // The first second in tenths: a stall at the very start (saves due in the first 100 ms already slow) reads
    // differently from a queue building up.
    console.log("first second, by 100 ms   saves   p50 ms   p99 ms");
    for (let tenth = 0; tenth < 10; tenth++) {
      const list = timeline.filter(([at]) => Math.floor(at * 10) === tenth).map(([, ms]) => ms).sort((a, b) => a - b);
      if (list.length) console.log(`${`${tenth * 100}–${tenth * 100 + 100} ms`.padStart(24)} ${String(list.length).padStart(7)} ${pct(list, 50).toFixed(1).padStart(8)} ${pct(list, 99).toFixed(1).padStart(8)}`);
    }
    console.log(`failed saves        ${failures}`);
    console.log(`answers expected    ${expected}`);
    console.log(`answers found       ${found} (${latest} holding the last round's value)`);
    console.log(found === expected && latest === expected && failures === 0 ? "OK: every answer sent is in the database" : "MISMATCH: answers were lost");
    if (found !== expected || latest !== expected || failures) process.exitCode = 1;
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
