// The dashboard on the reporting scale (issue 35, decision 0053): the share at each level by the dashboard's groups,
// by gender, the consistency at each cut and the mean school year by school year — equal to a hand count; groups
// under the minimum named but withheld; a principal's own school only; none without a grade; a new calibration seen
// on the next view (the figures are cached by a version that includes the scale's inputs).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptAbilities, calibrations, examSchools, exams, profiles, proficiencyLevels, reportingScales, studentExams } from "../../db/schema";
import { eq } from "drizzle-orm";
import { schoolYearOf } from "../scales/levels-by-group";

let h: THarness;
let admin: string;
let school: string;
let run: string;
const ids: string[] = [];
// Class 8A (12, sat in the 2025–26 school year) and 8B (3, in 2024–25). θ → 500 + 100θ; levels: <450, 450–549, ≥550.
const A_THETAS = [-1, -1, -0.8, -0.2, 0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, -0.3];

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  school = await h.makeSchool("school_dash_scale", "مدرسة لوحة المقياس");
  const [exam] = await h.db.insert(exams).values({ titleAr: "ع", titleEn: "Dashboard scale exam", subjectId: "islamic", status: "published" }).returning();
  await h.db.insert(examSchools).values({ examId: exam!.id, schoolId: school });
  const [c] = await h.db.insert(calibrations).values({ examId: exam!.id, model: "2pl" }).returning();
  run = c!.id;
  const add = async (theta: number, className: string, at: string, gender: "female" | "male") => {
    const student = await h.makeUser("student", { schoolId: school });
    await h.db.update(profiles).set({ gender }).where(eq(profiles.id, student.id));
    const [row] = await h.db
      .insert(studentExams)
      .values({ studentId: student.id, examId: exam!.id, status: "graded", grade: 8, className, score: 5, totalPossibleScore: 10, completedAt: new Date(at) })
      .returning();
    await h.db.insert(attemptAbilities).values({ calibrationId: run, studentExamId: row!.id, items: 10, eap: theta, eapSe: 0.3 });
    ids.push(row!.id);
  };
  for (const [i, theta] of A_THETAS.entries()) await add(theta, "8A", "2025-10-01T08:00:00Z", i % 2 ? "male" : "female");
  for (let i = 0; i < 3; i++) await add(0, "8B", "2024-10-01T08:00:00Z", "female");
  const [scale] = await h.db
    .insert(reportingScales)
    .values({ subjectId: "islamic", grade: 8, nameAr: "مقياس التربية الإسلامية", nameEn: "Islamic Education scale", referenceCalibrationId: run })
    .returning();
  await h.db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "أساسي", nameEn: "Basic" },
    { scaleId: scale!.id, position: 1, nameAr: "متمكّن", nameEn: "Proficient", minScore: 450 },
    { scaleId: scale!.id, position: 2, nameAr: "متقدّم", nameEn: "Advanced", minScore: 550 },
  ]);
});
afterAll(async () => {
  await h.close();
});

const dashboard = async (query: string, cookie = admin) => {
  const res = await h.request({ method: "GET", url: `/api/analytics/dashboard?${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the dashboard on the scale", () => {
  it("a school year starts on 1 September", () => {
    expect(schoolYearOf(new Date("2025-09-01T00:00:00Z"))).toBe(2025);
    expect(schoolYearOf(new Date("2025-08-31T23:59:59Z"))).toBe(2024);
    expect(schoolYearOf(new Date("2026-06-15T00:00:00Z"))).toBe(2025);
  });

  it("a principal sees their classes' shares at each level (a class under ten withheld), genders, cuts and the years", async () => {
    const principal = await h.makeUser("school_admin", { schoolId: school });
    const cookie = await h.signIn(principal.email, principal.password, "school");
    const d = await dashboard("subjectId=islamic&grade=8", cookie);
    expect(d.level).toBe("class");
    const s = d.scale;
    expect(s).toMatchObject({ nameEn: "Islamic Education scale", minimum: 10, attempts: 15 });
    expect(s.levels.map((l: { nameEn: string }) => l.nameEn)).toEqual(["Basic", "Proficient", "Advanced"]);
    // Everyone: 8A's 3 / 5 / 4 and 8B's three at 500 (Proficient).
    expect(s.overall).toEqual([3 / 15, 8 / 15, 4 / 15]);
    expect(s.meanScore).toBeCloseTo((6090 + 1500) / 15, 6);
    const a = s.groups.find((g: { key: string }) => g.key === "8|8A");
    expect(a).toMatchObject({ count: 12, withheld: false, shares: [3 / 12, 5 / 12, 4 / 12] });
    expect(a.meanScore).toBeCloseTo(507.5, 6);
    expect(s.groups.find((g: { key: string }) => g.key === "8|8B")).toEqual({ key: "8|8B", label: null, count: 3, withheld: true, shares: [], meanScore: null });
    // Gender: 6 + 3 girls, 6 boys (under ten: withheld).
    expect(s.gender.find((g: { key: string }) => g.key === "female")).toMatchObject({ count: 9, withheld: true });
    expect(s.gender.find((g: { key: string }) => g.key === "male")).toMatchObject({ count: 6, withheld: true });
    // Two cuts, each with Rudner's accuracy and consistency.
    expect(s.cuts.map((c: { minScore: number }) => c.minScore)).toEqual([450, 550]);
    for (const c of s.cuts) expect(c.consistency).toBeGreaterThan(0.5);
    // The years: 2024–25 has three (withheld), 2025–26 twelve with their mean and its SE.
    expect(s.years.map((y: { year: number; attempts: number; withheld: boolean }) => [y.year, y.attempts, y.withheld])).toEqual([
      [2024, 3, true],
      [2025, 12, false],
    ]);
    const y = s.years[1];
    expect(y.meanScore).toBeCloseTo(507.5, 6);
    const sd = Math.sqrt(A_THETAS.map((t) => 500 + 100 * t).reduce((sum, x) => sum + (x - 507.5) ** 2, 0) / 11);
    expect(y.se).toBeCloseTo(sd / Math.sqrt(12), 6);
  });

  it("the super_admin's all-schools view groups by school; no grade, no scale; another school's principal sees none of it", async () => {
    const all = await dashboard("subjectId=islamic&grade=8");
    expect(all.level).toBe("school");
    expect(all.scale.groups.find((g: { key: string }) => g.key === school)).toMatchObject({ count: 15, withheld: false });
    expect((await dashboard("subjectId=islamic")).scale).toBeNull();
    expect((await dashboard("subjectId=islamic&grade=7")).scale).toBeNull();
    const outsider = await h.makeUser("school_admin");
    const cookie = await h.signIn(outsider.email, outsider.password, "school");
    expect((await dashboard("subjectId=islamic&grade=8", cookie)).scale).toMatchObject({ attempts: 0, overall: [], groups: [] });
    const refused = await h.request({ method: "GET", url: `/api/analytics/dashboard?schoolId=${school}&subjectId=islamic&grade=8`, cookie });
    expect(refused.json().code).toBe("SCHOOL_NOT_FOUND");
  });

  it("a newer calibration on the scale changes the figures on the next view", async () => {
    const before = (await dashboard("subjectId=islamic&grade=8")).scale.meanScore;
    const [scale] = await h.db.select().from(reportingScales).where(eq(reportingScales.subjectId, "islamic"));
    const [newer] = await h.db
      .insert(calibrations)
      .values({ examId: (await h.db.select().from(calibrations).where(eq(calibrations.id, run)))[0]!.examId, model: "2pl", linking: { scaleId: scale!.id, A: 1, B: 0.5, method: "mean-mean" }, createdAt: new Date(Date.now() + 1000) })
      .returning();
    await h.db.insert(attemptAbilities).values(ids.map((id) => ({ calibrationId: newer!.id, studentExamId: id, items: 10, eap: 0, eapSe: 0.3 })));
    const after = (await dashboard("subjectId=islamic&grade=8")).scale;
    expect(before).not.toBe(after.meanScore);
    expect(after.meanScore).toBeCloseTo(550, 6); // θ* = 0 + 0.5 → 550 for everyone
    expect(after.overall).toEqual([0, 0, 1]);
  });
});
