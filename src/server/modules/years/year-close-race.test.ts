// A start and a year's close at the same moment (issue 39, docs/decisions/0059): both lock the exam row — the close
// FOR UPDATE from before its check for attempts in progress until its commit, the start FOR SHARE in its one
// statement — so either the start commits first and the close refuses (YEAR_ATTEMPTS_IN_PROGRESS), or the close
// commits first and the start makes nothing; never an attempt in progress in a closed year. The interleavings are
// made certain with a third connection holding a lock each side reaches at the chosen step. Only on PostgreSQL: the
// embedded database has one connection, so a start and a close never overlap there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log("year-close-race.test.ts: skipped on the embedded database (one connection: a start and a close never overlap); run with DATABASE_URL");

let h: THarness;
let admin: string;
let teacher: string;
let school: string;
let n = 0;

const today = Date.now();
const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);

const EXAM = {
  titleAr: "اختبار السباق",
  titleEn: "Race test",
  subjectId: "islamic",
  durationMinutes: 30,
  status: "published",
  schoolIds: [],
  questions: [
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
  ],
};

const req = (method: "GET" | "POST", url: string, cookie: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

async function student() {
  const u = await h.makeUser("student", { schoolId: school, name: `Racer ${++n}`, grade: 8, className: "8A" });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}

/** A year of its own (the dates of the one before it, a year earlier) with one published exam made in it. */
async function yearWithExam(k: number): Promise<{ yearId: string; examId: string }> {
  const created = await req("POST", "/api/years", admin, { nameAr: `عام ${k}`, nameEn: `Year ${k}`, startsOn: day(-10 - 400 * k), endsOn: day(300 - 400 * k) });
  expect(created.statusCode, created.body).toBe(201);
  const yearId = (created.json() as { id: string }).id;
  const exam = await req("POST", "/api/exams", teacher, EXAM);
  expect(exam.statusCode, exam.body).toBe(201);
  const examId = (exam.json() as { id: string }).id;
  // The exam joins this year whatever day it is (the years' dates are the test's, not the calendar's).
  await h.db.execute(sql`update exams set school_year_id = ${yearId} where id = ${examId}`);
  return { yearId, examId };
}

/** Waits until `count` statements of this database wait for a lock (the interleaving has reached its step). */
async function lockWaiters(count: number) {
  // A deadline, not a number of tries: on a busy machine a request takes a while to reach its lock.
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    const [r] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    if (Number(r!.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} statements ever waited for a lock`);
}

const inProgress = async (examId: string) =>
  Number(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams where exam_id = ${examId} and status = 'in_progress'`))[0]!.n);

let holder: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness();
  school = await h.makeSchool("school_year_race");
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
  const { default: pgModule } = await import("pg");
  holder = new pgModule.Client({ connectionString: h.databaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await h?.close();
});

describe.skipIf(!onPostgres)("school years: a start and a close at the same moment", () => {
  it("the close commits first, while the start (already past its look at the exam) waits for the exam's lock: the start makes nothing", async () => {
    const { yearId, examId } = await yearWithExam(1);
    const s = await student();
    // The close will stop, holding the exam FOR UPDATE with its status archived, at its move of the answers.
    await holder.query("begin");
    await holder.query("lock table archived_student_answers in share mode");
    const closing = req("POST", `/api/years/${yearId}/close`, admin);
    await lockWaiters(1);
    // The start sees the exam published (the close has not committed), and its statement waits for the exam's row.
    const starting = req("POST", `/api/student/exams/${examId}/attempt`, s.cookie, {});
    await lockWaiters(2);
    await holder.query("rollback");
    const [closed, started] = await Promise.all([closing, starting]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(started.statusCode, started.body).toBeGreaterThanOrEqual(400);
    expect(started.statusCode, started.body).toBeLessThan(500);
    expect(await inProgress(examId)).toBe(0);
    expect(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from student_exams where exam_id = ${examId}`))[0]!.n).toBe(0);
  });

  it("the start commits first, while the close waits for the exam's lock: the close sees the attempt and is refused", async () => {
    const { yearId, examId } = await yearWithExam(2);
    const s = await student();
    // The start will stop, holding the exam FOR SHARE, at its insert: the holder has the same attempt uncommitted.
    await holder.query("begin");
    await holder.query("insert into student_exams (student_id, exam_id) values ($1, $2)", [s.id, examId]);
    const starting = req("POST", `/api/student/exams/${examId}/attempt`, s.cookie, {});
    await lockWaiters(1);
    const closing = req("POST", `/api/years/${yearId}/close`, admin);
    await lockWaiters(2);
    await holder.query("rollback");
    const [started, closed] = await Promise.all([starting, closing]);
    expect(started.statusCode, started.body).toBe(200);
    expect(closed.statusCode, closed.body).toBe(409);
    expect((closed.json() as { code: string }).code).toBe("YEAR_ATTEMPTS_IN_PROGRESS");
    expect(await inProgress(examId)).toBe(1);
    const [year] = rowsOf<{ status: string }>(await h.db.execute(sql`select status from school_years where id = ${yearId}`));
    expect(year!.status).toBe("open");
  });
});
