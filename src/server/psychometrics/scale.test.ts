// The reporting scale (issue 35): θ → scale score, SE and level, by hand-worked cases; and which attempts get one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { attemptAbilities, calibrations, exams, proficiencyLevels, reportingScales, studentExams } from "../db/schema";
import { attemptScaleScores, levelOf, linkTheta, toScaleScore, type ScaleDefinition } from "./scale";

const scale: ScaleDefinition = { mean: 500, sd: 100, thetaMean: 0.2, thetaSd: 0.8, decimals: 0, lowest: 100, highest: 900 };

describe("θ on the scale", () => {
  it("reports mean + sd·(θ − mean θ)/sd θ, rounded and bounded; its SE scales by sd/sd θ", () => {
    expect(toScaleScore(scale, 1.0, 0.3)).toEqual({ score: 600, se: 38 }); // 500 + 100·0.8/0.8; 100·0.3/0.8 = 37.5 → 38
    expect(toScaleScore(scale, 0.2, null)).toEqual({ score: 500, se: null });
    expect(toScaleScore(scale, -6, 1)).toEqual({ score: 100, se: 125 }); // 500 − 775 kept at the lowest
    expect(toScaleScore(scale, 6, 1).score).toBe(900);
    expect(toScaleScore({ ...scale, decimals: 1, lowest: null }, -0.3333, null).score).toBe(433.3); // 500 − 66.6625 → 433.3
  });

  it("a linked calibration's θ is A·θ + B on the reference θ", () => {
    expect(linkTheta({ A: 1.083417, B: -0.487619 }, 1)).toBeCloseTo(0.595798, 6);
    expect(linkTheta(null, 1.5)).toBe(1.5);
  });

  it("the level is the highest whose cut the score reaches; none without levels", () => {
    const cuts = [
      { position: 2, minScore: 550 },
      { position: 0, minScore: null },
      { position: 1, minScore: 450 },
    ];
    expect(levelOf(cuts, 449.99)).toBe(0);
    expect(levelOf(cuts, 450)).toBe(1);
    expect(levelOf(cuts, 550)).toBe(2);
    expect(levelOf([], 700)).toBeNull();
  });
});

describe("attemptScaleScores", () => {
  let h: THarness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("uses the newest calibration on the scale (the reference or one linked to it) and leaves the others out", async () => {
    const school = await h.makeSchool("school_scale", "مدرسة المقياس");
    const [exam] = await h.db.insert(exams).values({ titleAr: "ع", titleEn: "A", subjectId: "arabic", status: "published" }).returning();
    const attempt = async (grade: number) => {
      const student = await h.makeUser("student", { schoolId: school });
      const [row] = await h.db.insert(studentExams).values({ studentId: student.id, examId: exam!.id, status: "graded", grade }).returning();
      return row!.id;
    };
    const [onScale, otherGrade, notCalibrated] = [await attempt(8), await attempt(7), await attempt(8)];
    const [reference] = await h.db.insert(calibrations).values({ examId: exam!.id, model: "2pl", createdAt: new Date(Date.now() - 60_000) }).returning();
    const [s] = await h.db
      .insert(reportingScales)
      .values({ subjectId: "arabic", grade: 8, nameAr: "م", nameEn: "S", thetaMean: 0.2, thetaSd: 0.8, lowest: 100, highest: 900, referenceCalibrationId: reference!.id })
      .returning();
    await h.db.insert(proficiencyLevels).values([
      { scaleId: s!.id, position: 0, nameAr: "أ", nameEn: "Basic" },
      { scaleId: s!.id, position: 1, nameAr: "ب", nameEn: "Proficient", minScore: 550 },
    ]);
    await h.db.insert(attemptAbilities).values([onScale, otherGrade].map((id) => ({ calibrationId: reference!.id, studentExamId: id, items: 5, eap: 1.0, eapSe: 0.3 })));
    let scores = await attemptScaleScores(h.db, [onScale, otherGrade, notCalibrated]);
    expect([...scores.keys()]).toEqual([onScale]); // grade 7 has no scale; the third has no ability
    expect(scores.get(onScale)).toMatchObject({ scaleId: s!.id, calibrationId: reference!.id, theta: 1, score: 600, se: 38, level: 1 });

    // A newer calibration linked to the scale counts, through its A and B; one not linked does not.
    const [unlinked] = await h.db.insert(calibrations).values({ examId: exam!.id, model: "2pl" }).returning();
    await h.db.insert(attemptAbilities).values({ calibrationId: unlinked!.id, studentExamId: onScale, items: 5, eap: 3, eapSe: 0.3 });
    expect((await attemptScaleScores(h.db, [onScale])).get(onScale)!.calibrationId).toBe(reference!.id);
    const [linked] = await h.db
      .insert(calibrations)
      .values({ examId: exam!.id, model: "2pl", linking: { scaleId: s!.id, A: 0.5, B: -0.1, method: "stocking-lord" }, createdAt: new Date(Date.now() + 1000) })
      .returning();
    await h.db.insert(attemptAbilities).values({ calibrationId: linked!.id, studentExamId: onScale, items: 5, eap: 1.0, eapSe: 0.4 });
    scores = await attemptScaleScores(h.db, [onScale]);
    // θ* = 0.5·1 − 0.1 = 0.4 → 500 + 100·0.2/0.8 = 525; SE = 100·0.5·0.4/0.8 = 25
    expect(scores.get(onScale)).toMatchObject({ calibrationId: linked!.id, score: 525, se: 25, level: 0 });
    expect((await attemptScaleScores(h.db, [])).size).toBe(0);
  });
});
