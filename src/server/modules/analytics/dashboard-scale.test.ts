// The dashboard on the reporting scale (issue 35; docs/decisions/0053) through the real API: a hand-built scale,
// levels, calibration and abilities; the shares per group, the means and the trend per school year counted by hand,
// groups under the minimum withheld, who sees which school and which groups, and the cache's version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { attemptAbilities, calibrations, exams, proficiencyLevels, profiles, reportingScales, studentExams } from "../../db/schema";
import type { TDashboardScale } from "../../../shared/schemas/dashboard-scale";
import { schoolYearOf } from "./dashboard-scale.service";

let h: THarness;
let own: string;
let other: string;
let examId: string;
let calibrationId: string;
const cookie = {} as Record<"super_admin" | "teacher" | "schoolAdmin" | "student", string>;

/** One graded grade-8 attempt with ability `eap` (score 500 + 100·eap, SE 20) submitted at `at`. */
async function attempt(school: string, className: string, eap: number, at: string, gender: "female" | "male") {
  const s = await h.makeUser("student", { schoolId: school, grade: 8, className });
  await h.db.update(profiles).set({ gender, languageBackground: "arabic" }).where(eq(profiles.id, s.id));
  const [row] = await h.db.insert(studentExams).values({ studentId: s.id, examId, status: "graded", grade: 8, className, completedAt: new Date(at) }).returning();
  await h.db.insert(attemptAbilities).values({ calibrationId, studentExamId: row!.id, items: 10, eap, eapSe: 0.2 });
}

beforeAll(async () => {
  h = await createHarness();
  own = await h.makeSchool("school_ds_own", "Own School");
  other = await h.makeSchool("school_ds_other", "Other School");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [key, role] of [
    ["teacher", "teacher"],
    ["schoolAdmin", "school_admin"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: own });
    cookie[key] = await h.signIn(u.email, u.password, "school");
  }
  const st = await h.makeUser("student", { schoolId: own, grade: 8, className: "8A" });
  cookie.student = await h.signIn(st.email, st.password, "student");

  const [exam] = await h.db.insert(exams).values({ titleAr: "ع", titleEn: "Arabic", subjectId: "arabic", status: "published" }).returning();
  examId = exam!.id;
  const [cal] = await h.db.insert(calibrations).values({ examId, model: "2pl" }).returning();
  calibrationId = cal!.id;
  const [scale] = await h.db
    .insert(reportingScales)
    .values({ subjectId: "arabic", grade: 8, nameAr: "مقياس العربية", nameEn: "Arabic scale", mean: 500, sd: 100, thetaMean: 0, thetaSd: 1, referenceCalibrationId: calibrationId })
    .returning();
  const approvedAt = new Date();
  await h.db.insert(proficiencyLevels).values([
    { scaleId: scale!.id, position: 0, nameAr: "مبتدئ", nameEn: "Basic", approvedAt },
    { scaleId: scale!.id, position: 1, nameAr: "متمكن", nameEn: "Proficient", minScore: 450, approvedAt },
    { scaleId: scale!.id, position: 2, nameAr: "متقدم", nameEn: "Advanced", minScore: 550, approvedAt },
  ]);
  // Grade 9 has a scale whose levels are not approved yet: no figure.
  const [nine] = await h.db.insert(reportingScales).values({ subjectId: "arabic", grade: 9, nameAr: "٩", nameEn: "Nine", referenceCalibrationId: calibrationId }).returning();
  await h.db.insert(proficiencyLevels).values([
    { scaleId: nine!.id, position: 0, nameAr: "أ", nameEn: "A" },
    { scaleId: nine!.id, position: 1, nameAr: "ب", nameEn: "B", minScore: 500 },
  ]);

  // Own school, 8A: ten attempts, scores 400 420 500 520 540 (school year 2024/25) and 560 600 620 440 530 (2025/26):
  // levels 0 0 1 1 1 | 2 2 2 0 1 → 3, 4, 3 at the three levels; mean 5130 / 10 = 513. Six girls, four boys.
  const a8 = [-1, -0.8, 0, 0.2, 0.4, 0.6, 1, 1.2, -0.6, 0.3];
  for (const [i, eap] of a8.entries()) await attempt(own, "8A", eap, i < 5 ? "2024-10-01T08:00:00Z" : "2025-10-01T08:00:00Z", i < 6 ? "female" : "male");
  // 8B: three attempts at 500 (2025/26) — under the minimum of 10, withheld.
  for (let i = 0; i < 3; i++) await attempt(own, "8B", 0, "2025-11-01T08:00:00Z", "male");
  // The other school: ten at 600, in March 2025 — still the school year 2024/25.
  for (let i = 0; i < 10; i++) await attempt(other, "8A", 1, "2025-03-01T08:00:00Z", "female");
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const get = (c: string, qs: string) => h.request({ method: "GET", url: `/api/analytics/dashboard/scale?${qs}`, cookie: c });
const view = async (c: string, qs: string) => {
  const res = await get(c, qs);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDashboardScale;
};

describe("the dashboard on the scale", () => {
  it("a school_admin: their school's classes, shares counted by hand, 8B withheld, consistency at each cut", async () => {
    const d = await view(cookie.schoolAdmin, "subjectId=arabic&grade=8");
    expect(d.absent).toBeNull();
    expect(d.groupsBy).toBe("class");
    expect(d.scale!.levels.map((l) => l.minScore)).toEqual([null, 450, 550]);
    const l = d.levels!;
    expect(l.attempts).toBe(13);
    const [a, b] = l.groups.class;
    expect(a).toMatchObject({ label: "Own School — 8A", count: 10, withheld: false });
    expect(a!.shares[0]).toBeCloseTo(0.3, 12);
    expect(a!.shares[1]).toBeCloseTo(0.4, 12);
    expect(a!.shares[2]).toBeCloseTo(0.3, 12);
    expect(a!.mean).toBeCloseTo(513, 9);
    expect(b).toMatchObject({ label: "Own School — 8B", count: 3, withheld: true, shares: [], mean: null });
    // Everyone in the school: 3 + 0, 4 + 3, 3 + 0 of 13; mean (5130 + 1500) / 13.
    expect(l.overall.map((x) => x * 13)).toEqual([3, 7, 3].map((n) => expect.closeTo(n, 9)));
    expect(l.mean).toBeCloseTo(6630 / 13, 9);
    expect(l.cuts.map((c) => c.minScore)).toEqual([450, 550]);
    for (const c of l.cuts) expect(c.consistency).toBeGreaterThan(0.5);
    // Gender and language background: named, both under 10 so withheld (six girls; four boys and 8B's three).
    expect(d.fairness).toBe(true);
    expect(l.groups.gender.map((g) => [g.key, g.count, g.withheld])).toEqual([
      ["female", 6, true],
      ["male", 7, true],
    ]);
    expect(l.groups.languageBackground.map((g) => [g.key, g.count])).toEqual([["arabic", 13]]);
    // Another school's attempts are in none of it.
    expect(l.groups.school.map((g) => g.key)).toEqual([own]);
  });

  it("a super_admin: the schools side by side, and the trend per school year (1 September)", async () => {
    const d = await view(cookie.super_admin, "subjectId=arabic&grade=8");
    expect(d.groupsBy).toBe("school");
    expect(d.levels!.groups.school.map((g) => [g.label, g.count, g.withheld])).toEqual([
      ["Other School", 10, false],
      ["Own School", 13, false],
    ]);
    expect(d.levels!.groups.school[0]!.shares).toEqual([0, 0, 1]);
    // 2024/25: five of 8A (400 420 500 520 540) and the other school's ten at 600: 8380 / 15. 2025/26: eight, withheld.
    expect(d.trend.map((y) => [y.year, y.attempts, y.withheld])).toEqual([
      [2024, 15, false],
      [2025, 8, true],
    ]);
    expect(d.trend[0]!.mean).toBeCloseTo(8380 / 15, 9);
    const scores = [400, 420, 500, 520, 540, ...Array(10).fill(600)];
    const mean = 8380 / 15;
    const sd = Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / 14);
    expect(d.trend[0]!.meanSe).toBeCloseTo(sd / Math.sqrt(15), 9);
    expect(d.trend[1]).toMatchObject({ mean: null, meanSe: null });
    // One school: its classes; one class: no groups by school or class.
    expect((await view(cookie.super_admin, `subjectId=arabic&grade=8&schoolId=${other}`)).groupsBy).toBe("class");
    const one = await view(cookie.super_admin, `subjectId=arabic&grade=8&schoolId=${own}&className=8a`);
    expect(one.groupsBy).toBeNull();
    expect(one.levels!.attempts).toBe(10);
  });

  it("the school year starts on 1 September", () => {
    expect(schoolYearOf("2025-08-31T23:59:59Z")).toBe(2024);
    expect(schoolYearOf("2025-09-01T00:00:00Z")).toBe(2025);
  });

  it("a teacher: their school's classes only, without gender and language background; another school is not found", async () => {
    const d = await view(cookie.teacher, "subjectId=arabic&grade=8");
    expect(d.groupsBy).toBe("class");
    expect(d.levels!.attempts).toBe(13);
    expect(d.fairness).toBe(false);
    expect(d.levels!.groups.gender).toEqual([]);
    expect(d.levels!.groups.languageBackground).toEqual([]);
    // Asking for the other school: refused as the dashboard refuses it.
    const res = await get(cookie.teacher, `subjectId=arabic&grade=8&schoolId=${other}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await get(cookie.schoolAdmin, `subjectId=arabic&grade=8&schoolId=${other}`)).statusCode).toBe(404);
    expect((await get(cookie.super_admin, `subjectId=arabic&grade=8&schoolId=nope`)).statusCode).toBe(404);
    expect((await get(cookie.student, "subjectId=arabic&grade=8")).statusCode).toBe(403);
    expect((await h.request({ method: "GET", url: "/api/analytics/dashboard/scale?subjectId=arabic" })).statusCode).toBe(401);
  });

  it("no figure without a subject, with two grades' scales and no grade, or levels not approved", async () => {
    expect((await view(cookie.super_admin, "")).absent).toBe("no_subject");
    expect((await view(cookie.super_admin, "subjectId=arabic")).absent).toBe("no_grade");
    expect((await view(cookie.super_admin, "subjectId=arabic&grade=9")).absent).toBe("no_levels");
    expect((await view(cookie.super_admin, "subjectId=arabic&grade=7")).absent).toBe("no_scale");
    const bad = await get(cookie.super_admin, "subjectId=arabic&grade=8&lang=fr");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title.ar).toBeTruthy();
    expect((await get(cookie.super_admin, "examId=not-a-uuid")).json().code).toBe("EXAM_NOT_FOUND");
  });

  it("the cache: a new attempt with an ability, a changed ability or a moved cut shows on the next view", async () => {
    const qs = `subjectId=arabic&grade=8&schoolId=${own}`;
    const before = await view(cookie.super_admin, qs);
    expect(before.levels!.groups.class[1]!.count).toBe(3);
    await attempt(own, "8B", 0, "2025-11-02T08:00:00Z", "male");
    const after = await view(cookie.super_admin, qs);
    expect(after.levels!.groups.class[1]!.count).toBe(4);
    // A new calibration's ability for one attempt (θ 2 → 700): 8A's mean moves by (700 − 400) / 10.
    const [first] = await h.db.select({ id: attemptAbilities.studentExamId }).from(attemptAbilities).where(eq(attemptAbilities.eap, -1));
    await h.db.update(attemptAbilities).set({ eap: 2 }).where(eq(attemptAbilities.studentExamId, first!.id));
    expect((await view(cookie.super_admin, qs)).levels!.groups.class[0]!.mean).toBeCloseTo(543, 9);
    // A cut moved (Proficient from 450 to 600, as a standard-setting approval would): 8A's shares follow.
    expect((await view(cookie.super_admin, qs)).levels!.groups.class[0]!.shares[1]).toBeCloseTo(0.4, 12);
    await h.db.update(proficiencyLevels).set({ minScore: 600, updatedAt: new Date() }).where(eq(proficiencyLevels.minScore, 450));
    const moved = (await view(cookie.super_admin, qs)).levels!.groups.class[0]!;
    // Before, 8A had four at Proficient (500 520 530 540); now those are under 600, and any score of 600 is also over
    // Advanced's 550, which wins: nobody is Proficient.
    expect(moved.shares[1]).toBe(0);
    // The scale area reads through the same cache.
    const res = await h.request({ method: "GET", url: `/api/scales/${after.scale!.id}/levels-by-group`, cookie: cookie.super_admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().attempts).toBe(24);
  });
});
