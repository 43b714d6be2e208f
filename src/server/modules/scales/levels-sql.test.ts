// The scale's figures counted in the database (issue 39; decision 0053, "the first view") against the per-attempt
// computation they replaced: every attempt scored by psychometrics/scale.ts (attemptScaleScores) and summarised one by
// one in Node, as levels-by-group.ts did before. A fixture of several hundred attempts over two schools, classes (one
// under the minimum), genders and language backgrounds (some unknown), two school years, two forms — the reference
// calibration and a linked one, a newer concurrent run linked over some attempts, a newer run not linked, abilities
// without an EAP or an SE — under three scale definitions: rounding ties (θ = ±k/8 lands on .5), both bounds,
// decimals 0, 1 and 2. Per attempt the SQL score, SE and level must equal scale.ts's to the last bit; the figures
// (counts and shares exactly, means, SEs, accuracy and consistency to 1e-9) must equal the old computation's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { rowsOf } from "../../db/client";
import { attemptAbilities, authUsers, calibrations, exams, proficiencyLevels, profiles, reportingScales, schools, studentExams } from "../../db/schema";
import { attemptScaleScores, levelSql, linkingSql, scaleScoreSql } from "../../psychometrics/scale";
import type { TLevelsByGroup } from "../../../shared/schemas/scale";
import type { TDashboardScale } from "../../../shared/schemas/dashboard-scale";
import { cutConsistency, levelAccuracy, scoredAttempts, summarizeLevels, type LevelsScope } from "./levels-by-group";
import { schoolYearOf, trendByYear } from "../analytics/dashboard-scale.service";
import { getScale } from "./scales.service";

let h: THarness;
let scaleId: string;
let form1: string;
let form2: string;
const schoolA = "school_sql_a";
const schoolB = "school_sql_b";
const STUDENTS = 360;

/** A fixed pseudo-random sequence (the fixture is the same on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

beforeAll(async () => {
  h = await createHarness();
  await h.makeSchool(schoolA, "School A");
  await h.db.insert(schools).values({ id: schoolB, nameAr: "مدرسة ب", nameEn: "School B" });
  const [e1] = await h.db.insert(exams).values({ titleAr: "ن١", titleEn: "Form 1", subjectId: "arabic", status: "published" }).returning();
  const [e2] = await h.db.insert(exams).values({ titleAr: "ن٢", titleEn: "Form 2", subjectId: "arabic", status: "published" }).returning();
  const [other] = await h.db.insert(exams).values({ titleAr: "د", titleEn: "Islamic", subjectId: "islamic", status: "published" }).returning();
  form1 = e1!.id;
  form2 = e2!.id;

  // The students, in bulk (hashing a password each would be the test's time).
  const rnd = random(39);
  const users = await h.db
    .insert(authUsers)
    .values(Array.from({ length: STUDENTS }, (_, k) => ({ email: `sql-${k}@test.local`, passwordHash: "unused" })))
    .returning({ id: authUsers.id });
  const classes = ["8A", "8B", "8C", null];
  const students = users.map((u, k) => {
    // School B's 8C has three students (withheld); the others are spread; a few have no class.
    const school = k % 3 === 0 ? schoolB : schoolA;
    const className = school === schoolB && k % 2 === 0 ? "8C" : classes[k % 4]!;
    return {
      id: u.id,
      email: `sql-${k}@test.local`,
      username: `sql-${k}`,
      name: `S${k}`,
      role: "student" as const,
      schoolId: school,
      grade: 8,
      className: school === schoolB && className === "8C" && k > 20 ? "8A" : className,
      gender: ([null, "female", "male"] as const)[k % 3 === 0 ? (k % 5 === 0 ? 0 : 1) : 1 + (k % 2)],
      languageBackground: ([null, "arabic", "other"] as const)[k % 7 === 0 ? 0 : k % 4 === 0 ? 2 : 1],
    };
  });
  await h.db.insert(profiles).values(students);

  // Attempts: everyone at form 1 or form 2 (a few at both), over two school years and some not completed; a few of
  // grade 7 (no scale) and of another subject.
  const dates = ["2024-10-01T08:00:00Z", "2025-03-31T23:30:00Z", "2025-08-31T23:59:59Z", "2025-09-01T00:00:00Z", "2026-02-01T08:00:00Z", null];
  const attemptRows = students.flatMap((s, k) => {
    const at = dates[k % dates.length];
    const row = (examId: string, grade: number) => ({ studentId: s.id, examId, status: "graded" as const, grade, className: s.className, completedAt: at ? new Date(at) : null });
    const list = [row(k % 2 === 0 ? form1 : form2, k % 29 === 0 ? 7 : 8)];
    if (k % 11 === 0) list.push(row(k % 2 === 0 ? form2 : form1, 8));
    if (k % 13 === 0) list.push(row(other!.id, 8));
    return list;
  });
  const attempts = await h.db.insert(studentExams).values(attemptRows).returning({ id: studentExams.id, examId: studentExams.examId });

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const [ref] = await h.db.insert(calibrations).values({ examId: form1, model: "2pl", createdAt: at(40) }).returning();
  const [scale] = await h.db
    .insert(reportingScales)
    .values({ subjectId: "arabic", grade: 8, nameAr: "مقياس", nameEn: "Scale", referenceCalibrationId: ref!.id })
    .returning();
  scaleId = scale!.id;
  const approvedAt = new Date();
  await h.db.insert(proficiencyLevels).values(
    [null, 450, 530, 620].map((minScore, position) => ({ scaleId, position, nameAr: `م${position}`, nameEn: `L${position}`, minScore, approvedAt })),
  );
  const [linked] = await h.db
    .insert(calibrations)
    .values({ examId: form2, model: "2pl", createdAt: at(30), linking: { scaleId, A: 1.0834172, B: 0.2487619, method: "stocking-lord" } })
    .returning();
  const [concurrent] = await h.db
    .insert(calibrations)
    .values({ examId: form2, model: "2pl", createdAt: at(20), linking: { scaleId, A: 0.97, B: -0.0312, method: "concurrent" } })
    .returning();
  const [unlinked] = await h.db.insert(calibrations).values({ examId: form2, model: "2pl", createdAt: at(10) }).returning();
  // θ = ±k/8 puts 500 + 100·θ on a half (512.5): Math.round and PostgreSQL's round() differ there.
  const ties = [0.125, -0.125, 0.375, -0.375, 0.625, -0.625, 1.125, -1.375];
  const eapOf = (k: number) => (k % 9 === 0 ? ties[k % ties.length]! : k % 53 === 0 ? (k % 2 ? 6.5 : -6.5) : Math.round((rnd() * 5 - 2.5) * 1e6) / 1e6 + rnd() * 1e-7);
  const seOf = (k: number) => (k % 17 === 0 ? null : k % 5 === 0 ? 0.125 : 0.2 + rnd() * 0.3);
  const abilities = attempts.flatMap((a, k) => {
    const list = [];
    if (a.examId === form1) list.push({ calibrationId: ref!.id, studentExamId: a.id, items: 20, eap: k % 31 === 0 ? null : eapOf(k), eapSe: seOf(k) });
    if (a.examId === form2) list.push({ calibrationId: linked!.id, studentExamId: a.id, items: 20, eap: eapOf(k), eapSe: seOf(k) });
    if (k % 4 === 0) list.push({ calibrationId: concurrent!.id, studentExamId: a.id, items: 20, eap: eapOf(k + 1), eapSe: seOf(k + 1) });
    list.push({ calibrationId: unlinked!.id, studentExamId: a.id, items: 20, eap: 3, eapSe: 0.1 });
    return list;
  });
  await h.db.insert(attemptAbilities).values(abilities);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type TOldRow = {
  id: string;
  school_id: string | null;
  school_ar: string | null;
  school_en: string | null;
  class_name: string | null;
  gender: string | null;
  language_background: string | null;
  completed_at: string | null;
};
type TOldScored = { row: TOldRow; score: number; se: number | null; level: number };

/** The mean and its SE, two passes over the scores (as before). */
function meanWithSe(scores: readonly number[]) {
  const n = scores.length;
  if (n === 0) return { mean: null, se: null };
  const mean = scores.reduce((x, y) => x + y, 0) / n;
  if (n < 2) return { mean, se: null };
  return { mean, se: Math.sqrt(scores.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1) / n) };
}

/** The figures as levels-by-group.ts worked them out before: every attempt scored by attemptScaleScores, summed in Node. */
async function perAttempt(scope: LevelsScope, minimum: number, lang: "ar" | "en"): Promise<{ levels: TLevelsByGroup; trend: TDashboardScale["trend"] }> {
  const scale = await getScale(h.db, scaleId);
  const rows = rowsOf<TOldRow>(
    await h.db.execute(sql`select distinct se.id, p.school_id, s.name_ar as school_ar, s.name_en as school_en, se.class_name, p.gender, p.language_background,
        se.completed_at::text as completed_at
      from student_exams se join exams e on e.id = se.exam_id join profiles p on p.id = se.student_id left join schools s on s.id = p.school_id
      join attempt_abilities aa on aa.student_exam_id = se.id
      where e.subject_id = ${scale.subjectId} and se.grade = ${scale.grade}
        ${scope.schoolId ? sql`and p.school_id = ${scope.schoolId}` : sql``}
        ${scope.className ? sql`and lower(se.class_name) = lower(${scope.className})` : sql``}
        ${scope.examId ? sql`and se.exam_id = ${scope.examId}` : sql``}`),
  );
  const scores = await attemptScaleScores(h.db, rows.map((r) => r.id));
  const scored: TOldScored[] = rows.flatMap((r) => {
    const s = scores.get(r.id);
    return s && s.scaleId === scale.id && s.level !== null ? [{ row: r, score: s.score, se: s.se, level: s.level }] : [];
  });
  const nLevels = scale.levels.length;
  const sharesOf = (list: readonly TOldScored[]) => {
    const counts = new Array<number>(nLevels).fill(0);
    for (const a of list) counts[a.level]! += 1;
    return counts.map((c) => (list.length ? c / list.length : 0));
  };
  const groupBy = (keyOf: (r: TOldRow) => string | null, labelOf: (r: TOldRow) => string | null) => {
    const groups = new Map<string | null, { label: string | null; list: TOldScored[] }>();
    for (const a of scored) {
      const g = groups.get(keyOf(a.row)) ?? { label: labelOf(a.row), list: [] };
      g.list.push(a);
      groups.set(keyOf(a.row), g);
    }
    return [...groups.entries()]
      .map(([key, g]) => {
        const withheld = g.list.length < minimum;
        const { mean, se } = withheld ? { mean: null, se: null } : meanWithSe(g.list.map((a) => a.score));
        return { key, label: g.label, count: g.list.length, withheld, shares: withheld ? [] : sharesOf(g.list), mean, meanSe: se };
      })
      .sort((x, y) => (x.label ?? "\uffff").localeCompare(y.label ?? "\uffff") || (x.key ?? "").localeCompare(y.key ?? ""));
  };
  const schoolName = (r: TOldRow) => (lang === "ar" ? r.school_ar : r.school_en) ?? r.school_id;
  const cuts = scale.levels.filter((l) => l.minScore !== null).map((l) => ({ position: l.position, minScore: l.minScore! }));
  const withheldAll = scored.length < minimum;
  const overall = withheldAll ? { mean: null, se: null } : meanWithSe(scored.map((a) => a.score));
  const byYear = new Map<number, number[]>();
  for (const a of scored) if (a.row.completed_at) byYear.set(schoolYearOf(a.row.completed_at), [...(byYear.get(schoolYearOf(a.row.completed_at)) ?? []), a.score]);
  return {
    levels: {
      minimum,
      attempts: scored.length,
      overall: withheldAll ? [] : sharesOf(scored),
      mean: overall.mean,
      meanSe: overall.se,
      groups: {
        school: groupBy((r) => r.school_id, schoolName),
        class: groupBy(
          (r) => (r.class_name === null ? null : `${r.school_id ?? ""}\u0000${r.class_name}`),
          (r) => (r.class_name === null ? null : `${schoolName(r) ?? ""} — ${r.class_name}`),
        ),
        gender: groupBy((r) => r.gender, (r) => r.gender),
        languageBackground: groupBy((r) => r.language_background, (r) => r.language_background),
      },
      cuts: cuts.map((c) => ({ ...c, ...(withheldAll ? { accuracy: null, consistency: null } : cutConsistency(scored, c.minScore)) })),
      overallAccuracy: withheldAll ? null : levelAccuracy(scored, cuts.map((c) => c.minScore)),
    },
    trend: [...byYear.entries()]
      .sort(([x], [y]) => x - y)
      .map(([year, list]) => {
        const withheld = list.length < minimum;
        const { mean, se } = withheld ? { mean: null, se: null } : meanWithSe(list);
        return { year, attempts: list.length, withheld, mean, meanSe: se };
      }),
  };
}

/** Equal, with non-integers to 1e-9 of their size (sums in another order differ in the last bits); the rest exactly. */
function expectSame(actual: unknown, expected: unknown, path = "$") {
  if (typeof expected === "number" && !Number.isInteger(expected)) {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, `${path}.length`).toBe(expected.length);
    expected.forEach((x, i) => expectSame((actual as unknown[])[i], x, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectSame((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else expect(actual, path).toBe(expected);
}

/** Each definition: the scale's numbers and its cuts. */
const definitions = [
  { name: "decimals 0, ties on .5, both bounds", mean: 500, sd: 100, thetaMean: 0, thetaSd: 1, decimals: 0, lowest: 200, highest: 800, cuts: [450, 530, 620] },
  { name: "decimals 2, the top bound only", mean: 250, sd: 50, thetaMean: 0.13, thetaSd: 0.91, decimals: 2, lowest: null, highest: 330, cuts: [220.5, 255.25, 290] },
  { name: "decimals 1, the lowest bound only", mean: 300, sd: 40, thetaMean: -0.2, thetaSd: 1.1, decimals: 1, lowest: 210, highest: null, cuts: [280, 300.1, 345] },
];

describe.each(definitions)("the scale's figures counted in SQL: $name", (d) => {
  beforeAll(async () => {
    // updated_at as the scale's PATCH sets it: the figures' cache version reads it.
    await h.db.update(reportingScales).set({ updatedAt: new Date(), mean: d.mean, sd: d.sd, thetaMean: d.thetaMean, thetaSd: d.thetaSd, decimals: d.decimals, lowest: d.lowest, highest: d.highest }).where(eq(reportingScales.id, scaleId));
    for (const [k, minScore] of d.cuts.entries()) await h.db.update(proficiencyLevels).set({ minScore }).where(sql`${proficiencyLevels.scaleId} = ${scaleId} and ${proficiencyLevels.position} = ${k + 1}`);
  });

  it("every attempt: scaleScoreSql and levelSql give attemptScaleScores' score, SE and level to the last bit", async () => {
    const scale = await getScale(h.db, scaleId);
    const link = linkingSql(sql`c.linking`, sql`(c.id = rs.reference_calibration_id)`);
    const s = scaleScoreSql(scale, sql`aa.eap`, sql`aa.eap_se`, link.a, link.b);
    // attemptScaleScores' own choice of ability (the newest on the scale), scored in SQL.
    const rows = rowsOf<{ id: string; score: number; se: number | null; level: number | null; raw: number }>(
      await h.db.execute(sql`select id, score, se, ${levelSql(scale.levels, sql`score`)} as level, raw from (
        select distinct on (se.id) se.id, ${s.score} as score, ${s.se} as se,
          (rs.mean + (rs.sd * (case when c.id = rs.reference_calibration_id then aa.eap else (c.linking ->> 'A')::float8 * aa.eap + (c.linking ->> 'B')::float8 end - rs.theta_mean)) / rs.theta_sd) as raw
        from student_exams se join exams e on e.id = se.exam_id
        join reporting_scales rs on rs.subject_id = e.subject_id and rs.grade = se.grade
        join attempt_abilities aa on aa.student_exam_id = se.id and aa.eap is not null
        join calibrations c on c.id = aa.calibration_id and (c.id = rs.reference_calibration_id or (c.linking ->> 'scaleId') = rs.id::text)
        where rs.id = ${scaleId}
        order by se.id, c.created_at desc, c.id) x`),
    );
    const expected = await attemptScaleScores(h.db, rows.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(300);
    expect(expected.size).toBe(rows.length);
    for (const r of rows) {
      const e = expected.get(r.id)!;
      expect({ id: r.id, score: Number(r.score), se: r.se === null ? null : Number(r.se), level: r.level === null ? null : Number(r.level) }).toEqual({ id: r.id, score: e.score, se: e.se, level: e.level });
    }
    // The fixture reaches what it is there for: SEs missing, scores on both sides of every cut.
    expect(rows.some((r) => r.se === null)).toBe(true);
    expect(new Set(rows.map((r) => Number(r.level))).size).toBe(4);
    if (d.decimals === 0) {
      // Ties (x.5 before rounding) rounded up, and both bounds reached.
      expect(rows.filter((r) => Number(r.raw) % 1 === 0.5 || Number(r.raw) % 1 === -0.5).length).toBeGreaterThan(5);
      expect(rows.some((r) => Number(r.score) === d.lowest)).toBe(true);
      expect(rows.some((r) => Number(r.score) === d.highest)).toBe(true);
    }
  });

  it.each<[string, () => LevelsScope]>([
    ["every attempt", () => ({})],
    ["one school", () => ({ schoolId: schoolB })],
    ["one class, its name in other letters", () => ({ schoolId: schoolA, className: "8a" })],
    ["one form", () => ({ examId: form2 })],
  ])("%s: the figures and the trend equal the per-attempt computation", async (_, scopeOf) => {
    const scope = scopeOf();
    const scale = await getScale(h.db, scaleId);
    for (const [minimum, lang] of [
      [10, "en"],
      [2, "ar"],
    ] as const) {
      const tallies = await scoredAttempts(h.db, scale, scope);
      const old = await perAttempt(scope, minimum, lang);
      expect(old.levels.attempts).toBeGreaterThan(scope.className ? 30 : 60);
      expectSame(summarizeLevels(scale, tallies, minimum, lang), old.levels);
      expectSame(trendByYear(tallies, scale.levels.length, minimum), old.trend);
    }
  });

  it("through the API: the scale area's levels by group and the super_admin's dashboard", async () => {
    const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    const levels = await h.request({ method: "GET", url: `/api/scales/${scaleId}/levels-by-group`, cookie: admin });
    expect(levels.statusCode, levels.body).toBe(200);
    const old = await perAttempt({}, 10, "en");
    expectSame(levels.json(), old.levels);
    expect(old.levels.groups.class.some((g) => g.withheld)).toBe(true);
    const dash = await h.request({ method: "GET", url: `/api/analytics/dashboard/scale?subjectId=arabic&grade=8&lang=ar`, cookie: admin });
    expect(dash.statusCode, dash.body).toBe(200);
    const arabic = await perAttempt({}, 10, "ar");
    expectSame((dash.json() as TDashboardScale).levels, arabic.levels);
    expectSame((dash.json() as TDashboardScale).trend, arabic.trend);
    expect(arabic.trend.length).toBe(2);
  });
});
