// The reporting scale (issue 35; docs/decisions/0044): the one place where an attempt's ability becomes a scale
// score, its standard error and a proficiency level. Everything that prints a scale score (results, reports,
// dashboards, exports, the scale area) reads it from here.
//
// A calibration's θ is put on the scale's reference θ by its linking, θ* = A·θ + B (Kolen & Brennan 2014, §6.2: the
// linear transformation of the ability scale; its SE scales by A), then reported as
//   score = mean + sd · (θ* − theta_mean) / theta_sd,  SE(score) = sd · A · SE(θ) / theta_sd,
// rounded to the scale's decimals and kept within its bounds. The ability is the EAP with its posterior SD (Bock &
// Mislevy 1982), defined for every response pattern including all right or all wrong, which ML is not.
// A level is the highest whose cut the score reaches (cuts are on the reported, rounded scale).

import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../db/client";
import type { TReportedScaleScore } from "../../shared/schemas/scale";

export interface ScaleDefinition {
  mean: number;
  sd: number;
  thetaMean: number;
  thetaSd: number;
  decimals: number;
  lowest: number | null;
  highest: number | null;
}

export interface Linking {
  A: number;
  B: number;
}

export interface LevelCut {
  position: number;
  /** Null for the lowest level. */
  minScore: number | null;
  nameAr?: string;
  nameEn?: string;
}

const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

/** θ on the calibration's own scale → the scale's reference θ. */
export function linkTheta(linking: Linking | null, theta: number): number {
  return linking ? linking.A * theta + linking.B : theta;
}

/** A reference-θ ability and its SE as a scale score and SE, rounded and bounded. */
export function toScaleScore(scale: ScaleDefinition, theta: number, se: number | null): { score: number; se: number | null } {
  let score = scale.mean + (scale.sd * (theta - scale.thetaMean)) / scale.thetaSd;
  if (scale.lowest !== null) score = Math.max(scale.lowest, score);
  if (scale.highest !== null) score = Math.min(scale.highest, score);
  return { score: round(score, scale.decimals), se: se === null ? null : round((scale.sd * se) / scale.thetaSd, scale.decimals) };
}

/** The position of the level a score is in: the highest whose cut it reaches; null when the scale has no levels. */
export function levelOf(levels: readonly LevelCut[], score: number): number | null {
  let found: number | null = null;
  for (const level of [...levels].sort((x, y) => x.position - y.position)) {
    if (level.minScore === null || score >= level.minScore) found = level.position;
  }
  return found;
}

/** Math.round in SQL: the nearest integer, ties up. PostgreSQL's round() on a double may break ties to even (2.5 → 2,
 * where Math.round gives 3); x − floor(x) is exact for any double, so this is Math.round's result bit for bit. */
const mathRoundSql = (x: SQL) => sql`(floor(${x}) + case when (${x}) - floor(${x}) >= 0.5 then 1 else 0 end)`;

/** round() above in SQL: the same operations on doubles in the same order (10 ** decimals is exact for 0–2). */
const roundSql = (x: SQL, decimals: number) => sql`(${mathRoundSql(sql`(${x}) * ${10 ** decimals}::float8`)} / ${10 ** decimals}::float8)`;

/**
 * attemptScaleScores' linking rule over a calibrations row, in SQL: its A and B when the run is linked (not the scale's
 * reference, both numbers), else null (θ used as it is). Worked out once per run, not once per ability.
 */
export function linkingSql(linking: SQL, isReference: SQL): { a: SQL; b: SQL } {
  const linked = sql`(not (${isReference}) and jsonb_typeof(${linking} -> 'A') = 'number' and jsonb_typeof(${linking} -> 'B') = 'number')`;
  return { a: sql`(case when ${linked} then (${linking} ->> 'A')::float8 end)`, b: sql`(case when ${linked} then (${linking} ->> 'B')::float8 end)` };
}

/**
 * linkTheta and toScaleScore in SQL, for a query that scores and groups thousands of attempts without sending each to
 * Node (the dashboards on the scale, decision 0053): `a` and `b` are linkingSql's for the ability's run. The same
 * rule written once more, operation for operation in the same order on doubles (PostgreSQL's float8 arithmetic is IEEE
 * 754 as JavaScript's numbers are; greatest/least skip a null bound as toScaleScore's ifs do), so it gives the same
 * score and SE to the last bit: levels-sql.test.ts checks it against attemptScaleScores on every attempt of a
 * reference and two linked runs under three definitions, rounding ties and both bounds included. Change one, change
 * the other.
 */
export function scaleScoreSql(scale: ScaleDefinition, eap: SQL, eapSe: SQL, a: SQL, b: SQL): { score: SQL; se: SQL } {
  const p = (x: number | null) => sql`${x}::float8`;
  const theta = sql`(case when ${a} is null then ${eap} else ${a} * ${eap} + ${b} end)`;
  const thetaSe = sql`(${eapSe} * coalesce(${a}, 1::float8))`;
  const score = sql`least(${p(scale.highest)}, greatest(${p(scale.lowest)}, ${p(scale.mean)} + (${p(scale.sd)} * (${theta} - ${p(scale.thetaMean)})) / ${p(scale.thetaSd)}))`;
  return { score: roundSql(score, scale.decimals), se: roundSql(sql`(${p(scale.sd)} * ${thetaSe}) / ${p(scale.thetaSd)}`, scale.decimals) };
}

/** levelOf in SQL for the given levels: the highest position whose cut the score reaches; null when none does. */
export function levelSql(levels: readonly LevelCut[], score: SQL): SQL {
  if (levels.length === 0) return sql`null::int`;
  const highestFirst = [...levels].sort((x, y) => y.position - x.position);
  return sql`(case ${sql.join(
    highestFirst.map((l) => sql`when ${l.minScore === null ? sql`true` : sql`(${score}) >= ${l.minScore}::float8`} then ${l.position}::int`),
    sql` `,
  )} else null end)`;
}

export interface AttemptScaleScore {
  studentExamId: string;
  scaleId: string;
  calibrationId: string;
  /** θ on the reference scale. */
  theta: number;
  score: number;
  se: number | null;
  /** The level's position, or null when the scale has no levels yet. */
  level: number | null;
  scaleNameAr: string;
  scaleNameEn: string;
  /** The level's names, when it has one. */
  levelNameAr: string | null;
  levelNameEn: string | null;
}

type TRow = {
  student_exam_id: string;
  scale_id: string;
  calibration_id: string;
  eap: number;
  eap_se: number | null;
  linking: { A?: number; B?: number } | null;
  is_reference: boolean;
  mean: number;
  sd: number;
  theta_mean: number;
  theta_sd: number;
  decimals: number;
  lowest: number | null;
  highest: number | null;
  name_ar: string;
  name_en: string;
};

/** Attempts per query: well under PostgreSQL's 65,535 parameters, and an export of 100,000 rows is 20 queries. */
const CHUNK = 5000;

/**
 * The scale scores of the given attempts. An attempt has one when its exam's subject and the attempt's grade have a
 * scale and the attempt has an ability in a calibration that is on that scale: the scale's reference calibration, or
 * one linked to it (`calibrations.linking.scaleId`). The newest such calibration counts. Attempts without one are
 * absent from the map (printed as "not on the scale yet", never as 0).
 */
export async function attemptScaleScores(db: TDbOrTx, studentExamIds: readonly string[]): Promise<Map<string, AttemptScaleScore>> {
  const found = new Map<string, AttemptScaleScore>();
  if (studentExamIds.length === 0) return found;
  const rows: TRow[] = [];
  for (let i = 0; i < studentExamIds.length; i += CHUNK) {
    const chunk = studentExamIds.slice(i, i + CHUNK);
    rows.push(
      ...rowsOf<TRow>(
        await db.execute(sql`
      select distinct on (se.id) se.id as student_exam_id, rs.id as scale_id, c.id as calibration_id, aa.eap, aa.eap_se,
        c.linking, (rs.reference_calibration_id = c.id) as is_reference,
        rs.mean, rs.sd, rs.theta_mean, rs.theta_sd, rs.decimals, rs.lowest, rs.highest, rs.name_ar, rs.name_en
      from student_exams se
      join exams e on e.id = se.exam_id
      join reporting_scales rs on rs.subject_id = e.subject_id and rs.grade = se.grade
      join attempt_abilities aa on aa.student_exam_id = se.id and aa.eap is not null
      join calibrations c on c.id = aa.calibration_id
        and (c.id = rs.reference_calibration_id or (c.linking ->> 'scaleId') = rs.id::text)
      where se.id in (${sql.join(chunk.map((id) => sql`${id}::uuid`), sql`, `)})
      order by se.id, c.created_at desc, c.id`),
      ),
    );
  }
  const levels = await levelsOf(db, [...new Set(rows.map((r) => r.scale_id))]);
  for (const r of rows) {
    const linking = r.is_reference || !r.linking || typeof r.linking.A !== "number" || typeof r.linking.B !== "number" ? null : { A: r.linking.A, B: r.linking.B };
    const theta = linkTheta(linking, Number(r.eap));
    const se = r.eap_se === null ? null : Number(r.eap_se) * (linking?.A ?? 1);
    const scale: ScaleDefinition = {
      mean: Number(r.mean),
      sd: Number(r.sd),
      thetaMean: Number(r.theta_mean),
      thetaSd: Number(r.theta_sd),
      decimals: Number(r.decimals),
      lowest: r.lowest === null ? null : Number(r.lowest),
      highest: r.highest === null ? null : Number(r.highest),
    };
    const reported = toScaleScore(scale, theta, se);
    const cuts = levels.get(r.scale_id) ?? [];
    const level = levelOf(cuts, reported.score);
    const named = cuts.find((c) => c.position === level);
    found.set(r.student_exam_id, {
      studentExamId: r.student_exam_id,
      scaleId: r.scale_id,
      calibrationId: r.calibration_id,
      theta,
      ...reported,
      level,
      scaleNameAr: r.name_ar,
      scaleNameEn: r.name_en,
      levelNameAr: named?.nameAr ?? null,
      levelNameEn: named?.nameEn ?? null,
    });
  }
  return found;
}

/** Each scale's level cuts, lowest first. */
export async function levelsOf(db: TDbOrTx, scaleIds: readonly string[]): Promise<Map<string, LevelCut[]>> {
  const byScale = new Map<string, LevelCut[]>();
  if (scaleIds.length === 0) return byScale;
  const rows = rowsOf<{ scale_id: string; position: number; min_score: number | null; name_ar: string; name_en: string }>(
    await db.execute(sql`select scale_id, position, min_score, name_ar, name_en from proficiency_levels
      where scale_id in (${sql.join(scaleIds.map((id) => sql`${id}::uuid`), sql`, `)}) order by scale_id, position`),
  );
  for (const r of rows) {
    const list = byScale.get(r.scale_id) ?? [];
    list.push({ position: Number(r.position), minScore: r.min_score === null ? null : Number(r.min_score), nameAr: r.name_ar, nameEn: r.name_en });
    byScale.set(r.scale_id, list);
  }
  return byScale;
}

/** What a result shows of an attempt's scale score: the score, its SE, the level's and the scale's names. */
export function reportedScaleScore(s: AttemptScaleScore | undefined): TReportedScaleScore | null {
  if (!s) return null;
  return {
    score: s.score,
    se: s.se,
    level: s.level !== null && s.levelNameAr !== null && s.levelNameEn !== null ? { position: s.level, nameAr: s.levelNameAr, nameEn: s.levelNameEn } : null,
    scaleNameAr: s.scaleNameAr,
    scaleNameEn: s.scaleNameEn,
  };
}
