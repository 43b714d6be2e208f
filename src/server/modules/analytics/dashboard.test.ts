// The school and class dashboard through the real API and database (issue 15): the figures of each class and
// student worked out by hand from the answers given, all schools side by side for a super_admin, the trend
// across a subject's exams, who sees which school, a shared exam still open left out of mastery (decision
// 0010), the CSV and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TDashboard } from "../../../shared/schemas/dashboard";
import { parseCsv } from "../../../shared/csv";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<"super_admin" | "teacher" | "schoolAdmin" | "otherAdmin" | "student", string>;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_db_own", "مدرسة المؤشرات");
  other = await h.makeSchool("school_db_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
  const s = await h.makeUser("student", { schoolId: own, grade: 8, className: "8A" });
  cookie.student = await h.signIn(s.email, s.password, "student");
});
afterAll(async () => {
  await h?.close();
});

const req = (url: string, c?: string) => h.request({ method: "GET", url, cookie: c });
const dashboard = async (c: string, qs = "") => {
  const res = await req(`/api/analytics/dashboard?${qs}`, c);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDashboard;
};

const tf = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];

/** q0 grammar (2 points), q1 grammar (1), q2 spelling (1), q3 untagged (1): 5 points. */
function examInput(title: string, over: Partial<TExamInput> = {}): TExamInput {
  return {
    titleAr: title,
    titleEn: title,
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    questions: [
      { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 2, options: tf(true), skillId: "arabic.grammar" },
      { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 1, options: tf(true), skillId: "arabic.grammar" },
      { type: "true_false", questionTextAr: "س٣", questionTextEn: "Q3", points: 1, options: tf(true), skillId: "arabic.spelling" },
      { type: "true_false", questionTextAr: "س٤", questionTextEn: "Q4", points: 1, options: tf(true) },
    ],
    ...over,
  };
}

type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
async function makeExam(c: string, input: TExamInput): Promise<TExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: c, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}

/** A student of `school` in `grade`/`className` answers each question right (1), wrong (0) or not at all (null). */
async function sit(exam: TExam, answers: (0 | 1 | null)[], who: { school: string; grade: number | null; className: string | null; name?: string }) {
  const u = await h.makeUser("student", { schoolId: who.school, grade: who.grade, className: who.className, name: who.name });
  const c = await h.signIn(u.email, u.password, "student");
  const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c, payload: {} })).json() as { id: string };
  for (const [i, a] of answers.entries()) {
    if (a === null) continue;
    const q = exam.questions[i]!;
    const option = q.options.find((o) => o.isCorrect === (a === 1))!;
    await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${q.id}`, cookie: c, payload: { examId: exam.id, clientSeq: 1, selectedOptionId: option.id } });
  }
  const done = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: c, payload: {} });
  expect(done.json().status).toBe("graded");
  return { id: u.id, attemptId: attempt.id };
}

let first: TExam;
let second: TExam;
let shared: TExam;
let salma: { id: string; attemptId: string };

describe("the dashboard", () => {
  beforeAll(async () => {
    first = await makeExam(cookie.teacher, examInput("الاختبار الأول"));
    // 8A: Salma 5/5 (100 %), Huda 2/5 (40 %: q0 only). 8B: Omar 3/5 (60 %: q1, q2, q3). Other school, 8A: 1/5.
    salma = await sit(first, [1, 1, 1, 1], { school: own, grade: 8, className: "8A", name: "سلمى" });
    await sit(first, [1, 0, 0, null], { school: own, grade: 8, className: "8A", name: "هدى" });
    await sit(first, [0, 1, 1, 1], { school: own, grade: 8, className: "8B", name: "عمر" });
    const foreign = await makeExam(cookie.super_admin, examInput("اختبار المدرسة الأخرى", { schoolIds: [other] }));
    await sit(foreign, [0, 0, 0, 1], { school: other, grade: 8, className: "8A" });
    // A later exam of the same subject: 8A's Salma sits it too (4/5 = 80 %).
    second = await makeExam(cookie.teacher, examInput("الاختبار الثاني"));
    await sit(second, [1, 1, 0, 1], { school: own, grade: 8, className: "8A", name: "سلمى الثانية" });
  });

  it("a school_admin sees their school's classes, with means, pass rates, histograms and mastery worked out by hand", async () => {
    const d = await dashboard(cookie.schoolAdmin, `examId=${first.id}`);
    expect(d.level).toBe("class");
    expect(d.scope).toMatchObject({ schoolId: own, schoolNameAr: "مدرسة المؤشرات", schoolNameEn: "مدرسة المؤشرات", subjectId: "arabic", examId: first.id });
    expect(d.groups.map((g) => [g.grade, g.className, g.attempts, g.graded])).toEqual([
      [8, "8A", 2, 2],
      [8, "8B", 1, 1],
    ]);
    const [a, b] = d.groups;
    expect(a!.meanPercent).toBeCloseTo(70); // (100 + 40) / 2
    expect(a!.passRate).toBe(0.5); // 100 passes, 40 does not
    expect(a!.histogram[9]).toBe(1); // 100 % is in the last tenth
    expect(a!.histogram[4]).toBe(1);
    expect(b!.meanPercent).toBeCloseTo(60);
    expect(d.overall).toMatchObject({ attempts: 3, graded: 3 });
    expect(d.overall.meanPercent).toBeCloseTo(200 / 3);

    // Grammar is q0 (2) + q1 (1). 8A: Salma 3/3, Huda 2/3 → 5/6. 8B: Omar 1/3. Spelling: 8A 1/2, 8B 1/1.
    const m = (key: string, skill: string) => d.mastery.find((x) => x.key === key && x.skillId === skill);
    expect(m(a!.key, "arabic.grammar")!.percent).toBeCloseTo((5 / 6) * 100);
    expect(m(a!.key, "arabic.grammar")!.level).toBe("mastered");
    expect(m(b!.key, "arabic.grammar")!.percent).toBeCloseTo(100 / 3);
    expect(m(b!.key, "arabic.grammar")!.level).toBe("not_yet");
    expect(m(a!.key, "arabic.spelling")!.percent).toBeCloseTo(50);
    expect(m(a!.key, "arabic.spelling")!.level).toBe("developing");
    expect(m("all", "arabic.grammar")!.percent).toBeCloseTo((6 / 9) * 100);
    // Each cell says how many students it rests on, so a cell from two students does not look as sure as one from 300.
    expect([m(a!.key, "arabic.grammar")!.students, m(b!.key, "arabic.grammar")!.students, m("all", "arabic.grammar")!.students]).toEqual([2, 1, 3]);
    expect(d.skills.map((s) => s.id)).toEqual(["arabic.grammar", "arabic.spelling"]);
    // The other school's attempt is not in any figure, nor its exam among the choices.
    expect(d.choices.exams.map((e) => e.id).sort()).toEqual([first.id, second.id].sort());
    expect(d.choices.classes).toEqual([
      { grade: 8, className: "8A" },
      { grade: 8, className: "8B" },
    ]);
  });

  it("one class: its students, each with their attempt and mastery, linked to their result", async () => {
    const d = await dashboard(cookie.teacher, `examId=${first.id}&grade=8&className=8a`);
    expect(d.level).toBe("student");
    expect(d.groups.map((g) => [g.studentName, g.meanPercent])).toEqual([
      ["سلمى", 100],
      ["هدى", 40],
    ]);
    expect(d.groups[0]!.attemptId).toBe(salma.attemptId);
    expect(d.mastery.find((x) => x.key === salma.id && x.skillId === "arabic.grammar")!.percent).toBe(100);
    expect((await req(`/api/attempts/${salma.attemptId}/result`, cookie.teacher)).statusCode).toBe(200);
  });

  it("the trend follows the subject's exams in the order they were sat, each class's mean beside everyone's", async () => {
    const d = await dashboard(cookie.schoolAdmin, "subjectId=arabic");
    expect(d.trend.map((e) => e.examId)).toEqual([first.id, second.id]);
    expect(d.trend[1]!.meanPercent).toBeCloseTo(80);
    const eightA = d.groups.find((g) => g.className === "8A")!;
    expect(d.trend[0]!.groups.find((g) => g.key === eightA.key)!.meanPercent).toBeCloseTo(70);
    expect(d.trend[1]!.groups.map((g) => g.key)).toEqual([eightA.key]);
    // Without a subject there is no trend to draw.
    expect((await dashboard(cookie.schoolAdmin)).trend).toEqual([]);
  });

  it("a super_admin sees all schools side by side, or any one school", async () => {
    const all = await dashboard(cookie.super_admin, "subjectId=arabic");
    expect(all.level).toBe("school");
    const bySchool = new Map(all.groups.map((g) => [g.schoolId, g]));
    expect(bySchool.get(own)!.attempts).toBe(4);
    expect(bySchool.get(other)!.meanPercent).toBeCloseTo(20);
    expect(all.choices.schools.map((s) => s.id)).toEqual(expect.arrayContaining([own, other]));
    const one = await dashboard(cookie.super_admin, `schoolId=${other}`);
    expect(one.level).toBe("class");
    expect(one.groups.map((g) => g.attempts)).toEqual([1]);
  });

  it("staff never see another school: asking for it is not found, the default is their own", async () => {
    expect((await req(`/api/analytics/dashboard?schoolId=${other}`, cookie.schoolAdmin)).statusCode).toBe(404);
    expect((await req(`/api/analytics/dashboard?schoolId=${other}`, cookie.teacher)).statusCode).toBe(404);
    const d = await dashboard(cookie.otherAdmin);
    expect(d.overall.attempts).toBe(1);
    expect(d.groups.every((g) => g.schoolId === other)).toBe(true);
    // The other school's admin naming our exam finds none of our students.
    expect((await dashboard(cookie.otherAdmin, `examId=${first.id}`)).overall.attempts).toBe(0);
    expect((await req("/api/analytics/dashboard", cookie.student)).statusCode).toBe(403);
    expect((await req("/api/analytics/dashboard")).statusCode).toBe(401);
  });

  it("a shared exam still open counts in the scores but not in mastery for other schools' staff (decision 0010)", async () => {
    shared = await makeExam(cookie.super_admin, examInput("اختبار مشترك", { schoolIds: [own, other] }));
    await sit(shared, [1, 1, 1, 1], { school: own, grade: 8, className: "8B" });
    const admin = await dashboard(cookie.schoolAdmin, `examId=${shared.id}`);
    expect(admin.overall.attempts).toBe(1);
    expect(admin.mastery).toEqual([]);
    expect(admin.withheldExams).toBe(1);
    const sa = await dashboard(cookie.super_admin, `examId=${shared.id}`);
    expect(sa.mastery.length).toBeGreaterThan(0);
    expect(sa.withheldExams).toBe(0);
  });

  it("is worked out again after a new attempt, a renamed student or a class given later — and not otherwise", async () => {
    const before = await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B");
    expect(await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B")).toEqual(before);
    const late = await sit(second, [1, 1, 1, 1], { school: own, grade: 8, className: "8B", name: "متأخر" });
    const after = await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B");
    expect(after.overall.attempts).toBe(before.overall.attempts + 1);
    const patch = (payload: object) => h.request({ method: "PATCH", url: `/api/users/${late.id}`, cookie: cookie.schoolAdmin, payload });
    expect((await patch({ name: "اسم جديد" })).statusCode).toBe(200);
    expect((await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B")).groups.map((g) => g.studentName)).toContain("اسم جديد");
    // A student who sat without a class, given one afterwards: their attempt joins the class's figures.
    const unplaced = await sit(second, [1, 0, 0, 0], { school: own, grade: null, className: null });
    const eightB = (await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B")).overall.attempts;
    expect((await h.request({ method: "PATCH", url: `/api/users/${unplaced.id}`, cookie: cookie.schoolAdmin, payload: { grade: 8, className: "8B" } })).statusCode).toBe(200);
    expect((await dashboard(cookie.schoolAdmin, "subjectId=arabic&grade=8&className=8B")).overall.attempts).toBe(eightB + 1);
  });

  it("exports the table as CSV in either language", async () => {
    // A student with no class recorded is a row of their own, named so (not after the school).
    await sit(first, [1, 1, 1, 1], { school: own, grade: null, className: null });
    const res = await req(`/api/analytics/dashboard.csv?examId=${first.id}&lang=en`, cookie.schoolAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(["Class", "Attempts", "Graded", "Mean %", "Passed %", "Grammar (nahw)", "Spelling (imla')"]);
    expect(rows[1]).toEqual(["Grade 8 · 8A", "2", "2", "70", "50", "83.3", "50"]);
    expect(rows.at(-2)![0]).toBe("No class recorded");
    expect(rows.at(-1)![0]).toBe("Everyone");
    const ar = parseCsv((await req(`/api/analytics/dashboard.csv?examId=${first.id}&lang=ar`, cookie.schoolAdmin)).body);
    expect(ar[0]![0]).toBe("الشعبة");
  });

  it("refuses bad input with 400 and unknown exams with 404", async () => {
    for (const qs of ["grade=0", "grade=13", "grade=x", "className=8A", `grade=8&className=${"y".repeat(30)}`, `schoolId=${"s".repeat(100)}`, "subjectId="]) {
      const res = await req(`/api/analytics/dashboard?${qs}`, cookie.schoolAdmin);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message.ar).toBeTruthy();
    }
    // A malformed exam id is as unknown as a well-formed one nobody has (the API's rule for ids).
    expect((await req("/api/analytics/dashboard?examId=not-a-uuid", cookie.schoolAdmin)).statusCode).toBe(404);
    expect((await req("/api/analytics/dashboard?examId=00000000-0000-4000-8000-000000000000", cookie.schoolAdmin)).statusCode).toBe(404);
    expect((await req("/api/analytics/dashboard.csv?lang=fr", cookie.schoolAdmin)).statusCode).toBe(400);
  });
});
