// A school's network comes back (issue 37, decision 0056): STUDENTS devices, each with ANSWERS answers journalled
// while offline, stamped over the last five minutes, all send their journals at once. Every answer must be stored
// (counted in the database afterwards); printed: each device's catch-up time (from the network's return to its last
// answer acknowledged) at p50/p99, each save's p50/p99, and the server's CPU — beside bench:answers' own limit
// measured in the same run against the same server: as many in-time saves from other students, kept CONCURRENCY in
// flight back to back (bench/answers.ts without RATE), saves per second and p99.
//
//   npm run bench:offline-return                      # 2,000 students × 30 answers, embedded database (PGlite)
//   STUDENTS=200 npm run bench:offline-return         # a small run
//   SCENARIO=after-deadline …                         # the deadline passed a minute ago and the sweep closed every
//                                                     # attempt: each answer goes the late way (stored, re-marked)
//   DATABASE_URL=postgres://… npm run bench:offline-return
//   BATCH=0 | 1 | both                               # how a device sends its journal: one save per answer (0), the
//                                                     # whole journal in one request (1, POST …/answers/batch, decision
//                                                     # 0056), or both, one group after the other against the same
//                                                     # server; default: 1 after the deadline (what the page does), 0 during
//
// A device sends its journal one answer at a time, in order (its clientSeq rises), or in one request (BATCH);
// CONCURRENCY devices are served at once, as bench:answers keeps CONCURRENCY saves in flight: the others wait their turn, and that wait is part
// of their catch-up time.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { authUsers, examSchools, exams, heldAnswers, profiles, questions, schools, studentAnswers, studentExams } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/password";
import { createSession } from "../src/server/auth/auth.service";
import { draftVersion } from "../src/server/modules/bank/rows";
import { cpuMsOf, makeClient, pct, runPool, waitForServer } from "./common";

const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const ANSWERS = Number(process.env.ANSWERS ?? 30);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const SCENARIO = process.env.SCENARIO === "after-deadline" ? "after-deadline" : "during";
const MODES: ("single" | "batch")[] =
  process.env.BATCH === "both" ? ["single", "batch"] : process.env.BATCH === "1" ? ["batch"] : process.env.BATCH === "0" ? ["single"] : SCENARIO === "after-deadline" ? ["batch"] : ["single"];
const PORT = Number(process.env.BENCH_PORT ?? 3991);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-bench-offline-"));
const base = `http://127.0.0.1:${PORT}`;
const tag = randomBytes(3).toString("hex");
const OFFLINE_MS = 5 * 60_000;

type TStudent = { id: string; cookie: string; attemptId: string };
/** The offline groups' deadline (the first seeded; they differ by the seeding's seconds). */
let deadline = 0;

/** Two groups of STUDENTS: the devices coming back, and the students whose in-time saves measure the limit. */
async function seed() {
  const database = await openDatabase({ databaseUrl, dataDir });
  const db = database.db;
  await prepareDatabase(db, { email: `bench-admin-${tag}@bench.local`, password: "bench-admin", name: "Bench" });
  const schoolId = `bench_${tag}`;
  await db.insert(schools).values({ id: schoolId, nameAr: "مدرسة القياس", nameEn: "Bench School" });
  const hash = await hashPassword("bench-pass");
  const [teacher] = await db.insert(authUsers).values({ email: `t-${tag}@bench.local`, passwordHash: hash }).returning();
  await db.insert(profiles).values({ id: teacher!.id, email: `t-${tag}@bench.local`, username: `t-${tag}`, name: "Teacher", role: "teacher", schoolId });
  const draft = await draftVersion(db, "arabic");
  const makeExam = async (title: string) => {
    const [exam] = await db.insert(exams).values({ titleAr: title, titleEn: title, subjectId: "arabic", status: "published", durationMinutes: 120, creatorId: teacher!.id }).returning();
    await db.insert(examSchools).values({ examId: exam!.id, schoolId });
    const qs = await db
      .insert(questions)
      .values(Array.from({ length: ANSWERS }, (_, i) => ({ itemVersionId: draft, examId: exam!.id, position: i, type: "essay" as const, questionTextAr: `س ${i + 1}`, questionTextEn: `Q ${i + 1}`, points: 1 })))
      .returning({ id: questions.id });
    return { examId: exam!.id, questionIds: qs.map((q) => q.id) };
  };
  const limit = await makeExam("حد الحفظ");

  const group = async (prefix: string, examId: string, closed: boolean): Promise<TStudent[]> => {
    const out: TStudent[] = [];
    for (let i = 0; i < STUDENTS; i += 500) {
      const emails = Array.from({ length: Math.min(500, STUDENTS - i) }, (_, j) => `${prefix}${i + j}-${tag}@bench.local`);
      const made = await db.insert(authUsers).values(emails.map((email) => ({ email, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
      await db.insert(profiles).values(made.map((m) => ({ id: m.id, email: m.email, username: m.email.split("@")[0]!, name: m.email, role: "student" as const, schoolId })));
      // During: the attempts are under way (the deadline an hour off). After the deadline: it passed a minute ago
      // (the answers were made in the five minutes before it) and the sweep closed them, with nothing answered.
      const attempts = await db
        .insert(studentExams)
        .values(
          made.map((m) =>
            closed
              ? { studentId: m.id, examId, status: "completed" as const, totalPossibleScore: ANSWERS, startedAt: sql`now() - interval '2 hours'`, deadlineAt: sql`now() - interval '1 minute'`, completedAt: sql`now() - interval '1 minute'` }
              : { studentId: m.id, examId, totalPossibleScore: ANSWERS, startedAt: sql`now() - interval '30 minutes'`, deadlineAt: sql`now() + interval '1 hour'` },
          ),
        )
        .returning({ id: studentExams.id, studentId: studentExams.studentId, deadlineAt: studentExams.deadlineAt });
      const attemptOf = new Map(attempts.map((a) => [a.studentId, a.id]));
      // The earliest group's: the stamps must be before every group's deadline.
      if (closed && !deadline) deadline = attempts[0]!.deadlineAt!.getTime();
      for (const m of made) {
        const { token } = await createSession(db, m.id, { ip: "127.0.0.1" });
        out.push({ id: m.id, cookie: `qias_session=${token}`, attemptId: attemptOf.get(m.id)! });
      }
    }
    return out;
  };
  // One group of devices per way of sending, each on an exam of its own.
  const returns = [];
  for (const mode of MODES) {
    const offline = await makeExam(`العودة إلى الاتصال ${mode}`);
    returns.push({ mode, offline, devices: await group(`o${mode[0]}`, offline.examId, SCENARIO === "after-deadline") });
  }
  const savers = await group("l", limit.examId, false);
  await database.close();
  return { returns, limit, savers };
}

async function main() {
  console.log(`Seeding ${MODES.length + 1} × ${STUDENTS} students, ${ANSWERS} questions each (${databaseUrl ? "PostgreSQL" : "PGlite"}; scenario ${SCENARIO}; ${MODES.join(" then ")})…`);
  const { returns, limit, savers } = await seed();
  if (await fetch(`${base}/healthz`).then(() => true, () => false)) throw new Error(`port ${PORT} is in use: set BENCH_PORT`);
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: { ...process.env, WORKERS: process.env.WORKERS ?? "1", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const { send, close } = makeClient(PORT, CONCURRENCY);
  const cpu = () => cpuMsOf(server.pid!) ?? 0;
  try {
    await waitForServer(base);

    // A fresh server is cold (JIT, statements not yet prepared): the limit group's first answers warm it, unmeasured;
    // the measured saves below overwrite them (clientSeq 1 over 0).
    await runPool(savers.slice(0, Math.ceil(1000 / ANSWERS)).flatMap((s) => limit.questionIds.map((q) => ({ s, q }))), CONCURRENCY, async ({ s, q }) => {
      await send("PUT", `/api/attempts/${s.attemptId}/answers/${q}`, s.cookie, JSON.stringify({ examId: limit.examId, answerText: "warm-up", clientSeq: 0 }));
    });

    // bench:answers' limit: in-time saves, CONCURRENCY in flight back to back.
    const limitSaves = savers.flatMap((s) => limit.questionIds.map((q) => ({ s, q })));
    const limitLatencies: number[] = [];
    let limitFailures = 0;
    const limitCpu0 = cpu();
    const limitT0 = performance.now();
    await runPool(limitSaves, CONCURRENCY, async ({ s, q }) => {
      const t = performance.now();
      const res = await send("PUT", `/api/attempts/${s.attemptId}/answers/${q}`, s.cookie, JSON.stringify({ examId: limit.examId, answerText: `إجابة — ${s.id.slice(0, 8)}`, clientSeq: 1 }));
      limitLatencies.push(performance.now() - t);
      if (res.status !== 200) limitFailures++;
    });
    const limitSecs = (performance.now() - limitT0) / 1000;
    const limitCpuPct = ((cpu() - limitCpu0) / 1000 / limitSecs) * 100;
    limitLatencies.sort((a, b) => a - b);

    type TReturn = { mode: string; secs: number; cpuPct: number; saveLatencies: number[]; catchUp: number[]; statuses: Map<number, number>; failures: number; remarkedAfter: string };
    const measured: TReturn[] = [];
    for (const { mode, offline, devices } of returns) {
      // The network returns: every device sends its journal, in order, stamped over the five minutes offline.
      // During the exam the five minutes end now; after the deadline they ended at it.
      const offlineUntil = SCENARIO === "after-deadline" ? Math.min(Date.now(), deadline) : Date.now();
      const saveLatencies: number[] = [];
      const catchUp: number[] = [];
      let failures = 0;
      const statuses = new Map<number, number>();
      const cpu0 = cpu();
      const t0 = performance.now();
      const stampOf = (i: number) => new Date(offlineUntil - OFFLINE_MS + (i * OFFLINE_MS) / (ANSWERS + 1)).toISOString();
      await runPool(devices, CONCURRENCY, async (d) => {
        if (mode === "batch") {
          // The page's journal flush: every answer in one request, each answered on its own (stored here).
          const entries = offline.questionIds.map((q, i) => ({ questionId: q, answerText: `كُتبت دون اتصال ${i + 1}`, clientSeq: i + 1, answeredAt: stampOf(i) }));
          const t = performance.now();
          const res = await send("POST", `/api/attempts/${d.attemptId}/answers/batch`, d.cookie, JSON.stringify({ examId: offline.examId, entries }));
          saveLatencies.push(performance.now() - t);
          const stored = res.status === 200 ? (JSON.parse(res.text) as { results: { outcome: string }[] }).results.filter((r) => r.outcome === "stored").length : 0;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          failures += ANSWERS - stored;
          catchUp.push(performance.now() - t0);
          return;
        }
        for (const [i, q] of offline.questionIds.entries()) {
          const answeredAt = stampOf(i);
          const t = performance.now();
          const res = await send("PUT", `/api/attempts/${d.attemptId}/answers/${q}`, d.cookie, JSON.stringify({ examId: offline.examId, answerText: `كُتبت دون اتصال ${i + 1}`, clientSeq: i + 1, answeredAt }));
          saveLatencies.push(performance.now() - t);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status !== 200) failures++;
        }
        catchUp.push(performance.now() - t0);
      });
      const secs = (performance.now() - t0) / 1000;
      const cpuPct = ((cpu() - cpu0) / 1000 / secs) * 100;
      saveLatencies.sort((a, b) => a - b);
      catchUp.sort((a, b) => a - b);

      // After the deadline each attempt is marked again by the attempt sweep once its late answers have stopped
      // (late-answers.ts storeLate): how long until every one has been, read beside the running server — on
      // PostgreSQL only (the embedded database has one user: the server).
      let remarkedAfter = "not measured (embedded database)";
      if (SCENARIO === "after-deadline" && databaseUrl) {
        const watch = await openDatabase({ databaseUrl, dataDir: null, poolSize: 1 });
        const t1 = performance.now();
        let waiting = -1;
        while (performance.now() - t1 < 180_000) {
          const [w] = await watch.db.select({ n: count() }).from(studentExams).where(and(eq(studentExams.examId, offline.examId), isNotNull(studentExams.remarkAfter)));
          waiting = w?.n ?? 0;
          if (waiting === 0) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        remarkedAfter = waiting === 0 ? `every attempt marked again ${((performance.now() - t1) / 1000).toFixed(1)} s after the last answer` : `${waiting} attempts still waiting after 180 s`;
        await watch.close();
      }

      measured.push({ mode, secs, cpuPct, saveLatencies, catchUp, statuses, failures, remarkedAfter });
    }

    close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));

    const database = await openDatabase({ databaseUrl, dataDir });
    const counted = [];
    for (const { offline, devices } of returns) {
      const ids = devices.map((d) => d.attemptId);
      let found = 0;
      let held = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const [c] = await database.db.select({ n: count() }).from(studentAnswers).where(and(inArray(studentAnswers.studentExamId, chunk), isNotNull(studentAnswers.answerText)));
        const [h] = await database.db.select({ n: count() }).from(heldAnswers).where(inArray(heldAnswers.attemptId, chunk));
        found += c?.n ?? 0;
        held += h?.n ?? 0;
      }
      const [stillOpen] = await database.db.select({ n: count() }).from(studentExams).where(and(eq(studentExams.examId, offline.examId), eq(studentExams.status, "in_progress")));
      counted.push({ found, held, stillOpen: stillOpen?.n ?? 0 });
    }
    await database.close();

    const expected = STUDENTS * ANSWERS;
    const hasCpu = cpuMsOf(process.pid) !== null;
    console.log("");
    console.log(`database              ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}; scenario ${SCENARIO}; concurrency ${CONCURRENCY}; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    console.log(`                    requests  answers/s   p50 ms   p99 ms${hasCpu ? "   server CPU % of one core" : ""}`);
    const line = (name: string, n: number, answers: number, s: number, lat: number[], cpuP: number) =>
      console.log(`${name.padEnd(21)} ${String(n).padStart(6)} ${(answers / s).toFixed(0).padStart(10)} ${pct(lat, 50).toFixed(1).padStart(8)} ${pct(lat, 99).toFixed(1).padStart(8)}${hasCpu ? cpuP.toFixed(0).padStart(12) : ""}`);
    line("bench:answers limit", limitSaves.length, limitSaves.length, limitSecs, limitLatencies, limitCpuPct);
    let ok = limitFailures === 0;
    for (const [k, m] of measured.entries()) {
      const c = counted[k]!;
      console.log("");
      line(`offline return ${m.mode}`, m.saveLatencies.length, expected, m.secs, m.saveLatencies, m.cpuPct);
      console.log(`catch-up per device   p50 ${(pct(m.catchUp, 50) / 1000).toFixed(2)} s, p99 ${(pct(m.catchUp, 99) / 1000).toFixed(2)} s, all ${m.secs.toFixed(2)} s (${STUDENTS} devices × ${ANSWERS} answers)`);
      console.log(`replies               ${[...m.statuses].map(([status, n]) => `${status}: ${n}`).join(", ")}${limitFailures ? `; limit run failures ${limitFailures}` : ""}`);
      if (SCENARIO === "after-deadline") console.log(`marked again          ${m.remarkedAfter}`);
      console.log(`answers found         ${c.found} of ${expected}; held for a proctor ${c.held}; attempts still open ${c.stillOpen}`);
      ok &&= c.found === expected && m.failures === 0 && c.held === 0;
    }
    console.log(ok ? "OK: every answer journalled offline is in the database" : "MISMATCH: answers were lost or refused");
    if (!ok) process.exitCode = 1;
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
