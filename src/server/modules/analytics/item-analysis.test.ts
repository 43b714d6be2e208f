// Item analysis through the real API and database (issue 15): the figures the database sums up agree with the
// same statistics computed directly from the marks, a few checked by hand; who sees which school's attempts;
// the key-withheld rule of decision 0010; degenerate exams; the CSV; bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import type { TExamInput } from "../../../shared/schemas/exam";
import type { TItemAnalysis } from "../../../shared/schemas/analytics";
import { parseCsv } from "../../../shared/csv";
import { alphaOf, correlationOf, varianceOf, type TMoments } from "./stats";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<"super_admin" | "teacher" | "colleague" | "otherTeacher" | "schoolAdmin" | "otherAdmin", string>;

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_ia_own", "مدرسة التحليل");
  other = await h.makeSchool("school_ia_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role, school] of [
    ["teacher", "teacher", own],
    ["colleague", "teacher", own],
    ["otherTeacher", "teacher", other],
    ["schoolAdmin", "school_admin", own],
    ["otherAdmin", "school_admin", other],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school, name: key });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
});
afterAll(async () => {
  await h?.close();
});

const req = (method: "GET" | "POST" | "PUT", url: string, c?: string, payload?: object) => h.request({ method, url, cookie: c, ...(payload ? { payload } : {}) });

const tf = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];

/** q0–q1 true/false 1 point, q2 true/false 2 points, q3 multiple choice (A right, B, C) 1 point, q4 true/false 1 point. */
function examInput(schoolIds: string[] = []): TExamInput {
  return {
    titleAr: "اختبار التحليل",
    titleEn: "Analysis test",
    subjectId: "arabic",
    durationMinutes: 30,
    status: "published",
    schoolIds,
    questions: [
      { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 1, options: tf(true), skillId: "arabic.grammar" },
      { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 1, options: tf(true) },
      { type: "true_false", questionTextAr: "س٣", questionTextEn: "Q3", points: 2, options: tf(true) },
      {
        type: "multiple_choice",
        questionTextAr: "س٤",
        questionTextEn: "Q4",
        points: 1,
        options: [
          { optionTextAr: "أ", optionTextEn: "A", isCorrect: true },
          { optionTextAr: "ب", optionTextEn: "B", isCorrect: false },
          { optionTextAr: "ج", optionTextEn: "C", isCorrect: false },
        ],
      },
      { type: "true_false", questionTextAr: "س٥", questionTextEn: "Q5", points: 1, options: tf(true) },
    ],
  };
}

type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

async function makeExam(c: string, input: TExamInput): Promise<TExam> {
  const res = await req("POST", "/api/exams", c, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TExam;
}

/** One answer per question: true/false right (1) or wrong (0), a choice by index, or null for no answer. */
async function sit(exam: TExam, answers: (number | null)[], school = own) {
  const u = await h.makeUser("student", { schoolId: school });
  const c = await h.signIn(u.email, u.password, "student");
  const attempt = (await req("POST", `/api/student/exams/${exam.id}/attempt`, c, {})).json() as { id: string };
  for (const [i, a] of answers.entries()) {
    if (a === null) continue;
    const q = exam.questions[i]!;
    const option = q.options.length === 2 ? q.options.find((o) => o.isCorrect === (a === 1))! : q.options[a]!;
    const res = await req("PUT", `/api/attempts/${attempt.id}/answers/${q.id}`, c, { examId: exam.id, clientSeq: 1, selectedOptionId: option.id });
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await req("POST", `/api/attempts/${attempt.id}/submit`, c, {});
  expect(done.json().status).toBe("graded");
}

// Seven students. Marks per question (the multiple-choice by option: 0 = A, the key); totals 5 4 3 3 3 2 1, so the
// upper 27 % (2) are the first two and the lower the last two, without a tie at either edge.
const ANSWERS: (number | null)[][] = [
  [1, 1, 1, 0, 0],
  [1, 0, 1, 0, 0],
  [1, 0, 1, 1, 0],
  [0, 1, 1, 2, 0],
  [1, 1, 0, 1, 1],
  [0, 0, 0, 0, 1],
  [0, null, 0, null, 1],
];
const MARKS = [
  [1, 1, 1, 0, 1, 0, 0],
  [1, 0, 0, 1, 1, 0, 0],
  [2, 2, 2, 2, 0, 0, 0],
  [1, 1, 0, 0, 0, 1, 0],
  [0, 0, 0, 0, 1, 1, 1],
];
const POINTS = [1, 1, 2, 1, 1];
const TOTALS = [5, 4, 3, 3, 3, 2, 1];

const moments = (xs: number[]): TMoments => ({ n: xs.length, sum: xs.reduce((s, x) => s + x, 0), sumSq: xs.reduce((s, x) => s + x * x, 0) });
const sumXY = (xs: number[], ys: number[]) => xs.reduce((s, x, i) => s + x * ys[i]!, 0);

let exam: TExam;

describe("item analysis of an exam", () => {
  beforeAll(async () => {
    exam = await makeExam(cookie.teacher, examInput());
    for (const a of ANSWERS) await sit(exam, a);
  });

  it("per exam: attempts, mean, median, SD, histogram, KR-20 and SEM agree with the marks", async () => {
    const res = await req("GET", `/api/analytics/exams/${exam.id}/items`, cookie.teacher);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as TItemAnalysis;
    const pct = TOTALS.map((t) => (t / 6) * 100);
    expect(a).toMatchObject({ attempts: 7, waiting: 0, groupSize: 2, keyWithheld: false, exam: { possible: 6 } });
    expect(a.meanPercent).toBeCloseTo(50, 9); // 21 of 42 points
    expect(a.medianPercent).toBeCloseTo(50, 9);
    expect(a.sdPercent).toBeCloseTo(Math.sqrt(varianceOf(moments(pct))!), 9);
    // 83.3 → 8th tenth, 66.7 → 6th, 50 ×3 → 5th, 33.3 → 3rd, 16.7 → 1st
    expect(a.histogram).toEqual([0, 1, 0, 1, 0, 3, 1, 0, 1, 0]);
    const alpha = alphaOf(MARKS.map((m) => varianceOf(moments(m))!), varianceOf(moments(TOTALS)));
    expect(a.reliability.method).toBe("kr20");
    expect(a.reliability.value).toBeCloseTo(alpha!, 9);
    // This small fixture's questions disagree with each other (alpha < 0): no SEM is worth giving.
    expect(alpha).toBeLessThan(0);
    expect(a.semPercent).toBeNull();
  });

  it("a consistent exam: a positive KR-20 and its SEM, SD% · √(1 − α), from the marks", async () => {
    const consistent = await makeExam(cookie.teacher, examInput());
    const right = [1, 1, 1, 0, 1];
    const wrong = [0, 0, 0, 1, 0];
    const rows = [right, right, [1, 1, 1, 0, 0], wrong, wrong, [0, 1, 0, 1, 0]];
    for (const r of rows) await sit(consistent, r);
    // Marks per question (the multiple choice is right when option 0, the key, is chosen).
    const marks = [0, 1, 2, 3, 4].map((qi) => rows.map((r) => (qi === 3 ? (r[qi] === 0 ? 1 : 0) : r[qi]!) * POINTS[qi]!));
    const totals = rows.map((_, k) => marks.reduce((s, m) => s + m[k]!, 0));
    const alpha = alphaOf(marks.map((m) => varianceOf(moments(m))!), varianceOf(moments(totals)))!;
    const sd = Math.sqrt(varianceOf(moments(totals.map((t) => (t / 6) * 100)))!);
    const a = (await req("GET", `/api/analytics/exams/${consistent.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(alpha).toBeGreaterThan(0.5);
    expect(a.reliability.value).toBeCloseTo(alpha, 9);
    expect(a.semPercent).toBeCloseTo(sd * Math.sqrt(1 - alpha), 9);
  });

  it("per question: facility, SD, discrimination (item–rest), upper − lower, omitted; the choices in each group", async () => {
    const a = (await req("GET", `/api/analytics/exams/${exam.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(a.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5]);
    for (const [i, q] of a.questions.entries()) {
      const marks = MARKS[i]!;
      const rest = TOTALS.map((t, k) => t - marks[k]!);
      expect(q.facility, `Q${i + 1} facility`).toBeCloseTo(marks.reduce((s, x) => s + x, 0) / 7 / POINTS[i]!, 9);
      expect(q.sd, `Q${i + 1} sd`).toBeCloseTo(Math.sqrt(varianceOf(moments(marks))!) / POINTS[i]!, 9);
      expect(q.discrimination, `Q${i + 1} discrimination`).toBeCloseTo(correlationOf(7, moments(marks), moments(rest), sumXY(marks, rest))!, 9);
      const upper = (marks[0]! + marks[1]!) / 2;
      const lower = (marks[5]! + marks[6]!) / 2;
      expect(q.upperLowerDifference, `Q${i + 1} D`).toBeCloseTo((upper - lower) / POINTS[i]!, 9);
    }
    // By hand: Q1 4 of 7 right; Q3 (2 points) upper 2/2, lower 0/2 → D = 1; Q2 and Q4 left blank once.
    expect(a.questions[0]!.facility).toBeCloseTo(4 / 7, 9);
    expect(a.questions[2]!.upperLowerDifference).toBe(1);
    expect(a.questions[1]!.omittedRate).toBeCloseTo(1 / 7, 9);
    expect(a.questions[0]!.omittedRate).toBe(0);
    expect(a.questions[0]!.skill).toEqual({ id: "arabic.grammar", name: { ar: "النحو", en: "Grammar (nahw)" } });

    // The multiple choice: A (key) chosen by 3 of 7 — both of the upper group, one of the lower; B 2; C 1; none 1.
    const mc = a.questions[3]!;
    expect(mc.options.map((o) => [o.text.en, o.isCorrect, o.share, o.upperShare, o.lowerShare])).toEqual([
      ["A", true, 3 / 7, 1, 0.5],
      ["B", false, 2 / 7, 0, 0],
      ["C", false, 1 / 7, 0, 0],
      ["No answer", false, 1 / 7, 0, 0.5],
    ]);
    // True/false lists its two options too, with the blanks.
    expect(a.questions[1]!.options.map((o) => o.share)).toEqual([3 / 7, 3 / 7, 1 / 7]);
    expect(a.questions[2]!.options).toHaveLength(3);
  });

  it("flags Q5, which the weaker students got right and the stronger wrong", async () => {
    const a = (await req("GET", `/api/analytics/exams/${exam.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(a.questions[4]!.discrimination).toBeLessThan(0);
    expect(a.questions[4]!.flags).toContain("negative_discrimination");
    expect(a.questions[0]!.flags).not.toContain("negative_discrimination");
    // Q3 separates the groups (D = 1) yet correlates slightly negatively with the rest of this small test:
    // the index is item–rest, as Moodle's, not item–total.
    expect(a.questions[2]!.discrimination).toBeLessThan(0);
  });

  it("the CSV carries the same figures, headers in the reader's language, negative numbers as numbers", async () => {
    const en = await req("GET", `/api/analytics/exams/${exam.id}/items.csv?lang=en`, cookie.teacher);
    expect(en.statusCode).toBe(200);
    expect(en.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(en.body);
    expect(rows[0]).toEqual(["Question", "Text", "Type", "Skill", "Points", "Facility %", "Mean mark", "SD %", "Discrimination", "Upper − lower", "Omitted %", "Flags"]);
    expect(rows).toHaveLength(6);
    expect(rows[1]!.slice(0, 6)).toEqual(["1", "Q1", "True/false", "Grammar (nahw)", "1", "57.1"]);
    expect(Number(rows[5]![8])).toBeLessThan(0);
    expect(rows[5]![11]).toContain("Negative discrimination");
    const ar = parseCsv((await req("GET", `/api/analytics/exams/${exam.id}/items.csv`, cookie.teacher)).body);
    expect(ar[0]![0]).toBe("رقم السؤال");
    expect((await req("GET", `/api/analytics/exams/${exam.id}/items.csv?lang=fr`, cookie.teacher)).statusCode).toBe(400);
  });
});

describe("Kelley's groups with attempts tied at an edge (decision 0066)", () => {
  it("the tied attempts share the places left: each counts places ÷ tied, in D and in every option's group share", async () => {
    // Totals 6 | 4 4 4 | 1 1 | 0 over 7 attempts, so 2 in a group: the upper group is the 6 and one place for three
    // 4s (⅓ each), the lower the 0 and one place for two 1s (½ each). By hand, per question (upper mean, lower mean):
    // Q1 (1 + 3/3)/2 = 1 and (0 + 1/2)/2 = ¼ → D ¾; Q2 (1 + 2/3)/2 = ⅚ and 0 → D ⅚; Q3 (2 points) 2 and 0 → D 1;
    // Q5 (1 + 0)/2 = ½ and (0 + 1/2)/2 = ¼ → D ¼. Q4's choices: upper A 1 + ⅓ (4/3 of 2 = ⅔), B ⅓ (⅙), C ⅓ (⅙);
    // lower B ½ (¼), C 1 (½), none ½ (¼).
    const tied = await makeExam(cookie.teacher, examInput());
    for (const row of [[1, 1, 1, 0, 1], [1, 1, 1, 1, 0], [1, 1, 1, 2, 0], [1, 0, 1, 0, 0], [1, 0, 0, 1, 0], [0, 0, 0, null, 1], [0, 0, 0, 2, 0]]) await sit(tied, row);
    const a = (await req("GET", `/api/analytics/exams/${tied.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(a).toMatchObject({ attempts: 7, groupSize: 2 });
    expect(a.medianPercent).toBeCloseTo((4 / 6) * 100, 9);
    expect(a.questions.map((q) => q.upperLowerDifference)).toEqual([0.75, 5 / 6, 1, expect.any(Number), 0.25].map((d) => (typeof d === "number" ? expect.closeTo(d, 12) : d)));
    expect(a.questions[3]!.options.map((o) => [o.text.en, o.upperShare, o.lowerShare])).toEqual([
      ["A", expect.closeTo(2 / 3, 12), 0],
      ["B", expect.closeTo(1 / 6, 12), expect.closeTo(1 / 4, 12)],
      ["C", expect.closeTo(1 / 6, 12), expect.closeTo(1 / 2, 12)],
      ["No answer", expect.closeTo(0, 12), expect.closeTo(1 / 4, 12)],
    ]);
    // Q4's own D: upper ⅔ right, lower 0.
    expect(a.questions[3]!.upperLowerDifference).toBeCloseTo(2 / 3, 12);
  });
});

describe("who sees it", () => {
  it("the author, a super_admin, staff of the school whose students sat it; 404 for other schools, 403 for students", async () => {
    const url = `/api/analytics/exams/${exam.id}/items`;
    for (const c of [cookie.teacher, cookie.super_admin, cookie.colleague, cookie.schoolAdmin]) expect((await req("GET", url, c)).statusCode).toBe(200);
    for (const c of [cookie.otherTeacher, cookie.otherAdmin]) {
      const res = await req("GET", url, c);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("EXAM_NOT_FOUND");
      expect((await req("GET", `${url.replace("/items", "/items.csv")}`, c)).statusCode).toBe(404);
    }
    const s = await h.makeUser("student", { schoolId: own });
    expect((await req("GET", url, await h.signIn(s.email, s.password, "student"))).statusCode).toBe(403);
    expect((await req("GET", url)).statusCode).toBe(401);
  });

  it("an unknown id, or not an id: 404, never 500", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "a".repeat(300)]) {
      const res = await req("GET", `/api/analytics/exams/${id}/items`, cookie.super_admin);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it("an exam offered to two schools: each school's staff count their own students only, and see no question figures while it is open", async () => {
    const shared = await makeExam(cookie.super_admin, examInput([own, other]));
    await sit(shared, ANSWERS[0]!, own);
    await sit(shared, ANSWERS[6]!, other);
    await sit(shared, ANSWERS[3]!, other);
    const url = `/api/analytics/exams/${shared.id}/items`;
    const all = (await req("GET", url, cookie.super_admin)).json() as TItemAnalysis;
    expect(all).toMatchObject({ attempts: 3, keyWithheld: false });
    expect(all.questions).toHaveLength(5);
    const mine = (await req("GET", url, cookie.schoolAdmin)).json() as TItemAnalysis;
    expect(mine).toMatchObject({ attempts: 1, keyWithheld: true, questions: [] });
    expect(mine.meanPercent).toBeCloseTo((5 / 6) * 100, 9);
    const theirs = (await req("GET", url, cookie.otherTeacher)).json() as TItemAnalysis;
    expect(theirs).toMatchObject({ attempts: 2, keyWithheld: true, questions: [] });
    // Archived, the key is released: the figures per question appear.
    const archived = await req("PUT", `/api/exams/${shared.id}`, cookie.super_admin, { ...examInput([own, other]), status: "archived", questions: (await req("GET", `/api/exams/${shared.id}`, cookie.super_admin)).json().questions });
    expect(archived.statusCode, archived.body).toBe(200);
    const after = (await req("GET", url, cookie.otherTeacher)).json() as TItemAnalysis;
    expect(after.keyWithheld).toBe(false);
    expect(after.questions).toHaveLength(5);
  });
});

describe("figures follow the marks", () => {
  it("a mark changed after a view shows on the next view (the cached figures are keyed by the latest mark)", async () => {
    const essays = await makeExam(cookie.teacher, {
      ...examInput(),
      questions: [{ type: "essay", questionTextAr: "م١", questionTextEn: "E1", points: 4 }],
    });
    for (let i = 0; i < 2; i++) {
      const u = await h.makeUser("student", { schoolId: own });
      const c = await h.signIn(u.email, u.password, "student");
      const attempt = (await req("POST", `/api/student/exams/${essays.id}/attempt`, c, {})).json() as { id: string };
      await req("PUT", `/api/attempts/${attempt.id}/answers/${essays.questions[0]!.id}`, c, { examId: essays.id, clientSeq: 1, answerText: `فقرة ${i}` });
      await req("POST", `/api/attempts/${attempt.id}/submit`, c, {});
    }
    const url = `/api/analytics/exams/${essays.id}/items`;
    expect((await req("GET", url, cookie.teacher)).json()).toMatchObject({ attempts: 0, waiting: 2 });
    const sheet = (await req("GET", `/api/grading/exams/${essays.id}`, cookie.teacher)).json() as { questions: { answers: { answerId: string }[] }[] };
    const [a, b] = sheet.questions[0]!.answers;
    for (const [answer, score] of [[a!, 4], [b!, 2]] as const) expect((await req("PUT", `/api/grading/answers/${answer.answerId}`, cookie.teacher, { score })).statusCode).toBe(200);
    const first = (await req("GET", url, cookie.teacher)).json() as TItemAnalysis;
    expect(first).toMatchObject({ attempts: 2, waiting: 0 });
    expect(first.questions[0]!.facility).toBeCloseTo(6 / 8, 9);
    // Asked again with nothing changed: the same figures.
    expect((await req("GET", url, cookie.teacher)).json()).toEqual(first);
    // A second look at one essay: the next view has it.
    expect((await req("PUT", `/api/grading/answers/${b!.answerId}`, cookie.teacher, { score: 0 })).statusCode).toBe(200);
    const second = (await req("GET", url, cookie.teacher)).json() as TItemAnalysis;
    expect(second.questions[0]!.facility).toBeCloseTo(4 / 8, 9);
    expect(second.meanPercent).toBeCloseTo(50, 9);
  });
});

describe("degenerate exams", () => {
  it("one attempt: a mean, no spread, no reliability, no groups, no flags", async () => {
    const lone = await makeExam(cookie.teacher, examInput());
    await sit(lone, ANSWERS[0]!);
    const a = (await req("GET", `/api/analytics/exams/${lone.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(a).toMatchObject({ attempts: 1, sdPercent: null, groupSize: 0, semPercent: null, reliability: { value: null } });
    expect(a.meanPercent).toBeCloseTo((5 / 6) * 100, 9);
    expect(a.questions.every((q) => q.discrimination === null && q.upperLowerDifference === null && q.flags.length === 0)).toBe(true);
    expect(a.questions[3]!.options.every((o) => o.upperShare === null)).toBe(true);
  });

  it("everyone equal: no discrimination and no reliability, not NaN", async () => {
    const flat = await makeExam(cookie.teacher, examInput());
    for (let i = 0; i < 5; i++) await sit(flat, ANSWERS[0]!);
    const res = await req("GET", `/api/analytics/exams/${flat.id}/items`, cookie.teacher);
    expect(res.body).not.toContain("NaN");
    const a = res.json() as TItemAnalysis;
    expect(a.sdPercent).toBe(0);
    expect(a.reliability.value).toBeNull();
    expect(a.questions.map((q) => q.discrimination)).toEqual([null, null, null, null, null]);
    expect(a.questions[0]!.flags).toEqual(["too_easy"]);
  });

  it("no attempts yet, and an exam of essays only (alpha, essays waiting for marks not counted)", async () => {
    const essays = await makeExam(cookie.teacher, {
      ...examInput(),
      questions: [
        { type: "essay", questionTextAr: "م١", questionTextEn: "E1", points: 4 },
        { type: "essay", questionTextAr: "م٢", questionTextEn: "E2", points: 4 },
      ],
    });
    // The author sees an empty analysis before anyone sits it.
    const empty = (await req("GET", `/api/analytics/exams/${essays.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(empty).toMatchObject({ attempts: 0, waiting: 0, meanPercent: null, medianPercent: null, histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], reliability: { method: "alpha", value: null } });
    expect(empty.questions.map((q) => [q.facility, q.options])).toEqual([
      [null, []],
      [null, []],
    ]);
    const u = await h.makeUser("student", { schoolId: own });
    const c = await h.signIn(u.email, u.password, "student");
    const attempt = (await req("POST", `/api/student/exams/${essays.id}/attempt`, c, {})).json() as { id: string };
    await req("PUT", `/api/attempts/${attempt.id}/answers/${essays.questions[0]!.id}`, c, { examId: essays.id, clientSeq: 1, answerText: "نص" });
    expect((await req("POST", `/api/attempts/${attempt.id}/submit`, c, {})).json().status).toBe("completed");
    const waiting = (await req("GET", `/api/analytics/exams/${essays.id}/items`, cookie.teacher)).json() as TItemAnalysis;
    expect(waiting).toMatchObject({ attempts: 0, waiting: 1 });
  });
});
