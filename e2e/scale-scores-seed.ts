// For the scale-score browser test (e2e/scale/scale-scores.spec.ts): a student of its own in Dubai, grade 9, with one
// graded attempt at a demo exam of their school, that attempt's ability in a calibration run, and that run the
// reference of a grade-9 reporting scale of the exam's subject with four levels. θ 0.8 (SE 0.3) on a scale of mean
// 500, SD 100 is 580 ± 30: "Proficient" (متمكّن). Grade 9 is used by no other browser test's scale.
import { and, asc, eq, sql } from "drizzle-orm";
import type { TDb } from "../src/server/db/client";
import { rowsOf } from "../src/server/db/client";
import { attemptAbilities, authUsers, calibrations, examSchools, exams, profiles, proficiencyLevels, reportingScales, studentExams } from "../src/server/db/schema";
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
  // Fourteen classmates in 9A with abilities spread over the levels, so the dashboard's shares are shown (a group
  // needs ten); they never sign in (one password hash for all, the seeded student's).
  const [{ hash }] = rowsOf<{ hash: string }>(await db.execute(sql`select password_hash as hash from auth_users where id = ${student.id}`)) as [{ hash: string }];
  const thetas = [-1.4, -1.1, -0.9, -0.6, -0.4, -0.2, 0, 0.1, 0.3, 0.5, 0.7, 1, 1.3, 1.6];
  for (const [i, theta] of thetas.entries()) {
    const email = `scale.classmate${i + 1}@qias.test`;
    const [user] = await db.insert(authUsers).values({ email, passwordHash: hash }).returning({ id: authUsers.id });
    await db.insert(profiles).values({ id: user!.id, email, username: `scale-classmate-${i + 1}`, name: `زميل ${i + 1}`, role: "student", schoolId: "school_dubai", grade: SCALE_GRADE, className: "9A", gender: i % 2 ? "male" : "female", languageBackground: i % 4 ? "arabic" : "other" });
    const [row] = await db
      .insert(studentExams)
      .values({ studentId: user!.id, examId: exam.id, status: "graded", grade: SCALE_GRADE, className: "9A", score: Math.round(total * 0.5), totalPossibleScore: total, completedAt: new Date(Date.now() - (i % 3 === 0 ? 365 : 1) * 86_400_000) })
      .returning({ id: studentExams.id });
    await db.insert(attemptAbilities).values({ calibrationId: run!.id, studentExamId: row!.id, items: 10, eap: theta, eapSe: 0.3 });
  }
  await db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "دون الأساسي", nameEn: "Below basic" },
    { scaleId: scale!.id, position: 1, nameAr: "أساسي", nameEn: "Basic", minScore: 420 },
    { scaleId: scale!.id, position: 2, nameAr: "متمكّن", nameEn: "Proficient", minScore: 520 },
    { scaleId: scale!.id, position: 3, nameAr: "متقدّم", nameEn: "Advanced", minScore: 620 },
  ]);
}
