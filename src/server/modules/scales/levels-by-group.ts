// The share of a scale's attempts at each proficiency level by school, class, gender and language background
// (issue 35), and how trustworthy the classification is at each cut.
//
// Classification accuracy and consistency from each score's standard error, after Rudner, L. M. (2001), "Computing
// the expected proportions of misclassified examinees", Practical Assessment, Research & Evaluation 7(14), and
// Rudner (2005), "Expected classification accuracy", PARE 10(13): an observed score s with SE e is taken as the
// centre of a normal distribution of the true score. At a cut c, the probability that the true score is on the same
// side as the observed one is p = Φ((s − c)/e) when s ≥ c, else Φ((c − s)/e); its mean over the attempts is the
// expected accuracy at c. The expected consistency (two independent administrations agree at c) is the mean of
// p² + (1 − p)² (the approach Lee 2010 generalises). Over all levels, P(true level = observed level) is
// Φ((upper − s)/e) − Φ((lower − s)/e) for the observed level's [lower, upper), averaged.
// Scores and SEs are psychometrics/scale.ts's (attemptScaleScores), never recomputed here.
import { sql, type SQL } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { AppError } from "../../http/errors";
import { attemptScaleScores } from "../../psychometrics/scale";
import type { TLevelsByGroup } from "../../../shared/schemas/scale";
import { getScale } from "./scales.service";
import { cachedByVersion } from "../analytics/version-cache";

/** Groups smaller than this are named but their shares withheld (a handful of students would be identifiable). */
export const DEFAULT_GROUP_MINIMUM = 10;

/** The standard normal CDF, by erfc's Chebyshev fit (Numerical Recipes' erfcc, |error| < 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

export interface ScoredAttempt {
  score: number;
  se: number | null;
}

/** Rudner's expected accuracy and consistency at one cut; null when no attempt has an SE. */
export function cutConsistency(attempts: readonly ScoredAttempt[], cut: number): { accuracy: number | null; consistency: number | null } {
  let n = 0;
  let accuracy = 0;
  let consistency = 0;
  for (const { score, se } of attempts) {
    if (se === null || !(se > 0)) continue;
    const p = score >= cut ? normalCdf((score - cut) / se) : normalCdf((cut - score) / se);
    n++;
    accuracy += p;
    consistency += p * p + (1 - p) * (1 - p);
  }
  return n === 0 ? { accuracy: null, consistency: null } : { accuracy: accuracy / n, consistency: consistency / n };
}

/** P(true level = observed level), averaged; cuts ascending (the levels above the lowest). */
export function levelAccuracy(attempts: readonly ScoredAttempt[], cuts: readonly number[]): number | null {
  let n = 0;
  let sum = 0;
  for (const { score, se } of attempts) {
    if (se === null || !(se > 0)) continue;
    const level = cuts.filter((c) => score >= c).length;
    const lower = level === 0 ? -Infinity : cuts[level - 1]!;
    const upper = level === cuts.length ? Infinity : cuts[level]!;
    const below = (x: number) => (x === Infinity ? 1 : x === -Infinity ? 0 : normalCdf((x - score) / se));
    sum += below(upper) - below(lower);
    n++;
  }
  return n === 0 ? null : sum / n;
}

type TAttemptRow = {
  id: string;
  school_id: string | null;
  school_ar: string | null;
  school_en: string | null;
  grade: number | null;
  class_name: string | null;
  gender: string | null;
  language_background: string | null;
  completed_at: string | null;
};

/** Which of the scale's attempts count: the dashboard's scope (a school, a class, an exam); none = all of them. */
export interface LevelsScope {
  schoolId?: string | null;
  className?: string | null;
  examId?: string | null;
}

export type TScoredAttempt = { row: TAttemptRow; score: number; se: number | null; level: number };

/**
 * A version of everything the figures are made of, read in one cheap query: the scale and its levels, the
 * calibrations (and their linking), the schools' names, and scale_input_changes' one row, which the database's
 * triggers bump whenever an ability is written or removed, an attempt with one changes exam, grade, class, student or
 * completion time, an exam its subject, or a student their school, gender or language background. Any change gives a
 * new key, so the version cache never serves stale figures; an unchanged view reads no ability and no attempt
 * (decision 0053).
 */
export async function levelsVersion(db: TDbOrTx, scaleId: string): Promise<string> {
  const [v] = rowsOf<{ v: string }>(await db.execute(levelsVersionQuery(scaleId)));
  return v?.v ?? "";
}

/** levelsVersion's query (its test reads the plan: no ability and no attempt is read). */
export function levelsVersionQuery(scaleId: string): SQL {
  return sql`select concat_ws('|',
        (select updated_at::text from reporting_scales where id = ${scaleId}),
        (select count(*)::text || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(max(approved_at)::text, '') from proficiency_levels where scale_id = ${scaleId}),
        (select count(*)::text || '/' || coalesce(max(created_at)::text, '') || '/' || coalesce(md5(string_agg(id::text || coalesce(linking::text, ''), ',' order by id)), '') from calibrations),
        (select changes::text from scale_input_changes),
        (select max(updated_at)::text from schools)) as v`;
}

/** The scale's attempts in scope with their scale score, SE and level (from scale.ts, never recomputed here). */
export async function scoredAttempts(db: TDbOrTx, scale: { id: string; subjectId: string; grade: number }, scope: LevelsScope = {}): Promise<TScoredAttempt[]> {
  // The candidates: attempts of the scale's subject and grade with an ability; scale.ts decides which count.
  const rows = rowsOf<TAttemptRow>(
    await db.execute(sql`select distinct se.id, p.school_id, s.name_ar as school_ar, s.name_en as school_en, se.grade, se.class_name, p.gender, p.language_background,
        se.completed_at::text as completed_at
      from student_exams se
      join exams e on e.id = se.exam_id
      join profiles p on p.id = se.student_id
      left join schools s on s.id = p.school_id
      join attempt_abilities aa on aa.student_exam_id = se.id
      where e.subject_id = ${scale.subjectId} and se.grade = ${scale.grade}
        ${scope.schoolId ? sql`and p.school_id = ${scope.schoolId}` : sql``}
        ${scope.className ? sql`and lower(se.class_name) = lower(${scope.className})` : sql``}
        ${scope.examId ? sql`and se.exam_id = ${scope.examId}` : sql``}`),
  );
  const scores = await attemptScaleScores(db, rows.map((r) => r.id));
  return rows.flatMap((r) => {
    const s = scores.get(r.id);
    return s && s.scaleId === scale.id && s.level !== null ? [{ row: r, score: s.score, se: s.se, level: s.level }] : [];
  });
}

/** The mean of the scores and its standard error (SD / √n, the SD with n − 1); SE null for one score. */
export function meanWithSe(scores: readonly number[]): { mean: number | null; se: number | null } {
  const n = scores.length;
  if (n === 0) return { mean: null, se: null };
  const mean = scores.reduce((x, y) => x + y, 0) / n;
  if (n < 2) return { mean, se: null };
  const variance = scores.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1);
  return { mean, se: Math.sqrt(variance / n) };
}

/** Shares at each level by group, with the classification's accuracy and consistency at each cut. */
export function summarizeLevels(scale: { levels: readonly { position: number; minScore: number | null }[] }, scored: readonly TScoredAttempt[], minimum: number, lang: "ar" | "en"): TLevelsByGroup {
  const nLevels = scale.levels.length;
  const sharesOf = (list: readonly TScoredAttempt[]) => {
    const counts = new Array<number>(nLevels).fill(0);
    for (const a of list) counts[a.level]! += 1;
    return counts.map((c) => (list.length ? c / list.length : 0));
  };
  const groupBy = (keyOf: (r: TAttemptRow) => string | null, labelOf: (r: TAttemptRow) => string | null) => {
    const groups = new Map<string | null, { label: string | null; list: TScoredAttempt[] }>();
    for (const a of scored) {
      const key = keyOf(a.row);
      const g = groups.get(key) ?? { label: labelOf(a.row), list: [] };
      g.list.push(a);
      groups.set(key, g);
    }
    return [...groups.entries()]
      .map(([key, g]) => {
        const withheld = g.list.length < minimum;
        const { mean, se } = withheld ? { mean: null, se: null } : meanWithSe(g.list.map((a) => a.score));
        return { key, label: g.label, count: g.list.length, withheld, shares: withheld ? [] : sharesOf(g.list), mean, meanSe: se };
      })
      .sort((x, y) => (x.label ?? "\uffff").localeCompare(y.label ?? "\uffff") || (x.key ?? "").localeCompare(y.key ?? ""));
  };
  const schoolName = (r: TAttemptRow) => (lang === "ar" ? r.school_ar : r.school_en) ?? r.school_id;
  const cuts = scale.levels.filter((l) => l.minScore !== null).map((l) => ({ position: l.position, minScore: l.minScore! }));
  const withheldAll = scored.length < minimum;
  const overallMean = withheldAll ? { mean: null, se: null } : meanWithSe(scored.map((a) => a.score));
  return {
    minimum,
    attempts: scored.length,
    overall: withheldAll ? [] : sharesOf(scored),
    mean: overallMean.mean,
    meanSe: overallMean.se,
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
  };
}

/**
 * The scale area's levels by group (and the dashboard's, with a scope): 2.3 s at 20,000 attempts on PGlite, so it is
 * kept in the version cache and a second view costs one version query.
 */
export async function levelsByGroup(db: TDbOrTx, scaleId: string, minimum = DEFAULT_GROUP_MINIMUM, lang: "ar" | "en" = "en", scope: LevelsScope = {}): Promise<TLevelsByGroup> {
  const scale = await getScale(db, scaleId);
  if (scale.levels.length === 0) throw new AppError("SCALE_LEVEL_COUNT");
  const key = ["levels-by-group", scaleId, minimum, lang, JSON.stringify(scope), await levelsVersion(db, scaleId)].join("|");
  return cachedByVersion(db, key, async () => summarizeLevels(scale, await scoredAttempts(db, scale, scope), minimum, lang));
}
