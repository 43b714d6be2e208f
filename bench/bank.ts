// The item bank at 50,000 items on PostgreSQL (issue 34; docs/decisions/0039): the bank's search and the assembly of
// parallel forms from it.
//
// The bank: 15,000 system items and 1,750 of each of 20 schools, in the three subjects, grades 1–12 (some none),
// five types, skills, 4 % retired, 5 % at a second version; Arabic and English texts drawn from the demo's
// questions (a third of the Arabic with diacritics). Among them 5,000 Arabic grade-8 items (3,500 system, 1,500 of
// school 1), with exposure and facility from 125 exams of school 1 (40 students each) and 10 of school 2: the
// candidates of the assembly.
//
// Searches, through the bank's own service (searchBank: the page's query, then the uses and statistics of its
// items), as a teacher of school 1 and as a super_admin: p50/p95 of RUNS runs. Beside each, in the same run: the
// page's query bare (EXPLAIN ANALYZE's execution time, median of 5), the same with the trigram index switched off
// (bitmap scans off, so a sequential scan), and the floor: a `select 1` round trip.
// Then the assembly: 4 forms × 40 items from the 5,000 candidates read from the bank (the candidates' load and the
// solve timed apart; target under 5 s).
//
//   DATABASE_URL=postgres://qias_ci:qias_ci@127.0.0.1:5432/qias_bank_bench npm run bench:bank
//   REBUILD=1 …          # drop the bench's bank and build it again (otherwise a bank already there is measured)
//   RUNS=50 …            # runs per search (default 30)
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { and, eq, isNull, like, or, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { seedReferenceData } from "../src/server/bootstrap";
import { authUsers, bankItems, bankItemVersions, examSchools, exams, profiles, questions, schools, studentAnswers, studentExams } from "../src/server/db/schema";
import { SKILL_CATALOGUE } from "../src/shared/content/skills";
import { SUBJECTS } from "../src/shared/subjects";
import { searchTextOf } from "../src/server/modules/bank/content";
import { addBankItems, bankSearchQuery, FACILITY, searchBank, seenRows } from "../src/server/modules/bank/bank.service";
import { assembleInThread, type TCandidate } from "../src/server/modules/bank/assemble";
import { parseThreadPriority } from "../src/server/parse-pool";
import { EXAMS } from "../src/server/demo-data";
import { ZBankQuery, type TItemContent } from "../src/shared/schemas/bank";
import { ZBlueprint } from "../src/shared/schemas/blueprint";
import type { TQuestionType } from "../src/shared/schemas/exam";
import type { TSessionUser } from "../src/shared/permissions";
import { pct } from "./common";

const URL = process.env.DATABASE_URL;
if (!URL) {
  console.log("bench:bank measures the bank on PostgreSQL: set DATABASE_URL (a database of its own, e.g. postgres://qias_ci:qias_ci@127.0.0.1:5432/qias_bank_bench). Nothing done.");
  process.exit(0);
}
const RUNS = Number(process.env.RUNS ?? 30);
const SYSTEM_ITEMS = 15_000;
const SCHOOLS = 20;
const PER_SCHOOL = 1_750;
const BLOCK_SYSTEM = 3_500;
const BLOCK_SCHOOL = 1_500;
const EXAMS_SCHOOL1 = 125;
const EXAMS_SCHOOL2 = 10;
const SITTERS = 40;
const COHORT = 400;
const TARGET_SECONDS = 5;
const TAG = "bankbench";
const schoolId = (k: number) => `${TAG}_${String(k).padStart(2, "0")}`;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(34);
const any = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

// ---- the demo's words, both languages
const demoAr: string[] = [];
const demoEn: string[] = [];
for (const list of Object.values(EXAMS))
  for (const exam of list)
    for (const q of exam.questions) {
      demoAr.push(q.ar, ...(q.options ?? []).map((o) => o.ar));
      demoEn.push(q.en, ...(q.options ?? []).map((o) => o.en));
    }
const wordsOf = (xs: string[]) => [...new Set(xs.join(" ").split(/[\s«»"“”،؟?.,:;()!—]+/).filter((w) => w.length > 1))];
// Diacritics stripped, so that they are added on purpose below (a third of the items).
const AR = wordsOf(demoAr).map((w) => w.replace(/[\u064B-\u0652]/g, ""));
const EN = wordsOf(demoEn);
const HARAKAT = ["\u064E", "\u064F", "\u0650", "\u0652", "\u064B", "\u0651\u064E"];
const voweled = (w: string) => [...w].map((ch, i) => (i > 0 && /[\u0621-\u064A]/.test(ch) && rnd() < 0.5 ? ch + any(HARAKAT) : ch)).join("");
const arText = (n: number, marks: boolean) => Array.from({ length: n }, () => (marks ? voweled(any(AR)) : any(AR))).join(" ");
const enText = (n: number) => Array.from({ length: n }, () => any(EN)).join(" ");

const TYPES: [TQuestionType, number, number[]][] = [["multiple_choice", 0.6, [1, 1, 2]], ["true_false", 0.15, [1]], ["short_answer", 0.13, [2, 3]], ["essay", 0.06, [4, 5, 6]], ["matching", 0.06, [2, 4]]];
const pickType = () => {
  let r = rnd();
  for (const row of TYPES) if ((r -= row[1]) < 0) return row;
  return TYPES[0]!;
};
const skillsOf = new Map(SUBJECTS.map((s) => [s.id, SKILL_CATALOGUE.filter((k) => k.subjectId === s.id).map((k) => k.id)]));

function contentFor(type: TQuestionType, points: number, skillId: string | null, marks: boolean): TItemContent {
  const n = () => 3 + Math.floor(rnd() * 4);
  const option = (isCorrect: boolean) => ({ optionTextAr: arText(n() - 2, marks), optionTextEn: enText(n() - 2), optionDocAr: null, optionDocEn: null, image: null, isCorrect });
  const options = type === "multiple_choice" ? [0, 1, 2, 3].map((k) => option(k === 0)) : type === "true_false" ? [option(true), option(false)] : [];
  return {
    type,
    questionTextAr: arText(8 + Math.floor(rnd() * 8), marks),
    questionTextEn: enText(8 + Math.floor(rnd() * 8)),
    questionDocAr: null,
    questionDocEn: null,
    image: null,
    audio: null,
    points,
    correctAnswerText: type === "short_answer" ? arText(2, false) : null,
    matchingPairs: type === "matching" ? [0, 1, 2].map(() => ({ premise_ar: arText(2, marks), premise_en: enText(2), response_ar: arText(2, marks), response_en: enText(2), premiseImage: null, responseImage: null })) : [],
    skillId,
    options,
    passage: null,
  };
}

const database = await openDatabase({ databaseUrl: URL, dataDir: null, poolSize: 10 });
const db = database.db;
const bare = new pg.Pool({ connectionString: URL, max: 2 });
await seedReferenceData(db);

type TActors = { teacher: TSessionUser; teacher2: TSessionUser; admin: TSessionUser };
async function actors(): Promise<TActors | null> {
  const rows = await db.select().from(profiles).where(like(profiles.email, `%@${TAG}.local`));
  const by = (u: string) => rows.find((r) => r.username === u);
  const t1 = by(`${TAG}-t01`);
  const t2 = by(`${TAG}-t02`);
  const a = by(`${TAG}-admin`);
  if (!t1 || !t2 || !a) return null;
  const actor = (p: typeof t1): TSessionUser => ({ id: p.id, username: p.username, email: p.email, role: p.role, schoolId: p.schoolId, name: p.name, grade: null });
  return { teacher: actor(t1), teacher2: actor(t2), admin: actor(a) };
}

async function account(email: string, username: string, name: string, role: TSessionUser["role"], school: string | null, grade: number | null = null) {
  const [u] = await db.insert(authUsers).values({ email, passwordHash: "bench: no sign-in" }).returning({ id: authUsers.id });
  await db.insert(profiles).values({ id: u!.id, email, username, name, role, schoolId: school, grade });
  return u!.id;
}

/** Drops what an earlier run of this bench made (its schools' rows and the system items its admin wrote). */
async function dropBench() {
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from ${profiles} where email like ${`%@${TAG}.local`}`)).map((r) => r.id);
  if (!ids.length) return;
  const idList = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  await db.execute(sql`delete from ${exams} where creator_id in (${idList})`);
  await db.execute(sql`delete from ${bankItems} where created_by_id in (${idList}) or school_id like ${`${TAG}_%`}`);
  await db.execute(sql`delete from ${profiles} where id in (${idList})`);
  await db.execute(sql`delete from ${authUsers} where id in (${idList})`);
  await db.execute(sql`delete from ${schools} where id like ${`${TAG}_%`}`);
}

async function build(): Promise<TActors> {
  const started = performance.now();
  await dropBench();
  await db.insert(schools).values(Array.from({ length: SCHOOLS }, (_, k) => ({ id: schoolId(k + 1), nameAr: `مدرسة القياس ${k + 1}`, nameEn: `Bench School ${k + 1}` })));
  const adminId = await account(`admin@${TAG}.local`, `${TAG}-admin`, "Bench Admin", "super_admin", null);
  const teacherIds: string[] = [];
  for (let k = 1; k <= SCHOOLS; k++) teacherIds.push(await account(`t${k}@${TAG}.local`, `${TAG}-t${String(k).padStart(2, "0")}`, `Bench Teacher ${k}`, "teacher", schoolId(k)));

  // ---- 50,000 items, 1,000 a statement
  const now = Date.now();
  const DAY = 86_400_000;
  const block: { id: string; school: number }[] = [];
  const total = SYSTEM_ITEMS + SCHOOLS * PER_SCHOOL;
  for (let start = 0; start < total; start += 1000) {
    const items: (typeof bankItems.$inferInsert)[] = [];
    const versions: (typeof bankItemVersions.$inferInsert)[] = [];
    for (let i = start; i < Math.min(total, start + 1000); i++) {
      const school = i < SYSTEM_ITEMS ? 0 : 1 + ((i - SYSTEM_ITEMS) % SCHOOLS);
      const seq = i < SYSTEM_ITEMS ? i : Math.floor((i - SYSTEM_ITEMS) / SCHOOLS);
      const inBlock = (school === 0 && seq < BLOCK_SYSTEM) || (school === 1 && seq < BLOCK_SCHOOL);
      const subjectId = inBlock ? "arabic" : any(SUBJECTS).id;
      const grade = inBlock ? 8 : rnd() < 0.1 ? null : 1 + Math.floor(rnd() * 12);
      const [type, , pointsOf] = pickType();
      const points = any(pointsOf);
      const skills = skillsOf.get(subjectId)!;
      const skillId = inBlock || rnd() > 0.1 ? any(skills) : null;
      const marks = rnd() < 1 / 3;
      const two = rnd() < 0.05;
      const id = randomUUID();
      const updatedAt = new Date(now - Math.floor(rnd() * 730 * DAY));
      const createdAt = new Date(updatedAt.getTime() - Math.floor(rnd() * 200 * DAY));
      const content = contentFor(type, points, skillId, marks);
      const createdById = school === 0 ? adminId : teacherIds[school - 1]!;
      items.push({
        id,
        schoolId: school === 0 ? null : schoolId(school),
        subjectId,
        grade,
        createdById,
        currentVersion: two ? 2 : 1,
        retiredAt: !inBlock && rnd() < 0.04 ? updatedAt : null,
        type,
        skillId,
        searchText: searchTextOf(content),
        createdAt,
        updatedAt,
      });
      if (two) versions.push({ itemId: id, version: 1, content: contentFor(type, points, skillId, marks), createdById, createdAt });
      versions.push({ itemId: id, version: two ? 2 : 1, content, createdById, createdAt: updatedAt });
      if (inBlock) block.push({ id, school });
    }
    await db.insert(bankItems).values(items);
    await db.insert(bankItemVersions).values(versions);
  }
  const itemsSeconds = (performance.now() - started) / 1000;

  // ---- uses: exams of school 1 (and a few of school 2, over system items), each sat by SITTERS students
  const t1 = (await actors())!;
  const usesStarted = performance.now();
  const students = async (k: number, n: number) => {
    const ids: string[] = [];
    for (let s = 0; s < n; s += 200) {
      const accounts = await db
        .insert(authUsers)
        .values(Array.from({ length: Math.min(200, n - s) }, (_, j) => ({ email: `s${k}-${s + j}@${TAG}.local`, passwordHash: "bench: no sign-in" })))
        .returning({ id: authUsers.id, email: authUsers.email });
      await db.insert(profiles).values(accounts.map((a) => ({ id: a.id, email: a.email, username: a.email.split("@")[0]!.replace("s", `${TAG}-s`), name: `طالب ${a.email}`, role: "student" as const, schoolId: schoolId(k), grade: 8 })));
      ids.push(...accounts.map((a) => a.id));
    }
    return ids;
  };
  const difficulty = new Map(block.map((b) => [b.id, 0.25 + 0.7 * rnd()]));
  const sit = async (actor: TSessionUser, k: number, count: number, pool: string[], cohort: string[]) => {
    for (let e = 0; e < count; e++) {
      const [exam] = await db
        .insert(exams)
        .values({ titleAr: `اختبار القياس ${k}-${e + 1}`, titleEn: `Bench exam ${k}-${e + 1}`, subjectId: "arabic", status: "published", creatorId: actor.id })
        .returning({ id: exams.id });
      await db.insert(examSchools).values({ examId: exam!.id, schoolId: schoolId(k) });
      const picked = new Set<string>();
      while (picked.size < 40) picked.add(any(pool));
      await addBankItems(db, actor, exam!.id, [...picked]);
      const rows = await db
        .select({ id: questions.id, points: questions.points, itemId: bankItemVersions.itemId })
        .from(questions)
        .innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId))
        .where(eq(questions.examId, exam!.id));
      const sitters = new Set<string>();
      while (sitters.size < SITTERS) sitters.add(any(cohort));
      const attempts = await db
        .insert(studentExams)
        .values([...sitters].map((studentId) => ({ studentId, examId: exam!.id, status: "graded" as const, completedAt: new Date(), grade: 8, totalPossibleScore: rows.reduce((s, r) => s + r.points, 0) })))
        .returning({ id: studentExams.id, studentId: studentExams.studentId });
      await db.insert(studentAnswers).values(
        attempts.flatMap((a) =>
          rows.map((q) => {
            const right = rnd() < (difficulty.get(q.itemId) ?? 0.6);
            return { studentExamId: a.id, questionId: q.id, studentId: a.studentId, isCorrect: right, score: right ? q.points : 0 };
          }),
        ),
      );
    }
  };
  const school1Pool = block.map((b) => b.id);
  const systemPool = block.filter((b) => b.school === 0).map((b) => b.id);
  await sit(t1.teacher, 1, EXAMS_SCHOOL1, school1Pool, await students(1, COHORT));
  await sit(t1.teacher2, 2, EXAMS_SCHOOL2, systemPool, await students(2, 200));
  await db.execute(sql`analyze`);
  console.log(`built: ${total} items in ${itemsSeconds.toFixed(0)} s; ${EXAMS_SCHOOL1 + EXAMS_SCHOOL2} exams sat by ${SITTERS} students each in ${((performance.now() - usesStarted) / 1000).toFixed(0)} s`);
  return t1;
}

const existing = await db.select({ n: sql<number>`count(*)::int` }).from(bankItems).where(like(bankItems.schoolId, `${TAG}_%`));
const who = process.env.REBUILD || !existing[0]?.n ? await build() : (await actors())!;
const { teacher, admin } = who;
const [counts] = rowsOf<{ items: number; system: number; retired: number; versions: number }>(
  await db.execute(
    sql`select count(*)::int as items, count(*) filter (where school_id is null)::int as system, count(*) filter (where retired_at is not null)::int as retired, (select count(*)::int from ${bankItemVersions}) as versions from ${bankItems}`,
  ),
);
console.log(`PostgreSQL bank: ${counts!.items} items (${counts!.system} system, ${counts!.retired} retired), ${counts!.versions} versions; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);

// ---- the floor: a round trip
const floor: number[] = [];
for (let r = 0; r < 200; r++) {
  const t = performance.now();
  await bare.query("select 1");
  floor.push(performance.now() - t);
}
floor.sort((a, b) => a - b);

// ---- searches
type TCase = { name: string; actor: TSessionUser; query: Record<string, string> };
const CASES: TCase[] = [
  { name: "teacher: first page, no text", actor: teacher, query: {} },
  { name: "teacher: «الوفاء»", actor: teacher, query: { q: "الوفاء" } },
  { name: "teacher: «الوَفاءُ» (diacritics)", actor: teacher, query: { q: "الوَفاءُ" } },
  { name: "teacher: «synonym»", actor: teacher, query: { q: "synonym" } },
  { name: "teacher: «الوفاء» + subject, grade, type", actor: teacher, query: { q: "الوفاء", subjectId: "arabic", grade: "8", type: "multiple_choice" } },
  { name: "teacher: «الوفاء», page 5", actor: teacher, query: { q: "الوفاء", page: "5" } },
  { name: "teacher: «الإخلاص الغضب» (rare)", actor: teacher, query: { q: "الإخلاص الغضب" } },
  { name: "teacher: «في» (2 letters)", actor: teacher, query: { q: "في" } },
  { name: "teacher: skill + never used", actor: teacher, query: { skillId: "arabic.grammar", neverUsed: "true" } },
  { name: "teacher: facility ≥ 0.5", actor: teacher, query: { facilityMin: "0.5" } },
  { name: "admin: first page, no text", actor: admin, query: {} },
  { name: "admin: «الوفاء»", actor: admin, query: { q: "الوفاء" } },
  { name: "admin: «friend», retired too", actor: admin, query: { q: "friend", includeRetired: "true" } },
];

const explainMs = async (text: string, params: unknown[], indexOff: boolean) => {
  const client = await bare.connect();
  try {
    await client.query("begin");
    if (indexOff) await client.query("set local enable_bitmapscan = off");
    const { rows } = await client.query(`explain (analyze, format json) ${text}`, params);
    await client.query("rollback");
    return (rows[0]["QUERY PLAN"] as { "Execution Time": number }[])[0]!["Execution Time"];
  } finally {
    client.release();
  }
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)).padStart(7);

console.log(`\nsearch (searchBank: the page's query, then its items' uses and statistics), ${RUNS} runs each; floor: select 1 round trip p50 ${floor[floor.length >> 1]!.toFixed(2)} ms`);
console.log(`${"case".padEnd(46)} ${"found".padStart(6)}   p50 ms  p95 ms   bare ms  no-index ms`);
for (const c of CASES) {
  const query = ZBankQuery.parse(c.query);
  let found = 0;
  for (let w = 0; w < 2; w++) found = (await searchBank(db, c.actor, query)).total;
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    await searchBank(db, c.actor, query);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const { sql: text, params } = bankSearchQuery(db, c.actor, query).toSQL();
  const bareTimes: number[] = [];
  for (let r = 0; r < 5; r++) bareTimes.push(await explainMs(text, params, false));
  const noIndex = query.q ? median([await explainMs(text, params, true), await explainMs(text, params, true), await explainMs(text, params, true)]) : null;
  console.log(`${c.name.padEnd(46)} ${String(found).padStart(6)}  ${f(pct(times, 50))} ${f(pct(times, 95))}  ${f(median(bareTimes))}  ${noIndex === null ? "      —" : f(noIndex)}`);
}

// ---- the assembly: 5,000 Arabic grade-8 candidates the teacher may use, from the bank
const loadStarted = performance.now();
const visible = and(or(isNull(bankItems.schoolId), eq(bankItems.schoolId, teacher.schoolId!)), isNull(bankItems.retiredAt), eq(bankItems.subjectId, "arabic"), eq(bankItems.grade, 8));
const rows = await db
  .select({ id: bankItems.id, type: bankItems.type, skillId: bankItems.skillId, grade: bankItems.grade, points: sql<number>`(${bankItemVersions.content}->>'points')::int` })
  .from(bankItems)
  .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
  .where(visible);
const ids = sql`select id from ${bankItems} where ${visible}`;
const stats = rowsOf<{ item_id: string; seen_by: number; facility: number | null }>(
  await db.execute(sql`with seen as (${seenRows(ids)}) select item_id, count(distinct student_id)::int as seen_by, ${FACILITY} as facility from seen group by item_id`),
);
const [cohort] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${profiles} where school_id = ${teacher.schoolId} and role = 'student' and grade = 8`));
const statOf = new Map(stats.map((s) => [s.item_id, s]));
const candidates: TCandidate[] = rows
  .filter((r) => r.skillId)
  .map((r) => {
    const s = statOf.get(r.id);
    return { id: r.id, skillId: r.skillId!, type: r.type, points: Number(r.points), grade: r.grade, facility: s?.facility == null ? null : Number(s.facility), irt: null, exposure: s ? s.seen_by / cohort!.n : 0 };
  });
const loadSeconds = (performance.now() - loadStarted) / 1000;

const PARTS = [
  { skillId: "arabic.reading", type: "multiple_choice", items: 8 },
  { skillId: "arabic.reading", type: "short_answer", items: 2 },
  { skillId: "arabic.grammar", type: "multiple_choice", items: 6 },
  { skillId: "arabic.grammar", type: "true_false", items: 2 },
  { skillId: "arabic.vocabulary", items: 6 },
  { skillId: "arabic.morphology", items: 4 },
  { skillId: "arabic.spelling", items: 4 },
  { skillId: "arabic.rhetoric", items: 4 },
  { skillId: "arabic.writing", type: "essay", items: 1 },
  { skillId: "arabic.writing", type: "short_answer", items: 3 },
] as const;
const anchors = ["arabic.reading", "arabic.grammar", "arabic.vocabulary", "arabic.spelling"].map((s) => candidates.find((c) => c.skillId === s && c.type === "multiple_choice" && c.facility !== null && c.exposure <= 0.5)!.id);
const blueprint = ZBlueprint.parse({ grade: 8, durationMinutes: 60, forms: 4, parts: PARTS, anchors, maxOverlap: 0.2, maxExposure: 0.5, difficulty: { by: "facility", tolerance: 0.01 } });
const withFacility = candidates.filter((c) => c.facility !== null).length;
const solveStarted = performance.now();
const cpuBefore = process.cpuUsage(); // every thread of the process: the parse thread solves, this one waits
const result = await assembleInThread({ blueprint, candidates });
const cpu = process.cpuUsage(cpuBefore);
const solveSeconds = (performance.now() - solveStarted) / 1000;
console.log(`\nassembly: 4 forms × 40 items (4 anchors, overlap ≤ 20 %, exposure ≤ 50 %, matched by facility ± 0.01), target ${TARGET_SECONDS} s`);
console.log(`  candidates read from the bank: ${candidates.length} (${withFacility} with a facility; cohort ${cohort!.n}) in ${loadSeconds.toFixed(2)} s`);
console.log(
  `  solved in a parse thread (${parseThreadPriority.value ?? "priority unknown"} priority): ${solveSeconds.toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (the solver's own ${result.seconds.toFixed(2)} s), ${result.status}${result.status === "assembled" ? `${result.optimal ? " (optimal)" : " (time up)"}, mean facility ${Math.min(...result.forms.map((x) => x.meanFacility!)).toFixed(3)}–${Math.max(...result.forms.map((x) => x.meanFacility!)).toFixed(3)}` : ""}`,
);
console.log(`  candidates + solve: ${(loadSeconds + solveSeconds).toFixed(2)} s; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
await bare.end();
await database.close();
