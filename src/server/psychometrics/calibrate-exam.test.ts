// Reading an exam's graded attempts for calibration (issue 35): which cells are presented (the rows an attempt saw,
// its form's questions), how marks become scores, and that other attempts stay out.
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { attemptAbilities, calibrations, examForms, examFormQuestions, itemCalibrations, questions, studentAnswers, studentExams } from "../db/schema";
import { calibrateExam, examResponses, scoreOf, storeExamCalibration } from "./calibrate-exam";
import { arrayLiteral } from "../db/array-literal";
import { NOT_PRESENTED as _ } from "./types";

let h: THarness;
let examId: string;
let q: string[];

const tf = [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
];

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_calibrate", "مدرسة المعايرة");
  const teacher = await h.makeUser("teacher", { schoolId: school });
  const cookie = await h.signIn(teacher.email, teacher.password, "school");
  const res = await h.request({
    method: "POST",
    url: "/api/exams",
    cookie,
    payload: {
      titleAr: "اختبار المعايرة",
      titleEn: "Calibration test",
      subjectId: "arabic",
      durationMinutes: 30,
      status: "published",
      schoolIds: [],
      questions: [
        { type: "true_false", questionTextAr: "س١", questionTextEn: "Q1", points: 1, options: tf },
        { type: "true_false", questionTextAr: "س٢", questionTextEn: "Q2", points: 2, options: tf },
        { type: "multiple_choice", questionTextAr: "س٣", questionTextEn: "Q3", points: 1, options: [...tf, { optionTextAr: "ج", optionTextEn: "C", isCorrect: false }] },
        { type: "essay", questionTextAr: "س٤", questionTextEn: "Q4", points: 3 },
        { type: "short_answer", questionTextAr: "س٥", questionTextEn: "Q5", points: 20, correctAnswerText: "x" },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const exam = res.json() as { id: string; questions: { id: string }[] };
  examId = exam.id;
  q = exam.questions.map((x) => x.id);

  const day = 24 * 3600 * 1000;
  const now = Date.now();
  // Q3's row became current an hour ago: the attempt started yesterday was given the row before it, not this one.
  await h.db.update(questions).set({ currentFrom: new Date(now - 3600 * 1000) }).where(eq(questions.id, q[2]!));
  const [form] = await h.db.insert(examForms).values({ examId, number: 1 }).returning();
  await h.db.insert(examFormQuestions).values([q[0]!, q[3]!].map((questionId) => ({ formId: form!.id, questionId })));

  const attempt = async (startedAt: number, status: "graded" | "completed" | "in_progress", formId: string | null, marks: Record<number, number>) => {
    const student = await h.makeUser("student", { schoolId: school });
    const [row] = await h.db
      .insert(studentExams)
      .values({ studentId: student.id, examId, status, startedAt: new Date(startedAt), formId })
      .returning();
    const values = Object.entries(marks).map(([i, score]) => ({ studentExamId: row!.id, questionId: q[Number(i)]!, studentId: student.id, score }));
    if (values.length) await h.db.insert(studentAnswers).values(values);
  };
  await attempt(now - day, "graded", null, { 0: 1, 1: 2, 2: 1, 3: 1, 4: 20 });
  await attempt(now - 2000, "graded", null, { 0: 1, 1: 1, 3: 2, 4: 15 });
  await attempt(now - 1000, "graded", form!.id, { 0: 0, 3: 3 });
  await attempt(now - 500, "completed", null, { 0: 1 }); // waiting for marking: not in
  await attempt(now - 100, "in_progress", null, {}); // not in
});
afterAll(async () => {
  await h?.close();
});

describe("an exam's responses for calibration", () => {
  it("one row per graded attempt, one column per question row; blanks where not given, 0 where not answered", async () => {
    const { matrix, questions: columns, attemptIds } = await examResponses(h.db, examId);
    expect(attemptIds).toHaveLength(3);
    expect(matrix.items).toEqual(q);
    expect(columns.map((c) => [c.type, c.points, c.maxScore])).toEqual([
      ["true_false", 1, 1],
      ["true_false", 2, 1],
      ["multiple_choice", 1, 1],
      ["essay", 3, 3],
      ["short_answer", 20, 10],
    ]);
    expect(columns.every((c) => typeof c.itemVersionId === "string")).toBe(true);
    expect(Array.from(matrix.data)).toEqual([
      // yesterday: Q3's row was not yet current
      1, 1, _, 1, 10,
      // half a point short on Q2 is wrong; Q3 unanswered is 0; 15 of 20 points is step 8 of 10
      1, 0, 0, 2, 8,
      // the form holds Q1 and Q4 only
      0, _, _, 3, _,
    ]);
  });

  it("a question moved while the matrix is read: read again, its columns numbered one way", async () => {
    const [before] = await h.db.select({ position: questions.position }).from(questions).where(eq(questions.id, q[4]!));
    // The edit lands between the questions' read and the matrix's statement (the read's second and third statements,
    // after the version's; the matrix's is a transaction, its rows fetched through a cursor). A handle of its own:
    // nothing cached under it.
    let statements = 0;
    const racing = new Proxy(h.db, {
      get(target, prop, receiver) {
        if (prop !== "execute" && prop !== "transaction") return Reflect.get(target, prop, receiver);
        return async (work: never) => {
          if (++statements === 3) await target.update(questions).set({ position: -1 }).where(eq(questions.id, q[4]!));
          return prop === "execute" ? target.execute(work) : target.transaction(work);
        };
      },
    });
    try {
      const { matrix } = await examResponses(racing, examId);
      expect(statements).toBe(5);
      expect(matrix.items).toEqual([q[4], q[0], q[1], q[2], q[3]]);
      // Yesterday's attempt as in the first test, its short answer's step first.
      expect(Array.from(matrix.data.subarray(0, 5))).toEqual([10, 1, 1, _, 1]);
    } finally {
      await h.db.update(questions).set({ position: before!.position }).where(eq(questions.id, q[4]!));
    }
  });

  it("marks become scores: right/wrong at full points, steps for partial marks", () => {
    expect(scoreOf(1, { type: "multiple_choice", points: 1, maxScore: 1 })).toBe(1);
    expect(scoreOf(1.5, { type: "true_false", points: 2, maxScore: 1 })).toBe(0);
    expect(scoreOf(1.5, { type: "essay", points: 3, maxScore: 3 })).toBe(2);
    expect(scoreOf(0.49, { type: "essay", points: 3, maxScore: 3 })).toBe(0);
    expect(scoreOf(-1, { type: "essay", points: 3, maxScore: 3 })).toBe(0);
    expect(scoreOf(9, { type: "essay", points: 3, maxScore: 3 })).toBe(3);
    expect(scoreOf(3, { type: "matching", points: 40, maxScore: 10 })).toBe(1);
  });

  it("calibrateExam names each question row; too few attempts are said so, not given numbers", async () => {
    const result = await calibrateExam(h.db, examId, "gpcm");
    expect(result.examId).toBe(examId);
    expect(result.persons).toBe(3);
    expect(result.items).toEqual([]);
    expect(result.problems.map((x) => [x.item, x.reason])).toEqual(q.map((id) => [id, "too_few_responses"]));
  });

  it("a calibration is stored per item version as history: parameters, or the reason there are none", async () => {
    const first = await calibrateExam(h.db, examId, "gpcm");
    const firstId = await storeExamCalibration(h.db, first);
    const second = await calibrateExam(h.db, examId, "gpcm", { minResponses: 2 });
    const secondId = await storeExamCalibration(h.db, second);
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.problems.length).toBeGreaterThan(0);
    const rows = await h.db.select().from(itemCalibrations).where(eq(itemCalibrations.examId, examId));
    expect(rows).toHaveLength(10);
    const versions = (await examResponses(h.db, examId)).questions.map((c) => c.itemVersionId);
    for (const [id, result] of [[firstId, first], [secondId, second]] as const) {
      const run = rows.filter((r) => r.calibrationId === id);
      expect(run.map((r) => r.itemVersionId).sort()).toEqual([...versions].sort());
      for (const r of run) {
        expect(r.model).toBe("gpcm");
        const question = result.questions.find((c) => c.itemVersionId === r.itemVersionId)!;
        const item = result.items.find((x) => x.item === question.questionId);
        const problem = result.problems.find((x) => x.item === question.questionId);
        if (item) expect(r).toMatchObject({ n: item.n, params: { a: item.a, b: item.b }, problem: null });
        else expect(r).toMatchObject({ n: problem!.n, params: null, se: null, problem: { reason: problem!.reason } });
      }
    }
    // Each run is kept with what it reports about itself, and every graded attempt's ability under it.
    const [run] = await h.db.select().from(calibrations).where(eq(calibrations.id, secondId));
    expect(run).toMatchObject({ examId, scope: "exam", model: "gpcm", students: 3, items: second.items.length });
    expect(run!.summary).toMatchObject({ converged: second.converged, logLikelihood: second.logLikelihood });
    const abilities = await h.db.select().from(attemptAbilities).where(eq(attemptAbilities.calibrationId, secondId));
    expect(abilities.map((a) => a.studentExamId).sort()).toEqual([...second.attemptIds].sort());
    for (const a of abilities) {
      const estimate = second.abilities[second.attemptIds.indexOf(a.studentExamId)]!;
      expect(a).toMatchObject({ items: estimate.items, eap: estimate.eap, eapSe: estimate.eapSd, ml: estimate.ml, mlSe: estimate.mlSe, extreme: estimate.extreme ?? null });
    }
    // The first run had too few responses everywhere.
    expect(rows.filter((r) => r.calibrationId === firstId).every((r) => r.problem?.reason === "too_few_responses")).toBe(true);
  });

  it("the abilities' columns go as array literals that read back to the same doubles and texts", async () => {
    const numbers = [0.1, 1 / 3, -2.5e-300, 1.7976931348623157e308, null, Infinity, -Infinity, 0, 12];
    const [back] = rowsOf<{ v: (number | string | null)[] }>(await h.db.execute(sql`select ${arrayLiteral(numbers)}::float8[] as v`));
    expect(back!.v.map((v) => (v === null ? null : Number(v)))).toEqual(numbers);
    const texts = ["all_highest", null, 'a "quoted", \\ back\\slashed {text}', "NULL", ""];
    const [read] = rowsOf<{ v: (string | null)[] }>(await h.db.execute(sql`select ${arrayLiteral(texts)}::text[] as v`));
    expect(read!.v).toEqual(texts);
  });

  it("the table keeps parameters or a reason, never both or neither, and only known models", async () => {
    const [version] = (await examResponses(h.db, examId)).questions;
    const [run] = await h.db.insert(calibrations).values({ model: "2pl" }).returning();
    const row = { calibrationId: run!.id, itemVersionId: version!.itemVersionId, model: "2pl", n: 1 };
    await expect(h.db.insert(itemCalibrations).values(row)).rejects.toThrow();
    await expect(h.db.insert(itemCalibrations).values({ ...row, params: {}, problem: { reason: "x", detail: "y" } })).rejects.toThrow();
    await expect(h.db.insert(itemCalibrations).values({ ...row, model: "4pl", params: {} })).rejects.toThrow();
  });

  it("an exam nobody sat: an empty calibration", async () => {
    const result = await calibrateExam(h.db, "00000000-0000-4000-8000-000000000000", "2pl");
    expect(result).toMatchObject({ persons: 0, items: [], problems: [], questions: [] });
  });
});
