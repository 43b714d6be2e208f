// The proctor's decision for a whole sitting (issue 37, decision 0056): every answer held in the sitting for the
// students in the proctor's reach, accepted or refused in one transaction, each an event in its attempt's trail.
// Bad input, another school's proctor, a student's session and a sitting that does not exist are refused clearly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { heldAnswers, studentExams } from "../../db/schema";
import type { TAttemptEvent } from "../../../shared/schemas/sitting";

let h: THarness;
let own: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("held_own", "مدرسة الأمل");
  const other = await h.makeSchool("held_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["otherTeacher", "teacher", other],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
});
afterAll(async () => {
  await h?.close();
});

const EXAM = {
  titleAr: "اختبار الجلسة",
  titleEn: "Sitting test",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  questions: [
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
};

const decideAll = (c: string | undefined, sittingId: string, body: object) => h.request({ method: "POST", url: `/api/sittings/${sittingId}/held-answers`, cookie: c, payload: body });
const trail = async (attemptId: string) => ((await h.request({ method: "GET", url: `/api/attempts/${attemptId}/events`, cookie: cookie.teacher })).json().items as TAttemptEvent[]).map((e) => e.kind);

/** A sitting of the teacher's school with `n` students whose answer came back after the grace (held). */
async function sittingWithHeld(n: number) {
  const exam = (await h.request({ method: "POST", url: "/api/exams", cookie: cookie.teacher, payload: EXAM })).json() as { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const sit = await h.request({ method: "POST", url: `/api/exams/${exam.id}/sittings`, cookie: cookie.teacher, payload: { startsAt: at(-1), entryClosesAt: at(10), endsAt: at(60) } });
  expect(sit.statusCode, sit.body).toBe(201);
  const q = exam.questions[0]!;
  const attempts: string[] = [];
  for (let i = 0; i < n; i++) {
    const u = await h.makeUser("student", { schoolId: own, name: `Held ${i}` });
    const c = await h.signIn(u.email, u.password, "student");
    const a = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c, payload: {} })).json() as { id: string };
    await h.db
      .update(studentExams)
      .set({ deadlineAt: sql`now() - interval '20 minutes'`, startedAt: sql`now() - interval '50 minutes'` })
      .where(eq(studentExams.id, a.id));
    const [row] = await h.db.select({ deadlineAt: studentExams.deadlineAt }).from(studentExams).where(eq(studentExams.id, a.id));
    const stamp = new Date(row!.deadlineAt!.getTime() - 60_000).toISOString();
    const res = await h.request({ method: "PUT", url: `/api/attempts/${a.id}/answers/${q.id}`, cookie: c, payload: { examId: exam.id, selectedOptionId: q.options.find((o) => o.isCorrect)!.id, clientSeq: 1, answeredAt: stamp } });
    expect(res.json()).toMatchObject({ code: "ANSWER_HELD_FOR_PROCTOR" });
    attempts.push(a.id);
    cookie[`student${i}`] = c;
  }
  return { sittingId: sit.json().id as string, attempts };
}

describe("POST /api/sittings/:sittingId/held-answers", () => {
  it("accepts every held answer of the sitting at once: each applied and marked, each an event; then nothing waits", async () => {
    const { sittingId, attempts } = await sittingWithHeld(2);
    const res = await decideAll(cookie.teacher, sittingId, { decision: "accept" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ decided: 2, attempts: 2 });
    const rows = await h.db.select().from(heldAnswers).where(inArray(heldAnswers.attemptId, attempts));
    expect(rows.every((r) => r.decision === "accepted" && r.decidedById && r.decidedAt)).toBe(true);
    const marked = await h.db.select().from(studentExams).where(inArray(studentExams.id, attempts));
    expect(marked.every((a) => a.status === "graded" && a.score === 1)).toBe(true);
    for (const a of attempts) expect((await trail(a)).filter((k) => k === "held_accepted")).toHaveLength(1);
    const again = await decideAll(cookie.teacher, sittingId, { decision: "refuse" });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "HELD_ANSWERS_NONE_IN_SITTING", message: { en: "No answer of this sitting is waiting for your decision." } });
  });

  it("refuses: kept, marked refused, the score unchanged", async () => {
    const { sittingId, attempts } = await sittingWithHeld(1);
    expect((await decideAll(cookie.super_admin, sittingId, { decision: "refuse" })).json()).toEqual({ decided: 1, attempts: 1 });
    const [row] = await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, attempts[0]!));
    expect(row?.decision).toBe("refused");
    expect((await h.db.select().from(studentExams).where(eq(studentExams.id, attempts[0]!)))[0]).toMatchObject({ score: 0 });
    expect(await trail(attempts[0]!)).toContain("held_refused");
  });

  it("bad input, other schools, students and nobody are refused, and nothing is decided", async () => {
    const { sittingId, attempts } = await sittingWithHeld(1);
    for (const body of [{}, { decision: "maybe" }, { decision: 1 }]) {
      const res = await decideAll(cookie.teacher, sittingId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: "HELD_DECISION_INVALID" });
    }
    // The sitting-wide decision takes no ids (the per-attempt route does).
    expect((await decideAll(cookie.teacher, sittingId, { decision: "accept", heldIds: [attempts[0]] })).statusCode).toBe(400);
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) expect((await decideAll(cookie.teacher, id, { decision: "accept" })).json()).toMatchObject({ code: "SITTING_NOT_FOUND" });
    // Another school's staff do not see the sitting; a student's session is no proctor's.
    for (const c of [cookie.otherTeacher, cookie.otherAdmin, cookie.student0]) {
      const res = await decideAll(c, sittingId, { decision: "accept" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "SITTING_NOT_FOUND" });
    }
    expect((await decideAll(undefined, sittingId, { decision: "accept" })).statusCode).toBe(401);
    const [row] = await h.db.select().from(heldAnswers).where(eq(heldAnswers.attemptId, attempts[0]!));
    expect(row?.decision).toBe("pending");
  });

  it("GET /api/attempts/:id/held-answers lists each held answer for the proctor; others are refused", async () => {
    const { attempts } = await sittingWithHeld(1);
    const list = (c: string | undefined, id = attempts[0]!) => h.request({ method: "GET", url: `/api/attempts/${id}/held-answers`, cookie: c });
    const res = await list(cookie.teacher);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; question: { en: string }; choice: { en: string } | null; text: string | null; answeredAt: string }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ question: { en: "Arabic is written from the right." }, choice: { en: "True" }, text: null });
    expect((await list(cookie.otherTeacher)).json()).toMatchObject({ code: "RESULT_FORBIDDEN" });
    expect((await list(cookie.student0)).json()).toMatchObject({ code: "RESULT_NOT_FOUND" });
    expect((await list(cookie.teacher, "nope")).json()).toMatchObject({ code: "RESULT_NOT_FOUND" });
    expect((await list(undefined)).statusCode).toBe(401);
    // Decided one by one (the per-attempt route with its id): the list is then empty.
    expect((await h.request({ method: "POST", url: `/api/attempts/${attempts[0]}/held-answers`, cookie: cookie.teacher, payload: { decision: "refuse", heldIds: [items[0]!.id] } })).statusCode).toBe(200);
    expect((await list(cookie.teacher)).json()).toEqual({ items: [] });
  });

  it("a report generated before an accepted held answer is marked stale (the attempt was marked again)", async () => {
    const { sittingId, attempts } = await sittingWithHeld(1);
    const made = await h.request({ method: "POST", url: `/api/attempts/${attempts[0]}/report`, cookie: cookie.teacher });
    expect(made.statusCode, made.body).toBe(201);
    const reports = async () => (await h.request({ method: "GET", url: `/api/attempts/${attempts[0]}/reports`, cookie: cookie.teacher })).json() as { report: { stale: boolean } | null };
    expect((await reports()).report?.stale).toBe(false);
    expect((await decideAll(cookie.teacher, sittingId, { decision: "accept" })).statusCode).toBe(200);
    expect((await reports()).report?.stale).toBe(true);
  });
});
