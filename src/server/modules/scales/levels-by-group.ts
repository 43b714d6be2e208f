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
// Scores and SEs are psychometrics/scale.ts's rule (scaleScoreSql, its SQL form, in the one query that counts them).
import { sql, type SQL } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { AppError } from "../../http/errors";
import { levelSql, linkingSql, scaleScoreSql, type LevelCut, type ScaleDefinition } from "../../psychometrics/scale";
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
  /** How many attempts have this score and SE (a histogram's bar); 1 when absent. */
  count?: number;
}

/** Rudner's expected accuracy and consistency at one cut; null when no attempt has an SE. */
export function cutConsistency(attempts: readonly ScoredAttempt[], cut: number): { accuracy: number | null; consistency: number | null } {
  let n = 0;
  let accuracy = 0;
  let consistency = 0;
  for (const { score, se, count = 1 } of attempts) {
    if (se === null || !(se > 0)) continue;
    const p = score >= cut ? normalCdf((score - cut) / se) : normalCdf((cut - score) / se);
    n += count;
    accuracy += count * p;
    consistency += count * (p * p + (1 - p) * (1 - p));
  }
  return n === 0 ? { accuracy: null, consistency: null } : { accuracy: accuracy / n, consistency: consistency / n };
}

/** P(true level = observed level), averaged; cuts ascending (the levels above the lowest). */
export function levelAccuracy(attempts: readonly ScoredAttempt[], cuts: readonly number[]): number | null {
  let n = 0;
  let sum = 0;
  for (const { score, se, count = 1 } of attempts) {
    if (se === null || !(se > 0)) continue;
    const level = cuts.filter((c) => score >= c).length;
    const lower = level === 0 ? -Infinity : cuts[level - 1]!;
    const upper = level === cuts.length ? Infinity : cuts[level]!;
    const below = (x: number) => (x === Infinity ? 1 : x === -Infinity ? 0 : normalCdf((x - score) / se));
    sum += count * (below(upper) - below(lower));
    n += count;
  }
  return n === 0 ? null : sum / n;
}

/** Which of the scale's attempts count: the dashboard's scope (a school, a class, an exam); none = all of them. */
export interface LevelsScope {
  schoolId?: string | null;
  className?: string | null;
  examId?: string | null;
}

/** A group's attempts: how many, how many at each level (by position), and the sum of their scores and of squares. */
export type TTally = { count: number; levels: number[]; sum: number; sumSquares: number };

/**
 * The scale's attempts in scope, counted in the database: a histogram of (score, SE) over all of them, and a tally per
 * school, class, gender, language background and month of completion (UTC). Small at any size: the histogram has a
 * row per distinct (score, SE), the groups one each.
 */
export type TScaleTallies = {
  scores: (TTally & { score: number; se: number | null })[];
  school: (TTally & { schoolId: string | null; schoolAr: string | null; schoolEn: string | null })[];
  /** schoolId and the names are null when the class is (every attempt without a class is one group). */
  class: (TTally & { schoolId: string | null; className: string | null; schoolAr: string | null; schoolEn: string | null })[];
  gender: (TTally & { key: string | null })[];
  languageBackground: (TTally & { key: string | null })[];
  /** 'YYYY-MM' of completed_at in UTC; null for attempts not completed. */
  month: (TTally & { month: string | null })[];
};

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

type TTallyRow = {
  grouped: keyof TScaleTallies;
  score: number | null;
  se: number | null;
  school_id: string | null;
  school_ar: string | null;
  school_en: string | null;
  class_school_id: string | null;
  class_name: string | null;
  class_school_ar: string | null;
  class_school_en: string | null;
  gender: string | null;
  language_background: string | null;
  month: string | null;
  n: number;
  levels: number[];
  sum: number;
  sum_squares: number;
};

type TScaleOfTallies = ScaleDefinition & { id: string; subjectId: string; grade: number; levels: readonly LevelCut[] };

/** scoredAttempts' query (a bench reads its plan). */
export function scaleTalliesQuery(scale: TScaleOfTallies, scope: LevelsScope = {}): SQL {
  const link = linkingSql(sql`c.linking`, sql`(c.id = rs.reference_calibration_id)`);
  const scaled = scaleScoreSql(scale, sql`aa.eap`, sql`aa.eap_se`, sql`cal.a`, sql`cal.b`);
  // One count per level position, as summarizeLevels' shares index them.
  const levelCounts = sql`array[${sql.join(
    scale.levels.map((_, position) => sql`count(*) filter (where level = ${position}::int)`),
    sql`, `,
  )}]::int[]`;
  // The runs on the scale (a handful) with their linking worked out once; the attempts then from their abilities.
  // The score is computed in on_scale, whose distinct on keeps it from being copied into each use below.
  // The abilities' choice (the newest run on the scale) is sorted on narrow rows; the attempts' groups join after it.
  return sql`with cal as materialized (
        select c.id, c.created_at, ${link.a} as a, ${link.b} as b
        from reporting_scales rs join calibrations c on c.id = rs.reference_calibration_id or (c.linking ->> 'scaleId') = rs.id::text
        where rs.id = ${scale.id}
      ), on_scale as (
        select distinct on (se.id) se.id, se.student_id, se.class_name, to_char(se.completed_at at time zone 'UTC', 'YYYY-MM') as month,
          ${scaled.score} as score, ${scaled.se} as se
        from cal
        join attempt_abilities aa on aa.calibration_id = cal.id and aa.eap is not null
        join student_exams se on se.id = aa.student_exam_id and se.grade = ${scale.grade}
        join exams e on e.id = se.exam_id and e.subject_id = ${scale.subjectId}
        where true
          ${scope.className ? sql`and lower(se.class_name) = lower(${scope.className})` : sql``}
          ${scope.examId ? sql`and se.exam_id = ${scope.examId}` : sql``}
          ${scope.schoolId ? sql`and se.student_id in (select id from profiles where school_id = ${scope.schoolId})` : sql``}
        order by se.id, cal.created_at desc, cal.id
      ), leveled as (
        select o.score, o.se, o.class_name, o.month, p.school_id, s.name_ar as school_ar, s.name_en as school_en, p.gender, p.language_background,
          ${levelSql(scale.levels, sql`o.score`)} as level,
          case when o.class_name is null then null else p.school_id end as class_school_id,
          case when o.class_name is null then null else s.name_ar end as class_school_ar,
          case when o.class_name is null then null else s.name_en end as class_school_en
        from on_scale o
        join profiles p on p.id = o.student_id
        left join schools s on s.id = p.school_id
      )
      select case when grouping(score) = 0 then 'scores' when grouping(school_id) = 0 then 'school' when grouping(class_name) = 0 then 'class'
          when grouping(gender) = 0 then 'gender' when grouping(language_background) = 0 then 'languageBackground' else 'month' end as grouped,
        score, se, school_id, school_ar, school_en, class_school_id, class_name, class_school_ar, class_school_en, gender, language_background, month,
        count(*)::int as n, ${levelCounts} as levels, sum(score) as sum, sum(score * score) as sum_squares
      from leveled
      where level is not null
      group by grouping sets ((score, se), (school_id, school_ar, school_en), (class_school_id, class_name, class_school_ar, class_school_en),
        (gender), (language_background), (month))`;
}

/**
 * The scale's attempts in scope, scored and counted in one query (decision 0053, "the first view"): the attempts of
 * the scale's subject and grade with an ability in its reference or a linked calibration (the newest, as
 * attemptScaleScores), their score, SE and level by psychometrics/scale.ts's scaleScoreSql and levelSql (its rule in
 * SQL, checked against attemptScaleScores attempt by attempt), grouped by grouping sets so that Node gets a
 * histogram and a tally per group, not a row per attempt. Attempts on no level (a scale without levels) are left
 * out, as before.
 */
export async function scoredAttempts(db: TDbOrTx, scale: TScaleOfTallies, scope: LevelsScope = {}): Promise<TScaleTallies> {
  const rows = rowsOf<TTallyRow>(await db.execute(scaleTalliesQuery(scale, scope)));
  const tallies: TScaleTallies = { scores: [], school: [], class: [], gender: [], languageBackground: [], month: [] };
  for (const r of rows) {
    const tally: TTally = { count: Number(r.n), levels: r.levels.map(Number), sum: Number(r.sum), sumSquares: Number(r.sum_squares) };
    if (r.grouped === "scores") tallies.scores.push({ ...tally, score: Number(r.score), se: r.se === null ? null : Number(r.se) });
    else if (r.grouped === "school") tallies.school.push({ ...tally, schoolId: r.school_id, schoolAr: r.school_ar, schoolEn: r.school_en });
    else if (r.grouped === "class") tallies.class.push({ ...tally, schoolId: r.class_school_id, className: r.class_name, schoolAr: r.class_school_ar, schoolEn: r.class_school_en });
    else if (r.grouped === "gender") tallies.gender.push({ ...tally, key: r.gender });
    else if (r.grouped === "languageBackground") tallies.languageBackground.push({ ...tally, key: r.language_background });
    else tallies.month.push({ ...tally, month: r.month });
  }
  return tallies;
}

/**
 * The mean of a tally's scores and its standard error (SD / √n, the SD with n − 1; SE null for one score), from its
 * count, sum and sum of squares: the sample variance is (Σs² − Σs·mean) / (n − 1). Scores
 * are a few hundred on a scale rounded to at most two decimals, so the sums are exact or nearly (integers below 2^53)
 * and the difference loses nothing that shows (never below 0: rounding cannot make a variance negative here).
 */
export function meanOfTally(t: Pick<TTally, "count" | "sum" | "sumSquares">): { mean: number | null; se: number | null } {
  const n = t.count;
  if (n === 0) return { mean: null, se: null };
  const mean = t.sum / n;
  if (n < 2) return { mean, se: null };
  const variance = Math.max(0, t.sumSquares - t.sum * mean) / (n - 1);
  return { mean, se: Math.sqrt(variance / n) };
}

/** Tallies added up (a school year's months). */
export function addTallies(list: readonly TTally[], nLevels: number): TTally {
  const total: TTally = { count: 0, levels: new Array<number>(nLevels).fill(0), sum: 0, sumSquares: 0 };
  for (const t of list) {
    total.count += t.count;
    total.sum += t.sum;
    total.sumSquares += t.sumSquares;
    t.levels.forEach((c, i) => (total.levels[i] = (total.levels[i] ?? 0) + c));
  }
  return total;
}

/** Shares at each level by group, with the classification's accuracy and consistency at each cut. */
export function summarizeLevels(scale: { levels: readonly { position: number; minScore: number | null }[] }, tallies: TScaleTallies, minimum: number, lang: "ar" | "en"): TLevelsByGroup {
  const nLevels = scale.levels.length;
  const sharesOf = (t: TTally) => t.levels.map((c) => (t.count ? c / t.count : 0));
  const group = (key: string | null, label: string | null, t: TTally) => {
    const withheld = t.count < minimum;
    const { mean, se } = withheld ? { mean: null, se: null } : meanOfTally(t);
    return { key, label, count: t.count, withheld, shares: withheld ? [] : sharesOf(t), mean, meanSe: se };
  };
  // One collator for every comparison: localeCompare makes one per call (3,200 classes took a quarter of a second).
  const compare = new Intl.Collator().compare;
  const sorted = <T extends { key: string | null; label: string | null }>(list: T[]) =>
    list.sort((x, y) => compare(x.label ?? "\uffff", y.label ?? "\uffff") || compare(x.key ?? "", y.key ?? ""));
  const schoolName = (t: { schoolId: string | null; schoolAr: string | null; schoolEn: string | null }) => (lang === "ar" ? t.schoolAr : t.schoolEn) ?? t.schoolId;
  const cuts = scale.levels.filter((l) => l.minScore !== null).map((l) => ({ position: l.position, minScore: l.minScore! }));
  const all = addTallies(tallies.scores, nLevels);
  const withheldAll = all.count < minimum;
  const overallMean = withheldAll ? { mean: null, se: null } : meanOfTally(all);
  return {
    minimum,
    attempts: all.count,
    overall: withheldAll ? [] : sharesOf(all),
    mean: overallMean.mean,
    meanSe: overallMean.se,
    groups: {
      school: sorted(tallies.school.map((t) => group(t.schoolId, schoolName(t), t))),
      class: sorted(tallies.class.map((t) => group(t.className === null ? null : `${t.schoolId ?? ""}\u0000${t.className}`, t.className === null ? null : `${schoolName(t) ?? ""} — ${t.className}`, t))),
      gender: sorted(tallies.gender.map((t) => group(t.key, t.key, t))),
      languageBackground: sorted(tallies.languageBackground.map((t) => group(t.key, t.key, t))),
    },
    cuts: cuts.map((c) => ({ ...c, ...(withheldAll ? { accuracy: null, consistency: null } : cutConsistency(tallies.scores, c.minScore)) })),
    overallAccuracy: withheldAll ? null : levelAccuracy(tallies.scores, cuts.map((c) => c.minScore)),
  };
}

/**
 * The scale area's levels by group (and the dashboard's, with a scope): kept in the version cache, so a second view
 * costs one version query; a first view is scoredAttempts' one query (decision 0053, amended for issue 39).
 */
export async function levelsByGroup(db: TDbOrTx, scaleId: string, minimum = DEFAULT_GROUP_MINIMUM, lang: "ar" | "en" = "en", scope: LevelsScope = {}): Promise<TLevelsByGroup> {
  const scale = await getScale(db, scaleId);
  if (scale.levels.length === 0) throw new AppError("SCALE_LEVEL_COUNT");
  const key = ["levels-by-group", scaleId, minimum, lang, JSON.stringify(scope), await levelsVersion(db, scaleId)].join("|");
  return cachedByVersion(db, key, async () => summarizeLevels(scale, await scoredAttempts(db, scale, scope), minimum, lang));
}
