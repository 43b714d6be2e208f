// A device's journal in one request (issue 37, decision 0056): POST /api/attempts/:id/answers/batch. After the
// deadline the late answers are settled in one transaction by the rules of late-answers.ts (stored within the offline
// grace, held past it, refused when the stamp says so), each entry answered on its own; in time they go through the
// hot path. Through the real app and database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptEvents, heldAnswers, studentAnswers, studentExams } from "../../db/schema";
import { sweepExpiredAttempts } from "./attempts.service";
import { remarkNow } from "../../test/remark";
import { expectFiguresEqualRecount } from "../../test/figures-recount";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TAnswerBatchResult } from "../../../shared/schemas/attempt";

let h: THarness;
let own: string;
let other: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("batch_own", "مدرسة النور");
  other = await h.makeSchool("batch_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: own, name: "teacher" });
  cookie.teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
async function newStudent(school = own) {
  const u = await h.makeUser("student", { schoolId: school, name: `Journal ${++n}` });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}

const mc = (i: number) => ({
  type: "multiple_choice" as const,
  questionTextAr: `سؤال ${i}`,
  questionTextEn: `Question ${i}`,
  points: i,
  options: [
    { optionTextAr: "صحيح", optionTextEn: "right", isCorrect: true },
    { optionTextAr: "خطأ", optionTextEn: "wrong", isCorrect: false },
  ],
});
const EXAM = { titleAr: "دفتر الجهاز", titleEn: "Journal test", subjectId: "arabic", durationMinutes: 30, status: "published", questions: [mc(1), mc(2), mc(3), mc(4)] } satisfies TExamInput;

type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
async function makeExam(): Promise<TExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: cookie.teacher, payload: EXAM });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const start = async (c: string, examId: string) => (await h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie: c, payload: {} })).json() as { id: string };
const batch = (c: string | undefined, attemptId: string, body: unknown) => h.request({ method: "POST", url: `/api/attempts/${attemptId}/answers/batch`, cookie: c, payload: body as object });
const results = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TAnswerBatchResult).results;
};
const attemptRow = async (id: string) => (await h.db.select().from(studentExams).where(eq(studentExams.id, id)))[0]!;
/** The answers given (closing an attempt writes an empty row for each question left). */
const answersOf = async (id: string) => (await h.db.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, id))).filter((r) => r.selectedOptionId);
const right = (exam: TExam, i: number) => exam.questions[i]!.options.find((o) => o.isCorrect)!.id;
/** The deadline moved `minutes` into the past, as if the attempt had run that long. */
const deadlineAgo = (id: string, minutes: number) =>
  h.db
    .update(studentExams)
    .set({ deadlineAt: sql`now() - make_interval(mins => ${minutes})`, startedAt: sql`now() - make_interval(mins => ${minutes + 30})` })
    .where(eq(studentExams.id, id));
const before = async (id: string, seconds: number) => new Date((await attemptRow(id)).deadlineAt!.getTime() - seconds * 1000).toISOString();
/** The whole journal: every question answered right, stamped `seconds` before the deadline. */
const journal = async (exam: TExam, attemptId: string, seconds = 60, seq = 1) => ({
  examId: exam.id,
  entries: await Promise.all(exam.questions.map(async (q, i) => ({ questionId: q.id, selectedOptionId: right(exam, i), clientSeq: seq, answeredAt: await before(attemptId, seconds + i) }))),
});

describe("a device's journal in one request (decision 0056)", () => {
  it("after the deadline within the grace: all stored in one go, the attempt marked again once, the figures as a recount", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 3);
    await sweepExpiredAttempts(h.db);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 0 });
    const body = await journal(exam, a.id);
    const res = results(await batch(s.cookie, a.id, body));
    expect(res).toEqual(exam.questions.map((q) => ({ questionId: q.id, outcome: "stored", savedAt: expect.any(String), clientSeq: 1 })));
    expect(await attemptRow(a.id)).toMatchObject({ status: "completed", score: null });
    expect((await answersOf(a.id)).map((r) => Number(r.score)).sort()).toEqual([1, 2, 3, 4]);
    // Sent again (the reply was lost): each answer stored once, nothing moves, still one re-marking.
    const again = results(await batch(s.cookie, a.id, body));
    expect(again.every((r) => r.outcome === "stored" && r.clientSeq === 1)).toBe(true);
    expect(await answersOf(a.id)).toHaveLength(4);
    // An older change of one arriving later changes nothing and is told the newer one is stored.
    const older = results(await batch(s.cookie, a.id, { examId: exam.id, entries: [{ ...body.entries[0]!, selectedOptionId: exam.questions[0]!.options[1]!.id, clientSeq: 0 }] }));
    expect(older).toEqual([{ questionId: exam.questions[0]!.id, outcome: "stored", savedAt: expect.any(String), clientSeq: 1 }]);
    expect(await remarkNow(h.db)).toBe(1);
    expect(await remarkNow(h.db)).toBe(0);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 10 });
    expect(await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id))).toHaveLength(0);
    await expectFiguresEqualRecount(h.db);
  });

  it("a mixed journal: each entry answered by its own stamp — stored, refused TIME_UP, ANSWER_STAMP_INVALID, ANSWER_INVALID", async () => {
    const exam = await makeExam();
    const foreign = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 5);
    const [q0, q1, q2, q3] = exam.questions;
    const res = results(
      await batch(s.cookie, a.id, {
        examId: exam.id,
        entries: [
          { questionId: q0!.id, selectedOptionId: right(exam, 0), clientSeq: 1, answeredAt: await before(a.id, 30) },
          { questionId: q1!.id, selectedOptionId: right(exam, 1), clientSeq: 1, answeredAt: await before(a.id, -30) },
          { questionId: q2!.id, selectedOptionId: right(exam, 2), clientSeq: 1, answeredAt: new Date(Date.now() + 60 * 60_000).toISOString() },
          { questionId: q3!.id, selectedOptionId: right(exam, 3), clientSeq: 1 },
          { questionId: foreign.questions[0]!.id, selectedOptionId: right(foreign, 0), clientSeq: 1, answeredAt: await before(a.id, 30) },
        ],
      }),
    );
    expect(res.map((r) => [r.outcome, "code" in r ? r.code : null])).toEqual([
      ["stored", null],
      ["refused", "TIME_UP"],
      ["refused", "ANSWER_STAMP_INVALID"],
      ["refused", "TIME_UP"],
      ["refused", "ANSWER_INVALID"],
    ]);
    expect((await answersOf(a.id)).map((r) => r.questionId)).toEqual([q0!.id]);
    expect(await remarkNow(h.db)).toBe(1);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 1 });
    await expectFiguresEqualRecount(h.db);
  });

  it("past the grace: held for the proctor, one event each, a retry holds nothing twice; a stamp after the deadline is still refused", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    await deadlineAgo(a.id, 20);
    const body = await journal(exam, a.id);
    body.entries[3] = { ...body.entries[3]!, answeredAt: await before(a.id, -60) };
    const res = results(await batch(s.cookie, a.id, body));
    expect(res.map((r) => r.outcome)).toEqual(["held", "held", "held", "refused"]);
    expect(res[3]).toMatchObject({ code: "TIME_UP" });
    expect(results(await batch(s.cookie, a.id, body)).map((r) => r.outcome)).toEqual(["held", "held", "held", "refused"]);
    expect(await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, a.id))).toHaveLength(3);
    const held = await h.db.select().from(attemptEvents).where(sql`${attemptEvents.studentId} = ${s.id} and ${attemptEvents.kind} = 'answer_held'`);
    expect(held).toHaveLength(3);
    expect(await answersOf(a.id)).toHaveLength(0);
    expect(await attemptRow(a.id)).toMatchObject({ status: "graded", score: 0 });
  });

  it("in time: through the hot path, the attempt stays open", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    const body = { examId: exam.id, entries: exam.questions.map((q, i) => ({ questionId: q.id, selectedOptionId: right(exam, i), clientSeq: 2, answeredAt: new Date().toISOString() })) };
    expect(results(await batch(s.cookie, a.id, body)).map((r) => r.outcome)).toEqual(["stored", "stored", "stored", "stored"]);
    expect(results(await batch(s.cookie, a.id, body)).map((r) => r.outcome)).toEqual(["stored", "stored", "stored", "stored"]);
    expect(await answersOf(a.id)).toHaveLength(4);
    expect(await attemptRow(a.id)).toMatchObject({ status: "in_progress", remarkAfter: null });
  });

  it("bad input and other people's attempts are refused with their codes, never a 500", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const a = await start(s.cookie, exam.id);
    const q = exam.questions[0]!.id;
    const entry = { questionId: q, selectedOptionId: right(exam, 0), clientSeq: 1 };
    const cases: [unknown, number, string][] = [
      [{}, 404, "ATTEMPT_NOT_FOUND"],
      [{ examId: exam.id }, 400, "ANSWER_BATCH_INVALID"],
      [{ examId: exam.id, entries: "all" }, 400, "ANSWER_BATCH_INVALID"],
      [{ examId: exam.id, entries: [] }, 400, "ANSWER_BATCH_INVALID"],
      [{ examId: exam.id, entries: [entry, { ...entry, clientSeq: 2 }] }, 400, "ANSWER_BATCH_INVALID"],
      [{ examId: exam.id, entries: Array.from({ length: 201 }, () => entry) }, 400, "ANSWER_BATCH_TOO_LARGE"],
      [{ examId: exam.id, entries: [{ ...entry, questionId: "nope" }] }, 400, "ANSWER_INVALID"],
      [{ examId: exam.id, entries: [{ ...entry, clientSeq: "1" }] }, 400, "VALIDATION_FAILED"],
      [{ examId: exam.id, entries: [{ ...entry, answeredAt: "yesterday" }] }, 400, "ANSWER_STAMP_INVALID"],
      [{ examId: exam.id, entries: [{ ...entry, answerText: "x".repeat(20_001) }] }, 400, "TEXT_TOO_LONG"],
      [{ examId: exam.id, entries: [{ questionId: q }] }, 200, ""],
    ];
    for (const [body, status, code] of cases) {
      const res = await batch(s.cookie, a.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200) + res.body).toBe(status);
      if (code) expect(res.json().code, JSON.stringify(body).slice(0, 200)).toBe(code);
    }
    // An option of another question: that entry refused, the batch answered.
    expect(results(await batch(s.cookie, a.id, { examId: exam.id, entries: [{ ...entry, selectedOptionId: right(exam, 1) }] }))).toEqual([{ questionId: q, outcome: "refused", code: "ANSWER_INVALID" }]);
    const body = { examId: exam.id, entries: [entry] };
    // Another student of the school, another school's student, a teacher, nobody signed in; a wrong exam for the attempt.
    expect((await batch((await newStudent()).cookie, a.id, body)).json()).toMatchObject({ code: "ATTEMPT_NOT_FOUND" });
    expect((await batch((await newStudent(other)).cookie, a.id, body)).json()).toMatchObject({ code: "ATTEMPT_NOT_FOUND" });
    expect((await batch(cookie.teacher, a.id, body)).statusCode).toBe(403);
    expect((await batch(undefined, a.id, body)).statusCode).toBe(401);
    expect((await batch(s.cookie, a.id, { ...body, examId: (await makeExam()).id })).json()).toMatchObject({ code: "ATTEMPT_NOT_FOUND" });
    expect((await batch(s.cookie, "not-a-uuid", body)).json()).toMatchObject({ code: "ATTEMPT_NOT_FOUND" });
    // Only the well-formed entry with no choice was stored (an empty answer): nothing of the refused ones.
    expect(await h.db.select().from(studentAnswers).where(eq(studentAnswers.studentExamId, a.id))).toMatchObject([{ questionId: q, selectedOptionId: null }]);
  });
});
