// A group plan for one skill across every exam that measures it (issue 33) through the real API and database: the
// mastery of each exam and each student worked out by hand over two exams, a plan for those who have not mastered
// it, none when everyone has, an empty answer for a skill no exam measures; the school scoping of the plan per exam
// (other schools' ids, a teacher's and a principal's scope, a super_admin naming the school) and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TSkillPlan } from "../../../shared/schemas/group-plan";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<"super_admin" | "teacher" | "schoolAdmin" | "otherAdmin" | "student", string>;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_sp_own", "مدرسة المهارات");
  other = await h.makeSchool("school_sp_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
  const s = await h.makeUser("student", { schoolId: own });
  cookie.student = await h.signIn(s.email, s.password, "student");
});
afterAll(async () => {
  await h?.close();
});

const tf = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];
/** q0 grammar (2 points), q1 grammar (1), q2 vocabulary (1). */
const examInput = (title: string, over: Partial<TExamInput> = {}): TExamInput => ({
  titleAr: title,
  titleEn: title,
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  questions: [
    { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 2, options: tf(true), skillId: "arabic.grammar" },
    { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 1, options: tf(true), skillId: "arabic.grammar" },
    { type: "true_false", questionTextAr: "س٣", questionTextEn: "Q3", points: 1, options: tf(true), skillId: "arabic.vocabulary" },
  ],
  ...over,
});
type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
async function makeExam(c: string, input: TExamInput): Promise<TExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: c, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}
type TStudent = { id: string; cookie: string };
async function student(name: string, school = own, className = "8A"): Promise<TStudent> {
  const u = await h.makeUser("student", { schoolId: school, grade: 8, className, name });
  return { id: u.id, cookie: await h.signIn(u.email, u.password, "student") };
}
async function sit(exam: TExam, answers: (0 | 1)[], who: TStudent) {
  const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: who.cookie, payload: {} })).json() as { id: string };
  for (const [i, a] of answers.entries()) {
    const q = exam.questions[i]!;
    await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${q.id}`, cookie: who.cookie, payload: { examId: exam.id, clientSeq: 1, selectedOptionId: q.options.find((o) => o.isCorrect === (a === 1))!.id } });
  }
  expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: who.cookie, payload: {} })).json().status).toBe("graded");
}

const get = (c: string, qs: string) => h.request({ method: "GET", url: `/api/analytics/skill-plan?${qs}`, cookie: c });
const plan = async (c: string, qs: string) => {
  const res = await get(c, qs);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSkillPlan;
};

let first: TExam;
let second: TExam;
let sara: TStudent;

describe("a group plan for one skill across the exams that measure it", () => {
  beforeAll(async () => {
    first = await makeExam(cookie.teacher, examInput("الأول"));
    second = await makeExam(cookie.teacher, examInput("الثاني"));
    // An exam without grammar: not among grammar's exams.
    const vocabulary = await makeExam(cookie.teacher, examInput("المفردات", { questions: [examInput("").questions!.at(-1)!] }));
    // 8A: Sara misses grammar in the first exam, half of it (q1) in the second; Omar masters it. 8B: Khaled misses it.
    sara = await student("سارة");
    const omar = await student("عمر");
    const khaled = await student("خالد", own, "8B");
    await sit(first, [0, 0, 1], sara);
    await sit(second, [1, 0, 1], sara);
    await sit(first, [1, 1, 1], omar);
    await sit(vocabulary, [0], omar);
    await sit(first, [0, 0, 0], khaled);
    await sit(first, [1, 1, 1], await student("ريم", own, "8C"));
    // Another school's student at its own exam: in no figure of this school.
    const foreign = await makeExam(cookie.super_admin, examInput("اختبار المدرسة الأخرى", { schoolIds: [other] }));
    await sit(foreign, [0, 0, 0], await student("غريب", other));
  });

  it("a class: each exam's and each student's mastery over both exams, worked out by hand, and a plan for those who need it", async () => {
    const p = await plan(cookie.teacher, "skillId=arabic.grammar&grade=8&className=8a");
    expect(p.skill).toMatchObject({ id: "arabic.grammar", nameEn: "Grammar (nahw)" });
    expect(p).toMatchObject({ schoolId: own, schoolNameAr: "مدرسة المهارات", grade: 8, className: "8a", withheldExams: 0 });
    // First: Sara 0/3, Omar 3/3 → 50 %. Second: Sara 2/3.
    expect(p.exams.map((e) => [e.id, e.students, Math.round(e.percent * 10) / 10, e.level])).toEqual([
      [first.id, 2, 50, "developing"],
      [second.id, 1, 66.7, "developing"],
    ]);
    // Sara over both: 2/6; Omar 3/3. Weakest first.
    expect(p.students.map((s) => [s.name, s.exams, Math.round(s.percent * 10) / 10, s.level])).toEqual([
      ["سارة", 2, 33.3, "not_yet"],
      ["عمر", 1, 100, "mastered"],
    ]);
    expect(p.students[0]!.id).toBe(sara.id);
    expect(p.overall).toMatchObject({ students: 2, level: "developing" });
    expect(p.overall!.percent).toBeCloseTo((5 / 9) * 100);
    // One plan, on grammar only, for Sara's level (the writer is given no name).
    expect(p.plan!.steps[0]).toMatchObject({ skillId: "arabic.grammar" });
    expect(p.plan!.goal.en).toContain("Grammar");
    expect(p.plan!.goal.ar).toContain("النحو");
    expect(JSON.stringify(p.plan)).not.toContain("سارة");
    expect(p.plan!.steps.every((s) => s.skillId === null || s.skillId === "arabic.grammar")).toBe(true);
  });

  it("a principal's scope is the whole school; a teacher's too; a super_admin names the school", async () => {
    const school = await plan(cookie.schoolAdmin, "skillId=arabic.grammar");
    expect(school.students.map((s) => s.name)).toEqual(["خالد", "سارة", "ريم", "عمر"]);
    expect(school.exams[0]!.students).toBe(4);
    expect((await plan(cookie.teacher, "skillId=arabic.grammar")).students).toHaveLength(4);
    expect((await plan(cookie.super_admin, `skillId=arabic.grammar&schoolId=${own}`)).students).toHaveLength(4);
    // The other school's principal sees their own school's only.
    const theirs = await plan(cookie.otherAdmin, "skillId=arabic.grammar");
    expect(theirs.students.map((s) => s.name)).toEqual(["غريب"]);
  });

  it("everyone mastered it: no plan; a skill no exam measures: an empty answer, not an error", async () => {
    const vocabulary = await plan(cookie.teacher, "skillId=arabic.vocabulary&grade=8&className=8A");
    // Omar missed the vocabulary-only exam: 1 of 2 points; Sara 2/2.
    expect(vocabulary.students.map((s) => [s.name, s.percent])).toEqual([
      ["عمر", 50],
      ["سارة", 100],
    ]);
    expect(vocabulary.exams).toHaveLength(3);
    const mastered = await plan(cookie.teacher, "skillId=arabic.grammar&grade=8&className=8C");
    expect(mastered.students.map((s) => [s.name, s.level])).toEqual([["ريم", "mastered"]]);
    expect(mastered.plan).toBeNull();
    const none = await plan(cookie.teacher, "skillId=arabic.writing");
    expect(none).toMatchObject({ exams: [], students: [], overall: null, plan: null, withheldExams: 0 });
  });

  it("other schools' ids, a missing school, a student, and bad input get a clear error, never a 500", async () => {
    expect((await get(cookie.otherAdmin, `skillId=arabic.grammar&schoolId=${own}`)).json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await get(cookie.super_admin, "skillId=arabic.grammar&schoolId=school_nowhere")).json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await get(cookie.super_admin, "skillId=arabic.grammar")).json().code).toBe("SCHOOL_REQUIRED");
    expect((await get(cookie.student, "skillId=arabic.grammar")).statusCode).toBe(403);
    const cases: [string, number, string][] = [
      // The catalogue's code says 404 whether the id is missing, empty, too long or unknown: one message for all.
      ["", 404, "SKILL_PLAN_UNKNOWN_SKILL"],
      ["skillId=", 404, "SKILL_PLAN_UNKNOWN_SKILL"],
      [`skillId=${"x".repeat(65)}`, 404, "SKILL_PLAN_UNKNOWN_SKILL"],
      ["skillId=nowhere.skill", 404, "SKILL_PLAN_UNKNOWN_SKILL"],
      ["skillId=arabic.grammar&className=8A", 400, "CLASS_NEEDS_GRADE"],
      ["skillId=arabic.grammar&grade=99", 400, "GRADE_INVALID"],
    ];
    for (const [qs, status, code] of cases) {
      const res = await get(cookie.teacher, qs);
      expect([res.statusCode, res.json().code], qs).toEqual([status, code]);
    }
  });
});
