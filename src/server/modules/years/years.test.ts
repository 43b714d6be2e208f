// School years (issue 39; docs/decisions/0059): closing moves a year's answers out of the working table and every
// reader of an archived attempt still gives the same figures; writes are refused with YEAR_CLOSED in both languages;
// reopening puts everything back; who may, and every bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { OMITTED, rebuildFigures } from "../analytics/figures";
import { restoreYearBackup, writeYearBackup, YearBackupError } from "./year-backup";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { auditLog, examItemStats, examGroupStats, examMedia, exams } from "../../db/schema";
import { multipart } from "../../test/multipart";
import { remarkLateAttempts } from "../attempts/late-answers";
import { expectFiguresEqualRecount } from "../../test/figures-recount";
import { cohortStats } from "../bank/bank.service";

let h: THarness;
let own: string;
let other: string;
const cookie: Record<string, string> = {};
let studentN = 0;

const today = new Date();
const dayOffset = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const YEAR = { nameAr: "العام الدراسي ١٤٤٨", nameEn: "School year 2026–2027", startsOn: dayOffset(-30), endsOn: dayOffset(300) };

const EXAM = {
  titleAr: "اختبار العام",
  titleEn: "Year test",
  subjectId: "islamic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [
    {
      type: "multiple_choice",
      questionTextAr: "إلى أين هاجر النبي ﷺ؟",
      questionTextEn: "Where did the Prophet migrate?",
      points: 2,
      options: [
        { optionTextAr: "المدينة", optionTextEn: "Madinah", isCorrect: true },
        { optionTextAr: "الطائف", optionTextEn: "Taif", isCorrect: false },
      ],
    },
    {
      type: "true_false",
      questionTextAr: "رافقه أبو بكر.",
      questionTextEn: "Abu Bakr went with him.",
      points: 1,
      options: [
        { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
        { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
      ],
    },
    { type: "essay", questionTextAr: "اذكر درسين.", questionTextEn: "Give two lessons.", points: 4, correctAnswerText: "التخطيط والصبر" },
  ],
};
type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, c: string, payload?: unknown) =>
  h.request({ method, url, cookie: c, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A 1 × 1 PNG: the picture the year's exam shows, whose bytes its backup must carry. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
let imageId: string;

async function makeExam(image?: string): Promise<TExam> {
  const [first, ...rest] = EXAM.questions;
  const input = image ? { ...EXAM, questions: [{ ...first, image: { id: image, altAr: "خريطة الهجرة", altEn: "Map of the migration" } }, ...rest] } : EXAM;
  const res = await req("POST", "/api/exams", cookie.teacher!, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}

async function newStudent(school = own) {
  const u = await h.makeUser("student", { schoolId: school, name: `Student ${++studentN}`, grade: 8, className: "8A" });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}

/** A student sits the exam: the choice right or wrong, true/false right, an essay; submitted, and (if `mark`) the essay marked. */
async function sit(exam: TExam, right: boolean, mark: number | null, submit = true) {
  const s = await newStudent();
  const started = await req("POST", `/api/student/exams/${exam.id}/attempt`, s.cookie, {});
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = (started.json() as { id: string }).id;
  const [mc, tf, essay] = exam.questions;
  const save = (q: string, body: object) => req("PUT", `/api/attempts/${attemptId}/answers/${q}`, s.cookie, { examId: exam.id, clientSeq: 1, ...body });
  expect((await save(mc!.id, { selectedOptionId: mc!.options.find((o) => o.isCorrect === right)!.id })).statusCode).toBe(200);
  expect((await save(tf!.id, { selectedOptionId: tf!.options.find((o) => o.isCorrect)!.id })).statusCode).toBe(200);
  expect((await save(essay!.id, { answerText: "الصبر والتخطيط" })).statusCode).toBe(200);
  if (!submit) return { attemptId, student: s };
  expect((await req("POST", `/api/attempts/${attemptId}/submit`, s.cookie, {})).statusCode).toBe(200);
  if (mark !== null) expect((await req("PUT", `/api/grading/answers/${await essayAnswer(attemptId, essay!.id)}`, cookie.teacher!, { score: mark })).statusCode).toBe(200);
  return { attemptId, student: s };
}

async function essayAnswer(attemptId: string, questionId: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(await h.db.execute(sql`select id from all_student_answers where student_exam_id = ${attemptId} and question_id = ${questionId}`));
  return row!.id;
}

const count = async (table: "student_answers" | "archived_student_answers", examId: string) =>
  Number(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} sa join student_exams se on se.id = sa.student_exam_id where se.exam_id = ${examId}`))[0]!.n);
/** The year's rows by total score (Kelley's groups) in the working table or the archive. */
const scoreRows = async (table: "exam_item_score_stats" | "archived_exam_item_score_stats") =>
  Number(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where exam_id in (select id from exams where school_year_id = ${year.id})`))[0]!.n);

let year: { id: string };
let examBefore: TExam; // made before the year was entered: joins it by its creation day
let examAfter: TExam; // made while the year is open: its year is set at creation
const sat: { attemptId: string; student: { id: string; cookie: string } }[] = [];

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_year_own", "مدرسة العام");
  other = await h.makeSchool("school_year_other");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school, type] of [
    ["teacher", "teacher", own, "school"],
    ["otherTeacher", "teacher", other, "school"],
    ["school_admin", "school_admin", own, "school"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, type);
  }
  const s = await newStudent();
  cookie.student = s.cookie;
  examBefore = await makeExam();
  const created = await req("POST", "/api/years", cookie.super_admin!, YEAR);
  expect(created.statusCode, created.body).toBe(201);
  year = created.json() as { id: string };
  const { payload, headers } = multipart([{ name: "file", filename: "map.png", type: "image/png", content: PNG }]);
  const uploaded = await h.request({ method: "POST", url: "/api/media", cookie: cookie.teacher!, payload, headers });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  imageId = (uploaded.json() as { id: string }).id;
  examAfter = await makeExam(imageId);
  sat.push(await sit(examAfter, true, 4), await sit(examAfter, false, 1), await sit(examAfter, true, null), await sit(examBefore, true, 3));
});
afterAll(async () => {
  await h?.close();
});

/** Everything a reader shows of the year's attempts, as JSON: must be the same before and after the close. */
async function readers() {
  const get = async (url: string, c: string) => {
    const res = await req("GET", url, c);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return url.includes("export.") ? res.body : res.json();
  };
  const out: Record<string, unknown> = {};
  for (const { attemptId, student } of sat) {
    out[`result ${attemptId} staff`] = await get(`/api/attempts/${attemptId}/result`, cookie.teacher!);
    out[`result ${attemptId} own`] = await get(`/api/attempts/${attemptId}/result`, student.cookie);
    out[`own results ${attemptId}`] = await get("/api/results", student.cookie);
    out[`school report ${attemptId}`] = await get(`/api/school-reports/${attemptId}`, cookie.super_admin!);
  }
  out.results = await get(`/api/results?examId=${examAfter.id}`, cookie.teacher!);
  out.export = await get(`/api/results/export.csv?examId=${examAfter.id}&lang=en`, cookie.teacher!);
  // The editor's view of the exam: its questions with how many answers each has (it cannot be edited, but reads).
  out.examQuestions = ((await get(`/api/exams/${examAfter.id}`, cookie.teacher!)) as { questions: unknown[] }).questions;
  out.items = await get(`/api/analytics/exams/${examAfter.id}/items`, cookie.super_admin!);
  out.dashboard = await get(`/api/analytics/dashboard?schoolId=${own}&examId=${examAfter.id}&grade=8&className=8A`, cookie.super_admin!);
  out.itemStats = await h.db.select().from(examItemStats).where(eq(examItemStats.examId, examAfter.id)).orderBy(examItemStats.questionId);
  out.groupStats = await h.db.select().from(examGroupStats).where(eq(examGroupStats.examId, examAfter.id));
  return out;
}

/** The refusal's body: the code, and a message in both languages. */
function expectYearClosed(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json() as { code: string; message: { en: string; ar: string } };
  expect(body.code).toBe("YEAR_CLOSED");
  expect(body.message.en).toMatch(/closed school year/);
  expect(body.message.ar).toMatch(/عام دراسي مغلق/);
}

describe("school years: who may", () => {
  for (const role of ["teacher", "school_admin", "student"] as const) {
    it(`a ${role} is refused everywhere`, async () => {
      expect((await req("GET", "/api/years", cookie[role]!)).statusCode).toBe(403);
      expect((await req("POST", "/api/years", cookie[role]!, { ...YEAR, startsOn: "2001-09-01", endsOn: "2002-06-30" })).statusCode).toBe(403);
      expect((await req("POST", `/api/years/${year.id}/close`, cookie[role]!)).statusCode).toBe(403);
      expect((await req("POST", `/api/years/${year.id}/reopen`, cookie[role]!)).statusCode).toBe(403);
    });
  }
  it("signed out is refused", async () => {
    expect((await h.request({ method: "GET", url: "/api/years" })).statusCode).toBe(401);
  });
});

describe("school years: bad input", () => {
  const post = (body: unknown) => req("POST", "/api/years", cookie.super_admin!, body);
  it("missing fields, wrong types, impossible dates, too-long names, an end before the start, an overlap", async () => {
    const code = async (body: unknown) => {
      const res = await post(body);
      return [res.statusCode, (res.json() as { code: string }).code];
    };
    expect(await code({})).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, nameAr: "  " })).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, nameEn: 5 })).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, startsOn: 20260901 })).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, startsOn: "2001-02-30", endsOn: "2001-06-30" })).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, startsOn: "1.9.2001", endsOn: "2002-06-30" })).toEqual([400, "YEAR_REQUIRED_FIELDS"]);
    expect(await code({ ...YEAR, nameEn: "x".repeat(121), startsOn: "2001-09-01", endsOn: "2002-06-30" })).toEqual([400, "TEXT_TOO_LONG"]);
    expect(await code({ ...YEAR, startsOn: "2002-06-30", endsOn: "2001-09-01" })).toEqual([400, "YEAR_DATES_ORDER"]);
    expect(await code({ ...YEAR, startsOn: dayOffset(200), endsOn: dayOffset(500) })).toEqual([409, "YEAR_OVERLAP"]);
    const res = await post({ ...YEAR, startsOn: dayOffset(200), endsOn: dayOffset(500) });
    expect((res.json() as { message: { ar: string } }).message.ar).toMatch(/تتداخل/);
  });
  it("an unknown or malformed year id is not found", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      for (const action of ["close", "reopen"]) {
        const res = await req("POST", `/api/years/${id}/${action}`, cookie.super_admin!);
        expect(res.statusCode, res.body).toBe(404);
        expect((res.json() as { code: string }).code).toBe("YEAR_NOT_FOUND");
      }
    }
  });
  it("reopening an open year is refused", async () => {
    const res = await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!);
    expect([res.statusCode, (res.json() as { code: string }).code]).toEqual([409, "YEAR_NOT_CLOSED"]);
  });
});

describe("school years: closing and reopening", () => {
  it("gives the year its exams: made before it (by their day) and while it is open", async () => {
    const rows = await h.db.select({ id: exams.id, year: exams.schoolYearId }).from(exams);
    expect(rows.find((r) => r.id === examBefore.id)!.year).toBe(year.id);
    expect(rows.find((r) => r.id === examAfter.id)!.year).toBe(year.id);
    const list = (await req("GET", "/api/years", cookie.super_admin!)).json() as { items: { id: string; exams: number; attempts: number; answers: number; awaitingMarks: number }[] };
    expect(list.items.find((y) => y.id === year.id)).toMatchObject({ exams: 2, attempts: 4, answers: 12, awaitingMarks: 1 });
  });

  it("is refused while an attempt is in progress, naming how many", async () => {
    const open = await sit(examAfter, true, null, false);
    const res = await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as { code: string; message: { en: string; ar: string } };
    expect(body.code).toBe("YEAR_ATTEMPTS_IN_PROGRESS");
    expect(body.message.en).toContain("(1)");
    expect(body.message.ar).toContain("(1)");
    expect(await count("archived_student_answers", examAfter.id)).toBe(0);
    expect((await req("POST", `/api/attempts/${open.attemptId}/submit`, open.student.cookie, {})).statusCode).toBe(200);
    sat.push(open);
  });

  it("moves the answers out, archives the exams, and every reader gives the same figures; reopening puts it all back", async () => {
    const before = await readers();
    const working = await count("student_answers", examAfter.id);
    expect(working).toBe(12);
    const scoreRowsOpen = await scoreRows("exam_item_score_stats");
    expect(scoreRowsOpen).toBeGreaterThan(0);
    const closed = await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", exams: 2, attempts: 5, answers: 15, inProgress: 0 });
    expect(await count("student_answers", examAfter.id)).toBe(0);
    expect(await count("student_answers", examBefore.id)).toBe(0);
    expect(await count("archived_student_answers", examAfter.id)).toBe(working);
    // The rows by total score out of the working table too; item analysis (in readers) reads them from the archive.
    expect([await scoreRows("exam_item_score_stats"), await scoreRows("archived_exam_item_score_stats")]).toEqual([0, scoreRowsOpen]);
    const statuses = await h.db.select({ status: exams.status, was: exams.statusBeforeClose }).from(exams).where(eq(exams.schoolYearId, year.id));
    expect(statuses).toEqual([{ status: "archived", was: "published" }, { status: "archived", was: "published" }]);

    const after = await readers();
    // The exam's own status is what changed (archived): shown where an attempt's page names it.
    const strip = (o: unknown) => JSON.parse(JSON.stringify(o).replaceAll('"archived"', '"published"')) as unknown;
    for (const key of Object.keys(before)) expect(strip(after[key]), key).toEqual(strip(before[key]));

    // A second close is refused; the audit has the close.
    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).json()).toMatchObject({ code: "YEAR_ALREADY_CLOSED" });
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, year.id));
    expect(audit.map((a) => [a.action, (a.after as { status?: string }).status])).toEqual(expect.arrayContaining([["update", "closed"]]));

    const reopened = await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await count("student_answers", examAfter.id)).toBe(working);
    expect(await count("archived_student_answers", examAfter.id)).toBe(0);
    expect([await scoreRows("exam_item_score_stats"), await scoreRows("archived_exam_item_score_stats")]).toEqual([scoreRowsOpen, 0]);
    expect((await h.db.select({ status: exams.status, was: exams.statusBeforeClose }).from(exams).where(eq(exams.id, examAfter.id)))[0]).toEqual({ status: "published", was: null });
    const again = await readers();
    for (const key of Object.keys(before)) expect(again[key], key).toEqual(before[key]);
    const audit2 = await h.db.select().from(auditLog).where(eq(auditLog.entityId, year.id));
    expect(audit2.filter((a) => (a.after as { status?: string }).status === "open")).toHaveLength(1);
  });

  it("refuses every write to a closed year's exam with YEAR_CLOSED, in both languages; another school's teacher is told it does not exist", async () => {
    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).statusCode).toBe(200);
    const essay = examAfter.questions[2]!.id;
    const unmarked = await essayAnswer(sat[2]!.attemptId, essay);
    expectYearClosed(await req("PUT", `/api/grading/answers/${unmarked}`, cookie.teacher!, { score: 2 }));
    expectYearClosed(await req("PUT", `/api/exams/${examAfter.id}`, cookie.teacher!, EXAM));
    expectYearClosed(await req("DELETE", `/api/exams/${examAfter.id}`, cookie.teacher!));
    expectYearClosed(await req("DELETE", `/api/exams/${examAfter.id}/forms`, cookie.teacher!));
    // A new calibration run would move the year's scale scores.
    expectYearClosed(await req("POST", `/api/exams/${examAfter.id}/calibrations`, cookie.super_admin!, { model: "rasch" }));
    const start = new Date(Date.now() + 86_400_000);
    expectYearClosed(
      await req("POST", `/api/exams/${examAfter.id}/sittings`, cookie.teacher!, {
        schoolId: own,
        grade: null,
        startsAt: start.toISOString(),
        entryClosesAt: new Date(start.getTime() + 600_000).toISOString(),
        endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      }),
    );
    // Reach comes first: another school's teacher learns nothing about the answer.
    const foreign = await req("PUT", `/api/grading/answers/${unmarked}`, cookie.otherTeacher!, { score: 2 });
    expect([foreign.statusCode, (foreign.json() as { code: string }).code]).toEqual([404, "ANSWER_NOT_FOUND"]);
    // A student cannot start it (it is archived, so no longer offered) nor save to a finished attempt.
    const s = await newStudent();
    expect((await req("POST", `/api/student/exams/${examAfter.id}/attempt`, s.cookie, {})).statusCode).toBeGreaterThanOrEqual(400);
    const saved = await req("PUT", `/api/attempts/${sat[0]!.attemptId}/answers/${essay}`, sat[0]!.student.cookie, { examId: examAfter.id, clientSeq: 9, answerText: "x" });
    expect(saved.statusCode).toBeGreaterThanOrEqual(400);
    expect(await count("student_answers", examAfter.id)).toBe(0);
    // Reopened, the mark goes through.
    expect((await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!)).statusCode).toBe(200);
    expect((await req("PUT", `/api/grading/answers/${unmarked}`, cookie.teacher!, { score: 2 })).statusCode).toBe(200);
  });

  it("a student deleted with a closed year's attempts takes them out of the frozen figures exactly (as a rebuild from every answer gives them)", async () => {
    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).statusCode).toBe(200);
    const victim = sat[1]!;
    const del = await req("DELETE", `/api/users/${victim.student.id}`, cookie.super_admin!);
    expect(del.statusCode, del.body).toBe(204);
    // The figures the deletion left equal the figures worked out afresh from every answer, archived ones included.
    const rounded = async () =>
      (await h.db.select().from(examItemStats).where(eq(examItemStats.examId, examAfter.id))).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v])),
      ).sort((x, y) => String(x.questionId).localeCompare(String(y.questionId)) || String(x.schoolId).localeCompare(String(y.schoolId)));
    const left = await rounded();
    expect(left.some((r) => Number(r.sx) > 0)).toBe(true);
    await rebuildFigures(h.db, [examAfter.id]);
    expect(left).toEqual(await rounded());
  });
});

describe("school years: a closed year's backup, restored on its own", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-year-"));
  const file = path.join(dir, "year.jsonl.gz");

  /** What the readers show of the year's exam, to the teacher (the students' own pages are tested above). */
  async function figures() {
    const get = async (url: string) => {
      const res = await req("GET", url, cookie.teacher!);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return url.includes("export.") ? res.body : res.json();
    };
    const attempts = rowsOf<{ id: string }>(await h.db.execute(sql`select id from student_exams where exam_id = ${examAfter.id} order by id`));
    return {
      results: await get(`/api/results?examId=${examAfter.id}`),
      export: await get(`/api/results/export.csv?examId=${examAfter.id}&lang=ar`),
      pages: await Promise.all(attempts.map((a) => get(`/api/attempts/${a.id}/result`))),
      items: (await req("GET", `/api/analytics/exams/${examAfter.id}/items`, cookie.super_admin!)).json() as unknown,
      // Without the count of changes: a version for the caches, which only grows (the restore's rebuild adds to it).
      groupStats: (await h.db.select().from(examGroupStats).where(eq(examGroupStats.examId, examAfter.id))).map(({ changes: _changes, ...r }) => r),
      itemStats: await h.db.select().from(examItemStats).where(eq(examItemStats.examId, examAfter.id)).orderBy(examItemStats.questionId),
    };
  }

  /** The year gone from the installation, as a ministry would drop it once it is backed up. */
  async function dropYear() {
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`delete from student_exams where exam_id in (select id from exams where school_year_id = ${year.id})`);
      // As in an installation that never had the year: no student's row names its exams (student_graded_exams).
      await tx.execute(sql`update student_graded_exams set entries = array(select e from unnest(entries) as u(e)
        where split_part(e, '/', 1)::uuid not in (select id from exams where school_year_id = ${year.id}) order by e)`);
      await tx.execute(sql`delete from jobs where dedupe_key in (select 'reliability:' || id from exams where school_year_id = ${year.id})`);
      await tx.execute(sql`delete from calibrations where exam_id in (select id from exams where school_year_id = ${year.id})`);
      await tx.execute(sql`delete from exams where school_year_id = ${year.id}`);
      await tx.execute(sql`delete from school_years where id = ${year.id}`);
    });
  }

  /** The rows of the year that no reader above shows: the trail, held answers, plays, reports and plans. */
  async function extras() {
    const attemptsOf = sql`(select se.id from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${year.id})`;
    const out: Record<string, unknown[]> = {};
    for (const [table, where] of [
      ["attempt_events", sql`t.exam_id in (select id from exams where school_year_id = ${year.id})`],
      ["held_answers", sql`t.attempt_id in ${attemptsOf}`],
      ["media_plays", sql`t.attempt_id in ${attemptsOf}`],
      ["reports", sql`t.student_exam_id in ${attemptsOf}`],
      ["development_plans", sql`t.student_exam_id in ${attemptsOf}`],
      ["exam_media", sql`t.id = ${imageId}`],
    ] as const) {
      out[table] = rowsOf<{ r: unknown }>(await h.db.execute(sql`select to_jsonb(t) as r from ${sql.identifier(table)} t where ${where} order by to_jsonb(t)::text`)).map((x) => x.r);
    }
    return out;
  }
  const picture = async () => {
    const res = await req("GET", `/api/media/${imageId}`, cookie.teacher!);
    return [res.statusCode, res.rawPayload.toString("base64")];
  };

  it("an open year is refused; a closed one is backed up, dropped, restored, and every figure is the same", async () => {
    const [closed] = rowsOf<{ status: string }>(await h.db.execute(sql`select status from school_years where id = ${year.id}`));
    expect(closed!.status).toBe("closed");
    const other = (await req("POST", "/api/years", cookie.super_admin!, { ...YEAR, startsOn: "2001-09-01", endsOn: "2002-06-30" })).json() as { id: string };
    await expect(writeYearBackup(h.db, h.app.storage, other.id, file)).rejects.toThrow(/is open: close it first/);
    await expect(writeYearBackup(h.db, h.app.storage, "00000000-0000-4000-8000-000000000000", file)).rejects.toThrow(YearBackupError);

    // A held answer, a clip's plays, a report and a plan of one attempt (their own modules make them; here, their rows).
    const { attemptId, student } = sat[2]!;
    const [mc] = examAfter.questions;
    await h.db.execute(sql`insert into held_answers (attempt_id, question_id, answer_text, answered_at) values (${attemptId}, ${mc!.id}, 'late', now())`);
    await h.db.execute(sql`insert into media_plays (attempt_id, media_id, plays) values (${attemptId}, ${imageId}, 2)`);
    await h.db.execute(sql`insert into reports (student_exam_id, student_id, school_id, report_data) values (${attemptId}, ${student.id}, ${own}, '{"summary":{"ar":"ملخص","en":"Summary"}}')`);
    await h.db.execute(sql`insert into development_plans (student_exam_id, student_id, school_id, plan_data) values (${attemptId}, ${student.id}, ${own}, '{"goal":{"ar":"هدف","en":"Goal"}}')`);
    const extrasBefore = await extras();
    for (const [table, rows] of Object.entries(extrasBefore)) expect(rows.length, table).toBeGreaterThan(0);
    const pictureBefore = await picture();
    expect(pictureBefore).toEqual([200, PNG.toString("base64")]);

    const before = await figures();
    const written = await writeYearBackup(h.db, h.app.storage, year.id, file);
    expect(written.tables).toMatchObject({ school_years: 1, exams: 2, student_exams: 4 });
    expect(written.tables.archived_student_answers).toBe(12);
    expect(written.media).toEqual({ files: 1, bytes: PNG.length });

    await dropYear();
    // As in a fresh installation: the picture's row and its bytes gone too.
    const [media] = await h.db.select().from(examMedia).where(eq(examMedia.id, imageId));
    await h.db.delete(examMedia).where(eq(examMedia.id, imageId));
    await h.app.storage.remove(media!.storageKey);
    expect((await picture())[0]).toBe(404);
    // And the trail's id sequence behind the restored ids, as in an installation that never had them.
    const trailIds = (extrasBefore.attempt_events as { id: number }[]).map((e) => Number(e.id));
    expect(trailIds.length).toBeGreaterThan(1);
    await h.db.execute(sql`select setval(pg_get_serial_sequence('attempt_events', 'id'), ${Math.min(...trailIds)})`);
    expect(await count("archived_student_answers", examAfter.id)).toBe(0);
    expect((await req("GET", `/api/exams/${examAfter.id}`, cookie.teacher!)).statusCode).toBe(404);

    const restored = await restoreYearBackup(h.db, h.app.storage, file);
    expect(restored.skipped).toEqual({});
    expect(restored.tables).toMatchObject(Object.fromEntries(Object.entries(written.tables).filter(([t, n]) => n > 0 && !t.startsWith("bank_"))));
    expect(await figures()).toEqual(before);
    // Every maintained row, the per-student ones (the dashboard's distinct students) included, as the answers give them.
    await expectFiguresEqualRecount(h.db);
    // The closed year's rows by total score rebuilt into the archive, none into the working table.
    expect(await scoreRows("exam_item_score_stats")).toBe(0);
    expect(await scoreRows("archived_exam_item_score_stats")).toBeGreaterThan(0);
    // And each restored exam's reliability queued to be worked out again (it is not in the backup).
    const queued = rowsOf<{ key: string }>(await h.db.execute(sql`select dedupe_key as key from jobs where status = 'queued' and dedupe_key like 'reliability:%'`)).map((r) => r.key);
    expect(queued).toEqual(expect.arrayContaining([`reliability:${examAfter.id}`, `reliability:${examBefore.id}`]));
    expect(await extras()).toEqual(extrasBefore);
    expect(await picture()).toEqual(pictureBefore);
    expect(restored.media).toEqual({ files: 1, bytes: PNG.length });
    // The trail's ids were restored as they were; the next event takes a new one (the sequence moved past them).
    await h.db.execute(sql`insert into attempt_events (exam_id, student_id, kind) values (${examAfter.id}, ${student.id}, 'resumed')`);
    // Still closed, still read-only.
    expectYearClosed(await req("PUT", `/api/exams/${examAfter.id}`, cookie.teacher!, EXAM));
    // And not twice.
    await expect(restoreYearBackup(h.db, h.app.storage, file)).rejects.toThrow(/already here: nothing was restored/);
  });

  it("reads a backup of format version 1 (without the rows version 2 added) and refuses a newer version with a clear message", async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").trim().split("\n");
    const { version: _version, ...header } = JSON.parse(lines[0]!) as { version: number };
    const added = new Set(["attempt_events", "held_answers", "media_plays", "reports", "development_plans", "exam_media"]);
    const v1 = [JSON.stringify(header), ...lines.slice(1).filter((l) => { const row = JSON.parse(l) as { t?: string }; return row.t !== undefined && !added.has(row.t); })];
    const older = path.join(dir, "v1.jsonl.gz");
    fs.writeFileSync(older, gzipSync(v1.join("\n")));
    const newer = path.join(dir, "v99.jsonl.gz");
    fs.writeFileSync(newer, gzipSync([JSON.stringify({ ...header, version: 99 }), ...lines.slice(1)].join("\n")));
    await expect(restoreYearBackup(h.db, h.app.storage, newer)).rejects.toThrow("the backup is of format version 99 and this installation reads versions 1 to 2");
    await dropYear();
    const restored = await restoreYearBackup(h.db, h.app.storage, older);
    expect(restored.version).toBe(1);
    expect(restored.tables).toMatchObject({ school_years: 1, exams: 2, student_exams: 4 });
    expect(restored.tables.attempt_events).toBeUndefined();
    expect(restored.media).toEqual({ files: 0, bytes: 0 });
  });

  it("refuses a backup of another schema version, and a file that is not a backup, with a clear message", async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
    const header = JSON.parse(lines[0]!) as { schema: string };
    lines[0] = JSON.stringify({ ...header, schema: "0001_older" });
    const older = path.join(dir, "older.jsonl.gz");
    fs.writeFileSync(older, gzipSync(lines.join("\n")));
    await expect(restoreYearBackup(h.db, h.app.storage, older)).rejects.toThrow(`the backup was made at schema 0001_older and this installation is at ${header.schema}`);
    const junk = path.join(dir, "junk.gz");
    fs.writeFileSync(junk, "not gzip");
    await expect(restoreYearBackup(h.db, h.app.storage, junk)).rejects.toThrow(YearBackupError);
  });

  it("leaves out an attempt whose student no longer exists, and works the figures out again without it", async () => {
    await dropYear();
    const gone = sat[0]!;
    expect((await req("DELETE", `/api/users/${gone.student.id}`, cookie.super_admin!)).statusCode).toBe(204);
    const restored = await restoreYearBackup(h.db, h.app.storage, file);
    expect(restored.skipped).toMatchObject({ student_exams: 1 });
    const [graded] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams where exam_id = ${examAfter.id} and status = 'graded'`));
    const stats = await h.db.select().from(examGroupStats).where(eq(examGroupStats.examId, examAfter.id));
    expect(stats.reduce((a, r) => a + r.graded, 0)).toBe(graded!.n);
  });
});

describe("school years: the list's counts, read from the maintained figures", () => {
  /** The same counts worked out row by row: every attempt, every answer given (a row saved empty is omitted). */
  async function rowByRow() {
    const [r] = rowsOf<{ attempts: number; in_progress: number; awaiting: number; answers: number }>(
      await h.db.execute(sql`select
        (select count(*)::int from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${year.id}) as attempts,
        (select count(*)::int from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${year.id} and (se.status = 'in_progress' or se.remark_after is not null)) as in_progress,
        (select count(*)::int from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${year.id} and se.status = 'completed' and se.remark_after is null) as awaiting,
        (select count(*)::int from all_student_answers sa join student_exams se on se.id = sa.student_exam_id join exams e on e.id = se.exam_id
          where e.school_year_id = ${year.id} and not ${OMITTED}) as answers`),
    );
    return { attempts: r!.attempts, inProgress: r!.in_progress, awaitingMarks: r!.awaiting, answers: r!.answers };
  }
  async function expectCountsRight(when: string) {
    const list = (await req("GET", "/api/years", cookie.super_admin!)).json() as { items: { id: string }[] };
    const listed = list.items.find((y) => y.id === year.id);
    expect(listed, when).toMatchObject(await rowByRow());
    return listed as unknown as Awaited<ReturnType<typeof rowByRow>>;
  }

  it("stay right after a restore, a reopen, a new attempt (an answer saved empty not counted), its submission and mark, a close and a reopen", async () => {
    await expectCountsRight("closed, restored");
    expect((await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!)).statusCode).toBe(200);
    const reopened = await expectCountsRight("reopened");

    const s = await newStudent();
    const started = await req("POST", `/api/student/exams/${examAfter.id}/attempt`, s.cookie, {});
    expect(started.statusCode, started.body).toBe(200);
    const attemptId = (started.json() as { id: string }).id;
    const [mc, tf, essay] = examAfter.questions;
    const save = (q: string, body: object) => req("PUT", `/api/attempts/${attemptId}/answers/${q}`, s.cookie, { examId: examAfter.id, clientSeq: 1, ...body });
    expect((await save(mc!.id, { selectedOptionId: mc!.options.find((o) => o.isCorrect)!.id })).statusCode).toBe(200);
    // A choice made and then cleared: its row stays, empty.
    expect((await save(tf!.id, { selectedOptionId: tf!.options[1]!.id })).statusCode).toBe(200);
    const cleared = await save(tf!.id, { selectedOptionId: null, clientSeq: 2 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await save(essay!.id, { answerText: "الهجرة" })).statusCode).toBe(200);
    expect(await count("student_answers", examAfter.id)).toBeGreaterThanOrEqual(3);
    const sitting = await expectCountsRight("a new attempt in progress");
    expect(sitting).toMatchObject({ attempts: reopened.attempts + 1, inProgress: 1, answers: reopened.answers + 2 });

    expect((await req("POST", `/api/attempts/${attemptId}/submit`, s.cookie, {})).statusCode).toBe(200);
    expect(await expectCountsRight("submitted, the essay awaiting its mark")).toMatchObject({ attempts: reopened.attempts + 1, inProgress: 0, awaitingMarks: reopened.awaitingMarks + 1, answers: reopened.answers + 2 });
    expect((await req("PUT", `/api/grading/answers/${await essayAnswer(attemptId, essay!.id)}`, cookie.teacher!, { score: 0 })).statusCode).toBe(200);
    expect(await expectCountsRight("graded")).toMatchObject({ awaitingMarks: reopened.awaitingMarks, answers: reopened.answers + 2 });

    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).statusCode).toBe(200);
    await expectCountsRight("closed again");
    expect((await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!)).statusCode).toBe(200);
    await expectCountsRight("reopened again");
  });
});

describe("school years: late answers (decision 0056) and a close", () => {
  it("an attempt waiting to be marked again after late answers holds the close; a late answer to a closed year's attempt is refused as closed", async () => {
    const s = await newStudent();
    const started = await req("POST", `/api/student/exams/${examAfter.id}/attempt`, s.cookie, {});
    expect(started.statusCode, started.body).toBe(200);
    const attemptId = (started.json() as { id: string }).id;
    const [mc, tf, essay] = examAfter.questions;
    const save = (q: string, body: object) => req("PUT", `/api/attempts/${attemptId}/answers/${q}`, s.cookie, { examId: examAfter.id, ...body });
    expect((await save(essay!.id, { answerText: "الصبر", clientSeq: 1 })).statusCode).toBe(200);
    // Its time ran out five minutes ago, with answers made before the deadline still on the device.
    await h.db.execute(sql`update student_exams set deadline_at = now() - interval '5 minutes', started_at = now() - interval '35 minutes' where id = ${attemptId}`);
    const [row] = rowsOf<{ deadline_at: string | Date }>(await h.db.execute(sql`select deadline_at from student_exams where id = ${attemptId}`));
    const madeAt = (secondsBefore: number) => new Date(new Date(row!.deadline_at).getTime() - secondsBefore * 1000).toISOString();
    const late = await save(mc!.id, { selectedOptionId: mc!.options.find((o) => o.isCorrect)!.id, clientSeq: 2, answeredAt: madeAt(60) });
    expect(late.statusCode, late.body).toBe(200);

    // Marked again in a moment (remark_after): closing now would move its answers and leave the sweep nothing to mark.
    const refused = await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!);
    expect([refused.statusCode, (refused.json() as { code: string }).code]).toEqual([409, "YEAR_ATTEMPTS_IN_PROGRESS"]);
    // The years list shows it as the close counts it: in progress (so the dialog does not offer a close it refuses),
    // not awaiting a teacher's mark.
    expect((refused.json() as { message: { en: string } }).message.en).toContain("(1)");
    const [listed] = ((await req("GET", "/api/years", cookie.super_admin!)).json() as { items: { id: string; inProgress: number; awaitingMarks: number }[] }).items.filter((y) => y.id === year.id);
    const [awaiting] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${year.id} and se.status = 'completed' and se.remark_after is null`));
    expect(listed).toMatchObject({ inProgress: 1, awaitingMarks: awaiting!.n });
    await h.db.execute(sql`update student_exams set remark_after = now() where id = ${attemptId}`);
    expect(await remarkLateAttempts(h.db)).toBe(1);
    const marked = async () => rowsOf<{ status: string; score: number | string | null }>(await h.db.execute(sql`select status, score from student_exams where id = ${attemptId}`))[0]!;
    const before = await marked();
    expect(before.status).toBe("completed"); // the essay awaits its teacher

    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).statusCode).toBe(200);
    expectYearClosed(await save(tf!.id, { selectedOptionId: tf!.options.find((o) => o.isCorrect)!.id, clientSeq: 3, answeredAt: madeAt(30) }));
    expect(await count("student_answers", examAfter.id)).toBe(0);
    expect(await marked()).toEqual(before);
    expect((await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!)).statusCode).toBe(200);
  });
});

describe("school years: a closed year's rows by total score (Kelley's groups) out of the working table", () => {
  it("close: none of the year's rows left in the working table, the item analysis the same; reopen: back, the same again", async () => {
    // Six graded attempts of distinct totals (1, 2, 3, 4, 5, 7): the 27 % groups are two each, so the top and bottom
    // attempts come from the rows by total score (decision 0066: no answer is read for them).
    const exam = await makeExam();
    for (const [right, mark] of [[false, 0], [false, 1], [true, 0], [false, 3], [true, 2], [true, 4]] as const) await sit(exam, right, mark);
    const analysis = async (c: string) => {
      const res = await req("GET", `/api/analytics/exams/${exam.id}/items`, c);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { questions: { upperLowerDifference: number | null }[] };
    };
    const all = await analysis(cookie.super_admin!);
    const school = await analysis(cookie.school_admin!);
    expect(all.questions.every((q) => q.upperLowerDifference !== null)).toBe(true);
    const own = async (table: "exam_item_score_stats" | "archived_exam_item_score_stats") =>
      Number(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where exam_id = ${exam.id}`))[0]!.n);
    const rows = await own("exam_item_score_stats");
    expect(rows).toBeGreaterThan(0);
    const reliability = async () => {
      const res = await req("GET", `/api/analytics/exams/${exam.id}/reliability`, cookie.super_admin!);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { alpha: number | null };
    };
    const reliable = await reliability();
    expect(reliable.alpha).not.toBeNull();
    // The bank's figures of the exam's items (facility over every use), as the teacher's bank shows them.
    const itemIds = rowsOf<{ id: string }>(await h.db.execute(sql`select v.item_id as id from questions q join bank_item_versions v on v.id = q.item_version_id where q.exam_id = ${exam.id} order by q.position`)).map((r) => r.id);
    const bankItems = async () =>
      Promise.all(
        itemIds.map(async (id) => {
          const res = await req("GET", `/api/bank/${id}`, cookie.teacher!);
          expect(res.statusCode, res.body).toBe(200);
          const { facility, exposure, uses } = res.json() as { facility: number | null; exposure: number; uses: unknown };
          return { facility, exposure, uses };
        }),
      );
    // And as the assembler reads them (facility over every graded attempt, and who of a cohort has seen each).
    const cohort = async () => [...(await cohortStats(h.db, itemIds, sql`select student_id from student_exams where exam_id = ${exam.id}`)).entries()].sort();
    const cohortBefore = await cohort();
    const bankBefore = await bankItems();
    expect(bankBefore.some((i) => Number(i.facility) > 0)).toBe(true);

    expect((await req("POST", `/api/years/${year.id}/close`, cookie.super_admin!)).statusCode).toBe(200);
    expect(await scoreRows("exam_item_score_stats")).toBe(0);
    expect(await own("archived_exam_item_score_stats")).toBe(rows);
    expect(await analysis(cookie.super_admin!)).toEqual(all);
    expect(await analysis(cookie.school_admin!)).toEqual(school);
    expect(await bankItems()).toEqual(bankBefore);
    expect(await cohort()).toEqual(cohortBefore);
    await expectFiguresEqualRecount(h.db);
    // Worked out again while closed (as after a restore: its rebuild queues the job), the reliability job reads the
    // archived answers: the same figures (failed before: the matrix was read from the working table, all blank).
    await h.db.execute(sql`delete from exam_reliability where exam_id = ${exam.id}`);
    await rebuildFigures(h.db, [exam.id]);
    await h.db.execute(sql`update jobs set run_at = now() where dedupe_key = ${`reliability:${exam.id}`} and status = 'queued'`);
    await h.drainJobs();
    expect(await reliability()).toEqual(reliable);

    expect((await req("POST", `/api/years/${year.id}/reopen`, cookie.super_admin!)).statusCode).toBe(200);
    expect([await own("exam_item_score_stats"), await scoreRows("archived_exam_item_score_stats")]).toEqual([rows, 0]);
    expect(await analysis(cookie.super_admin!)).toEqual(all);
    expect(await analysis(cookie.school_admin!)).toEqual(school);
  });
});
