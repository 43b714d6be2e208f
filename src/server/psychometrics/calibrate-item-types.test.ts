// The item types of issue 36 in calibration (docs/decisions/0058, "Partial credit in calibration"): their marks are
// scored in the steps their scoring makes (shared/item-types/mark-steps.ts), so a gap fill of two gaps on one point is
// three categories of the GPCM (Muraki 1992), not right/wrong, and an all-or-nothing item of three points is
// right/wrong, not four categories of which two never occur.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { authUsers, profiles, studentAnswers, studentExams } from "../db/schema";
import { calibrateExam, examResponses } from "./calibrate-exam";
import { classicalReliability } from "./reliability";
import { markSteps, stepOf } from "../../shared/item-types/mark-steps";
import type { TInteraction } from "../../shared/item-types";

let h: THarness;
let examId: string;
let q: string[];

const tf = [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
];
const entry = (id: string, correct = false) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, correct });

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_calibrate_types", "مدرسة المعايرة ٢");
  const teacher = await h.makeUser("teacher", { schoolId: school });
  const cookie = await h.signIn(teacher.email, teacher.password, "school");
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie,
    payload: {
      titleAr: "معايرة الأنواع",
      titleEn: "Calibrating the item types",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: [
        ...[1, 2, 3, 4].map((n) => ({ type: "true_false", questionTextAr: `س${n}`, questionTextEn: `Q${n}`, points: 1, options: tf })),
        {
          type: "gap_fill",
          questionTextAr: "أكمل",
          questionTextEn: "Complete",
          points: 1,
          interaction: { type: "gap_fill", textAr: "{{g1}} و{{g2}}", textEn: "{{g1}} and {{g2}}", gaps: [{ id: "g1", accepted: ["أ"] }, { id: "g2", accepted: ["ب"] }] },
        },
        {
          type: "multiple_response",
          questionTextAr: "اختر كل الصحيح",
          questionTextEn: "Choose all that apply",
          points: 3,
          interaction: { type: "multiple_response", scoring: "all_or_nothing", choices: [entry("a", true), entry("b", true), entry("c")] },
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string; questions: { id: string }[] };
  examId = exam.id;
  q = exam.questions.map((x) => x.id);

  // 80 students spread over abilities; a fixed pseudo-random stream decides each answer (the same every run).
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const right = (theta: number, b: number) => random() < 1 / (1 + Math.exp(-(theta - b)));
  for (let p = 0; p < 80; p++) {
    const theta = -2.5 + (5 * p) / 79;
    // Students as rows only (no password to hash): 80 accounts would take a minute.
    const [auth] = await h.db.insert(authUsers).values({ email: `cal-${p}@test.local`, passwordHash: "x" }).returning();
    await h.db.insert(profiles).values({ id: auth!.id, username: `cal-${p}`, email: `cal-${p}@test.local`, role: "student", name: `S${p}`, schoolId: school });
    const student = auth!;
    const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status: "graded", startedAt: new Date(Date.now() - 60_000 + p) }).returning();
    const marks: number[] = [-1, -0.3, 0.3, 1].map((b) => (right(theta, b) ? 1 : 0));
    const gaps = (right(theta, -0.5) ? 1 : 0) + (right(theta, 0.5) ? 1 : 0);
    marks.push(gaps / 2, right(theta, 0) ? 3 : 0);
    await h.db.insert(studentAnswers).values(marks.map((score, i) => ({ studentExamId: row!.id, questionId: q[i]!, studentId: student.id, score })));
  }
});
afterAll(async () => {
  await h?.close();
});

describe("partial credit of the new item types in calibration and reliability", () => {
  it("scores each in its steps: the gap fill 0–2, the all-or-nothing multiple response 0–1", async () => {
    const { questions, matrix } = await examResponses(h.db, examId);
    expect(questions.map((c) => [c.type, c.maxScore])).toEqual([
      ["true_false", 1],
      ["true_false", 1],
      ["true_false", 1],
      ["true_false", 1],
      ["gap_fill", 2],
      ["multiple_response", 1],
    ]);
    const column = (i: number) => new Set(Array.from({ length: matrix.nPersons }, (_, p) => matrix.data[p * 6 + i]));
    expect([...column(4)].sort()).toEqual([0, 1, 2]);
    expect([...column(5)].sort()).toEqual([0, 1]);
    // Reliability reads the same steps: alpha over six items, the gap fill's variance that of 0/1/2.
    expect(classicalReliability(matrix).alpha).toBeGreaterThan(0);
  });

  it("the GPCM calibrates the gap fill as polytomous (three categories, two steps) and the all-or-nothing item as right/wrong", async () => {
    const result = await calibrateExam(h.db, examId, "gpcm");
    expect(result.problems).toEqual([]);
    const gap = result.items.find((x) => x.item === q[4]);
    const multiple = result.items.find((x) => x.item === q[5]);
    expect(gap).toMatchObject({ categories: 3 });
    expect(gap!.steps!.b).toHaveLength(2);
    expect(gap!.steps!.b.every(Number.isFinite)).toBe(true);
    expect(multiple).toMatchObject({ categories: 2 });
    // The 2PL takes the all-or-nothing item (0/1) and names the gap fill as scored above one.
    const twoPl = await calibrateExam(h.db, examId, "2pl");
    expect(twoPl.items.map((x) => x.item)).toContain(q[5]);
    expect(twoPl.problems.map((x) => [x.item, x.reason])).toEqual([[q[4], "scores_above_one"]]);
  });

  it("the steps follow each type's scoring", () => {
    const c = (x: object) => x as TInteraction;
    const entries = (n: number, right: number) => Array.from({ length: n }, (_, i) => entry(`e${i}`, i < right));
    expect(markSteps(c({ type: "multiple_response", scoring: "partial", choices: entries(5, 3) }))).toEqual([0, 1 / 3, 2 / 3, 1]);
    expect(markSteps(c({ type: "multiple_response", scoring: "all_or_nothing", choices: entries(5, 3) }))).toEqual([0, 1]);
    expect(markSteps(c({ type: "hotspot", scoring: "partial", areas: entries(3, 2) }))).toEqual([0, 0.5, 1]);
    expect(markSteps(c({ type: "inline_choice", scoring: "per_gap", gaps: [{}, {}, {}] }))).toEqual([0, 1 / 3, 2 / 3, 1]);
    expect(markSteps(c({ type: "gap_fill", scoring: "all_or_nothing", gaps: [{}, {}, {}] }))).toEqual([0, 1]);
    // Four items in order: 0–3 adjacent pairs; 0, 1, 2 or 4 in place (three in place puts the fourth in place too).
    expect(markSteps(c({ type: "ordering", scoring: "per_pair", items: entries(4, 0) }))).toEqual([0, 1 / 3, 2 / 3, 1]);
    expect(markSteps(c({ type: "ordering", scoring: "per_item", items: entries(4, 0) }))).toEqual([0, 0.25, 0.5, 1]);
    expect(markSteps(c({ type: "ordering", scoring: "per_item", items: entries(2, 0) }))).toEqual([0, 1]);
    expect(markSteps(c({ type: "numeric" }))).toEqual([0, 1]);
    // Marks are kept to two decimals: 0.67 of 2 points of three gaps is the second step.
    expect(stepOf(1.33, 2, [0, 1 / 3, 2 / 3, 1])).toBe(2);
    expect(stepOf(2, 2, [0, 0.25, 0.5, 1])).toBe(3);
    expect(stepOf(0, 2, [0, 1])).toBe(0);
    expect(stepOf(-1, 2, [0, 1])).toBe(0);
  });
});
