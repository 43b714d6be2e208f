// For the standard-setting browser test (e2e/scale/standard-setting.spec.ts): a reporting scale on an unused grade with
// three levels, and a calibration run — its reference — over a demo exam's first four questions at b = −1.5 … 1.5.
// The demo itself has no scale; C's scale tests make their own on other grades.
import { asc, eq, sql } from "drizzle-orm";
import type { TDb } from "../src/server/db/client";
import { calibrations, exams, itemCalibrations, proficiencyLevels, questions, reportingScales } from "../src/server/db/schema";

export const STANDARD_SETTING_GRADE = 12;

export async function seedStandardSetting(db: TDb): Promise<void> {
  const [exam] = await db
    .select({ id: exams.id, subjectId: exams.subjectId })
    .from(exams)
    .where(sql`(select count(*) from questions q where q.exam_id = ${exams.id}) >= 4`)
    .orderBy(asc(exams.createdAt))
    .limit(1);
  if (!exam) return;
  const qs = await db.select({ v: questions.itemVersionId }).from(questions).where(eq(questions.examId, exam.id)).orderBy(asc(questions.position)).limit(4);
  const [run] = await db.insert(calibrations).values({ examId: exam.id, model: "2pl", students: 500, items: qs.length }).returning();
  await db.insert(itemCalibrations).values(qs.map((q, i) => ({ calibrationId: run!.id, itemVersionId: q.v, examId: exam.id, model: "2pl", n: 500, params: { a: 1.2, b: i - 1.5, c: 0, d: -1.2 * (i - 1.5) } })));
  const [scale] = await db
    .insert(reportingScales)
    .values({ subjectId: exam.subjectId, grade: STANDARD_SETTING_GRADE, nameAr: "سلّم تحديد المعايير", nameEn: "Standard-setting scale", referenceExamId: exam.id, referenceCalibrationId: run!.id })
    .returning();
  await db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "مبتدئ", nameEn: "Beginning" },
    { scaleId: scale!.id, position: 1, nameAr: "متمكّن", nameEn: "Proficient", minScore: 500 },
    { scaleId: scale!.id, position: 2, nameAr: "متقدّم", nameEn: "Advanced", minScore: 600 },
  ]);
}
