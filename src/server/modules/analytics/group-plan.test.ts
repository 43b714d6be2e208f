// Group development plans through the real API and database (issue 15): students grouped by the weaknesses they
// share, worked out by hand; a plan per group from the individual plan's writer, which is never given a name;
// stored in versions, marked stale when the figures change and generated again as the next version (decision 0032);
// who may see and generate which school's; a shared exam still open; bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TGroupPlan, TGroupPlanView } from "../../../shared/schemas/group-plan";
import type { TSessionUser } from "../../../shared/permissions";
import { rulesWriter, type TContentWriter } from "../reports/writer";
import type { TWriteInput } from "../reports/rules";
import { generateGroupPlan } from "./group-plan.service";
import { groupPlans } from "../../db/schema";
import { eq } from "drizzle-orm";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<"super_admin" | "teacher" | "schoolAdmin" | "otherAdmin" | "student", string>;
let teacherId: string;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_gp_own", "مدرسة الخطط");
  other = await h.makeSchool("school_gp_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key === "teacher" ? "أ. منى" : key });
    if (key === "teacher") teacherId = u.id;
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
/** q0 grammar (2 points), q1 grammar (1), q2 spelling (1), q3 vocabulary (1). */
const examInput = (over: Partial<TExamInput> = {}): TExamInput => ({
  titleAr: "اختبار الخطط",
  titleEn: "Plans test",
  subjectId: "arabic",
  durationMinutes: 30,
  status: "published",
  questions: [
    { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 2, options: tf(true), skillId: "arabic.grammar" },
    { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 1, options: tf(true), skillId: "arabic.grammar" },
    { type: "true_false", questionTextAr: "س٣", questionTextEn: "Q3", points: 1, options: tf(true), skillId: "arabic.spelling" },
    { type: "true_false", questionTextAr: "س٤", questionTextEn: "Q4", points: 1, options: tf(true), skillId: "arabic.vocabulary" },
  ],
  ...over,
});
type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
async function makeExam(c: string, input: TExamInput): Promise<TExam> {
  const res = await h.request({ method: "POST", url: "/api/exams", cookie: c, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}
async function sit(exam: TExam, answers: (0 | 1)[], name: string, school = own, className = "8A") {
  const u = await h.makeUser("student", { schoolId: school, grade: 8, className, name });
  const c = await h.signIn(u.email, u.password, "student");
  const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c, payload: {} })).json() as { id: string };
  for (const [i, a] of answers.entries()) {
    const q = exam.questions[i]!;
    await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${q.id}`, cookie: c, payload: { examId: exam.id, clientSeq: 1, selectedOptionId: q.options.find((o) => o.isCorrect === (a === 1))!.id } });
  }
  expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie: c, payload: {} })).json().status).toBe("graded");
  return { id: u.id, attemptId: attempt.id };
}

const view = async (c: string, qs: string) => {
  const res = await h.request({ method: "GET", url: `/api/analytics/group-plan?${qs}`, cookie: c });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TGroupPlanView;
};
const generate = (c: string, payload: object) => h.request({ method: "POST", url: "/api/analytics/group-plan", cookie: c, payload });

let exam: TExam;
let sara: { id: string; attemptId: string };

describe("group development plans", () => {
  beforeAll(async () => {
    exam = await makeExam(cookie.teacher, examInput());
    // Sara and Huda miss both grammar questions; Omar misses spelling; Laila misses nothing. Another class's student
    // (8B) misses vocabulary: not in 8A's plan.
    sara = await sit(exam, [0, 0, 1, 1], "سارة");
    await sit(exam, [0, 0, 1, 1], "هدى");
    await sit(exam, [1, 1, 0, 1], "عمر");
    await sit(exam, [1, 1, 1, 1], "ليلى");
    await sit(exam, [1, 1, 1, 0], "خالد", own, "8B");
  });

  it("groups a class's students by the weaknesses they share, with a plan for each group", async () => {
    const before = await view(cookie.teacher, `examId=${exam.id}&grade=8&className=8A`);
    expect(before).toEqual({ plan: null, versions: [], cannotGenerate: null });

    const res = await generate(cookie.teacher, { examId: exam.id, grade: 8, className: "8a" });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json() as TGroupPlan;
    expect(plan).toMatchObject({ schoolId: own, grade: 8, className: "8a", version: 1, stale: false, students: 4, generatedBy: { id: teacherId, name: "أ. منى" } });
    expect(plan.groups.map((g) => [g.skillIds, g.students.map((s) => s.name)])).toEqual([
      [["arabic.grammar"], ["سارة", "هدى"]],
      [["arabic.spelling"], ["عمر"]],
      [[], ["ليلى"]],
    ]);
    expect(plan.groups[0]!.students.find((s) => s.name === "سارة")!.attemptId).toBe(sara.attemptId);
    // The class's mastery, weakest first: grammar 2 × 3 of 4 × 3 points = 50 %.
    expect(plan.skills[0]).toMatchObject({ skillId: "arabic.grammar", percent: 50, level: "developing" });
    // Each group's plan works on its skills; the group that mastered everything is given extension work.
    const grammar = plan.groups[0]!.plan;
    expect(grammar.goal.en).toContain("Grammar");
    expect(grammar.steps[0]).toMatchObject({ skillId: "arabic.grammar" });
    expect(grammar.steps[0]!.action.ar).toContain("النحو");
    expect(plan.groups[0]!.generator).toBe("rules");
    expect(plan.groups[2]!.plan.steps[0]!.action.en).toMatch(/Extension/);

    // Stored: the next view shows it, for anyone of the school who may see the class.
    const stored = await view(cookie.schoolAdmin, `examId=${exam.id}&grade=8&className=8A`);
    expect(stored.plan).toEqual(plan);
  });

  it("is up to date until the figures change; then marked stale, and generated again as the next version", async () => {
    const q = `examId=${exam.id}&grade=8&className=8A`;
    const first = await view(cookie.teacher, q);
    expect(first.plan).toMatchObject({ version: 1, stale: false });
    expect(first.versions.map((v) => v.version)).toEqual([1]);
    // Nothing changed: nothing to generate again, and the server says so (the page hides the button).
    expect(first.cannotGenerate).toBe("GROUP_PLAN_UP_TO_DATE");
    const refused = await generate(cookie.schoolAdmin, { examId: exam.id, grade: 8, className: "8A" });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "GROUP_PLAN_UP_TO_DATE"]);
    expect(refused.json().message.ar).toBeTruthy();

    // A renamed student is no changed figure: still up to date, shown by their name as it is now.
    expect((await h.request({ method: "PATCH", url: `/api/users/${sara.id}`, cookie: cookie.schoolAdmin, payload: { name: "سارة المنصوري" } })).statusCode).toBe(200);
    const renamed = await view(cookie.teacher, q);
    expect(renamed.plan!.groups[0]!.students.map((s) => s.name)).toContain("سارة المنصوري");
    expect([renamed.plan!.stale, renamed.cannotGenerate]).toEqual([false, "GROUP_PLAN_UP_TO_DATE"]);

    // Another attempt of the class is marked: the plan's figures (the class's mastery, who is in which group) moved.
    await sit(exam, [1, 1, 0, 1], "ريم");
    const stale = await view(cookie.schoolAdmin, q);
    expect(stale.plan).toMatchObject({ id: first.plan!.id, version: 1, stale: true, students: 4 });
    expect(stale.cannotGenerate).toBeNull();

    // Two "generate again" at once make one version 2; the other is told it is up to date.
    const [a, b] = await Promise.all([generate(cookie.schoolAdmin, { examId: exam.id, grade: 8, className: "8A" }), generate(cookie.teacher, { examId: exam.id, grade: 8, className: "8A" })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = (a.statusCode === 201 ? a : b).json() as TGroupPlan;
    expect(again).toMatchObject({ version: 2, stale: false, students: 5 });
    expect(again.id).not.toBe(first.plan!.id);
    expect(again.groups.find((g) => g.skillIds.join() === "arabic.spelling")!.students.map((s) => s.name)).toEqual(["ريم", "عمر"]);

    const latest = await view(cookie.teacher, q);
    expect(latest.plan).toEqual(again);
    expect(latest.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(latest.cannotGenerate).toBe("GROUP_PLAN_UP_TO_DATE");
    // The old version is still readable as it was: four students, and not marked (only the latest is).
    const old = await view(cookie.teacher, `${q}&version=1`);
    expect(old.plan).toMatchObject({ id: first.plan!.id, version: 1, stale: false, students: 4 });
    expect(old.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("a plan from before versions is never marked but may be generated again", async () => {
    const plan = (await generate(cookie.teacher, { examId: exam.id, grade: 8, className: "8B" })).json() as TGroupPlan;
    await h.db.update(groupPlans).set({ fingerprint: null }).where(eq(groupPlans.id, plan.id));
    const legacy = await view(cookie.teacher, `examId=${exam.id}&grade=8&className=8B`);
    expect([legacy.plan!.stale, legacy.cannotGenerate]).toEqual([false, null]);
    expect((await generate(cookie.teacher, { examId: exam.id, grade: 8, className: "8B" })).json()).toMatchObject({ version: 2, stale: false });
  });

  it("versions: another school's and unknown ones are not found", async () => {
    const q = `examId=${exam.id}&grade=8&className=8A`;
    for (const [c, query, status, code] of [
      // The other school's principal cannot name this school, nor find this plan's versions under their own.
      [cookie.otherAdmin, `${q}&schoolId=${own}&version=1`, 404, "SCHOOL_NOT_FOUND"],
      [cookie.otherAdmin, `${q}&version=1`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.teacher, `${q}&version=3`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.teacher, `${q}&version=0`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.teacher, `${q}&version=abc`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.teacher, `${q}&version=1.5`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.teacher, `${q}&version=${"9".repeat(30)}`, 404, "GROUP_PLAN_VERSION_NOT_FOUND"],
      [cookie.student, `${q}&version=1`, 403, "FORBIDDEN"],
    ] as const) {
      const res = await h.request({ method: "GET", url: `/api/analytics/group-plan?${query}`, cookie: c });
      expect([res.statusCode, res.json().code], query).toEqual([status, code]);
      expect(res.json().message.ar).toBeTruthy();
    }
    expect((await generate(cookie.otherAdmin, { examId: exam.id, schoolId: own, grade: 8, className: "8A" })).statusCode).toBe(404);
  });

  it("a whole school's plan takes every class", async () => {
    const plan = (await generate(cookie.schoolAdmin, { examId: exam.id })).json() as TGroupPlan;
    expect(plan.students).toBe(6);
    expect(plan.groups.map((g) => g.skillIds)).toContainEqual(["arabic.vocabulary"]);
  });

  it("never gives the writer a name or an id of a student", async () => {
    const seen: TWriteInput[] = [];
    const recording: TContentWriter = { ...rulesWriter, writePlan: (input, files) => (seen.push(input), rulesWriter.writePlan(input, files)) };
    const [teacher] = await h.db.query.profiles.findMany({ where: (p, { eq }) => eq(p.id, teacherId) });
    const actor: TSessionUser = { id: teacher!.id, username: teacher!.username, email: teacher!.email, role: "teacher", schoolId: own, name: teacher!.name, grade: null };
    // Grade 8 (no plan yet): grammar, spelling, vocabulary, and those who mastered everything.
    await generateGroupPlan(h.db, recording, actor, { examId: exam.id, grade: 8 });
    expect(seen).toHaveLength(4);
    const text = JSON.stringify(seen);
    for (const secret of ["سارة", "هدى", "عمر", "ليلى", sara.id, sara.attemptId]) expect(text).not.toContain(secret);
  });

  it("staff see their own school only; a super_admin names the school; students never", async () => {
    expect((await h.request({ method: "GET", url: `/api/analytics/group-plan?examId=${exam.id}&schoolId=${own}`, cookie: cookie.otherAdmin })).statusCode).toBe(404);
    const theirs = await view(cookie.otherAdmin, `examId=${exam.id}`);
    expect(theirs).toEqual({ plan: null, versions: [], cannotGenerate: "GROUP_PLAN_NO_ATTEMPTS" });
    const refused = await generate(cookie.otherAdmin, { examId: exam.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message.ar).toBeTruthy();
    expect((await h.request({ method: "GET", url: `/api/analytics/group-plan?examId=${exam.id}`, cookie: cookie.super_admin })).json().code).toBe("SCHOOL_REQUIRED");
    expect((await view(cookie.super_admin, `examId=${exam.id}&schoolId=${own}&grade=8&className=8A`)).plan).not.toBeNull();
    expect((await h.request({ method: "GET", url: `/api/analytics/group-plan?examId=${exam.id}`, cookie: cookie.student })).statusCode).toBe(403);
    expect((await generate(cookie.student, { examId: exam.id })).statusCode).toBe(403);
  });

  it("a shared exam still open cannot be planned by other schools' staff (decision 0010)", async () => {
    const shared = await makeExam(cookie.super_admin, examInput({ schoolIds: [own, other] }));
    await sit(shared, [1, 0, 1, 1], "مشترك");
    expect((await view(cookie.schoolAdmin, `examId=${shared.id}`)).cannotGenerate).toBe("REPORT_KEY_WITHHELD");
    expect((await generate(cookie.teacher, { examId: shared.id })).statusCode).toBe(409);
    expect((await generate(cookie.super_admin, { examId: shared.id, schoolId: own })).statusCode).toBe(201);
  });

  it("refuses bad input", async () => {
    // An exam id missing or malformed is as unknown as one nobody has (404, the API's rule for ids); the rest is 400.
    const cases: [object, number, string][] = [
      [{}, 404, "EXAM_NOT_FOUND"],
      [{ examId: "x" }, 404, "EXAM_NOT_FOUND"],
      [{ examId: exam.id, grade: 0 }, 400, "GRADE_INVALID"],
      [{ examId: exam.id, grade: "eight" }, 400, "GRADE_INVALID"],
      [{ examId: exam.id, className: "8A" }, 400, "CLASS_NEEDS_GRADE"],
      [{ examId: exam.id, grade: 8, className: "z".repeat(30) }, 400, "CLASS_NAME_INVALID"],
      [{ examId: exam.id, schoolId: 5 }, 400, "VALIDATION_FAILED"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await generate(cookie.teacher, payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([status, code]);
      expect(res.json().message.ar).toBeTruthy();
    }
    expect((await generate(cookie.teacher, { examId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
  });
});
