// The figures a report is written from, computed from the marks alone: a pure function, so the same attempt always
// gives the same analysis, and the rules that word it (rules.ts) can be tested on fixtures.
import { createHash } from "node:crypto";
import {
  BAND_MIN_PERCENT,
  DEVELOPING_PERCENT,
  MASTERED_PERCENT,
  type TAnalysis,
  type TBand,
  type TMasteryLevel,
} from "../../../shared/schemas/report";
import { MARK_DECIMALS, percentOf, roundHalfAway, roundPercent } from "../../../shared/format";

export type TAnalysisInput = {
  score: number;
  total: number;
  questions: { number: number; points: number; score: number; skill: { id: string; nameAr: string; nameEn: string } | null }[];
  /**
   * The graded attempts of this exam (this one included), in the student's school and everywhere, summed up by the
   * database: how many, their mean percentage, and how many scored below and the same as this one.
   */
  peers: { school: TPeers | null; all: TPeers };
};

export type TPeers = { count: number; mean: number; below: number; equal: number };

/** The same summary from a list of percentages (tests, and anything small enough to hold in memory). */
export function peersOf(value: number, values: number[]): TPeers {
  return {
    count: values.length,
    mean: values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0,
    below: values.filter((v) => v < value).length,
    equal: values.filter((v) => v === value).length,
  };
}

// The one rounding rule (src/shared/format.ts): percentages to one decimal, marks to two, half away from zero.
const round1 = roundPercent;
const roundMark = (n: number) => roundHalfAway(n, MARK_DECIMALS);

export function bandOf(percentage: number): TBand {
  if (percentage >= BAND_MIN_PERCENT.advanced) return "advanced";
  if (percentage >= BAND_MIN_PERCENT.proficient) return "proficient";
  if (percentage >= BAND_MIN_PERCENT.developing) return "developing";
  return "beginning";
}

export function levelOf(percent: number): TMasteryLevel {
  if (percent >= MASTERED_PERCENT) return "mastered";
  if (percent >= DEVELOPING_PERCENT) return "developing";
  return "not_yet";
}

/** Where a result stands among its peers: the share below it, ties counted half (0–100, whole numbers). */
export function percentileOf(peers: TPeers): number {
  if (!peers.count) return 0;
  return Math.round(((peers.below + peers.equal / 2) / peers.count) * 100);
}

function comparison(peers: TPeers) {
  return { mean: round1(peers.mean), count: peers.count, percentile: percentileOf(peers) };
}

export function analyse(input: TAnalysisInput): TAnalysis {
  const percentage = percentOf(input.score, input.total);
  const bySkill = new Map<string, TAnalysis["skills"][number]>();
  const untagged = { count: 0, earned: 0, possible: 0 };
  for (const q of input.questions) {
    if (!q.skill) {
      untagged.count++;
      untagged.earned += q.score;
      untagged.possible += q.points;
      continue;
    }
    const entry = bySkill.get(q.skill.id) ?? { skillId: q.skill.id, nameAr: q.skill.nameAr, nameEn: q.skill.nameEn, earned: 0, possible: 0, percent: 0, level: "not_yet" as TMasteryLevel, missed: [] };
    entry.earned += q.score;
    entry.possible += q.points;
    if (q.score < q.points) entry.missed.push(q.number);
    bySkill.set(q.skill.id, entry);
  }
  const skills = [...bySkill.values()].map((s) => {
    const percent = percentOf(s.earned, s.possible);
    return { ...s, earned: roundMark(s.earned), percent, level: levelOf(percent) };
  });
  // Strongest first; ties by points at stake, then by id, so the order never depends on the input's.
  skills.sort((a, b) => b.percent - a.percent || b.possible - a.possible || a.skillId.localeCompare(b.skillId));
  return {
    score: input.score,
    total: input.total,
    percentage,
    band: bandOf(percentage),
    skills,
    untagged: { ...untagged, earned: roundMark(untagged.earned) },
    comparison: {
      school: input.peers.school ? comparison(input.peers.school) : null,
      all: comparison(input.peers.all),
    },
  };
}

/** Skills not yet mastered, in order of need: the furthest from mastery first, weighted by the points at stake. */
export function skillsByNeed(analysis: TAnalysis): TAnalysis["skills"] {
  const need = (s: TAnalysis["skills"][number]) => (MASTERED_PERCENT - s.percent) * s.possible;
  return analysis.skills.filter((s) => s.level !== "mastered").sort((a, b) => need(b) - need(a) || a.skillId.localeCompare(b.skillId));
}

/**
 * The skills a summary names as needing the most work: the two lowest by percentage and every skill tied with the
 * lower of them, so each skill at the bottom (a skill at 0 % above all) is named. Lowest first.
 */
export function weakestSkills(analysis: TAnalysis): TAnalysis["skills"] {
  const low = analysis.skills.filter((s) => s.level !== "mastered").sort((a, b) => a.percent - b.percent || b.possible - a.possible || a.skillId.localeCompare(b.skillId));
  const cut = low[Math.min(1, low.length - 1)]?.percent;
  return low.filter((s, i) => i < 2 || s.percent === cut);
}

/**
 * What a report or plan quotes, as one short string: the attempt's marks (overall, per skill, the questions that
 * lost marks) and the averages, counts and percentile it compares with, as rounded as they are written. Names are
 * left out: a skill renamed does not change a figure. Two analyses with the same fingerprint read the same.
 */
export function figuresFingerprint(a: TAnalysis): string {
  return fingerprintOf(figuresOf(a));
}

/**
 * The same for several analyses, each under a key: a group plan quotes each group's average student (under who is
 * in the group) and the whole class's, and is stale when any of them moves or a student changes group.
 */
export function fingerprintOfAll(parts: [key: string, analysis: TAnalysis][]): string {
  return fingerprintOf(parts.map(([key, a]) => [key, figuresOf(a)]));
}

function figuresOf(a: TAnalysis) {
  return {
    result: [a.score, a.total, a.percentage, a.band],
    skills: a.skills.map((s) => [s.skillId, s.earned, s.possible, s.percent, s.level, s.missed]),
    untagged: [a.untagged.count, a.untagged.earned, a.untagged.possible],
    comparison: [a.comparison.school, a.comparison.all].map((c) => (c ? [c.mean, c.count, c.percentile] : null)),
  };
}

const fingerprintOf = (figures: unknown) => createHash("sha256").update(JSON.stringify(figures)).digest("base64url").slice(0, 22);
