// The scale's one-row counter under concurrency (issue 39, decision 0053 "the one row under concurrency"). Every
// change to the scale's inputs counts in scale_input_changes; until migration 0045 each change bumped it at once and
// held its row lock to the commit, so a writer that then wanted a row or lock another writer held, while that one
// waited for the counter, deadlocked and one of them answered 500. These are the realistic pairs, run at once through
// the real app, each interleaving made certain by a third connection holding a lock each side reaches at the chosen
// step: both must succeed, and the counter must have moved. Only on PostgreSQL: the embedded database has one
// connection, so two requests never overlap there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { LightMyRequestResponse } from "fastify";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { attemptAbilities, calibrations } from "../../db/schema";
import { rebuildFigures } from "../analytics/figures";

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log("scale-counter-race.test.ts: skipped on the embedded database (one connection: two requests never overlap); run with DATABASE_URL");

let h: THarness;
let admin: string;
let teacher: string;
let holder: pg.Client;
let k = 0;

const tf = [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
];

const req = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) => h.request({ method, url, cookie, ...(payload ? { payload } : {}) });

async function makeExam(questions: number): Promise<string> {
  const res = await req("POST", "/api/exams", teacher, {
    titleAr: "اختبار التزاحم",
    titleEn: "Contention test",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds: [],
    questions: Array.from({ length: questions }, (_, q) => ({ type: "true_false", questionTextAr: `س ${q + 1}`, questionTextEn: `Q ${q + 1}`, points: 1, options: tf })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/**
 * `n` students of `school`, each with a graded attempt of `examId` and an answer to each question, written straight to
 * the database (a calibration that stores its abilities in more than one piece needs over 5,000). The attempts' ids
 * and start times both rise with the student's number, so the order the calibration stores them in and the order of
 * their ids are one: the test knows which attempts a piece holds.
 */
async function gradedAttempts(examId: string, school: string, n: number): Promise<{ id: string; student: string }[]> {
  const tag = `race${++k}`;
  const prefix = `${(k % 65536).toString(16).padStart(4, "0")}0000-0000-4000-8000-`;
  await h.db.execute(sql`with u as (
      insert into auth_users (email, password_hash)
      select ${tag} || '-' || lpad(i::text, 6, '0') || '@test.local', 'not-a-hash' from generate_series(1, ${n}) i
      returning id, email)
    insert into profiles (id, username, email, role, name, school_id, grade, class_name)
    select id, split_part(email, '@', 1), email, 'student', 'Racer', ${school}, 8, '8A' from u`);
  await h.db.execute(sql`insert into student_exams (id, student_id, exam_id, status, grade, class_name, started_at, completed_at, score)
    select (${prefix} || lpad(r::text, 12, '0'))::uuid, p.id, ${examId}, 'graded', 8, '8A', now() + r * interval '1 millisecond', now() + interval '1 hour', 0
    from (select id, row_number() over (order by email) as r from profiles where email like ${tag + "-%"}) p`);
  // Right or wrong by the student's number and the question's place: enough spread for the EM to converge.
  await h.db.execute(sql`insert into student_answers (student_exam_id, question_id, student_id, score)
    select se.id, q.id, se.student_id, case when (right(se.id::text, 6)::int * 7 + q.position * 3) % 10 < right(se.id::text, 6)::int % 10 then 1 else 0 end
    from student_exams se join questions q on q.exam_id = se.exam_id where se.exam_id = ${examId} and se.id::text like ${prefix + "%"}`);
  await rebuildFigures(h.db, [examId]);
  return rowsOf<{ id: string; student: string }>(
    await h.db.execute(sql`select id, student_id as student from student_exams where exam_id = ${examId} and id::text like ${prefix + "%"} order by started_at, id`),
  );
}

/** Waits until `count` statements of this database wait for a lock (the interleaving has reached its step). */
async function lockWaiters(count: number) {
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    const [r] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    if (Number(r!.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} statements ever waited for a lock`);
}

/** Waits until the request has answered (true) or `count` statements wait for a lock (false: it waits, or made another wait). */
async function answeredOrWaiting(request: Promise<LightMyRequestResponse>, count: number): Promise<boolean> {
  let answered = false;
  void request.then(() => (answered = true));
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    if (answered) return true;
    const [r] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    if (Number(r!.n) >= count) return answered;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the request neither answered nor waited");
}

const counter = async () => Number(rowsOf<{ n: string }>(await h.db.execute(sql`select changes as n from scale_input_changes`))[0]!.n);
const schoolOf = async (id: string) => rowsOf<{ s: string }>(await h.db.execute(sql`select school_id as s from profiles where id = ${id}`))[0]!.s;

/** A student of `school` with a graded attempt of `examId` that has an ability (so the attempt is on a scale). */
async function onScale(examId: string, school: string, calibrationId: string) {
  const [a] = await gradedAttempts(examId, school, 1);
  await h.db.insert(attemptAbilities).values({ calibrationId, studentExamId: a!.id, items: 1, eap: 0.5, eapSe: 0.4 });
  return a!;
}

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: await h.makeSchool("school_race_teacher") });
  teacher = await h.signIn(t.email, t.password, "school");
  const { default: pgModule } = await import("pg");
  holder = new pgModule.Client({ connectionString: h.databaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await h?.close();
});

describe.skipIf(!onPostgres)("the scale's one-row counter, two writers at once", () => {
  /**
   * Two school moves of students who sat one exam: s1 from A to B while s2 leaves B for C. A move takes its figures'
   * lock of (exam, old school), changes the profile (the counter counts it), then takes (exam, new school): s1 wants
   * B's lock, which s2 holds. s2 is held by the third connection at its profile's change, so s1 gets there first.
   */
  async function twoMoves(opposite: boolean) {
    const examId = await makeExam(1);
    const [A, B, C] = [await h.makeSchool(), await h.makeSchool(), await h.makeSchool()];
    const [c] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: 2, items: 1 }).returning();
    const s1 = await onScale(examId, A, c!.id);
    const s2 = await onScale(examId, B, c!.id);
    const to2 = opposite ? A : C;
    const before = await counter();
    await holder.query("begin");
    await holder.query("select 1 from profiles where id = $1 for update", [s2.student]);
    const second = req("PATCH", `/api/users/${s2.student}`, admin, { schoolId: to2 });
    await lockWaiters(1);
    const first = req("PATCH", `/api/users/${s1.student}`, admin, { schoolId: B });
    await lockWaiters(2);
    await holder.query("rollback");
    const [r1, r2] = await Promise.all([first, second]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(await schoolOf(s1.student)).toBe(B);
    expect(await schoolOf(s2.student)).toBe(to2);
    expect(await counter()).toBeGreaterThan(before);
  }

  it("a student moved from school A to B while another leaves B for C: both moves succeed, the counter moves", async () => {
    await twoMoves(false);
  });

  it("two opposite school moves at once (A to B, B to A): both succeed", async () => {
    await twoMoves(true);
  });

  it("a student's gender changed in one school answers while a school move elsewhere is still under way (the counter waits for no one's commit)", async () => {
    const examId = await makeExam(1);
    const [A, B, C] = [await h.makeSchool(), await h.makeSchool(), await h.makeSchool()];
    const [c] = await h.db.insert(calibrations).values({ examId, model: "2pl", students: 1, items: 1 }).returning();
    const s1 = await onScale(examId, A, c!.id);
    // Another of B's students, so the move has B's figures' row to add to; the third connection holds that row, and the
    // move stops there — after its profile's change, which the counter counts.
    await gradedAttempts(examId, B, 1);
    const s2 = await h.makeUser("student", { schoolId: C, grade: 8, className: "8A" });
    const before = await counter();
    await holder.query("begin");
    await holder.query("select 1 from exam_group_stats where exam_id = $1 and school_id = $2 for update", [examId, B]);
    const moving = req("PATCH", `/api/users/${s1.student}`, admin, { schoolId: B });
    await lockWaiters(1);
    const editing = req("PATCH", `/api/users/${s2.id}`, admin, { gender: "female" });
    const answered = await answeredOrWaiting(editing, 2);
    await holder.query("rollback");
    const [moved, edited] = await Promise.all([moving, editing]);
    expect(answered, "the gender's change waited for the move's commit").toBe(true);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await counter()).toBe(before + 2);
  });

  /**
   * A calibration of 5,100 attempts stores its abilities in two pieces (5,000 a statement); the third connection
   * holds the first attempt of the second piece, so the calibration stops there, after the first piece. Meanwhile
   * one of the second piece's students is moved to another school, or deleted.
   */
  async function calibrationWith(change: (student: string) => Promise<LightMyRequestResponse>) {
    const school = await h.makeSchool();
    const examId = await makeExam(3);
    const attempts = await gradedAttempts(examId, school, 5100);
    const before = await counter();
    await holder.query("begin");
    await holder.query("select 1 from student_exams where id = $1 for update", [attempts[5000]!.id]);
    const calibrating = req("POST", `/api/exams/${examId}/calibrations`, admin, { model: "2pl" });
    await lockWaiters(1);
    const changing = change(attempts[5050]!.student);
    await answeredOrWaiting(changing, 2);
    await holder.query("rollback");
    const [calibrated, changed] = await Promise.all([calibrating, changing]);
    expect(calibrated.statusCode, calibrated.body).toBe(201);
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await counter()).toBeGreaterThan(before);
    const runId = (calibrated.json() as { id: string }).id;
    return { attempts, runId, school };
  }

  const abilitiesOf = async (runId: string) => Number(rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from attempt_abilities where calibration_id = ${runId}`))[0]!.n);

  it("a calibration storing its abilities while a student of it moves school: both succeed, every ability stored", async () => {
    const other = await h.makeSchool();
    const { runId } = await calibrationWith((student) => req("PATCH", `/api/users/${student}`, admin, { schoolId: other }));
    expect(await abilitiesOf(runId)).toBe(5100);
  });

  it("a calibration storing its abilities while a student of it is deleted: both succeed, the deleted one's ability not stored", async () => {
    const { attempts, runId } = await calibrationWith((student) => req("DELETE", `/api/users/${student}`, admin));
    expect(await abilitiesOf(runId)).toBe(5099);
    expect(rowsOf(await h.db.execute(sql`select 1 from student_exams where id = ${attempts[5050]!.id}`))).toHaveLength(0);
  });

  it("two roster imports at once: both succeed (new students have no attempt: the counter does not move)", async () => {
    const [A, B] = [await h.makeSchool(), await h.makeSchool()];
    const csv = (school: string) => `email,name,username,school_id,grade,class\n${[1, 2, 3].map((i) => `imp-${school}-${i}@test.local,Imported ${i},imp${++k}n${i},${school},8,8A`).join("\n")}\n`;
    const before = await counter();
    const [a, b] = await Promise.all([req("POST", "/api/users/import", admin, { role: "student", csv: csv(A) }), req("POST", "/api/users/import", admin, { role: "student", csv: csv(B) })]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(await counter()).toBe(before);
  });
});
