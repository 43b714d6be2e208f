// Concurrent calibration (issue 35): exams sharing bank items calibrated as one, each exam's students a group.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { attemptAbilities, calibrations, itemCalibrations, questions, studentAnswers, studentExams } from "../db/schema";
import { storeCalibration } from "./calibrate-exam";
import { calibrateConcurrent, mergeMatrices } from "./concurrent";
import { seededRandom } from "./calibrate-simulate";
import { NOT_PRESENTED as _ } from "./types";

describe("mergeMatrices", () => {
  it("stacks the groups: the union of the items by name, blanks where a group lacked one", () => {
    const { matrix, groups } = mergeMatrices([
      { items: ["A", "B"], nPersons: 2, data: Int8Array.of(1, 0, 0, 1) },
      { items: ["B", "C"], nPersons: 1, data: Int8Array.of(1, _) },
    ]);
    expect(matrix.items).toEqual(["A", "B", "C"]);
    expect(Array.from(matrix.data)).toEqual([1, 0, _, 0, 1, _, _, 1, _]);
    expect(Array.from(groups)).toEqual([0, 0, 1]);
  });
});

describe("calibrateConcurrent", () => {
  let h: THarness;
  const exam: { id: string; q: string[] }[] = [];
  beforeAll(async () => {
    h = await createHarness();
    const school = await h.makeSchool("school_concurrent", "مدرسة المعايرة المتزامنة");
    const teacher = await h.makeUser("teacher", { schoolId: school });
    const cookie = await h.signIn(teacher.email, teacher.password, "school");
    const tf = [
      { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
      { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
    ];
    for (const year of [2025, 2026]) {
      const res = await h.request({
        method: "POST",
        url: "/api/exams",
        cookie,
        payload: {
          titleAr: `اختبار ${year}`,
          titleEn: `Test ${year}`,
          subjectId: "arabic",
          durationMinutes: 30,
          status: "published",
          schoolIds: [],
          questions: Array.from({ length: 3 }, (_, i) => ({ type: "true_false", questionTextAr: `س${i}`, questionTextEn: `Q${i}`, points: 1, options: tf })),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json() as { id: string; questions: { id: string }[] };
      exam.push({ id: made.id, q: made.questions.map((x) => x.id) });
    }
    // This year's first two questions are last year's items (the same bank versions): the anchors.
    const [a0, a1] = await Promise.all(exam[0]!.q.slice(0, 2).map(async (id) => (await h.db.select().from(questions).where(eq(questions.id, id)))[0]!.itemVersionId));
    await h.db.update(questions).set({ itemVersionId: a0! }).where(eq(questions.id, exam[1]!.q[0]!));
    await h.db.update(questions).set({ itemVersionId: a1! }).where(eq(questions.id, exam[1]!.q[1]!));
    // 40 graded attempts each, right answers at random (this year's students a little abler).
    const random = seededRandom(7);
    for (const [g, e] of exam.entries()) {
      for (let s = 0; s < 40; s++) {
        const student = await h.makeUser("student", { schoolId: school });
        const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId: e.id, status: "graded" }).returning();
        await h.db.insert(studentAnswers).values(e.q.map((questionId, i) => ({ studentExamId: row!.id, questionId, studentId: student.id, score: random() < 0.4 + 0.1 * g + 0.1 * i ? 1 : 0 })));
      }
    }
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it("one column per item version across the exams, a group per exam, kept as one run over the bank", async () => {
    const result = await calibrateConcurrent(
      h.db,
      exam.map((e) => e.id),
      "2pl",
      { minResponses: 20 },
    );
    expect(result.columns).toHaveLength(4); // two shared, one of each year
    expect(result.attemptIds).toHaveLength(80);
    expect(result.groups!.map((g) => g.n)).toEqual([40, 40]);
    expect(result.items.length + result.problems.length).toBe(4);
    const shared = result.items.find((x) => x.n === 80);
    expect(shared, "an anchor is answered by both years").toBeDefined();

    const id = await h.db.transaction((tx) =>
      storeCalibration(tx, { examId: null, scope: "bank", result, columns: result.columns, attemptIds: result.attemptIds, summary: { exams: result.examIds, groups: result.groups } }),
    );
    const [run] = await h.db.select().from(calibrations).where(eq(calibrations.id, id));
    expect(run).toMatchObject({ examId: null, scope: "bank", model: "2pl", students: 80 });
    expect(run!.summary).toMatchObject({ exams: exam.map((e) => e.id) });
    const rows = await h.db.select().from(itemCalibrations).where(eq(itemCalibrations.calibrationId, id));
    expect(new Set(rows.map((r) => r.itemVersionId)).size).toBe(4);
    expect(rows.every((r) => r.examId === null)).toBe(true);
    expect(await h.db.$count(attemptAbilities, eq(attemptAbilities.calibrationId, id))).toBe(80);
  });

  it("refuses one exam, or the same exam twice", async () => {
    await expect(calibrateConcurrent(h.db, [exam[0]!.id], "2pl")).rejects.toThrow("two or more different exams");
    await expect(calibrateConcurrent(h.db, [exam[0]!.id, exam[0]!.id], "2pl")).rejects.toThrow("two or more different exams");
  });
});
