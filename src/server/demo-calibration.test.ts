// The demo's calibration cohort (issue 35): 150 students, once, on Dubai's "Geography of the UAE", enough for a 2PL of its
// right/wrong questions; the partly marked questions named as such rather than forced into 0/1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createHarness, type THarness } from "./test/harness";
import { seedDemo } from "./demo-data";
import { CALIBRATION_DEMO_EXAM, CALIBRATION_DEMO_STUDENTS, seedCalibrationCohort, seedDemoScale } from "./demo-calibration";
import { examSchools, exams, studentExams } from "./db/schema";
import { attemptScaleScores } from "./psychometrics/scale";
import { calibrateExam } from "./psychometrics/calibrate-exam";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe("the demo's calibration cohort", () => {
  it("150 marked attempts on one exam, once; a 2PL calibrates its right/wrong questions", async () => {
    expect(await seedCalibrationCohort(h.db)).toBe(0); // no demo yet: nothing to add to
    await seedDemo(h.db, h.app.storage);
    expect(await seedCalibrationCohort(h.db)).toBe(CALIBRATION_DEMO_STUDENTS);
    expect(await seedCalibrationCohort(h.db)).toBe(0);
    const [exam] = await h.db
      .select({ id: exams.id })
      .from(exams)
      .innerJoin(examSchools, eq(examSchools.examId, exams.id))
      .where(and(eq(exams.titleEn, CALIBRATION_DEMO_EXAM.titleEn), eq(examSchools.schoolId, CALIBRATION_DEMO_EXAM.schoolId)));
    const result = await calibrateExam(h.db, exam!.id, "2pl");
    expect(result.persons).toBe(CALIBRATION_DEMO_STUDENTS);
    expect(result.items.length).toBeGreaterThanOrEqual(3);
    expect(result.items.every((i) => i.a > 0 && Number.isFinite(i.b))).toBe(true);
    expect(result.problems.map((p) => p.reason)).toEqual(["scores_above_one", "scores_above_one", "scores_above_one"]);
    // The GPCM takes the partly marked questions too.
    const gpcm = await calibrateExam(h.db, exam!.id, "gpcm");
    expect(gpcm).toMatchObject({ converged: true, problems: [] });
    expect(gpcm.items).toHaveLength(6);

    // The demo's scale: the cohort's GPCM run its reference, four levels, every cohort attempt scored on it.
    expect(await seedDemoScale(h.db)).toBe(true);
    expect(await seedDemoScale(h.db)).toBe(false);
    const cohort = await h.db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.examId, exam!.id));
    const scores = await attemptScaleScores(h.db, cohort.map((c) => c.id));
    expect(scores.size).toBeGreaterThanOrEqual(CALIBRATION_DEMO_STUDENTS);
    const values = [...scores.values()];
    const mean = values.reduce((s, x) => s + x.score, 0) / values.length;
    expect(mean).toBeGreaterThan(480);
    expect(mean).toBeLessThan(520);
    expect(new Set(values.map((v) => v.level)).size).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
