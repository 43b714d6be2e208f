// Figures maintained as marks arrive (issue 39, decision 0054): after every way a mark can change — auto-marking at
// submit, an essay marked later, a teacher's regrade, the deadline sweep, a class given later, a school changed, a
// user deleted with their attempts — the summary rows equal a recomputation from the answers (plain SQL below), and
// item analysis and the dashboards give what they gave when they read every answer. The migration's backfill gives
// the same rows, and no file writes an attempt's mark without going through figures.ts.
import { AppError } from "../../http/errors";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineParams } from "../../test/inline-params";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { examForms, exams, profiles, studentAnswers, studentExams } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TSessionUser } from "../../../shared/permissions";
import type { TDashboardQuery } from "../../../shared/schemas/dashboard";
import { sweepExpiredAttempts } from "../attempts/attempts.service";
import { canSeeExamKey } from "../../../shared/permissions";
import { audienceSizeOf } from "../results/results.service";
import { computeItemAnalysis, STORED_SUMS_SHOWN_FROM } from "./item-analysis.service";
import type { TItemAnalysis } from "../../../shared/schemas/analytics";
import { computeDashboard } from "./dashboard.service";
import { examFiguresVersion, rebuildFigures, RELIABILITY_JOB } from "./figures";
import { examReliability, refreshReliability } from "../psychometrics/psychometrics.service";
import { examResponses } from "../../psychometrics/calibrate-exam";
import { classicalReliability } from "../../psychometrics/reliability";
import { remarkNow } from "../../test/remark";
import { expectFiguresEqualRecount, RECOUNT } from "../../test/figures-recount";
import { multipart } from "../../test/multipart";

let h: THarness;
let schoolA: string;
let adminAId: string;
let schoolB: string;
const cookie = {} as Record<"admin" | "teacher" | "adminA", string>;
let teacherId: string;

beforeAll(async () => {
  h = await createHarness();
  schoolA = await h.makeSchool("school_mf_a", "مدرسة أ");
  schoolB = await h.makeSchool("school_mf_b", "School B");
  cookie.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: schoolA, name: "teacher" });
  teacherId = t.id;
  cookie.teacher = await h.signIn(t.email, t.password, "school");
  const a = await h.makeUser("school_admin", { schoolId: schoolA, name: "adminA" });
  cookie.adminA = await h.signIn(a.email, a.password, "school");
  adminAId = a.id;
});
afterAll(async () => {
  await h?.close();
});

const req = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, c?: string, payload?: object) => h.request({ method, url, cookie: c, ...(payload ? { payload } : {}) });

const tf = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];

/** q0 true/false (a skill), q1 multiple choice of three (a skill), q2 true/false 2 points, q3 an essay of 3 points. */
const EXAM: TExamInput = {
  titleAr: "اختبار الأرقام",
  titleEn: "Figures test",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [
    { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 1, options: tf(true), skillId: "arabic.grammar" },
    {
      type: "multiple_choice",
      questionTextAr: "س٢",
      questionTextEn: "Q2",
      points: 1,
      skillId: "arabic.grammar",
      options: [
        { optionTextAr: "أ", optionTextEn: "A", isCorrect: true },
        { optionTextAr: "ب", optionTextEn: "B", isCorrect: false },
        { optionTextAr: "ج", optionTextEn: "C", isCorrect: false },
      ],
    },
    { type: "true_false", questionTextAr: "س٣", questionTextEn: "Q3", points: 2, options: tf(false) },
  ],
};
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const choice = (id: string, correct = false) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, correct });
/** A hotspot of three areas (two right, partial), an inline choice of two gaps (per gap) and a multiple response of three (two right). */
const entryQuestions = (picture: string): NonNullable<TExamInput["questions"]> => [
  {
    type: "hotspot",
    questionTextAr: "أين؟",
    questionTextEn: "Where?",
    points: 2,
    image: { id: picture, altAr: "خريطة", altEn: "A map" },
    interaction: {
      type: "hotspot",
      width: 400,
      height: 300,
      maxChoices: 2,
      scoring: "partial",
      areas: [
        { ...choice("r", true), shape: "rect", coords: [10, 10, 110, 60] },
        { ...choice("c", true), shape: "circle", coords: [200, 150, 50] },
        { ...choice("p"), shape: "poly", coords: [300, 200, 390, 200, 345, 290] },
      ],
    },
  },
  {
    type: "inline_choice",
    questionTextAr: "اختر",
    questionTextEn: "Choose",
    points: 2,
    interaction: { type: "inline_choice", textAr: "{{g1}} ثم {{g2}}", textEn: "{{g1}} then {{g2}}", gaps: [{ id: "g1", choices: [choice("a", true), choice("b"), choice("c")] }, { id: "g2", choices: [choice("x"), choice("y", true)] }] },
  },
  {
    type: "multiple_response",
    questionTextAr: "اختر كل ما يصح",
    questionTextEn: "Choose all that apply",
    points: 1,
    interaction: { type: "multiple_response", scoring: "all_or_nothing", choices: [choice("a", true), choice("b", true), choice("c")] },
  },
];
const WITH_ESSAY: TExamInput = { ...EXAM, titleEn: "Figures test with an essay", questions: [...EXAM.questions!, { type: "essay", questionTextAr: "م١", questionTextEn: "E1", points: 3 }] };

type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
type TStudent = { id: string; cookie: string; attemptId?: string };

async function makeExam(input: TExamInput): Promise<TExam> {
  // By a super_admin, so two schools may sit it; the teacher (school A, not its author) reads school A's figures.
  const res = await req("POST", "/api/exams", cookie.admin, { ...input, schoolIds: [schoolA, schoolB] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}

async function student(school: string, place: { grade?: number | null; className?: string | null } = { grade: 8, className: "8A" }): Promise<TStudent> {
  const u = await h.makeUser("student", { schoolId: school, ...place });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}

/** Starts and answers: an option index per question (null: left blank), text for an essay. */
async function answer(exam: TExam, s: TStudent, picks: (number | string | null)[]) {
  const attempt = await req("POST", `/api/student/exams/${exam.id}/attempt`, s.cookie, {});
  expect(attempt.statusCode, attempt.body).toBeLessThan(300);
  s.attemptId = (attempt.json() as { id: string }).id;
  for (const [i, p] of picks.entries()) {
    if (p === null) continue;
    const q = exam.questions[i]!;
    const body = typeof p === "string" ? { answerText: p } : { selectedOptionId: q.options[p]!.id };
    const res = await req("PUT", `/api/attempts/${s.attemptId}/answers/${q.id}`, s.cookie, { examId: exam.id, clientSeq: 1, ...body });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function sit(exam: TExam, s: TStudent, picks: (number | string | null)[]) {
  await answer(exam, s, picks);
  const done = await req("POST", `/api/attempts/${s.attemptId}/submit`, s.cookie, {});
  expect(done.statusCode, done.body).toBe(200);
}

// ---- the yardstick: every figure worked out again from the attempts and answers, in plain SQL (test/figures-recount.ts)

const expectRowsEqualRecount = () => expectFiguresEqualRecount(h.db);

// ---- the yardstick for the API: the same figures worked out from every answer (issue 15's queries)

const sessionOf = async (id: string): Promise<TSessionUser> => {
  const [p] = await h.db.select().from(profiles).where(eq(profiles.id, id));
  return { id: p!.id, username: p!.username ?? "", email: p!.email, role: p!.role, schoolId: p!.schoolId, name: p!.name, grade: p!.grade };
};
const ADMIN_USER = async () => sessionOf(rowsOf<{ id: string }>(await h.db.execute(sql`select id from profiles where role = 'super_admin' limit 1`))[0]!.id);

/** The test's handle, with every raw statement it is given written into `texts`, parameters in place. */
function spied(texts: string[]): typeof h.db {
  const dialect = new PgDialect();
  return new Proxy(h.db, {
    get(target, p) {
      if (p === "execute")
        return (q: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(q);
          texts.push(inlineParams(text, params));
          return target.execute(q);
        };
      const v = Reflect.get(target, p) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as typeof h.db;
}

/** Numbers to 9 places, so sums kept and sums recounted compare equal; everything else as it is. */
function rounded(v: unknown): unknown {
  if (typeof v === "number") return Math.round(v * 1e9) / 1e9;
  if (Array.isArray(v)) return v.map(rounded);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)]));
  return v;
}

async function expectApiEqualsAnswers(examIds: string[]) {
  const readers = [await ADMIN_USER(), await sessionOf(teacherId)];
  for (const examId of examIds) {
    const [exam] = await h.db.select().from(exams).where(eq(exams.id, examId));
    const forms = await h.db.select({ id: examForms.id, number: examForms.number }).from(examForms).where(eq(examForms.examId, examId));
    for (const actor of readers) {
      const keyVisible = canSeeExamKey(actor, { creatorId: exam!.creatorId, status: exam!.status, audienceSize: await audienceSizeOf(h.db, examId) });
      const args = [h.db, actor, exam!, keyVisible, { numbers: forms.map((f) => f.number), chosen: null }] as const;
      expect(rounded(await computeItemAnalysis(...args, "summaries")), `items ${actor.role}`).toEqual(rounded(await computeItemAnalysis(...args, "answers")));
    }
  }
  const admin = await ADMIN_USER();
  const queries: TDashboardQuery[] = [{}, { schoolId: schoolA }, { subjectId: "arabic" }, { schoolId: schoolA, subjectId: "arabic", grade: 8 }, ...examIds.map((examId) => ({ examId }))];
  for (const q of queries) {
    expect(rounded(await computeDashboard(h.db, admin, q, "summaries")), JSON.stringify(q)).toEqual(rounded(await computeDashboard(h.db, admin, q, "answers")));
  }
}

/**
 * Reliability (decision 0061): the jobs the changes queued, made due and run, store what classicalReliability gives
 * on each exam's matrix now (within 1e-9), and the page serves those figures.
 */
async function expectReliabilityEqualsMatrix(examIds: string[]) {
  // A change whose job was not queued leaves the stored figures of before: unequal to the matrix now.
  await h.db.execute(sql`update jobs set run_at = now() where kind = ${RELIABILITY_JOB} and status = 'queued'`);
  await h.drainJobs();
  const admin = await ADMIN_USER();
  for (const examId of examIds) {
    const [stored] = rowsOf<{ figures: Record<string, number | null> }>(await h.db.execute(sql`select figures from exam_reliability where exam_id = ${examId} and reach = 'all'`));
    let want: ReturnType<typeof classicalReliability> | null = null;
    try {
      want = classicalReliability((await examResponses(h.db, examId)).matrix);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
    const got = stored!.figures;
    for (const [name, value] of [["alpha", want?.alpha], ["lambda2", want?.lambda2], ["feldtGilmer", want?.feldtGilmer], ["sem", want?.sem], ["meanScore", want?.mean], ["sdScore", want ? Math.sqrt(want.variance) : null]] as const) {
      if (value === null || value === undefined) expect(got[name], name).toBeNull();
      else expect(Math.abs(Number(got[name]) - value), `${examId} ${name}`).toBeLessThan(1e-9);
    }
    const page = await examReliability(h.db, admin, examId);
    expect(page.alpha).toBe(got.alpha);
    // A school's staff: the same over their school's rows of the matrix only.
    const { matrix } = await examResponses(h.db, examId);
    const ofA = new Set(
      rowsOf<{ id: string }>(await h.db.execute(sql`select se.id from student_exams se join profiles p on p.id = se.student_id where se.exam_id = ${examId} and p.school_id = ${schoolA}`)).map((r) => r.id),
    );
    const { attemptIds } = await examResponses(h.db, examId);
    const k = matrix.items.length;
    const rows = attemptIds.flatMap((id, p) => (ofA.has(id) ? [matrix.data.subarray(p * k, (p + 1) * k)] : []));
    const data = new Int8Array(rows.length * k);
    rows.forEach((r, i) => data.set(r, i * k));
    let wantA: number | null = null;
    try {
      wantA = classicalReliability({ items: matrix.items, nPersons: rows.length, data }).alpha;
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
    // An exam none of school A's students has handed in is not in its admin's reach at all (loadExamInReach).
    const pageA = await examReliability(h.db, await sessionOf(adminAId), examId).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === "EXAM_NOT_FOUND")) throw err;
      return null;
    });
    if (!pageA) {
      expect(rows, `${examId}: out of school A's reach with graded attempts of it`).toHaveLength(0);
      continue;
    }
    if (wantA === null) expect(pageA.alpha).toBeNull();
    else expect(Math.abs(pageA.alpha! - wantA), `${examId} alpha of school A`).toBeLessThan(1e-9);
    expect(pageA.attempts).toBe(rows.length);
  }
}

async function expectAll(examIds: string[]) {
  await expectRowsEqualRecount();
  await expectApiEqualsAnswers(examIds);
  await expectReliabilityEqualsMatrix(examIds);
}

describe("the figures follow every change of a mark", () => {
  let exam: TExam;
  let entries: TExam;
  let essay: TExam;
  const students: TStudent[] = [];

  beforeAll(async () => {
    exam = await makeExam(EXAM);
    essay = await makeExam(WITH_ESSAY);
  });

  it("auto-marking at submit, in two schools and two classes, with blanks", async () => {
    const picks: (number | null)[][] = [
      [0, 0, 1],
      [0, 1, 0],
      [1, 2, 1],
      [null, 0, null],
      [1, null, 1],
    ];
    for (const [i, p] of picks.entries()) {
      const s = await student(i % 2 ? schoolB : schoolA, { grade: 8, className: i < 3 ? "8A" : "8B" });
      await sit(exam, s, p);
      students.push(s);
    }
    const [kept] = rowsOf<{ n: number }>(await h.db.execute(sql`select sum(graded)::int as n from exam_group_stats where exam_id = ${exam.id}`));
    expect(kept!.n).toBe(5);
    await expectAll([exam.id]);
  });

  it("an essay waits (submitted, not graded), then is marked, then marked again: the total moves every item's sums", async () => {
    const s = await student(schoolA);
    await sit(essay, s, [0, 1, 1, "جواب"]);
    const other = await student(schoolB);
    await sit(essay, other, [1, 0, 0, "answer"]);
    await expectAll([essay.id]);
    const [row] = await h.db.select({ id: studentAnswers.id }).from(studentAnswers).where(sql`${studentAnswers.studentExamId} = ${s.attemptId!} and ${studentAnswers.answerText} is not null`);
    // marked later
    expect((await req("PUT", `/api/grading/answers/${row!.id}`, cookie.teacher, { score: 2 })).statusCode).toBe(200);
    await expectAll([essay.id]);
    // regraded: the attempt's total changes, and with it Σx·T of every question
    expect((await req("PUT", `/api/grading/answers/${row!.id}`, cookie.teacher, { score: 0.5 })).statusCode).toBe(200);
    await expectAll([essay.id]);
    // a mark out of range changes nothing
    expect((await req("PUT", `/api/grading/answers/${row!.id}`, cookie.teacher, { score: 9 })).statusCode).toBe(400);
    await expectRowsEqualRecount();
  });

  it("the deadline sweep submits an abandoned attempt", async () => {
    const s = await student(schoolA, { grade: 8, className: "8B" });
    await answer(exam, s, [0, null, 0]);
    await h.db.update(studentExams).set({ deadlineAt: new Date(Date.now() - 120_000) }).where(eq(studentExams.id, s.attemptId!));
    expect(await sweepExpiredAttempts(h.db)).toBeGreaterThanOrEqual(1);
    const [swept] = await h.db.select().from(studentExams).where(eq(studentExams.id, s.attemptId!));
    expect(swept!.status).toBe("graded");
    await expectAll([exam.id]);
  });

  it("an answer made offline before the deadline arrives late: within the grace it is marked, after it a proctor accepts it (decision 0056)", async () => {
    const s = await student(schoolB, { grade: 8, className: "8B" });
    await answer(exam, s, [1, null, null]);
    await h.db.update(studentExams).set({ deadlineAt: sql`now() - interval '2 minutes'`, startedAt: sql`now() - interval '30 minutes'` }).where(eq(studentExams.id, s.attemptId!));
    expect(await sweepExpiredAttempts(h.db)).toBeGreaterThanOrEqual(1);
    await expectRowsEqualRecount();
    const stamp = async () => new Date((await h.db.select().from(studentExams).where(eq(studentExams.id, s.attemptId!)))[0]!.deadlineAt!.getTime() - 30_000).toISOString();
    // Within the grace: stored and marked again, the attempt's total and every item's Σx·T with it.
    const q1 = exam.questions[1]!;
    expect((await req("PUT", `/api/attempts/${s.attemptId}/answers/${q1.id}`, s.cookie, { examId: exam.id, selectedOptionId: q1.options[0]!.id, clientSeq: 2, answeredAt: await stamp() })).statusCode).toBe(200);
    // Waiting to be marked again, the attempt is out of the item sums; then the job puts it back with its new total.
    await expectAll([exam.id]);
    expect(await remarkNow(h.db)).toBe(1);
    await expectAll([exam.id]);
    // After the grace: held, then accepted by the proctor.
    await h.db.update(studentExams).set({ deadlineAt: sql`now() - interval '3 hours'`, startedAt: sql`now() - interval '4 hours'` }).where(eq(studentExams.id, s.attemptId!));
    const q2 = exam.questions[2]!;
    expect((await req("PUT", `/api/attempts/${s.attemptId}/answers/${q2.id}`, s.cookie, { examId: exam.id, selectedOptionId: q2.options[1]!.id, clientSeq: 2, answeredAt: await stamp() })).statusCode).toBe(409);
    await expectRowsEqualRecount();
    expect((await req("POST", `/api/attempts/${s.attemptId}/held-answers`, cookie.admin, { decision: "accept" })).statusCode).toBe(200);
    await expectAll([exam.id]);
  });

  it("a class given later moves the student's attempts to that class; a new school moves them to that school", async () => {
    const s = await student(schoolA, { grade: null, className: null });
    await sit(exam, s, [0, 0, 1]);
    await expectRowsEqualRecount();
    expect((await req("PATCH", `/api/users/${s.id}`, cookie.adminA, { grade: 8, className: "8C" })).statusCode).toBe(200);
    const [c] = rowsOf<{ n: number }>(await h.db.execute(sql`select sum(graded)::int as n from exam_group_stats where exam_id = ${exam.id} and class_name = '8C'`));
    expect(c!.n).toBe(1);
    await expectAll([exam.id]);
    const moved = students[0]!;
    expect((await req("PATCH", `/api/users/${moved.id}`, cookie.admin, { schoolId: schoolB })).statusCode).toBe(200);
    await expectAll([exam.id]);
  });

  it("the dashboard at school and class level reads the maintained rows, not one attempt (decision 0061)", async () => {
    const admin = await ADMIN_USER();
    const queries: TDashboardQuery[] = [{}, { subjectId: "arabic", grade: 8 }, { examId: exam.id }, { schoolId: schoolA }];
    const views = await h.db
      .transaction(async (tx) => {
        // Hidden for this transaction only: a read of the attempts fails.
        await tx.execute(sql`alter table student_exams rename to student_exams_hidden`);
        const out = [];
        for (const q of queries) out.push(await computeDashboard(tx, admin, q, "summaries"));
        throw Object.assign(new Error("rollback"), { out });
      })
      .catch((err: Error & { out?: unknown[] }) => err.out ?? err);
    expect(Array.isArray(views), String(views)).toBe(true);
    for (const [i, q] of queries.entries()) expect(rounded((views as unknown[])[i]), JSON.stringify(q)).toEqual(rounded(await computeDashboard(h.db, admin, q, "answers")));
  });

  it("a user deleted takes their attempts out of the figures", async () => {
    for (const s of [students[1]!, students[2]!]) expect((await req("DELETE", `/api/users/${s.id}`, cookie.admin)).statusCode).toBe(204);
    await expectAll([exam.id, essay.id]);
  });

  it("multiple responses' ticks, hotspot areas and inline-choice gaps' choices are counted per attempt and per 27 % group, and follow a regrade, a school change and a deletion (decision 0058)", async () => {
    const { payload, headers } = multipart([{ name: "file", filename: "map.png", content: PNG }]);
    const media = await h.request({ method: "POST", url: "/api/media", cookie: cookie.admin, payload, headers });
    expect(media.statusCode, media.body).toBe(201);
    entries = await makeExam({ ...EXAM, titleEn: "Figures of areas and gaps", questions: [EXAM.questions![0]!, ...entryQuestions((media.json() as { id: string }).id)] });
    // Totals: 6 (1 + 2 + 2 + 1: the upper group of one), 1, 1, 0 (the lower group of one).
    const responses: [object | null, object | null, object | null][] = [
      [{ type: "hotspot", chosen: ["r", "c"] }, { type: "inline_choice", chosen: { g1: "a", g2: "y" } }, { type: "multiple_response", chosen: ["a", "b"] }],
      [{ type: "hotspot", chosen: ["c", "c"] }, { type: "inline_choice", chosen: { g1: "b", g2: " " } }, { type: "multiple_response", chosen: ["b", "b"] }],
      [{ type: "hotspot", chosen: [] }, { type: "inline_choice", chosen: { g2: "x" } }, { type: "multiple_response", chosen: [] }],
      [null, null, null],
    ];
    const sitters: TStudent[] = [];
    for (const [i, [hot, inline, multiple]] of responses.entries()) {
      const s = await student(i % 2 ? schoolB : schoolA);
      await answer(entries, s, [i % 2]); // so that no variance is nought (alpha exactly 0 rounds either side of it)
      for (const [q, response] of [[entries.questions[1]!, hot], [entries.questions[2]!, inline], [entries.questions[3]!, multiple]] as const) {
        if (response) expect((await req("PUT", `/api/attempts/${s.attemptId}/answers/${q.id}`, s.cookie, { examId: entries.id, clientSeq: 1, response })).statusCode).toBe(200);
      }
      expect((await req("POST", `/api/attempts/${s.attemptId}/submit`, s.cookie, {})).statusCode).toBe(200);
      sitters.push(s);
    }
    await expectAll([entries.id]);
    // By hand, [entry, of all 4, upper group (the first student), lower group (the last)]: areas r 1, c 2 (named
    // twice by one student: once), p 0; gap 1 a 1, b 1, blank 2; gap 2 y 1, x 1, blank 2; ticks a 1, b 2 (twice: once).
    const analysis = async () => (await computeItemAnalysis(h.db, await ADMIN_USER(), (await h.db.select().from(exams).where(eq(exams.id, entries.id)))[0]!, true, { numbers: [], chosen: null })).questions.slice(1);
    const [hot, inline, multiple] = await analysis();
    const table = (options: { id: string; share: number; upperShare: number | null; lowerShare: number | null }[]) => options.map((o) => [o.id, o.share * 4, o.upperShare, o.lowerShare]);
    expect(table(hot!.options)).toEqual([["r", 1, 1, 0], ["c", 2, 1, 0], ["p", 0, 0, 0], ["omitted", 2, 0, 1]]);
    expect(inline!.options).toEqual([]);
    expect(inline!.gaps!.map((g) => [g.id, table(g.options)])).toEqual([
      ["g1", [["a", 1, 1, 0], ["b", 1, 0, 0], ["c", 0, 0, 0], ["omitted", 2, 0, 1]]],
      ["g2", [["x", 1, 0, 0], ["y", 1, 1, 0], ["omitted", 2, 0, 1]]],
    ]);
    expect(inline!.gaps![0]!.options.map((o) => o.isCorrect)).toEqual([true, false, false, false]);
    expect(inline!.gaps![0]!.options[0]!.text).toEqual({ ar: "ع a", en: "E a" });
    expect(table(multiple!.options)).toEqual([["a", 1, 1, 0], ["b", 2, 1, 0], ["c", 0, 0, 0], ["omitted", 2, 0, 1]]);
    // A teacher's regrade of a ticked answer: its attempt's total (and rank) moves with its keys by total score.
    const [ticked] = await h.db.select({ id: studentAnswers.id }).from(studentAnswers).where(sql`${studentAnswers.studentExamId} = ${sitters[1]!.attemptId!} and ${studentAnswers.questionId} = ${entries.questions[3]!.id}`);
    expect((await req("PUT", `/api/grading/answers/${ticked!.id}`, cookie.admin, { score: 1 })).statusCode).toBe(200);
    await expectAll([entries.id]);
    expect((await req("PATCH", `/api/users/${sitters[2]!.id}`, cookie.admin, { schoolId: schoolB })).statusCode).toBe(200);
    await expectAll([entries.id]);
    expect((await req("DELETE", `/api/users/${sitters[0]!.id}`, cookie.admin)).statusCode).toBe(204);
    await expectAll([entries.id]);
    // Now the upper group is the second student (total 2), whose ticks were b alone.
    const [, , after] = await analysis();
    expect(table(after!.options).map(([id, , upper, lower]) => [id, upper, lower])).toEqual([["a", 0, 0], ["b", 1, 0], ["c", 0, 0], ["omitted", 0, 1]]);
  });

  it("the item analysis reads no answer: Kelley's groups come from the attempts counted by total and the rows by total score (decisions 0061, 0066)", async () => {
    const texts: string[] = [];
    const [exam] = await h.db.select().from(exams).where(eq(exams.id, entries.id));
    // The super_admin's view reads stored sums when there are (decision 0066): none, so it works them out.
    await h.db.execute(sql`delete from exam_item_sums where exam_id = ${entries.id}`);
    const analysis = await computeItemAnalysis(spied(texts), await ADMIN_USER(), exam!, true, { numbers: [], chosen: null });
    expect(analysis.questions.find((q) => q.type === "multiple_response")!.options.length).toBe(4);
    expect(texts.some((t) => /all_exam_item_score_stats/.test(t))).toBe(true);
    const readers: string[] = [];
    for (const text of texts) {
      const plan = rowsOf<Record<string, unknown>>(await h.db.execute(sql.raw(`explain ${text}`)))
        .map((r) => String(Object.values(r)[0]))
        .join("\n");
      if (/student_answers/.test(plan)) readers.push(text);
    }
    expect(readers).toEqual([]);
  });

  it("every school's sums are stored under the exam's version and read from there; a change moves the version, and the reliability job stores them (decision 0066)", async () => {
    const admin = await ADMIN_USER();
    const view = async (db: typeof h.db = h.db) => {
      const [exam] = await h.db.select().from(exams).where(eq(exams.id, entries.id));
      return computeItemAnalysis(db, admin, exam!, true, { numbers: [], chosen: null });
    };
    const stored = async () => rowsOf<{ version: string }>(await h.db.execute(sql`select version from exam_item_sums where exam_id = ${entries.id}`));
    await h.db.execute(sql`delete from exam_item_sums where exam_id = ${entries.id}`);
    const first = await view();
    expect(await stored()).toEqual([{ version: await examFiguresVersion(h.db, entries.id) }]);
    // Asked again: the stored row is read, and of the maintained rows only the count of changes (the version).
    const texts: string[] = [];
    expect(await view(spied(texts))).toEqual(first);
    expect(texts.filter((t) => /exam_item_sums/.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /exam_item_stats|exam_item_score_stats|exam_option_stats|sum\(graded\)/.test(t))).toEqual([]);
    // What is read is what was stored: sums altered under the same version show (so the test above cannot pass by
    // working them out again) …
    await h.db.execute(sql`update exam_item_sums set sums = jsonb_set(sums, '{waiting}', '7') where exam_id = ${entries.id}`);
    expect((await view()).waiting).toBe(7);
    // … and a change moves the version: the next view works them out again, and stores them.
    const [answer] = await h.db.select({ id: studentAnswers.id, score: studentAnswers.score }).from(studentAnswers).innerJoin(studentExams, eq(studentExams.id, studentAnswers.studentExamId)).where(eq(studentExams.examId, entries.id)).limit(1);
    expect((await req("PUT", `/api/grading/answers/${answer!.id}`, cookie.admin, { score: Number(answer!.score) > 0 ? 0 : 1 })).statusCode).toBe(200);
    expect((await view()).waiting).toBe(first.waiting);
    expect(await stored()).toEqual([{ version: await examFiguresVersion(h.db, entries.id) }]);
    await expectAll([entries.id]);
    // The reliability job (run once marks settle) stores them too, before any view.
    await h.db.execute(sql`delete from exam_item_sums where exam_id = ${entries.id}`);
    await refreshReliability(h.db, entries.id);
    expect(await stored()).toEqual([{ version: await examFiguresVersion(h.db, entries.id) }]);
  });

  it("at a ministry's size the view shows the sums stored before the newest marks while the job adds them, and says when they are of (decision 0068)", async () => {
    const view = async () => {
      const r = await req("GET", `/api/analytics/exams/${entries.id}/items`, cookie.admin);
      expect(r.statusCode).toBe(200);
      return r.json() as TItemAnalysis;
    };
    const [answer] = await h.db.select({ id: studentAnswers.id, score: studentAnswers.score }).from(studentAnswers).innerJoin(studentExams, eq(studentExams.id, studentAnswers.studentExamId)).where(eq(studentExams.examId, entries.id)).limit(1);
    const regrade = async () => expect((await req("PUT", `/api/grading/answers/${answer!.id}`, cookie.admin, { score: Number((await h.db.select({ score: studentAnswers.score }).from(studentAnswers).where(eq(studentAnswers.id, answer!.id)))[0]!.score) > 0 ? 0 : 1 })).statusCode).toBe(200);
    const fresh = async () => {
      const [exam] = await h.db.select().from(exams).where(eq(exams.id, entries.id));
      return computeItemAnalysis(h.db, await ADMIN_USER(), exam!, true, { numbers: [], chosen: null }, "answers");
    };
    const queued = async () => rowsOf(await h.db.execute(sql`select 1 from jobs where kind = ${RELIABILITY_JOB} and dedupe_key = ${`reliability:${entries.id}`} and status = 'queued'`)).length;
    await refreshReliability(h.db, entries.id);
    const before = await view();
    expect(before.figuresAsOf).toBeNull();
    const shownFrom = STORED_SUMS_SHOWN_FROM.value;
    try {
      // Under the size (the tests' exams: a handful of attempts), every view counts the mark at once.
      await regrade();
      expect(await queued()).toBe(1);
      const small = await view();
      expect(small.figuresAsOf).toBeNull();
      expect(small.meanPercent).toBeCloseTo((await fresh()).meanPercent!, 9);
      expect(small.meanPercent).not.toBeCloseTo(before.meanPercent!, 9);
      // At the size: the sums stored before the mark, and when; asked again, still those (not kept as the new version's).
      STORED_SUMS_SHOWN_FROM.value = 1;
      await refreshReliability(h.db, entries.id);
      const stored = await view();
      await regrade();
      const earlier = await view();
      expect(earlier.figuresAsOf).toEqual(expect.any(String));
      expect(Date.now() - Date.parse(earlier.figuresAsOf!)).toBeLessThan(60_000);
      expect({ ...earlier, figuresAsOf: null }).toEqual(stored);
      expect((await view()).figuresAsOf).toBe(earlier.figuresAsOf);
      // The job stores the new sums though it is itself the job running; the next view is of every mark.
      await refreshReliability(h.db, entries.id);
      const after = await view();
      expect(after.figuresAsOf).toBeNull();
      expect(after.meanPercent).toBeCloseTo((await fresh()).meanPercent!, 9);
      // No job queued or running (one failed, or none was queued): worked out at the view, as below the size.
      await regrade();
      await h.db.execute(sql`update jobs set status = 'failed' where dedupe_key = ${`reliability:${entries.id}`} and status in ('queued', 'running')`);
      const unqueued = await view();
      expect(unqueued.figuresAsOf).toBeNull();
      expect(unqueued.meanPercent).toBeCloseTo((await fresh()).meanPercent!, 9);
    } finally {
      STORED_SUMS_SHOWN_FROM.value = shownFrom;
    }
    // The failed job's figures: run again by hand, as an operator would.
    await refreshReliability(h.db, entries.id);
    await expectAll([entries.id]);
  });

  it("the migration's backfill and rebuildFigures give the same rows from the answers", async () => {
    const backfill = ["0030_maintained_figures.sql", "0033_item_score_buckets.sql", "0036_option_stats_entries.sql", "0037_score_stats_entries.sql", "0039_student_graded_exams.sql"].flatMap((file) => {
      const migration = readFileSync(join(__dirname, "../../db/migrations", file), "utf8");
      return migration.slice(migration.indexOf("-- Backfill")).split("--> statement-breakpoint");
    });
    await h.db.transaction(async (tx) => {
      for (const table of Object.keys(RECOUNT)) await tx.execute(sql.raw(`delete from ${table}`));
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    await expectRowsEqualRecount();
    // The count of changes the caches key on only grows, a rebuild included (a version seen before never comes back).
    const changes = async () => Number(rowsOf<{ n: string }>(await h.db.execute(sql`select sum(changes)::text as n from exam_group_stats where exam_id = ${exam.id}`))[0]!.n);
    const before = await changes();
    await rebuildFigures(h.db, [exam.id]);
    expect(await changes()).toBeGreaterThan(before);
    await rebuildFigures(h.db);
    await expectAll([exam.id, essay.id, entries.id]);
  });
});

describe("every write of an attempt's mark goes through figures.ts", () => {
  // A write that sets an attempt's status, score, grade or class, makes a graded attempt, or deletes a user (and so
  // their attempts): the file must use the module, or its changes never reach the figures.
  const WRITES = [
    /update\(studentExams\)[\s\S]{0,120}?\.set\(\{[^}]*\b(status|score|grade|className)\b/,
    /update \$\{studentExams\}[\s\S]{0,80}?set status/,
    /update student_exams[\s\S]{0,80}?set (status|score)/,
    /insert\(studentExams\)[\s\S]{0,400}?status: "graded"/,
    /delete\((authUsers|profiles|studentExams)\)/,
    /delete from (student_exams|auth_users|profiles)\b/i,
  ];
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(f) && !/\.test\.ts$/.test(f) ? [p] : [];
    });

  it("names no file that writes marks without figures.ts", () => {
    const server = join(__dirname, "../..");
    const writers = files(server).filter((f) => WRITES.some((w) => w.test(readFileSync(f, "utf8"))));
    // The scan finds the writers it must (a scan that finds nothing proves nothing).
    expect(writers.map((f) => f.slice(server.length + 1))).toEqual(expect.arrayContaining(["modules/attempts/attempts.service.ts", "modules/results/results.service.ts", "modules/users/users.service.ts"]));
    const forgetting = writers.filter((f) => !/from "(\.\.\/analytics|\.|\.\.\/modules\/analytics|\.\/modules\/analytics)\/figures"/.test(readFileSync(f, "utf8")));
    expect(forgetting.map((f) => f.slice(server.length + 1))).toEqual([]);
  });
});
