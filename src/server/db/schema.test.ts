// The rules SPEC §3 puts on the data are enforced by the database itself, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../test/harness";
import { exams, profiles, questions, reports, developmentPlans, schools, studentAnswers, studentExams } from "./schema";
import { draftVersion } from "../modules/bank/rows";

let h: THarness;
let teacherId: string;
let studentId: string;
let examId: string;
let questionId: string;
let draft: string;

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool("school_rules");
  teacherId = (await h.makeUser("teacher", { schoolId: school })).id;
  studentId = (await h.makeUser("student", { schoolId: school })).id;
  const [exam] = await h.db.insert(exams).values({ titleAr: "ع", titleEn: "E", subjectId: "arabic", creatorId: teacherId, status: "published" }).returning();
  examId = exam!.id;
  draft = await draftVersion(h.db, "arabic");
  const [q] = await h.db.insert(questions).values({ examId, questionTextAr: "س", questionTextEn: "Q", type: "essay", points: 2, itemVersionId: draft }).returning();
  questionId = q!.id;
});
afterAll(async () => {
  await h?.close();
});

/** Drizzle wraps the driver's error; the constraint name is on the cause. */
async function rejection(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string; constraint?: string } };
    return `${e.message ?? ""} ${e.cause?.message ?? ""} ${e.cause?.constraint ?? ""}`;
  }
  throw new Error("expected the database to refuse");
}

describe("database rules", () => {
  it("the three subjects exist", async () => {
    const ids = (await h.db.query.subjects.findMany()).map((s) => s.id).sort();
    expect(ids).toEqual(["arabic", "islamic", "social"]);
  });

  it("points are at least 1", async () => {
    expect(await rejection(h.db.insert(questions).values({ examId, questionTextAr: "س", questionTextEn: "Q", type: "essay", points: 0, itemVersionId: draft }))).toMatch(/questions_points_min/);
  });

  it("role, status and question type are enums", async () => {
    expect(await rejection(h.db.update(profiles).set({ role: "parent" as never }).where(eq(profiles.id, studentId)))).toMatch(/invalid input value for enum/);
    expect(await rejection(h.db.update(exams).set({ status: "deleted" as never }).where(eq(exams.id, examId)))).toMatch(/invalid input value for enum/);
    expect(await rejection(h.db.insert(questions).values({ examId, questionTextAr: "س", questionTextEn: "Q", type: "poem" as never, itemVersionId: draft }))).toMatch(/invalid input value for enum/);
  });

  it("one attempt per (student, exam), one answer per (attempt, question), one report and one plan per attempt", async () => {
    const [attempt] = await h.db.insert(studentExams).values({ studentId, examId, totalPossibleScore: 2 }).returning();
    expect(await rejection(h.db.insert(studentExams).values({ studentId, examId }))).toMatch(/student_exams_student_exam_idx/);

    await h.db.insert(studentAnswers).values({ studentExamId: attempt!.id, questionId, studentId, answerText: "a" });
    expect(await rejection(h.db.insert(studentAnswers).values({ studentExamId: attempt!.id, questionId, studentId, answerText: "b" }))).toMatch(/student_answers_attempt_question_idx/);

    const report = { summary: { ar: "ملخص", en: "s" }, strengths: [], areas_for_improvement: [], recommendations: [] };
    await h.db.insert(reports).values({ studentExamId: attempt!.id, studentId, reportData: report });
    expect(await rejection(h.db.insert(reports).values({ studentExamId: attempt!.id, studentId, reportData: report }))).toMatch(/unique/i);

    const plan = { goal: { ar: "هدف", en: "g" }, steps: [], resources: [], ai_suggestion: { ar: "", en: "" } };
    await h.db.insert(developmentPlans).values({ studentExamId: attempt!.id, studentId, planData: plan });
    expect(await rejection(h.db.insert(developmentPlans).values({ studentExamId: attempt!.id, studentId, planData: plan }))).toMatch(/unique/i);

    // An exam with attempts cannot be deleted: no result is lost.
    expect(await rejection(h.db.delete(exams).where(eq(exams.id, examId)))).toMatch(/foreign key/i);
  });

  it("a school with people in it cannot be deleted; a super_admin has no school", async () => {
    expect(await rejection(h.db.delete(schools).where(eq(schools.id, "school_rules")))).toMatch(/foreign key/i);
    const admin = await h.makeUser("super_admin");
    expect(await rejection(h.db.update(profiles).set({ schoolId: "school_rules" }).where(eq(profiles.id, admin.id)))).toMatch(/profiles_super_admin_no_school/);
  });

  it("emails and usernames are unique without regard to case", async () => {
    await h.makeUser("student", { email: "Same@Case.test" });
    await expect(h.makeUser("student", { email: "same@case.TEST" })).rejects.toThrow();
  });
});
