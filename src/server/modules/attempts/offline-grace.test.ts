// Answers made offline that come back after the deadline (issue 37, decision 0056): within the offline grace they
// are stored and marked — also after the sweep closed the attempt — later ones are held for a proctor, who accepts
// or refuses them; stamps that cannot be true are refused. Through the real app and database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { heldAnswers, studentAnswers, studentExams } from "../../db/schema";
import { saveAnswer, sweepExpiredAttempts } from "./attempts.service";
import { remarkNow } from "../../test/remark";
import { remarkLateAttempts } from "./late-answers";
import { parseConfig } from "../../config";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TAttemptEvent, TLiveView } from "../../../shared/schemas/sitting";

let h: THarness;
let own: string;
let other: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("grace_own", "مدرسة الفجر");
  other = await h.makeSchool("grace_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["otherTeacher", "teacher", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
async function newStudent(school = own) {
  const u = await h.makeUser("student", { schoolId: school, name: `Offline ${++n}` });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}

const EXAM = {
  titleAr: "اختبار دون اتصال",
  titleEn: "Offline test",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  questions: [
    {
      type: "multiple_choice",
      questionTextAr: "جمع كتاب؟",
      questionTextEn: "Plural of kitab?",
      points: 2,
      options: [
        { optionTextAr: "كتب", optionTextEn: "kutub", isCorrect: true },
        { optionTextAr: "كتاتيب", optionTextEn: "katatib", isCorrect: false },
      ],
    },
    {
      type: "true_false",
      questionTextAr: "العربية تُكتب من اليمين.",
      questionTextEn: "Arabic is written from the right.",
      points: 1,
      options: [
        { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
        { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
      ],
    },
  ],
} satisfies TExamInput;

type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
async function makeExam(): Promise<TExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: cookie.teacher, payload: EXAM });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const start = async (c: string, examId: string) => (await h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie: c, payload: {} })).json() as { id: string };
const save = (c: string, attemptId: string, questionId: string, body: object) => h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${questionId}`, cookie: c, payload: body });
const decide = (c: string | undefined, attemptId: string, body: object) => h.request({ method: "POST", url: `/api/attempts/${attemptId}/held-answers`, cookie: c, payload: body });
const events = async (attemptId: string) => ((await h.request({ method: "GET", url: `/api/attempts/${attemptId}/events`, cookie: cookie.teacher })).json().items as TAttemptEvent[]).map((e) => e.kind);
const attemptRow = async (id: string) => (await h.db.select().from(studentExams).where(eq(studentExams.id, id)))[0]!;
const right = (exam: TExam, i: number) => exam.questions[i]!.options.find((o) => o.isCorrect)!.id;
/** The deadline moved `minutes` into the past, as if the attempt had run that long. */
const deadlineAgo = (id: string, minutes: number) =>
  h.db
    .update(studentExams)
    .set({ deadlineAt: sql`now() - make_interval(mins => ${minutes})`, startedAt: sql`now() - make_interval(mins => ${minutes + 30})` })
    .where(eq(studentExams.id, id));
const before = async (id: string, seconds: number) => new Date((await attemptRow(id)).deadlineAt!.getTime() - seconds * 1000).toISOString();

const row0 = <T,>(rows: T[]): T => rows[0]!;

describe("answers made offline before the deadline (decision 0056)", () => {
  it("arriving within the grace: stored and marked, the attempt closed with the new score; unstamped or stamped after: TIME_UP", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await save(s.cookie, a.id, exam.questions[1]!.id, { examId: exam.id, selectedOptionId: right(exam, 1), clientSeq: 1 });
    await deadlineAgo(a.id, 5);
    // No stamp, or made after the deadline: refused as before.
    const unstamped = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1 });
    expect(unstamped.json()).toMatchObject({ code: "TIME_UP" });
    const after = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(a.id, -10) });
    expect(after.json()).toMatchObject({ code: "TIME_UP" });
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 1 });
    const markedAt = (await attemptRow(a.id)).markedAt;

    const late = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 2, answeredAt: await before(a.id, 60) });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ clientSeq: 2 });
    // Stored and marked at once; the attempt waits to be marked again until its late answers stop (one job, not one
    // pass over the exam's figures per answer).
    expect(await attemptRow(a.id)).toMatchObject({ status: "completed", score: null });
    expect(row0(await h.db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, a.id), eq(studentAnswers.questionId, exam.questions[0]!.id))))).toMatchObject({ score: 2 });
    expect(await remarkNow(h.db)).toBe(1);
    const marked = await attemptRow(a.id);
    expect(marked).toMatchObject({ status: "graded", score: 3 });
    expect(marked.markedAt.getTime()).toBeGreaterThan(markedAt.getTime());
    const [row] = await h.db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, a.id), eq(studentAnswers.questionId, exam.questions[0]!.id)));
    expect(row).toMatchObject({ isCorrect: true, score: 2, clientSeq: 2 });
    // An older save of the same answer arriving later changes nothing.
    const older = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: exam.questions[0]!.options[1]!.id, clientSeq: 1, answeredAt: await before(a.id, 90) });
    expect(older.json()).toMatchObject({ clientSeq: 2 });
    expect(await remarkNow(h.db)).toBe(0);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 3 });
    // The result the student sees follows.
    expect((await h.request({ method: "GET", url: `/api/attempts/${a.id}/result`, cookie: s.cookie })).json()).toMatchObject({ attempt: { score: 3 } });
  });

  it("after the sweep closed the attempt: stored and the attempt marked again", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 3);
    await sweepExpiredAttempts(h.db);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 0 });
    const late = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(a.id, 30) });
    expect(late.statusCode, late.body).toBe(200);
    // Three more late answers: still one job, which marks the attempt once.
    for (const [i, q] of exam.questions.slice(1).entries()) {
      const more = await save(s.cookie, a.id, q.id, { examId: exam.id, selectedOptionId: q.options[1]!.id, clientSeq: 1, answeredAt: await before(a.id, 20 - i) });
      expect(more.statusCode, more.body).toBe(200);
    }
    expect(await attemptRow(a.id)).toMatchObject({ status: "completed", score: null });
    // Not before a quiet moment after the last late answer has passed.
    expect(await remarkLateAttempts(h.db)).toBe(0);
    expect(await remarkNow(h.db)).toBe(1);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", remarkAfter: null });
    const total = (await h.db.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, a.id))).reduce((t, r) => t + Number(r.score), 0);
    expect(Number((await attemptRow(a.id)).score)).toBe(total);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await events(a.id)).not.toContain("answer_held");
  });

  it("a student who submitted before the deadline is not reopened by a stamped save", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await h.request({ method: "POST", url: `/api/attempts/${a.id}/submit`, cookie: s.cookie, payload: {} });
    await h.db.update(studentExams).set({ deadlineAt: sql`completed_at + interval '1 minute'` }).where(eq(studentExams.id, a.id));
    await deadlineAgo(a.id, 2);
    await h.db.update(studentExams).set({ completedAt: sql`deadline_at - interval '10 minutes'` }).where(eq(studentExams.id, a.id));
    const res = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(a.id, 30) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).not.toMatchObject({ code: "ANSWER_HELD_FOR_PROCTOR" });
    expect(await attemptRow(a.id)).toMatchObject({ score: 0 });
  });

  it("beyond the grace: held (409), in the trail once; a proctor of the school accepts — applied and marked — or refuses", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 20);
    const stamp = await before(a.id, 120);
    const held = await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: stamp });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: "ANSWER_HELD_FOR_PROCTOR", title: { en: "Answer kept for the proctor", ar: "حُفظت الإجابة للمراقب" } });
    // Sent again (the reply was lost): still one waiting, one event.
    expect((await save(s.cookie, a.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: stamp })).statusCode).toBe(409);
    const tf = await save(s.cookie, a.id, exam.questions[1]!.id, { examId: exam.id, selectedOptionId: right(exam, 1), clientSeq: 4, answeredAt: stamp });
    expect(tf.json()).toMatchObject({ code: "ANSWER_HELD_FOR_PROCTOR" });
    const waiting = await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((w) => w.decision === "pending" && w.answeredAt.toISOString() === stamp)).toBe(true);
    expect((await events(a.id)).filter((k) => k === "answer_held")).toHaveLength(2);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 0 });

    // Nobody else decides: the student, another school's teacher, nobody signed in.
    expect((await decide(s.cookie, a.id, { decision: "accept" })).statusCode).toBe(404);
    expect((await decide(cookie.otherTeacher, a.id, { decision: "accept" })).json()).toMatchObject({ code: "RESULT_FORBIDDEN" });
    expect((await decide(undefined, a.id, { decision: "accept" })).statusCode).toBe(401);
    // Bad input.
    for (const body of [{}, { decision: "maybe" }, { decision: "accept", extra: 1 }]) {
      const res = await decide(cookie.teacher, a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(cookie.teacher, a.id, { decision: "accept", heldIds: ["nope"] })).json()).toMatchObject({ code: "HELD_ANSWER_NOT_FOUND" });
    expect((await decide(cookie.teacher, a.id, { decision: "accept", heldIds: [a.id] })).json()).toMatchObject({ code: "HELD_ANSWER_NOT_FOUND" });

    const mc = waiting.find((w) => w.questionId === exam.questions[0]!.id)!;
    const accepted = await decide(cookie.teacher, a.id, { decision: "accept", heldIds: [mc.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ decided: 1, score: 2, status: "graded" });
    expect(await attemptRow(a.id)).toMatchObject({ score: 2 });
    const refused = await decide(cookie.teacher, a.id, { decision: "refuse" });
    expect(refused.json()).toMatchObject({ decided: 1, score: 2 });
    const after = await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id));
    expect(after.map((w) => [w.questionId, w.decision]).sort()).toEqual(
      [
        [exam.questions[0]!.id, "accepted"],
        [exam.questions[1]!.id, "refused"],
      ].sort(),
    );
    expect(after.every((w) => w.decidedById && w.decidedAt)).toBe(true);
    const [tfRow] = await h.db.select().from(studentAnswers).where(and(eq(studentAnswers.studentExamId, a.id), eq(studentAnswers.questionId, exam.questions[1]!.id)));
    expect(tfRow?.selectedOptionId ?? null).toBeNull();
    const trail = await events(a.id);
    expect(trail).toContain("held_accepted");
    expect(trail).toContain("held_refused");
    // Decided already: nothing waits.
    expect((await decide(cookie.teacher, a.id, { decision: "accept" })).json()).toMatchObject({ code: "HELD_ANSWER_NOT_FOUND" });
  });

  it("the grace is the installation's OFFLINE_GRACE_MINUTES (15 by default, 0 to 240)", async () => {
    expect(parseConfig({}).offlineGraceMinutes).toBe(15);
    expect(parseConfig({ OFFLINE_GRACE_MINUTES: "30" }).offlineGraceMinutes).toBe(30);
    for (const bad of ["-1", "241", "ten"]) expect(() => parseConfig({ OFFLINE_GRACE_MINUTES: bad })).toThrow();
    // With a grace of 30 minutes an answer 20 minutes late is stored, where 15 would hold it.
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 20);
    const student = { id: s.id, username: "", email: "", role: "student" as const, schoolId: own, name: "", grade: null };
    const input = { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(a.id, 60) };
    await saveAnswer(h.db, student, a.id, exam.questions[0]!.id, input, { offlineGraceMinutes: 30 });
    await remarkNow(h.db);
    expect(await attemptRow(a.id)).toMatchObject({ score: 2 });
    expect(await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id))).toHaveLength(0);
  });

  it("a stamp in the future or before the start is refused; someone else's attempt is not found; bad stamps are 400", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    const q = exam.questions[0]!.id;
    const body = (answeredAt: unknown) => ({ examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt });
    // Within the time nothing changes: the stamp is not looked at (a save goes the one statement's way).
    expect((await save(s.cookie, a.id, exam.questions[1]!.id, { ...body(new Date(Date.now() + 10 * 60_000).toISOString()), selectedOptionId: right(exam, 1) })).statusCode).toBe(200);
    await deadlineAgo(a.id, 5);
    const future = await save(s.cookie, a.id, q, body(new Date(Date.now() + 10 * 60_000).toISOString()));
    expect(future.json()).toMatchObject({ code: "ANSWER_STAMP_INVALID" });
    const beforeStart = await save(s.cookie, a.id, q, body(new Date(Date.now() - 24 * 3600_000).toISOString()));
    expect(beforeStart.json()).toMatchObject({ code: "ANSWER_STAMP_INVALID" });
    for (const bad of ["yesterday", 1700000000, "2026-13-45T99:00:00Z", "", null]) {
      const res = await save(s.cookie, a.id, q, body(bad));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json(), String(bad)).toMatchObject({ code: "ANSWER_STAMP_INVALID", message: { ar: expect.any(String), en: expect.any(String) } });
    }
    // Another student's attempt, and a student of another school: not found, nothing stored or held.
    const stranger = await newStudent();
    const foreign = await newStudent(other);
    for (const who of [stranger, foreign]) {
      const res = await save(who.cookie, a.id, q, body(await before(a.id, 30)));
      expect(res.statusCode).toBe(404);
    }
    expect(await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id))).toHaveLength(0);
    expect(await attemptRow(a.id)).toMatchObject({ status: "in_progress" });
  });
});

describe("the heartbeat's pending count and the live view", () => {
  it("says how many answers wait on an offline device, and how many are held; bad counts are 400", async () => {
    const exam = await makeExam();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const sit = await h.request({ method: "POST", url: `/api/exams/${exam.id}/sittings`, cookie: cookie.teacher, payload: { startsAt: at(-1), entryClosesAt: at(10), endsAt: at(60) } });
    expect(sit.statusCode, sit.body).toBe(201);
    const sittingId = sit.json().id as string;
    const [quiet, late] = [await newStudent(), await newStudent()];
    const q = await start(quiet.cookie, exam.id);
    const beat = (body: unknown) => h.request({ method: "POST", url: `/api/attempts/${q.id}/heartbeat`, cookie: quiet.cookie, payload: body as object });
    for (const bad of [{ pending: -1 }, { pending: 1e9 }, { pending: "3" }, { pending: 1.5 }]) {
      const res = await beat(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: "PENDING_COUNT_INVALID" });
    }
    expect((await beat({ pending: 7 })).statusCode).toBe(200);
    expect((await attemptRow(q.id)).pendingAnswers).toBe(7);
    await h.db.update(studentExams).set({ startedAt: sql`now() - interval '5 minutes'`, lastSeenAt: sql`now() - interval '3 minutes'` }).where(eq(studentExams.id, q.id));

    const l = await start(late.cookie, exam.id);
    await deadlineAgo(l.id, 20);
    await save(late.cookie, l.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(l.id, 60) });

    // Heard from a moment ago: nothing is said to wait, whatever its count.
    const heard = await newStudent();
    const hd = await start(heard.cookie, exam.id);
    await h.request({ method: "POST", url: `/api/attempts/${hd.id}/heartbeat`, cookie: heard.cookie, payload: { pending: 3 } });
    // Closed by the clock while its device was offline with 5 answers: they are still waiting, until the device is back.
    const closed = await newStudent();
    const cl = await start(closed.cookie, exam.id);
    await h.request({ method: "POST", url: `/api/attempts/${cl.id}/heartbeat`, cookie: closed.cookie, payload: { pending: 5 } });
    await deadlineAgo(cl.id, 3);
    await h.db.update(studentExams).set({ lastSeenAt: sql`now() - interval '4 minutes'` }).where(eq(studentExams.id, cl.id));
    await sweepExpiredAttempts(h.db);

    const liveView = async () => (await h.request({ method: "GET", url: `/api/sittings/${sittingId}/live`, cookie: cookie.teacher })).json() as TLiveView;
    const view = await liveView();
    expect(view.students.find((x) => x.studentId === quiet.id)).toMatchObject({ state: "offline", pendingAnswers: 7, heldAnswers: 0 });
    expect(view.students.find((x) => x.studentId === late.id)).toMatchObject({ heldAnswers: 1, pendingAnswers: 0 });
    expect(view.students.find((x) => x.studentId === heard.id)).toMatchObject({ state: "working", pendingAnswers: 0 });
    expect(view.students.find((x) => x.studentId === closed.id)).toMatchObject({ state: "auto_submitted", pendingAnswers: 5 });
    // The device comes back and sends an answer: it no longer says anything waits.
    expect((await save(closed.cookie, cl.id, exam.questions[0]!.id, { examId: exam.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(cl.id, 60) })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100)); // the live view is kept LIVE_VIEW_CACHE_MS
    expect((await liveView()).students.find((x) => x.studentId === closed.id)).toMatchObject({ pendingAnswers: 0 });
    // A heartbeat without a count (an older page) says nothing waits.
    await beat({});
    expect((await attemptRow(q.id)).pendingAnswers).toBeNull();
  });
});
