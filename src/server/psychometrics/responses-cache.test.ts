// An exam's response matrix is read once per version (issue 39): reliability, DIF and calibration reuse it while
// nothing changes, and a teacher's mark, an attempt counted in or out or an edit of the exam make the next reader read the
// answers afresh — never a stale figure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { exams, questions, studentAnswers, studentExams } from "../db/schema";
import { draftVersion } from "../modules/bank/rows";
import { examResponses } from "./calibrate-exam";
import { rebuildFigures } from "../modules/analytics/figures";

let h: THarness;
let admin: string;
let examId: string;
let essay: string;
const answerOf: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const school = await h.makeSchool("school_matrix_cache");
  const [exam] = await h.db.insert(exams).values({ titleAr: "مصفوفة", titleEn: "Matrix", subjectId: "arabic", status: "published" }).returning();
  examId = exam!.id;
  const [q1, q2] = await h.db
    .insert(questions)
    .values([
      { examId, position: 0, type: "short_answer", questionTextAr: "س١", questionTextEn: "Q1", points: 1, correctAnswerText: "ج", itemVersionId: await draftVersion(h.db, "arabic") },
      { examId, position: 1, type: "essay", questionTextAr: "س٢", questionTextEn: "Q2", points: 2, itemVersionId: await draftVersion(h.db, "arabic") },
    ])
    .returning();
  essay = q2!.id;
  for (let i = 0; i < 3; i++) {
    const student = await h.makeUser("student", { schoolId: school });
    const [attempt] = await h.db.insert(studentExams).values({ studentId: student.id, examId, status: "graded", score: i, totalPossibleScore: 3, completedAt: new Date() }).returning();
    const rows = await h.db
      .insert(studentAnswers)
      .values([
        { studentExamId: attempt!.id, questionId: q1!.id, studentId: student.id, answerText: "ج", score: i % 2, isCorrect: i % 2 === 1 },
        { studentExamId: attempt!.id, questionId: essay, studentId: student.id, answerText: "مقال", score: 0 },
      ])
      .returning();
    answerOf.push(rows[1]!.id);
  }
  // Loaded in bulk, so their maintained figures (and the version the matrix is kept under) are worked out as a bulk load's are.
  await rebuildFigures(h.db, [examId]);
});
afterAll(async () => {
  await h.close();
});

describe("the response matrix under the exam's version", () => {
  it("is reused while nothing changes, and read afresh after a mark, an edit or an attempt taken out", async () => {
    const first = await examResponses(h.db, examId);
    expect(first.matrix.nPersons).toBe(3);
    expect(await examResponses(h.db, examId)).toBe(first);

    // A teacher's mark (through the real route): the essay's 2 of 2 shows at once.
    const res = await h.request({ method: "PUT", url: `/api/grading/answers/${answerOf[0]}`, cookie: admin, payload: { score: 2 } });
    expect(res.statusCode).toBe(200);
    const marked = await examResponses(h.db, examId);
    expect(marked).not.toBe(first);
    const p = marked.attemptIds.indexOf((await h.db.select().from(studentAnswers).where(eq(studentAnswers.id, answerOf[0]!)))[0]!.studentExamId);
    expect(marked.matrix.data[p * 2 + 1]).toBe(2);
    expect(await examResponses(h.db, examId)).toBe(marked);

    // An edit of the exam (its questions' points or key may have changed).
    await h.db.update(exams).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(exams.id, examId));
    const edited = await examResponses(h.db, examId);
    expect(edited).not.toBe(marked);

    // An attempt taken out with its student (as every change of the graded attempts, through figures.ts).
    const [gone] = await h.db.select({ id: studentExams.studentId }).from(studentExams).where(eq(studentExams.examId, examId)).limit(1);
    expect((await h.request({ method: "DELETE", url: `/api/users/${gone!.id}`, cookie: admin })).statusCode).toBe(204);
    expect((await examResponses(h.db, examId)).matrix.nPersons).toBe(2);
  });
});
