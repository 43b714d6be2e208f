// For the scale-score browser test (e2e/scale/scale-scores.spec.ts): a student of its own in Dubai, grade 9, with one
// graded attempt at a demo exam of their school, that attempt's ability in a calibration run, and that run the
// reference of a grade-9 reporting scale of the exam's subject with four levels. θ 0.8 (SE 0.3) on a scale of mean
// 500, SD 100 is 580 ± 30: "Proficient" (متمكّن). Grade 9 is used by no other browser test's scale.
import { and, asc, eq, sql } from "drizzle-orm";
import type { TDb } from "../src/server/db/client";
import { attemptAbilities, calibrations, examSchools, exams, proficiencyLevels, reportingScales, studentExams } from "../src/server/db/schema";
import { createAccount } from "../src/server/auth/accounts";

export const SCALE_STUDENT = { email: "scale.student@qias.test", password: "Scale-student-1", name: "ريم الكعبي" };
export const SCALE_GRADE = 9;

export async function seedScaleScores(db: TDb): Promise<void> {
  const [exam] = await db
    .select({ id: exams.id, subjectId: exams.subjectId, points: sql<number>`(select coalesce(sum(points), 0)::int from questions q where q.exam_id = ${exams.id})` })
    .from(exams)
    .innerJoin(examSchools, and(eq(examSchools.examId, exams.id), eq(examSchools.schoolId, "school_dubai")))
    .where(eq(exams.status, "published"))
    .orderBy(asc(exams.createdAt))
    .limit(1);
  if (!exam) return;
  const student = await createAccount(db, { email: SCALE_STUDENT.email, password: SCALE_STUDENT.password, role: "student", name: SCALE_STUDENT.name, schoolId: "school_dubai" });
  const total = Number(exam.points);
  const [attempt] = await db
    .insert(studentExams)
    .values({ studentId: student.id, examId: exam.id, status: "graded", grade: SCALE_GRADE, className: "9A", score: Math.round(total * 0.7), totalPossibleScore: total, completedAt: new Date() })
    .returning({ id: studentExams.id });
  const [run] = await db.insert(calibrations).values({ examId: exam.id, model: "2pl", students: 1200, items: 10 }).returning({ id: calibrations.id });
  await db.insert(attemptAbilities).values({ calibrationId: run!.id, studentExamId: attempt!.id, items: 10, eap: 0.8, eapSe: 0.3 });
  const [scale] = await db
    .insert(reportingScales)
    .values({ subjectId: exam.subjectId, grade: SCALE_GRADE, nameAr: "مقياس الصف التاسع", nameEn: "Grade 9 scale", referenceExamId: exam.id, referenceCalibrationId: run!.id })
    .returning({ id: reportingScales.id });
  await db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "دون الأساسي", nameEn: "Below basic" },
    { scaleId: scale!.id, position: 1, nameAr: "أساسي", nameEn: "Basic", minScore: 420 },
    { scaleId: scale!.id, position: 2, nameAr: "متمكّن", nameEn: "Proficient", minScore: 520 },
    { scaleId: scale!.id, position: 3, nameAr: "متقدّم", nameEn: "Advanced", minScore: 620 },
  ]);
}
