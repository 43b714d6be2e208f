// For the dashboard on the scale (e2e/analytics/dashboard-scale.spec.ts, issue 35): a Social Studies grade-9 reporting
// scale with three approved levels, and 52 graded attempts with abilities in its reference calibration — Al Nahda's
// 9A (14), 9B (12) and 9C (5, under the minimum) and Al Ain's 9A (21) — over two school years. Not part of the demo
// (helper A adds the demo's scale); the dashboard's other tests use other subjects or grades.
import { hashPassword } from "../src/server/auth/password";
import type { TDb } from "../src/server/db/client";
import { attemptAbilities, authUsers, calibrations, exams, proficiencyLevels, profiles, reportingScales, studentExams } from "../src/server/db/schema";

export const DASHBOARD_SCALE = { subjectId: "social", grade: 9 } as const;

export async function seedDashboardScale(db: TDb): Promise<void> {
  const passwordHash = await hashPassword("Unused-Pass-9");
  const [exam] = await db.insert(exams).values({ titleAr: "الدراسات الاجتماعية — المقياس", titleEn: "Social Studies — on the scale", subjectId: DASHBOARD_SCALE.subjectId, status: "archived" }).returning();
  const [run] = await db.insert(calibrations).values({ examId: exam!.id, model: "2pl", students: 52, items: 20 }).returning();
  const [scale] = await db
    .insert(reportingScales)
    .values({ ...DASHBOARD_SCALE, nameAr: "مقياس الدراسات الاجتماعية للصف التاسع", nameEn: "Grade 9 Social Studies scale", referenceExamId: exam!.id, referenceCalibrationId: run!.id })
    .returning();
  const approvedAt = new Date();
  await db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "دون الأساسي", nameEn: "Below basic", approvedAt },
    { scaleId: scale!.id, position: 1, nameAr: "أساسي", nameEn: "Basic", minScore: 450, approvedAt },
    { scaleId: scale!.id, position: 2, nameAr: "متمكّن", nameEn: "Proficient", minScore: 520, approvedAt },
    { scaleId: scale!.id, position: 3, nameAr: "متقدّم", nameEn: "Advanced", minScore: 600, approvedAt },
  ]);
  const groups = [
    { school: "school_dubai", className: "9A", n: 14, shift: 0.3 },
    { school: "school_dubai", className: "9B", n: 12, shift: -0.2 },
    { school: "school_dubai", className: "9C", n: 5, shift: 0 },
    { school: "school_alain", className: "9A", n: 21, shift: 0.1 },
  ];
  let k = 0;
  for (const g of groups) {
    for (let i = 0; i < g.n; i++, k++) {
      const email = `scale-dash-${k}@qias.test`;
      const [account] = await db.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
      await db.insert(profiles).values({
        id: account!.id,
        email,
        username: `scale-dash-${k}`,
        name: `طالب المقياس ${k}`,
        role: "student",
        schoolId: g.school,
        grade: 9,
        className: g.className,
        gender: k % 2 ? "male" : "female",
        languageBackground: k % 5 ? "arabic" : "other",
      });
      // Half in the school year 2024/25, half in 2025/26, the later year a little higher.
      const later = i % 2 === 1;
      const eap = g.shift + (later ? 0.15 : 0) + ((i * 7) % 11) / 5 - 1;
      // A mark out of 20 that goes with the ability, so the dashboard's percentages beside the scale make sense.
      const score = Math.max(0, Math.min(20, Math.round(11 + 5 * eap)));
      const [attempt] = await db
        .insert(studentExams)
        .values({ studentId: account!.id, examId: exam!.id, status: "graded", grade: 9, className: g.className, score, totalPossibleScore: 20, completedAt: new Date(later ? "2025-11-10T08:00:00Z" : "2024-11-10T08:00:00Z") })
        .returning();
      await db.insert(attemptAbilities).values({ calibrationId: run!.id, studentExamId: attempt!.id, items: 20, eap, eapSe: 0.3 });
    }
  }
}
