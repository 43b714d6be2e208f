// The language the paper was read in, recorded on the attempt as it starts (issue 35): item analysis compares
// groups by it (DIF). A resume does not change it; a start without it (an older page) records none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { makeForms } from "../../test/forms";
import { studentExams } from "../../db/schema";
import type { TExamInput } from "../../../shared/schemas/exam";
import { TRUE_FALSE } from "../../test/questions";

let h: THarness;
let teacher: string;
let school: string;

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_paper_lang", "مدرسة اللغة");
  const t = await h.makeUser("teacher", { schoolId: school });
  teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

async function makeExam(): Promise<{ id: string; questionIds: string[] }> {
  const input: TExamInput = {
    titleAr: "اختبار اللغة",
    titleEn: "Language test",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds: [],
    questions: [
      { type: "true_false", questionTextAr: "أ", questionTextEn: "A", points: 1, options: TRUE_FALSE },
      { type: "true_false", questionTextAr: "ب", questionTextEn: "B", points: 1, options: TRUE_FALSE },
    ],
  };
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: teacher, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string; questions: { id: string }[] };
  return { id: exam.id, questionIds: exam.questions.map((q) => q.id) };
}

async function student(): Promise<string> {
  const s = await h.makeUser("student", { schoolId: school });
  return h.signIn(s.email, s.password, "student");
}

const start = (cookie: string, examId: string, payload?: object) =>
  h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie, ...(payload ? { payload } : {}) });
const languageOf = async (attemptId: string) => (await h.db.select({ l: studentExams.paperLanguage }).from(studentExams).where(eq(studentExams.id, attemptId)))[0]?.l;

describe("the paper's language on the attempt", () => {
  it("is recorded as the attempt starts and kept when it is resumed in the other language", async () => {
    const exam = await makeExam();
    const cookie = await student();
    const first = await start(cookie, exam.id, { paperLanguage: "en" });
    expect(first.statusCode, first.body).toBe(200);
    expect(await languageOf(first.json().id)).toBe("en");
    const again = await start(cookie, exam.id, { paperLanguage: "ar" });
    expect(again.json().id).toBe(first.json().id);
    expect(await languageOf(first.json().id)).toBe("en");
  });

  it("a start without it (no body, or an empty one) records none", async () => {
    const exam = await makeExam();
    const a = await start(await student(), exam.id);
    expect(a.statusCode, a.body).toBe(200);
    expect(await languageOf(a.json().id)).toBeNull();
    const b = await start(await student(), exam.id, {});
    expect(await languageOf(b.json().id)).toBeNull();
  });

  it.each([["fr"], [""], [1], [null]])("%o: 400 PAPER_LANGUAGE_INVALID in both languages, no attempt made", async (bad) => {
    const exam = await makeExam();
    const res = await start(await student(), exam.id, { paperLanguage: bad });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code === "PAPER_LANGUAGE_INVALID" || body.fields?.some((f: { code: string }) => f.code === "PAPER_LANGUAGE_INVALID"), res.body).toBe(true);
    expect(JSON.stringify(body)).toContain("لغة الورقة");
    expect(await h.db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.examId, exam.id))).toEqual([]);
  });

  it("an exam with parallel forms records it too", async () => {
    const exam = await makeExam();
    await makeForms(h.db, exam.id, [[exam.questionIds[0]!], [exam.questionIds[1]!]]);
    const res = await start(await student(), exam.id, { paperLanguage: "ar" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await languageOf(res.json().id)).toBe("ar");
  });
});
