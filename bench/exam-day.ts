// The exam morning as a whole (issue 17), against the real server on PostgreSQL:
//   1. the lobby — N students arrive over L minutes, sign in (through their school's address) and wait;
//   2. the start — at the sitting's start each asks for the paper within 2 s (as the take page does) and starts;
//   3. the exam — each saves an answer every SAVE_EVERY_SECONDS on average, and submits in the last minutes,
//      a share leaving it to the deadline (the server's sweep submits those);
//   4. the close — every attempt submitted and marked; every answer acknowledged is found, with its last value,
//      and every score is what the answers sent deserve.
// Each phase prints its throughput, p50/p99/max latency (from when each request was due, so a queue cannot hide),
// and the CPU of the server, PostgreSQL and this client. Beside it, in the same run, the limits it is judged
// against: raw scrypt (sign-in), pgbench's upsert (the save path), a bare Fastify route serving the same bytes as
// the student's copy (wrk), each measured with the app's own path at full load for the same 10 s.
// WINDOW_SECONDS=5 … shorter windows of the lobby and the exam, to find a stall
//
//   DATABASE_URL=postgres://… npm run bench:exam-day                      # 20,000 students, 10-minute lobby
//   STUDENTS=2000 LOBBY_MINUTES=1 EXAM_MINUTES=2 SUBMIT_MINUTES=1 DATABASE_URL=… npm run bench:exam-day
//   WORKERS=1 …        # server processes (default: the server's own default, as `npm start` runs it — one per core;
//                      # runs before issue 33 defaulted to 1, so compare them with WORKERS=1)
//   QTI_BESIDE=large|hostile|both …  # QTI imports back to back through the lobby's second half (bench/qti-beside.ts):
//                      # the lobby's waits are printed with an import under way and without; QTI_TESTS=10 QTI_ITEMS=200
//   LIMITS=0 …         # skip the limits;  LIMIT_ROUNDS=5 LIMIT_SECONDS=5 … each limit and the app in turn, so many times
//   PGBENCH_CLIENTS=64 SAVES_IN_FLIGHT=128 … the saves' limit's load on each side
//   SIGN_IN=0 …        # students come with sessions made beforehand: a lobby without scrypt, which otherwise takes
//                      # nearly all its CPU, to measure the start and the exam alone
//   SIGN_IN=codes …    # students sign in with their printed sitting codes (issue 38: an HMAC, no scrypt), the
//                      # password morning's lobby replaced; the sign-in limit (raw scrypt) is then not measured
//   ONLY_LIMITS=1 …    # the limits alone (ONLY_LIMITS=sign-in: that one alone);  PROFILE=dir … a CPU profile of the server
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { openDatabase, rowsOf, type TDb } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { authUsers, examSchools, exams, profiles, questionOptions, questions, schools, sittings, sittingTickets, studentAnswers, studentExams } from "../src/server/db/schema";
import { hashPassword, scryptEngine, scryptKey } from "../src/server/auth/password";
import { createSession } from "../src/server/auth/auth.service";
import { examsChanged } from "../src/server/modules/attempts/paper";
import { availableCores } from "../src/server/cores";
import { parseConfig } from "../src/server/config";
import { importsBeside, type TQtiBeside } from "./qti-beside";
import { LeanHttpClient, type TResponse } from "./lean-http";
import { cpuMsOf, cpuSpent, pct, postgresCpuMs, runPool, waitForServer } from "./common";
import { draftVersion } from "../src/server/modules/bank/rows";
import { SITTING_CODE_SECRET, ticketCode, ticketLookup } from "../src/server/modules/sittings/tickets";
import { getSecret } from "../src/server/secrets";
import { formatSittingCode } from "../src/shared/sitting-code";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const databaseUrl = process.env.DATABASE_URL;
const STUDENTS = num("STUDENTS", 20_000);
const LOBBY_MINUTES = num("LOBBY_MINUTES", 10);
const EXAM_MINUTES = num("EXAM_MINUTES", 10);
const SUBMIT_MINUTES = num("SUBMIT_MINUTES", 2);
const AUTO_SHARE = num("AUTO_SHARE", 0.1);
const SAVE_EVERY_SECONDS = num("SAVE_EVERY_SECONDS", 10);
const QUESTIONS = num("QUESTIONS", 20);
const SCHOOLS = num("SCHOOLS", 40);
const CONNECTIONS = num("CONNECTIONS", 512);
const SIGN_IN_CONNECTIONS = num("SIGN_IN_CONNECTIONS", 4096);
/** What `npm start` runs: the server's own default (config.ts — one process per core on PostgreSQL), unless set. */
const WORKERS = String(parseConfig({ DATABASE_URL: databaseUrl, WORKERS: process.env.WORKERS }).workers);
const QTI_BESIDE = process.env.QTI_BESIDE as TQtiBeside | undefined;
const LIMITS = process.env.LIMITS !== "0";
const SIGN_IN = process.env.SIGN_IN !== "0";
/** Sign-in with printed sitting codes instead of passwords (SIGN_IN=codes). */
const CODES = process.env.SIGN_IN === "codes";
const PORT = num("BENCH_PORT", 3991);
const PASSWORD = "bench-pass";
if (!databaseUrl) {
  console.error("bench:exam-day measures the morning on PostgreSQL: set DATABASE_URL (the embedded database is for one school, not 20,000 students).");
  process.exit(2);
}
const tag = randomBytes(3).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-exam-day-"));
const base = `http://127.0.0.1:${PORT}`;

// ---- measuring

/** CPU (ms) of a process and its children (the workers of a cluster), from /proc. */
function treeCpuMs(root: number): number {
  let total = cpuMsOf(root) ?? 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === root) total += cpuMsOf(Number(entry)) ?? 0;
    } catch {
      /* gone */
    }
  }
  return total;
}
type TCpu = { server: number; client: number; postgres: Map<number, number>; at: number };
const cpuNow = (server: ChildProcess): TCpu => ({ server: treeCpuMs(server.pid!), client: cpuMsOf(process.pid) ?? 0, postgres: postgresCpuMs(), at: performance.now() });
const cpuShare = (from: TCpu, to: TCpu) => {
  const ms = to.at - from.at;
  const share = (used: number) => `${((used / ms) * 100).toFixed(0)} %`;
  return `CPU server ${share(to.server - from.server)}, PostgreSQL ${share(cpuSpent(from.postgres, to.postgres))}, client ${share(to.client - from.client)} (of one core)`;
};

class Latencies {
  readonly ms: number[] = [];
  failures = 0;
  /** what the failures were: status and error code, counted */
  readonly why = new Map<string, number>();
  add(ms: number, ok: boolean, res?: TResponse) {
    this.ms.push(ms);
    if (ok) return;
    this.failures++;
    const key = res ? `${res.status} ${/"code":"([A-Z_]+)"/.exec(res.text)?.[1] ?? ""}`.trim() : "no response";
    this.why.set(key, (this.why.get(key) ?? 0) + 1);
  }
  summary(seconds?: number) {
    const sorted = [...this.ms].sort((a, b) => a - b);
    if (!sorted.length) return "none";
    const rate = seconds ? `, ${(sorted.length / seconds).toFixed(0)}/s` : "";
    return `${sorted.length}${rate}, p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms${this.failures ? `, ${this.failures} FAILED (${[...this.why].map(([k, n]) => `${k} ×${n}`).join(", ")})` : ""}`;
  }
}

/** WINDOW_SECONDS: the length of the windows below (30 s; shorter to look for a stall). */
const WINDOW_MS = num("WINDOW_SECONDS", 30) * 1000;
/** Latencies in windows counted from t0 (by when each was due), each beside the CPU of its window. */
class Windows {
  private readonly by = new Map<number, { ms: number[]; cpu?: string }>();
  private readonly timer: NodeJS.Timeout;
  constructor(
    private readonly t0: number,
    server: ChildProcess,
  ) {
    let last = cpuNow(server);
    this.timer = setInterval(() => {
      const now = cpuNow(server);
      this.entry(Math.floor((Date.now() - t0) / WINDOW_MS) - 1).cpu = cpuShare(last, now).replace("CPU ", "").replace(" (of one core)", "");
      last = now;
    }, WINDOW_MS);
  }
  private entry(w: number) {
    return this.by.get(w) ?? this.by.set(w, { ms: [] }).get(w)!;
  }
  add(due: number, ms: number) {
    this.entry(Math.floor((due - this.t0) / WINDOW_MS)).ms.push(ms);
  }
  print(what: string) {
    clearInterval(this.timer);
    console.log(`   window ${what.padStart(7)}   p50 ms   p99 ms   max ms   CPU (% of one core)`);
    for (const [w, { ms, cpu }] of [...this.by].sort((a, b) => a[0] - b[0])) {
      ms.sort((a, b) => a - b);
      if (ms.length) console.log(`${`${(w * WINDOW_MS) / 1000}–${((w + 1) * WINDOW_MS) / 1000} s`.padStart(12)} ${String(ms.length).padStart(7)} ${pct(ms, 50).toFixed(1).padStart(8)} ${pct(ms, 99).toFixed(1).padStart(8)} ${ms[ms.length - 1]!.toFixed(0).padStart(8)}   ${cpu ?? ""}`);
    }
  }
}

/** A min-heap of timed events: the open loop sends each when due, however long earlier ones take. */
class Timeline<T> {
  private readonly heap: { at: number; item: T }[] = [];
  push(at: number, item: T) {
    const h = this.heap;
    h.push({ at, item });
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.at <= h[i]!.at) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }
  popDue(now: number): { at: number; item: T } | undefined {
    const h = this.heap;
    if (!h.length || h[0]!.at > now) return undefined;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l]!.at < h[m]!.at) m = l;
        if (r < h.length && h[r]!.at < h[m]!.at) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i]!, h[m]!];
        i = m;
      }
    }
    return top;
  }
  get size() {
    return this.heap.length;
  }
}

/** Runs the timeline until it is empty, calling `fire` for each event when it is due (wall clock, ms). */
async function runTimeline<T>(timeline: Timeline<T>, fire: (item: T, due: number) => void) {
  while (timeline.size) {
    const now = Date.now();
    for (let e = timeline.popDue(now); e; e = timeline.popDue(now)) fire(e.item, e.at);
    await new Promise((r) => setTimeout(r, 2));
  }
}

// ---- seeding

type TStudent = {
  i: number;
  id: string;
  email: string;
  address: string;
  cookie: string;
  attemptId: string;
  deadline: number;
  /** per question: the clientSeq of the last save acknowledged */
  answers: Map<number, { seq: number }>;
  seq: Map<number, number>;
  /** saves sent and not yet answered: the submit waits for them, as the take page flushes before submitting */
  inFlight: Set<Promise<unknown>>;
  submitted: boolean;
};

async function seed(db: TDb, count_: number, prefix: string, schoolIds: string[]) {
  const hash = await hashPassword(PASSWORD);
  const students: TStudent[] = [];
  for (let i = 0; i < count_; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, count_ - i) }, (_, j) => `${prefix}${i + j}-${tag}@bench.local`);
    const made = await db.insert(authUsers).values(batch.map((email) => ({ email, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
    await db.insert(profiles).values(made.map((m, j) => ({ id: m.id, email: m.email, username: m.email.split("@")[0]!, name: m.email, role: "student" as const, schoolId: schoolIds[(i + j) % schoolIds.length]! })));
    for (const [j, m] of made.entries()) {
      const n = i + j;
      // A school's students come from behind its one address (the server trusts X-Forwarded-For: TRUST_PROXY).
      students.push({ i: n, id: m.id, email: m.email, address: `10.${(n % schoolIds.length) >> 8}.${(n % schoolIds.length) & 255}.7`, cookie: "", attemptId: "", deadline: 0, answers: new Map(), seq: new Map(), inFlight: new Set(), submitted: false });
    }
  }
  return students;
}

async function makeExam(db: TDb, teacherId: string, schoolIds: string[], title: string, durationMinutes: number | null = EXAM_MINUTES) {
  const [exam] = await db.insert(exams).values({ titleAr: "اختبار الصباح", titleEn: title, subjectId: "arabic", status: "published", durationMinutes, creatorId: teacherId }).returning();
  await db.insert(examSchools).values(schoolIds.map((schoolId) => ({ examId: exam!.id, schoolId })));
  const draft = await draftVersion(db, "arabic");
  const qs = await db
    .insert(questions)
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        itemVersionId: draft,
        examId: exam!.id,
        position: i,
        type: i < QUESTIONS - 2 ? ("multiple_choice" as const) : ("short_answer" as const),
        questionTextAr: `ما إعراب الكلمة رقم ${i + 1} في الجملة؟`,
        questionTextEn: `Q ${i + 1}`,
        points: 1,
        correctAnswerText: i < QUESTIONS - 2 ? null : "مفعول به",
      })),
    )
    .returning({ id: questions.id, type: questions.type });
  const options: { id: string; isCorrect: boolean }[][] = [];
  for (const q of qs) {
    if (q.type !== "multiple_choice") {
      options.push([]);
      continue;
    }
    const made = await db
      .insert(questionOptions)
      .values([0, 1, 2, 3].map((k) => ({ questionId: q.id, position: k, optionTextAr: `خيار ${k + 1}`, optionTextEn: `Option ${k + 1}`, isCorrect: k === 0 })))
      .returning({ id: questionOptions.id, isCorrect: questionOptions.isCorrect });
    options.push(made);
  }
  return { examId: exam!.id, questionIds: qs.map((q) => q.id), options };
}

// ---- the limits

/**
 * Each limit is measured in turn with the app's own figure, LIMIT_ROUNDS pairs of LIMIT_SECONDS each, and the
 * median of the pairs' ratios is the one judged. This machine's speed drifts by a third or more within minutes (the
 * same code measured 77 and 156 µs of server CPU a save three minutes apart): a ratio of two 10-s runs a minute
 * apart measured the drift as much as the app, 0.56 to 0.81 for the same code. The app runs once unmeasured first:
 * its first seconds (statements not yet prepared on each connection, code not yet compiled) measured half its steady
 * rate, and a morning's saves come from a server that has been serving for an hour.
 */
const LIMIT_ROUNDS = num("LIMIT_ROUNDS", 5);
const LIMIT_SECONDS = num("LIMIT_SECONDS", 5);
/**
 * The saves' limit, each at its own full load: pgbench's TPS is flat from 32 clients to 64 (more do not fit beside the
 * app's pools under PostgreSQL's 100 connections), while the app's saves rise with the saves in flight — its batches
 * fill — from 7,300–8,000/s at 32 to 12,600–13,200 at 64 and 15,600–17,900 at 128, and no higher at 256 (measured
 * 2026-11-27). Each is judged at the load where it stops rising.
 */
const PGBENCH_CLIENTS = num("PGBENCH_CLIENTS", 64);
const SAVES_IN_FLIGHT = num("SAVES_IN_FLIGHT", 128);

async function paired(app: (round: number) => Promise<number>, limit: (round: number) => Promise<number | null> | number | null) {
  const pairs: { app: number; limit: number | null; ratio: number | null }[] = [];
  await app(0);
  for (let round = 1; round <= LIMIT_ROUNDS; round++) {
    const a = await app(round);
    const l = await limit(round);
    pairs.push({ app: a, limit: l, ratio: l ? a / l : null });
  }
  const ratios = pairs.flatMap((p) => (p.ratio === null ? [] : [p.ratio])).sort((x, y) => x - y);
  const median = ratios.length ? ratios[ratios.length >> 1]! : null;
  const text = (target: number) =>
    `${median === null ? "–" : median.toFixed(2)} (median of ${pairs.map((p) => `${p.app.toFixed(0)}/${p.limit?.toFixed(0) ?? "–"}`).join(", ")}; target ≥ ${target})`;
  return { pairs, median, text };
}

/**
 * pgbench running the save path's own statement (answer-writer.ts: the join that checks the attempt is open and
 * in time, the upsert that keeps the newest save) on the same tables and attempts as the app, one save per
 * transaction, PGBENCH_CLIENTS clients: what the database alone does with the work of a save. `seq` is the saves' sequence
 * number, above every save before it so that each one writes (a save older than the stored one writes nothing).
 */
function pgbenchSaves(attempts: { attemptId: string }[], questionIds: string[], options: { id: string }[][]) {
  const map = `bench_map_${tag}`;
  const psql = (q: string) => spawnSync("psql", [databaseUrl!, "-q", "-v", "ON_ERROR_STOP=1", "-c", q], { encoding: "utf8" });
  const mc = questionIds.map((id, i) => [id, options[i]![0]?.id] as const).filter(([, o]) => o);
  const made = psql(
    `create table ${map} (n int primary key, attempt uuid, question uuid, option uuid);
     insert into ${map} select n, a.attempt, q.question, q.option
       from unnest(array[${attempts.map((a) => `'${a.attemptId}'`).join(",")}]::uuid[]) with ordinality a(attempt, i)
       cross join unnest(array[${mc.map(([q]) => `'${q}'`).join(",")}]::uuid[], array[${mc.map(([, o]) => `'${o}'`).join(",")}]::uuid[]) with ordinality q(question, option, j)
       cross join lateral (select ((a.i - 1) * ${mc.length} + q.j)::int as n) k`,
  );
  const script = path.join(dataDir, "save.sql");
  fs.writeFileSync(
    script,
    `\\set n random(1, ${attempts.length * mc.length})\n` +
      `insert into student_answers (student_exam_id, question_id, student_id, exam_id, selected_option_id, answer_text, matching_answer, client_seq, updated_at)
 select se.id, m.question, se.student_id, se.exam_id, m.option, null, null, :seq, now() from ${map} m
 cross join lateral (select * from student_exams se where se.id = m.attempt for key share offset 0) se
 where m.n = :n and se.status = 'in_progress' and (se.deadline_at is null or now() <= se.deadline_at + interval '30 seconds')
 on conflict (student_exam_id, question_id) do update set selected_option_id = excluded.selected_option_id, answer_text = excluded.answer_text,
   matching_answer = excluded.matching_answer, client_seq = excluded.client_seq, updated_at = now()
 where student_answers.client_seq <= excluded.client_seq returning student_exam_id, question_id, updated_at, client_seq;\n`.replace(/\n /g, " "),
  );
  return {
    tps(seq: number): number | null {
      if (made.status !== 0) return null;
      const r = spawnSync("pgbench", ["-n", "-M", "prepared", "-c", String(PGBENCH_CLIENTS), "-j", "2", "-T", String(LIMIT_SECONDS), "-D", `seq=${seq}`, "-f", script, databaseUrl!], { encoding: "utf8" });
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout);
      if (!m) console.log(r.stdout, r.stderr);
      return m ? Number(m[1]) : null;
    },
    drop: () => psql(`drop table if exists ${map}`),
  };
}

let wrkMissingSaid = false;
function wrkRate(url: string, headers: string[] = []): number | null {
  if (spawnSync("wrk", ["--version"]).error) {
    if (!wrkMissingSaid) console.log("paper     limit not measured: wrk is not installed here (apt-get install -y wrk)");
    wrkMissingSaid = true;
    return null;
  }
  const r = spawnSync("wrk", ["-t2", "-c64", `-d${LIMIT_SECONDS}s`, ...headers.flatMap((h) => ["-H", h]), url], { encoding: "utf8" });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout ?? "");
  return m ? Number(m[1]) : null;
}

/**
 * Raw scrypt: derivations per second with the parameters of the server's hashes, on the password threads (as many
 * at once as they run), by the implementation the server uses (libsodium where it loads) or by node:crypto's.
 */
async function scryptRate(seconds: number, engine?: "node:crypto"): Promise<number> {
  const [, n, r, p, salt, key] = (await hashPassword(PASSWORD)).split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const keyLength = Buffer.from(key!, "base64url").length;
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        await scryptKey(PASSWORD, Buffer.from(salt!, "base64url"), keyLength, params, engine);
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Sends `work` back to back from `concurrency` loops for `seconds`; answers requests per second. */
async function saturate(seconds: number, concurrency: number, work: (k: number) => Promise<boolean>): Promise<{ rate: number; failures: number }> {
  let done = 0;
  let failures = 0;
  let k = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        if (!(await work(k++))) failures++;
        done++;
      }
    }),
  );
  return { rate: done / seconds, failures };
}

async function measureSignInLimit(client: LeanHttpClient, server: ChildProcess, limitStudents: TStudent[]) {
  let signInFailures = 0;
  // The CPU of a sign-in, summed over the measured rounds: the server's (its threads' scrypt included), PostgreSQL's
  // and this client's, against what a raw derivation costs (the cores' time over the raw rate).
  const signInCpu = { server: 0, postgres: 0, client: 0, count: 0, rawCoreMs: [] as number[] };
  const signIns = await paired(
    async (round) => {
      const before = cpuNow(server);
      const r = await saturate(LIMIT_SECONDS, 8, async (k) => {
        const s = limitStudents[k % limitStudents.length]!;
        const res = await client.request("POST", "/api/auth/login", { "content-type": "application/json", "x-forwarded-for": `10.9.${k % 200}.1` }, JSON.stringify({ email: s.email, password: PASSWORD, loginType: "student" }));
        return res.status === 200;
      });
      signInFailures += r.failures;
      const after = cpuNow(server);
      if (round > 0) {
        signInCpu.server += after.server - before.server;
        signInCpu.postgres += cpuSpent(before.postgres, after.postgres);
        signInCpu.client += after.client - before.client;
        signInCpu.count += r.rate * LIMIT_SECONDS;
      }
      return r.rate;
    },
    async () => {
      const rate = await scryptRate(LIMIT_SECONDS);
      signInCpu.rawCoreMs.push((availableCores() * 1000) / rate);
      return rate;
    },
  );
  const rawNode = scryptEngine === "node:crypto" ? null : await scryptRate(LIMIT_SECONDS, "node:crypto");
  console.log(`sign-in   through the app / raw scrypt (${scryptEngine}) → ${signIns.text(0.8)}${rawNode ? `; node:crypto's raw ${rawNode.toFixed(0)}/s` : ""}${signInFailures ? ` — ${signInFailures} failed` : ""}`);
  const perSignIn = (ms: number) => (ms / signInCpu.count).toFixed(1);
  const rawMs = signInCpu.rawCoreMs.sort((a, b) => a - b)[signInCpu.rawCoreMs.length >> 1]!;
  console.log(`          CPU a sign-in: server ${perSignIn(signInCpu.server)} ms, PostgreSQL ${perSignIn(signInCpu.postgres)} ms, client ${perSignIn(signInCpu.client)} ms; a raw derivation ${rawMs.toFixed(1)} ms of the cores`);
}

async function measureLimits(db: TDb, client: LeanHttpClient, server: ChildProcess, teacherId: string, schoolIds: string[]) {
  console.log(`\n== limits, each measured in turn with the app's own figure: ${LIMIT_ROUNDS} pairs of ${LIMIT_SECONDS} s at full load`);
  // With codes there is no scrypt to measure: the morning's sign-ins are judged by their own waits.
  const limitStudents = await seed(db, 2000, "limit", schoolIds);
  if (!CODES) await measureSignInLimit(client, server, limitStudents);
  if (process.env.ONLY_LIMITS === "sign-in") return;

  // The save path: 1,000 students with sessions and attempts, saving back to back.
  // Without a time limit: with one, the server's sweep closed and marked its 1,000 attempts (and their hundreds of
  // thousands of saves) 8–9 minutes into the lobby, the lobby's worst window in runs K, L and M.
  const limitExam = await makeExam(db, teacherId, schoolIds, "Limits", null);
  const savers = limitStudents.slice(0, 1000);
  for (const s of savers) {
    const [u] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, s.email));
    s.cookie = `qias_session=${(await createSession(db, u!.id, { ip: "127.0.0.1" })).token}`;
  }
  await runPool(savers, 64, async (s) => {
    const res = await client.request("POST", `/api/student/exams/${limitExam.examId}/attempt`, { cookie: s.cookie, "content-type": "application/json" }, "{}");
    s.attemptId = (JSON.parse(res.text) as { id: string }).id;
  });
  // Every round's saves are newer than everything before them, the app's and pgbench's alike.
  const seqOf = (round: number, pgbench: boolean) => (2 * round + (pgbench ? 2 : 1)) * 10_000_000;
  const pgbench = pgbenchSaves(savers, limitExam.questionIds, limitExam.options);
  let saveFailures = 0;
  const cpus: string[] = [];
  const saves = await paired(
    async (round) => {
      const cpu = cpuNow(server);
      const r = await saturate(LIMIT_SECONDS, SAVES_IN_FLIGHT, async (k) => {
        const s = savers[k % savers.length]!;
        const q = (k >> 10) % (QUESTIONS - 2);
        const body = JSON.stringify({ examId: limitExam.examId, selectedOptionId: limitExam.options[q]![k % 4]!.id, clientSeq: seqOf(round, false) + k + 1 });
        return (await client.request("PUT", `/api/attempts/${s.attemptId}/answers/${limitExam.questionIds[q]}`, { cookie: s.cookie, "content-type": "application/json" }, body)).status === 200;
      });
      cpus.push(cpuShare(cpu, cpuNow(server)).replace("CPU ", "").replace(" (of one core)", ""));
      saveFailures += r.failures;
      return r.rate;
    },
    (round) => pgbench.tps(seqOf(round, true)),
  );
  pgbench.drop();
  console.log(`saves     through the app / pgbench running the save's statement → ${saves.text(0.9)}${saveFailures ? ` — ${saveFailures} failed` : ""}`);
  console.log(`          CPU of one core while the app saved: ${cpus.join("; ")}`);

  // The cached student copy beside a bare Fastify route serving the same bytes.
  const paper = await client.request("GET", `/api/student/exams/${limitExam.examId}/paper`, { cookie: savers[0]!.cookie });
  const bytesFile = path.join(dataDir, "paper.json");
  fs.writeFileSync(bytesFile, paper.text);
  const barePort = PORT + 1;
  const bare = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import Fastify from "fastify"; import fs from "node:fs"; const body = fs.readFileSync(${JSON.stringify(bytesFile)});
       const app = Fastify({ logger: false }); app.get("/paper", (req, reply) => reply.header("content-type", "application/json; charset=utf-8").header("etag", '"v1"').send(body));
       await app.listen({ port: ${barePort}, host: "127.0.0.1" }); console.log("ready");`,
    ],
    { stdio: ["ignore", "pipe", "inherit"], cwd: process.cwd() },
  );
  await new Promise<void>((resolve) => bare.stdout!.once("data", () => resolve()));
  const papers = await paired(
    async () => wrkRate(`${base}/api/student/exams/${limitExam.examId}/paper`, [`cookie: ${savers[0]!.cookie}`]) ?? 0,
    () => wrkRate(`http://127.0.0.1:${barePort}/paper`),
  );
  bare.kill();
  console.log(`paper     through the app / a bare Fastify route with the same ${paper.text.length} bytes (wrk) → ${papers.text(0.5)}`);
}

// ---- the morning

async function main() {
  const started = Date.now();
  console.log(`bench:exam-day — ${STUDENTS} students, lobby ${LOBBY_MINUTES} min, exam ${EXAM_MINUTES} min (submitting over the last ${SUBMIT_MINUTES}, ${Math.round(AUTO_SHARE * 100)} % left to the clock), a save every ${SAVE_EVERY_SECONDS} s, ${QUESTIONS} questions, ${SCHOOLS} schools, WORKERS=${WORKERS}, ${os.cpus().length} cores`);
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
  const db = database.db;
  await prepareDatabase(db, { email: `bench-admin-${tag}@bench.local`, password: "bench-admin", name: "Bench" });
  const schoolIds = Array.from({ length: SCHOOLS }, (_, i) => `bench_${tag}_${i}`);
  await db.insert(schools).values(schoolIds.map((id, i) => ({ id, nameAr: `مدرسة القياس ${i + 1}`, nameEn: `Bench School ${i + 1}` })));
  const hash = await hashPassword(PASSWORD);
  const [teacher] = await db.insert(authUsers).values({ email: `t-${tag}@bench.local`, passwordHash: hash }).returning();
  await db.insert(profiles).values({ id: teacher!.id, email: `t-${tag}@bench.local`, username: `t-${tag}`, name: "Teacher", role: "teacher", schoolId: schoolIds[0]! });
  const exam = await makeExam(db, teacher!.id, schoolIds, "Morning");
  const students = await seed(db, STUDENTS, "s", schoolIds);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // PROFILE=dir writes a CPU profile of the server (node --cpu-prof) into dir when it stops.
  const profile = process.env.PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
  const server = spawn(process.execPath, [...profile, "--import", "tsx", "src/server/index.ts"], {
    env: { ...process.env, WORKERS, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", TRUST_PROXY: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const client = new LeanHttpClient(PORT, CONNECTIONS);
  // Sign-ins wait for scrypt, seconds at the lobby's peak; each student has a device of their own, so their other
  // requests must not queue in this client behind other students' sign-ins: sign-ins get connections of their own.
  const signInClient = new LeanHttpClient(PORT, SIGN_IN_CONNECTIONS);
  try {
    await waitForServer(base);
    if (LIMITS) await measureLimits(db, client, server, teacher!.id, schoolIds);
    // Without the limits, the lobby is still judged against what the cores compute this hour.
    else if (SIGN_IN && !CODES) console.log(`raw scrypt (${scryptEngine}) ${(await scryptRate(10)).toFixed(0)}/s; the lobby offers ${(STUDENTS / (LOBBY_MINUTES * 60 - 5)).toFixed(0)}/s`);
    if (process.env.ONLY_LIMITS) return;

    if (!SIGN_IN) {
      await runPool(students, 8, async (s) => {
        s.cookie = `qias_session=${(await createSession(db, s.id, { ip: s.address })).token}`;
      });
      console.log("SIGN_IN=0: sessions made beforehand, no sign-in in the lobby");
    }
    // The sitting starts once the lobby has run its length.
    const lobbyMs = LOBBY_MINUTES * 60_000;
    const startsAt = Date.now() + lobbyMs + 5_000;
    const sittingId = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(sittings)
        .values({ examId: exam.examId, startsAt: new Date(startsAt), entryClosesAt: new Date(startsAt + 5 * 60_000), endsAt: new Date(startsAt + (EXAM_MINUTES + 5) * 60_000) })
        .returning({ id: sittings.id });
      await tx.update(exams).set({ updatedAt: new Date() }).where(eq(exams.id, exam.examId));
      return made!.id;
    });
    // SIGN_IN=codes: each student's printed ticket, as the tickets page makes them at its first print.
    const codes = new Map<string, string>();
    if (CODES) {
      const secret = await getSecret(db, SITTING_CODE_SECRET);
      for (let i = 0; i < students.length; i += 1000) {
        const batch = students.slice(i, i + 1000).map((s) => ({ s, code: ticketCode(secret, sittingId, s.id, 1) }));
        await db.insert(sittingTickets).values(batch.map(({ s, code }) => ({ sittingId, studentId: s.id, issue: 1, lookup: ticketLookup(code) })));
        for (const { s, code } of batch) codes.set(s.id, formatSittingCode(code));
      }
      console.log(`SIGN_IN=codes: ${codes.size} tickets printed; each student types their code`);
    }
    // The server trusts its copy until a change is announced (paper.ts): this one is made behind its back.
    await examsChanged(db, [exam.examId]);
    const json = { "content-type": "application/json" };

    // 1. the lobby: arrivals spread evenly, everyone in 5 s before the start.
    console.log(`\n== 1. lobby (${LOBBY_MINUTES} min)`);
    const signIn = new Latencies();
    const lobby = new Latencies();
    const arrivals = new Timeline<TStudent>();
    const t0 = Date.now();
    for (const s of students) arrivals.push(t0 + Math.random() * (lobbyMs - 5_000), s);
    let cpu = cpuNow(server);
    const signInWindows = SIGN_IN ? new Windows(t0, server) : null;
    // QTI_BESIDE: imports by the teacher through the lobby's second half; each wait is also counted by whether one was under way.
    const beside = QTI_BESIDE ? importsBeside(QTI_BESIDE, base, `qias_session=${(await createSession(db, teacher!.id, { ip: "10.250.0.1" })).token}`, "social", t0 + lobbyMs / 2, t0 + lobbyMs - 5_000) : null;
    const split = { signIn: [new Latencies(), new Latencies()], lobby: [new Latencies(), new Latencies()] };
    await runTimeline(arrivals, (s, due) => {
      void (async () => {
        const during = beside?.importing() ? 1 : 0;
        if (SIGN_IN) {
          const res = CODES
            ? await signInClient.request("POST", "/api/auth/sitting-code", { ...json, "x-forwarded-for": s.address }, JSON.stringify({ code: codes.get(s.id) }))
            : await signInClient.request("POST", "/api/auth/login", { ...json, "x-forwarded-for": s.address }, JSON.stringify({ email: s.email, password: PASSWORD, loginType: "student" }));
          signIn.add(Date.now() - due, res.status === 200, res);
          split.signIn[during]!.add(Date.now() - due, res.status === 200, res);
          signInWindows?.add(due, Date.now() - due);
          if (res.status !== 200) return;
          s.cookie = /set-cookie:\s*(qias_session=[^;]+)/i.exec(res.head)?.[1] ?? "";
        } else signIn.add(0, true);
        const lobbyDue = Date.now();
        const l = await client.request("POST", `/api/student/exams/${exam.examId}/lobby`, { ...json, cookie: s.cookie }, "{}");
        lobby.add(Date.now() - lobbyDue, l.status === 200, l);
        split.lobby[during]!.add(Date.now() - lobbyDue, l.status === 200, l);
      })();
    });
    while (Date.now() < startsAt) await new Promise((r) => setTimeout(r, 50));
    const stillWaiting = students.length - signIn.ms.length;
    console.log(`sign-in   ${signIn.summary(lobbyMs / 1000)} (target: none waits over 2 s)${stillWaiting ? ` — ${stillWaiting} STILL WAITING at the start` : ""}`);
    console.log(`lobby     ${lobby.summary()}`);
    console.log(cpuShare(cpu, cpuNow(server)));
    signInWindows?.print("sign-ins");
    if (beside) {
      for (const r of await beside.done) console.log(`  import  ${r}`);
      console.log(`sign-in, no import under way  ${split.signIn[0]!.summary()}\nsign-in, an import under way  ${split.signIn[1]!.summary()}`);
      console.log(`lobby,   no import under way  ${split.lobby[0]!.summary()}\nlobby,   an import under way  ${split.lobby[1]!.summary()}`);
    }

    // 2. the start: each asks within 2 s of the start (LOBBY_SPREAD_MS), then starts; "not yet" is asked again.
    console.log("\n== 2. start");
    const toPaper = new Latencies();
    const paper = new Latencies();
    const attempt = new Latencies();
    cpu = cpuNow(server);
    const startT = Date.now();
    const present = students.filter((s) => s.cookie);
    await Promise.all(
      present.map(async (s) => {
        await new Promise((r) => setTimeout(r, Math.max(0, startsAt + Math.random() * 2000 - Date.now())));
        for (;;) {
          const due = Date.now();
          const p = await client.request("GET", `/api/student/exams/${exam.examId}/paper`, { cookie: s.cookie });
          paper.add(Date.now() - due, p.status === 200, p);
          if (p.status === 200) break;
          await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        }
        const due = Date.now();
        const a = await client.request("POST", `/api/student/exams/${exam.examId}/attempt`, { ...json, cookie: s.cookie }, "{}");
        attempt.add(Date.now() - due, a.status === 200, a);
        if (a.status !== 200) return;
        const state = JSON.parse(a.text) as { id: string; deadlineAt: string };
        s.attemptId = state.id;
        s.deadline = new Date(state.deadlineAt).getTime();
        toPaper.add(Date.now() - startsAt, true);
      }),
    );
    const startSecs = (Date.now() - startT) / 1000;
    console.log(`paper     ${paper.summary()}`);
    console.log(`start     ${attempt.summary()}`);
    console.log(`the start to paper and attempt in hand: ${toPaper.summary()} — all ${present.length} in ${startSecs.toFixed(1)} s (target ≤ 10 s)`);
    console.log(cpuShare(cpu, cpuNow(server)));

    // 3. the exam: saves at random about every SAVE_EVERY_SECONDS; submissions in the last minutes.
    console.log(`\n== 3. exam (${EXAM_MINUTES} min)`);
    type TEvent = { s: TStudent; kind: "save" | "submit" };
    const events = new Timeline<TEvent>();
    const sitting = present.filter((s) => s.attemptId);
    const auto = new Set(sitting.filter(() => Math.random() < AUTO_SHARE));
    const stopAt = new Map<TStudent, number>();
    const examT0 = Date.now();
    for (const s of sitting) {
      const end = s.deadline - (auto.has(s) ? Math.random() * 60_000 : Math.random() * SUBMIT_MINUTES * 60_000);
      stopAt.set(s, end);
      events.push(examT0 + Math.random() * 2 * SAVE_EVERY_SECONDS * 1000, { s, kind: "save" });
      if (!auto.has(s)) events.push(end, { s, kind: "submit" });
    }
    const saves = new Latencies();
    const submits = new Latencies();
    cpu = cpuNow(server);
    const windows = new Windows(examT0, server);
    await runTimeline(events, ({ s, kind }, due) => {
      if (s.submitted) return;
      if (kind === "submit") {
        s.submitted = true;
        void Promise.all(s.inFlight)
          .then(() => client.request("POST", `/api/attempts/${s.attemptId}/submit`, { ...json, cookie: s.cookie }, "{}"))
          .then((r) => submits.add(Date.now() - due, r.status === 200, r));
        return;
      }
      const next = due + (0.5 + Math.random()) * SAVE_EVERY_SECONDS * 1000;
      if (next < stopAt.get(s)!) events.push(next, { s, kind: "save" });
      const q = Math.floor(Math.random() * QUESTIONS);
      const seq = (s.seq.get(q) ?? 0) + 1;
      s.seq.set(q, seq);
      const choice = exam.options[q]!.length ? Math.floor(Math.random() * 4) : Math.random() < 0.5 ? "مفعول به" : "فاعل";
      const body = typeof choice === "number" ? { examId: exam.examId, selectedOptionId: exam.options[q]![choice]!.id, clientSeq: seq } : { examId: exam.examId, answerText: choice, clientSeq: seq };
      const sent = client.request("PUT", `/api/attempts/${s.attemptId}/answers/${exam.questionIds[q]}`, { ...json, cookie: s.cookie }, JSON.stringify(body));
      s.inFlight.add(sent);
      void sent.finally(() => s.inFlight.delete(sent));
      void sent.then((r: TResponse) => {
        const ms = Date.now() - due;
        saves.add(ms, r.status === 200, r);
        windows.add(due, ms);
        // What the server acknowledged is what must be found; a later save may arrive first, so keep the highest.
        if (r.status === 200 && seq >= (s.answers.get(q)?.seq ?? 0)) s.answers.set(q, { seq });
      });
    });
    const examSecs = (Date.now() - examT0) / 1000;
    console.log(`saves     ${saves.summary(examSecs)} (target p99 < 150 ms)`);
    console.log(`submit    ${submits.summary()}`);
    console.log(cpuShare(cpu, cpuNow(server)));
    windows.print("saves");

    // 4. the close: the clock's share is submitted by the sweep; every attempt ends submitted and marked.
    console.log("\n== 4. close");
    const lastDeadline = Math.max(...sitting.map((s) => s.deadline));
    const ids = sitting.map((s) => s.attemptId);
    const open = async () => {
      let n = 0;
      for (let i = 0; i < ids.length; i += 5000) {
        const [c] = await db.select({ n: count() }).from(studentExams).where(and(inArray(studentExams.id, ids.slice(i, i + 5000)), eq(studentExams.status, "in_progress")));
        n += c?.n ?? 0;
      }
      return n;
    };
    while ((await open()) > 0 && Date.now() < lastDeadline + 180_000) await new Promise((r) => setTimeout(r, 1000));
    const closedAfter = (Date.now() - lastDeadline) / 1000;
    const [late] = rowsOf<{ max: number | null; auto: number }>(
      await db.execute(sql`select max(extract(epoch from e.at - se.deadline_at))::float as max, count(*)::int as auto
        from attempt_events e join ${studentExams} se on se.exam_id = e.exam_id and se.student_id = e.student_id
        where e.exam_id = ${exam.examId} and e.kind = 'auto_submitted'`),
    );
    console.log(`every attempt closed ${closedAfter.toFixed(0)} s after the last deadline; ${late?.auto ?? 0} of ${auto.size} left to the clock closed by the server, the latest ${late?.max?.toFixed(0) ?? "–"} s after its deadline (target ≤ 60 s)`);

    // Every acknowledged answer is there with its last value; every score is what those answers deserve.
    const byAttempt = new Map(sitting.map((s) => [s.attemptId, s]));
    const questionIndex = new Map(exam.questionIds.map((id, i) => [id, i]));
    const optionIndex = new Map(exam.options.flatMap((opts) => opts.map((o, k) => [o.id, k] as const)));
    let expected = 0;
    let found = 0;
    let lost = 0;
    let wrongScores = 0;
    let notMarked = 0;
    for (let i = 0; i < ids.length; i += 2000) {
      const chunk = ids.slice(i, i + 2000);
      const rows = await db.select().from(studentAnswers).where(inArray(studentAnswers.studentExamId, chunk));
      const got = new Map(rows.map((r) => [`${r.studentExamId}:${questionIndex.get(r.questionId)}`, r]));
      const attempts = await db.select({ id: studentExams.id, status: studentExams.status, score: studentExams.score }).from(studentExams).where(inArray(studentExams.id, chunk));
      for (const a of attempts) {
        const s = byAttempt.get(a.id)!;
        let score = 0;
        // A short answer other than the model answer waits for a teacher (decision 0005): the attempt is then
        // submitted but not yet graded.
        let forTeacher = false;
        for (const [q, { seq }] of s.answers) {
          expected++;
          const row = got.get(`${a.id}:${q}`);
          const stored = row ? (row.selectedOptionId ? optionIndex.get(row.selectedOptionId) : row.answerText) : undefined;
          if (row && row.clientSeq >= seq) found++;
          if (!row || row.clientSeq < seq) lost++;
          if (stored === 0 || stored === "مفعول به") score++;
          if (typeof stored === "string" && stored !== "مفعول به") forTeacher = true;
        }
        if (a.status !== (forTeacher ? "completed" : "graded")) notMarked++;
        else if (!forTeacher && Number(a.score) !== score) wrongScores++;
      }
    }
    console.log(`answers   ${found} of ${expected} acknowledged found with their last value; ${lost} lost; ${notMarked} attempts not graded (or not awaiting a teacher) as their answers call for; ${wrongScores} scores wrong`);
    const ok = lost === 0 && notMarked === 0 && wrongScores === 0 && signIn.failures === 0 && saves.failures === 0;
    console.log(ok ? "OK: nothing lost, everything marked" : "PROBLEM: see above");
    if (!ok) process.exitCode = 1;

    const [stats] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select n_live_tup, n_dead_tup, autovacuum_count, autoanalyze_count, last_autoanalyze from pg_stat_user_tables where relname = 'student_answers'`),
    );
    console.log(`student_answers: ${JSON.stringify(stats)}`);
    console.log(`whole run ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    client.close();
    signInClient.close();
    if (server.exitCode === null) server.kill("SIGTERM");
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
