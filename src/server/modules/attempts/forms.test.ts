// Parallel forms given out and sat (issue 34, docs/decisions/0038): a start gives a form, balanced within the sitting
// or one per class, kept on a second start and from another device; the paper, the saves and the marking are the
// form's; an exam without forms is as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { makeForms } from "../../test/forms";
import { bankItemVersions, examFormQuestions, examFormTally, examMedia, questions, sittings, studentExams } from "../../db/schema";
import { multipart } from "../../test/multipart";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TAttemptState, TPaper } from "../../../shared/schemas/attempt";
import type { TLiveView } from "../../../shared/schemas/sitting";

let h: THarness;
let school: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  school = await h.makeSchool("school_forms");
  cookie.admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const t = await h.makeUser("teacher", { schoolId: school });
  cookie.teacher = await h.signIn(t.email, t.password, "school");
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
async function newStudent(options: { grade?: number | null; className?: string | null } = {}) {
  const u = await h.makeUser("student", { schoolId: school, name: `Student ${++n}`, grade: options.grade ?? null, className: options.className ?? null });
  return { id: u.id, email: u.email, password: u.password, cookie: await h.signIn(u.email, u.password, "student") };
}

/** Six choice questions worth 1 … 6 points; the first option of each is right. */
const EXAM = {
  titleAr: "اختبار النماذج",
  titleEn: "Forms test",
  subjectId: "islamic",
  durationMinutes: 30,
  status: "published",
  questions: Array.from({ length: 6 }, (_, i) => ({
    type: "multiple_choice" as const,
    questionTextAr: `سؤال ${i + 1}`,
    questionTextEn: `Question ${i + 1}`,
    points: i + 1,
    options: [
      { optionTextAr: "صحيح", optionTextEn: `Right ${i + 1}`, isCorrect: true },
      { optionTextAr: "خطأ", optionTextEn: `Wrong ${i + 1}`, isCorrect: false },
    ],
  })),
} satisfies TExamInput;
type TMadeExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

async function makeExam(): Promise<TMadeExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: cookie.teacher, payload: EXAM });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TMadeExam;
}
/** Forms 1, 2, 3: question 1 is the anchor of all three. Points: 1+2+3 = 6, 1+4+5 = 10, 1+6 = 7. */
const FORM_QUESTIONS = [[0, 1, 2], [0, 3, 4], [0, 5]];
async function examWithForms(assignment: "random" | "class" = "random") {
  const exam = await makeExam();
  const forms = await makeForms(h.db, exam.id, FORM_QUESTIONS.map((f) => f.map((i) => exam.questions[i]!.id)), assignment);
  return { exam, forms };
}

const start = async (c: string, examId: string) => {
  const res = await h.request({ method: "POST", url: `/api/student/exams/${examId}/attempt`, cookie: c, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAttemptState;
};
const paperOf = async (c: string, examId: string) => {
  const res = await h.request({ method: "GET", url: `/api/student/exams/${examId}/paper`, cookie: c });
  expect(res.statusCode, res.body).toBe(200);
  return { paper: res.json() as TPaper, body: res.body, etag: String(res.headers.etag) };
};
const save = (c: string, attemptId: string, questionId: string, body: object) => h.request({ method: "PUT", url: `/api/attempts/${attemptId}/answers/${questionId}`, cookie: c, payload: body });
const formOf = async (attemptId: string) => (await h.db.select({ formId: studentExams.formId }).from(studentExams).where(eq(studentExams.id, attemptId)))[0]!.formId;
const counts = (formIds: (string | null)[], forms: string[]) => forms.map((f) => formIds.filter((x) => x === f).length);

describe("giving forms out", () => {
  it("deals 30 starts one after another over 3 forms 10 / 10 / 10, and keeps each student's form on a second start, another device and the paper", async () => {
    const { exam, forms } = await examWithForms();
    const given: (string | null)[] = [];
    const students = [];
    for (let i = 0; i < 30; i++) {
      const s = await newStudent();
      students.push(s);
      given.push(await formOf((await start(s.cookie, exam.id)).id));
    }
    expect(counts(given, forms)).toEqual([10, 10, 10]);
    const tally = await h.db.select().from(examFormTally).where(sql`${examFormTally.formId} in ${forms}`);
    expect(tally.map((t) => t.given).sort()).toEqual([10, 10, 10]);

    // The first student again, then from a second sign-in (another device): the same attempt, the same form, not counted again.
    const s = students[0]!;
    const again = await start(s.cookie, exam.id);
    const device = await h.signIn(s.email, s.password, "student");
    expect(device).not.toBe(s.cookie);
    const third = await start(device, exam.id);
    expect(third.id).toBe(again.id);
    expect(await formOf(third.id)).toBe(given[0]);
    const tallyAfter = await h.db.select().from(examFormTally).where(sql`${examFormTally.formId} in ${forms}`);
    expect(tallyAfter.reduce((sum, t) => sum + t.given, 0)).toBe(30);
    // Each form's paper: only its questions, its points as the attempt's total, never the key.
    const form = forms.indexOf(given[0]!);
    const { paper, body } = await paperOf(device, exam.id);
    expect(paper.questions.map((q) => q.id)).toEqual(FORM_QUESTIONS[form]!.map((i) => exam.questions[i]!.id));
    expect(paper.totalPoints).toBe([6, 10, 7][form]);
    expect(third.totalPossibleScore).toBe([6, 10, 7][form]);
    expect(body).not.toContain("isCorrect");
  }, 180_000);

  it("balances each sitting on its own", async () => {
    const { exam, forms } = await examWithForms();
    const now = Date.now();
    for (const grade of [7, 8])
      await h.db.insert(sittings).values({ examId: exam.id, schoolId: school, grade, startsAt: new Date(now - 60_000), entryClosesAt: new Date(now + 3_600_000), endsAt: new Date(now + 7_200_000) });
    await h.db.update(sittings).set({ updatedAt: new Date() }).where(eq(sittings.examId, exam.id));
    const { examsChanged } = await import("./paper");
    await examsChanged(h.db, [exam.id]);
    const byGrade: Record<number, (string | null)[]> = { 7: [], 8: [] };
    // 4 of grade 7 then 5 of grade 8: each sitting starts again from an even tally.
    for (const grade of [7, 7, 7, 7, 8, 8, 8, 8, 8]) {
      const s = await newStudent({ grade });
      byGrade[grade]!.push(await formOf((await start(s.cookie, exam.id)).id));
    }
    for (const grade of [7, 8]) {
      const c = counts(byGrade[grade]!, forms);
      expect(Math.max(...c) - Math.min(...c), `grade ${grade}: ${c.join("/")}`).toBeLessThanOrEqual(1);
      expect(c.reduce((a, b) => a + b)).toBe(byGrade[grade]!.length);
    }
    // The live view's "answered of N" counts each student's own form (3, 3 or 2 questions), not the first form's.
    const [seven] = await h.db.select().from(sittings).where(and(eq(sittings.examId, exam.id), eq(sittings.grade, 7)));
    const res = await h.request({ method: "GET", url: `/api/sittings/${seven!.id}/live`, cookie: cookie.teacher });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as TLiveView;
    const started = view.students.filter((x) => x.attemptId);
    expect(started).toHaveLength(4);
    for (const x of started) expect(x.questionCount).toBe(FORM_QUESTIONS[forms.indexOf((await formOf(x.attemptId!))!)]!.length);
    expect(new Set(started.map((x) => x.questionCount)).size).toBeGreaterThan(1);
    expect(view.questionCount).toBe(3);
  }, 180_000);

  it("keeps the counts near even when many start at once", async () => {
    const { exam, forms } = await examWithForms();
    const students = await Promise.all(Array.from({ length: 24 }, () => newStudent()));
    const states = await Promise.all(students.map((s) => start(s.cookie, exam.id)));
    const c = counts(await Promise.all(states.map((st) => formOf(st.id))), forms);
    expect(c.reduce((a, b) => a + b)).toBe(24);
    expect(Math.max(...c) - Math.min(...c), c.join("/")).toBeLessThanOrEqual(1);
  }, 180_000);

  it("'class': every student of a class sits the same form, and the classes are spread across the forms", async () => {
    const { exam, forms } = await examWithForms("class");
    const byClass: Record<string, (string | null)[]> = {};
    for (const className of ["A", "B", "C", "A", "B", "C", "A", "B", "C"]) {
      const s = await newStudent({ grade: 8, className });
      (byClass[className] ??= []).push(await formOf((await start(s.cookie, exam.id)).id));
    }
    // Two at once of a new class: one form between them.
    const pair = await Promise.all([newStudent({ grade: 8, className: "D" }), newStudent({ grade: 8, className: "D" })]);
    byClass.D = await Promise.all(pair.map(async (s) => formOf((await start(s.cookie, exam.id)).id)));
    for (const [name, got] of Object.entries(byClass)) expect(new Set(got).size, name).toBe(1);
    // A, B and C (the first three classes) each took a different form.
    expect(new Set(["A", "B", "C"].map((c) => byClass[c]![0])).size).toBe(3);
    expect(forms).toContain(byClass.D[0]);
  }, 180_000);
});

describe("sitting a form", () => {
  it("gives a student the pictures of their own form's questions and not another form's", async () => {
    const { exam, forms } = await examWithForms();
    // Every question shows a picture of its own (a 1 × 1 PNG uploaded by the author).
    const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const images: string[] = [];
    for (const q of exam.questions) {
      const { payload, headers } = multipart([{ name: "file", filename: "map.png", type: "image/png", content: PNG }]);
      const res = await h.request({ method: "POST", url: "/api/media", cookie: cookie.teacher, payload, headers });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: string }).id;
      images.push(id);
      await h.db.update(examMedia).set({ examId: exam.id }).where(eq(examMedia.id, id));
      await h.db.update(questions).set({ imageId: id }).where(eq(questions.id, q.id));
    }
    const { examsChanged } = await import("./paper");
    await examsChanged(h.db, [exam.id]);
    const s = await newStudent();
    const before = await h.request({ method: "GET", url: `/api/media/${images[0]}`, cookie: s.cookie });
    expect(before.statusCode, "no form given yet: no picture").toBe(404);
    const form = forms.indexOf((await formOf((await start(s.cookie, exam.id)).id))!);
    for (const [i, id] of images.entries()) {
      const res = await h.request({ method: "GET", url: `/api/media/${id}`, cookie: s.cookie });
      expect(res.statusCode, `question ${i + 1} on form ${form + 1}`).toBe(FORM_QUESTIONS[form]!.includes(i) ? 200 : 404);
    }

    // After the sitting (submitted, the exam closed): their result's pictures, still their own form's only (decision 0064).
    const attemptId = (await h.db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.studentId, s.id)))[0]!.id;
    expect((await h.request({ method: "POST", url: `/api/attempts/${attemptId}/submit`, cookie: s.cookie, payload: {} })).statusCode).toBe(200);
    await h.db.execute(sql`update exams set status = 'archived', updated_at = now() where id = ${exam.id}`);
    await examsChanged(h.db, [exam.id]);
    const result = (await h.request({ method: "GET", url: `/api/attempts/${attemptId}/result`, cookie: s.cookie })).json() as { questions: { image: { id: string } | null }[] };
    expect(result.questions.map((q) => q.image?.id)).toEqual(FORM_QUESTIONS[form]!.map((i) => images[i]));
    for (const [i, id] of images.entries()) {
      const res = await h.request({ method: "GET", url: `/api/media/${id}`, cookie: s.cookie });
      expect(res.statusCode, `after the sitting, question ${i + 1} on form ${form + 1}`).toBe(FORM_QUESTIONS[form]!.includes(i) ? 200 : 404);
    }
  }, 180_000);

  it("refuses a save to another form's question as an unknown question, and marks the attempt out of its form's points", async () => {
    const { exam, forms } = await examWithForms();
    const s = await newStudent();
    const attempt = await start(s.cookie, exam.id);
    const form = forms.indexOf((await formOf(attempt.id))!);
    const mine = FORM_QUESTIONS[form]!;
    const foreign = [0, 1, 2, 3, 4, 5].find((i) => !mine.includes(i))!;
    const q = exam.questions[foreign]!;
    const refused = await save(s.cookie, attempt.id, q.id, { examId: exam.id, selectedOptionId: q.options[0]!.id, clientSeq: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("ANSWER_INVALID");
    // Every question of the form right: the full marks of the form.
    for (const i of mine) {
      const own = exam.questions[i]!;
      const res = await save(s.cookie, attempt.id, own.id, { examId: exam.id, selectedOptionId: own.options.find((o) => o.isCorrect)!.id, clientSeq: 1 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: s.cookie, payload: {} });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await h.db.select().from(studentExams).where(eq(studentExams.id, attempt.id));
    const points = mine.reduce((sum, i) => sum + i + 1, 0);
    expect(row!.status).toBe("graded");
    expect(Number(row!.score)).toBe(points);
    expect(row!.totalPossibleScore).toBe(points);
    // The result shows the form's questions only.
    const result = await h.request({ method: "GET", url: `/api/attempts/${attempt.id}/result`, cookie: cookie.teacher });
    expect(result.statusCode, result.body).toBe(200);
    expect((result.json() as { questions: { id: string }[] }).questions.map((x) => x.id)).toEqual(mine.map((i) => exam.questions[i]!.id));
  }, 180_000);

  it("an exam without forms gives every question, as before", async () => {
    const exam = await makeExam();
    const s = await newStudent();
    const attempt = await start(s.cookie, exam.id);
    expect(await formOf(attempt.id)).toBeNull();
    expect(attempt.totalPossibleScore).toBe(21);
    expect((await paperOf(s.cookie, exam.id)).paper.questions).toHaveLength(6);
  }, 180_000);

  it("before the start, the exam's card and the lobby name the first form's length and points", async () => {
    const { exam } = await examWithForms();
    const s = await newStudent();
    const overview = await h.request({ method: "GET", url: "/api/student/overview", cookie: s.cookie });
    const card = (overview.json() as { available: { examId: string; questionCount: number; totalPoints: number }[] }).available.find((e) => e.examId === exam.id);
    expect(card).toMatchObject({ questionCount: 3, totalPoints: 6 });
    const lobby = await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/lobby`, cookie: s.cookie, payload: {} });
    expect((lobby.json() as { exam: { questionCount: number } }).exam.questionCount).toBe(3);
  }, 180_000);

  it("the paper asked for before the start starts the attempt with its form", async () => {
    const { exam, forms } = await examWithForms();
    const s = await newStudent();
    const { paper } = await paperOf(s.cookie, exam.id);
    const attempt = await start(s.cookie, exam.id);
    const form = forms.indexOf((await formOf(attempt.id))!);
    expect(paper.questions.map((q) => q.id)).toEqual(FORM_QUESTIONS[form]!.map((i) => exam.questions[i]!.id));
  }, 180_000);
});

/** An exam with forms whose question 1 is the anchor of all three, seen by a submitted attempt. */
async function seenAnchor() {
  const { exam, forms } = await examWithForms();
  await h.db.update(examFormQuestions).set({ isAnchor: true }).where(eq(examFormQuestions.questionId, exam.questions[0]!.id));
  const s = await newStudent();
  const attempt = await start(s.cookie, exam.id);
  const done = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: s.cookie, payload: {} });
  expect(done.statusCode, done.body).toBe(200);
  return { exam, forms, attempt };
}

describe("a newer version taken", () => {
  it("takes the replaced row's place in its forms, anchor and all, while the attempt that saw the old row keeps it", async () => {
    const { exam, forms, attempt } = await seenAnchor();
    // The anchor (question 1, in all three forms) edited in the bank, then taken by the exam.
    const [row] = await h.db.select().from(questions).where(eq(questions.id, exam.questions[0]!.id));
    const [v] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.itemVersionId));
    const put = await h.request({ method: "PUT", url: `/api/bank/${v!.itemId}`, cookie: cookie.teacher, payload: { subjectId: "islamic", question: { ...EXAM.questions[0]!, questionTextEn: "Question 1, again" } } });
    expect(put.statusCode, put.body).toBe(200);
    const took = await h.request({ method: "POST", url: `/api/exams/${exam.id}/take-versions`, cookie: cookie.teacher, payload: {} });
    expect(took.statusCode, took.body).toBe(200);
    const [fresh] = await h.db.select().from(questions).where(sql`${questions.examId} = ${exam.id} and ${questions.replacedAt} is null and ${questions.position} = ${row!.position}`);
    expect(fresh!.id).not.toBe(row!.id);
    const placed = await h.db.select().from(examFormQuestions).where(eq(examFormQuestions.questionId, fresh!.id));
    expect(placed.map((p) => p.formId).sort()).toEqual([...forms].sort());
    expect(placed.every((p) => p.isAnchor)).toBe(true);
    // A new student's paper holds the new row; the first attempt's result still the old one.
    const t = await newStudent();
    await start(t.cookie, exam.id);
    const { paper } = await paperOf(t.cookie, exam.id);
    expect(paper.questions[0]!.id).toBe(fresh!.id);
    expect(paper.questions[0]!.questionTextEn).toBe("Question 1, again");
    const result = await h.request({ method: "GET", url: `/api/attempts/${attempt.id}/result`, cookie: cookie.teacher });
    expect((result.json() as { questions: { id: string }[] }).questions[0]!.id).toBe(row!.id);
  }, 180_000);
});

describe("a seen question edited in the exam's editor", () => {
  it("keeps its place in the forms on its new row, anchor and all", async () => {
    const { exam, forms } = await seenAnchor();
    const edited = {
      ...EXAM,
      questions: EXAM.questions.map((q, i) => ({
        ...q,
        id: exam.questions[i]!.id,
        ...(i === 0 ? { questionTextEn: "Question 1, edited" } : {}),
        options: q.options.map((o, j) => ({ ...o, id: exam.questions[i]!.options[j]!.id })),
      })),
    };
    const put = await h.request({ method: "PUT", url: `/api/exams/${exam.id}`, cookie: cookie.teacher, payload: edited });
    expect(put.statusCode, put.body).toBe(200);
    const [fresh] = await h.db.select().from(questions).where(sql`${questions.examId} = ${exam.id} and ${questions.replacedAt} is null and ${questions.questionTextEn} = 'Question 1, edited'`);
    expect(fresh!.id).not.toBe(exam.questions[0]!.id);
    const placed = await h.db.select().from(examFormQuestions).where(eq(examFormQuestions.questionId, fresh!.id));
    expect(placed.map((p) => p.formId).sort()).toEqual([...forms].sort());
    expect(placed.every((p) => p.isAnchor)).toBe(true);
    // A new student of any form is given the edited question.
    const t = await newStudent();
    await start(t.cookie, exam.id);
    const { paper } = await paperOf(t.cookie, exam.id);
    expect(paper.questions[0]!.questionTextEn).toBe("Question 1, edited");
  }, 180_000);
});

describe("results and item analysis per form", () => {
  it("lists each attempt's form and filters by it; analyses each form on its own and all together", async () => {
    const { exam, forms } = await examWithForms();
    // Six students, two per form; on each form one answers everything right, the other everything wrong.
    const sat: { form: number; attemptId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await newStudent();
      const attempt = await start(s.cookie, exam.id);
      const form = forms.indexOf((await formOf(attempt.id))!);
      const right = sat.filter((x) => x.form === form).length === 0;
      for (const q of FORM_QUESTIONS[form]!) {
        const own = exam.questions[q]!;
        await save(s.cookie, attempt.id, own.id, { examId: exam.id, selectedOptionId: own.options.find((o) => o.isCorrect === right)!.id, clientSeq: 1 });
      }
      expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: s.cookie, payload: {} })).statusCode).toBe(200);
      sat.push({ form, attemptId: attempt.id });
    }
    expect(counts(sat.map((x) => forms[x.form]!), forms)).toEqual([2, 2, 2]);

    const list = await h.request({ method: "GET", url: `/api/results?examId=${exam.id}`, cookie: cookie.teacher });
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { items: { attemptId: string; form: number | null; totalPossibleScore: number }[] }).items;
    for (const x of sat) expect(rows.find((r) => r.attemptId === x.attemptId)).toMatchObject({ form: x.form + 1, totalPossibleScore: [6, 10, 7][x.form] });
    const second = await h.request({ method: "GET", url: `/api/results?examId=${exam.id}&form=2`, cookie: cookie.teacher });
    const secondBody = second.json() as { items: { form: number }[]; summary: { meanPercent: number } };
    expect(secondBody.items.map((r) => r.form)).toEqual([2, 2]);
    // Each attempt's percentage is of its own form's points: one at 100 %, one at 0 %.
    expect(secondBody.summary.meanPercent).toBe(50);
    for (const bad of ["0", "abc", "100"]) expect((await h.request({ method: "GET", url: `/api/results?form=${bad}`, cookie: cookie.teacher })).statusCode).toBe(400);
    const csv = await h.request({ method: "GET", url: `/api/results/export.csv?examId=${exam.id}&lang=en`, cookie: cookie.teacher });
    expect(csv.body.split("\n")[0]).toContain("Form");

    type TItems = { attempts: number; forms: number[]; form: number | null; exam: { possible: number }; reliability: { value: number | null }; questions: { questionId: string; facility: number | null }[] };
    const items = async (query: string) => {
      const res = await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items${query}`, cookie: cookie.teacher });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TItems;
    };
    const all = await items("");
    expect(all).toMatchObject({ attempts: 6, forms: [1, 2, 3], form: null, reliability: { value: null } });
    expect(all.questions).toHaveLength(6);
    // The anchor (question 1) was seen by all six: half right. Each other question only by its form's two.
    expect(all.questions[0]!.facility).toBe(0.5);
    const f2 = await items("?form=2");
    expect(f2).toMatchObject({ attempts: 2, form: 2, exam: { possible: 10 } });
    expect(f2.questions.map((q) => q.questionId)).toEqual(FORM_QUESTIONS[1]!.map((i) => exam.questions[i]!.id));
    expect(f2.questions.every((q) => q.facility === 0.5)).toBe(true);
    // One student right on everything, one wrong, on items of 1, 4 and 5 points: α = 3/2 · (1 − (1 + 16 + 25) / 10²).
    expect(f2.reliability.value).toBeCloseTo(0.87, 6);
    const missing = await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items?form=4`, cookie: cookie.teacher });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "FORM_NOT_FOUND", message: { ar: expect.any(String), en: expect.any(String) } });
    expect((await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items?form=x`, cookie: cookie.teacher })).statusCode).toBe(404);
    const file = await h.request({ method: "GET", url: `/api/analytics/exams/${exam.id}/items.csv?form=1&lang=en`, cookie: cookie.teacher });
    expect(file.statusCode).toBe(200);
  }, 180_000);
});

describe("skills mastery with forms", () => {
  it("carries for each attempt only its form's points per skill", async () => {
    const question = (i: number, points: number, skillId: string) => ({
      type: "multiple_choice" as const,
      questionTextAr: `سؤال ${i}`,
      questionTextEn: `Question ${i}`,
      points,
      skillId,
      options: [
        { optionTextAr: "صحيح", optionTextEn: "Right", isCorrect: true },
        { optionTextAr: "خطأ", optionTextEn: "Wrong", isCorrect: false },
      ],
    });
    const input = {
      ...EXAM,
      subjectId: "arabic",
      questions: [question(1, 2, "arabic.grammar"), question(2, 1, "arabic.grammar"), question(3, 1, "arabic.spelling"), question(4, 4, "arabic.grammar")],
    };
    const res = await h.request({ method: "POST", url: "/api/exams", cookie: cookie.teacher, payload: input });
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json() as TMadeExam;
    // Form 1: grammar 2 and spelling 1; form 2: grammar 1 + 4.
    const forms = await makeForms(h.db, exam.id, [[0, 2], [1, 3]].map((f) => f.map((i) => exam.questions[i]!.id)));
    for (let i = 0; i < 2; i++) {
      const s = await newStudent({ grade: 8, className: "8A" });
      const attempt = await start(s.cookie, exam.id);
      const form = forms.indexOf((await formOf(attempt.id))!);
      for (const q of [[0, 2], [1, 3]][form]!) {
        const own = exam.questions[q]!;
        expect((await save(s.cookie, attempt.id, own.id, { examId: exam.id, selectedOptionId: own.options.find((o) => o.isCorrect)!.id, clientSeq: 1 })).statusCode).toBe(200);
      }
      expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: s.cookie, payload: {} })).statusCode).toBe(200);
    }
    const d = await h.request({ method: "GET", url: `/api/analytics/dashboard?examId=${exam.id}`, cookie: cookie.teacher });
    expect(d.statusCode, d.body).toBe(200);
    const mastery = (d.json() as { mastery: { key: string; skillId: string; percent: number }[] }).mastery;
    // Everything right on both forms: every skill mastered (before: grammar 7 of 2 × 7 = 50 %).
    expect(mastery.find((m) => m.key === "all" && m.skillId === "arabic.grammar")!.percent).toBeCloseTo(100);
    expect(mastery.find((m) => m.key === "all" && m.skillId === "arabic.spelling")!.percent).toBeCloseTo(100);
    expect((d.json() as { choices: { forms: number[] } }).choices.forms).toEqual([1, 2]);

    // One form at a time: its one attempt, and only its skills (form 2 has no spelling question).
    type TD = { scope: { form: number | null }; overall: { attempts: number }; mastery: { key: string; skillId: string }[] };
    for (const number of [1, 2]) {
      const one = await h.request({ method: "GET", url: `/api/analytics/dashboard?examId=${exam.id}&form=${number}`, cookie: cookie.teacher });
      expect(one.statusCode, one.body).toBe(200);
      const body = one.json() as TD;
      expect(body.scope.form).toBe(number);
      expect(body.overall.attempts).toBe(1);
      expect(body.mastery.some((m) => m.key === "all" && m.skillId === "arabic.spelling")).toBe(number === 1);
    }
    // A form the exam does not have, a form without an exam, a form that is not a number: the form is not found
    // (the code's own status, as item analysis answers).
    const bad = async (query: string) => {
      const r = await h.request({ method: "GET", url: `/api/analytics/dashboard?${query}`, cookie: cookie.teacher });
      expect(r.statusCode, query).toBe(404);
      expect((r.json() as { code: string }).code, query).toBe("FORM_NOT_FOUND");
    };
    await bad(`examId=${exam.id}&form=3`);
    await bad("form=1");
    await bad(`examId=${exam.id}&form=abc`);
  }, 120_000);
});
