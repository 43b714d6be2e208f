// Forms from a blueprint (issue 34; docs/decisions/0035): the bank's candidate items and a blueprint in, parallel
// forms out — each meeting the blueprint exactly — or, when none can, which constraint cannot be met, in words a
// teacher reads, in both languages.
//
// Automated test assembly as a 0–1 program (van der Linden, "Linear Models for Optimal Test Design", 2005), solved
// by HiGHS (MIT, WebAssembly build `highs`):
//   x[i,f] ∈ {0,1}: item i is in form f (anchors are not variables: they are in every form, their share subtracted
//   from their part's count and points);
//   per form and part: Σ x = the part's items, Σ points·x = its points;
//   overlap, per pair of forms f<g: y[i,f,g] ≥ x[i,f] + x[i,g] − 1 (y continuous in [0,1]: it is 1 exactly when
//   both are, since the x are binary), Σ_i y ≤ the shared-items limit; a limit of 0 is Σ_f x[i,f] ≤ 1 per item;
//   difficulty: each form's mean facility within the tolerance of the target (or of one common value c, a variable
//   of the model, when the forms' length is fixed), or its test information at each ability θ within the relative
//   tolerance of the target there (or of a common variable T);
//   exposure: items seen by more than the blueprint's share of the cohort are left out before the model;
//   objective: the largest deviation of a form's difficulty from the common value, then (weighted so that its whole
//   range is worth a tenth of the tolerance) the mean exposure of the items used.
//
// Item information, for the matching by IRT (Birnbaum, in Lord & Novick, "Statistical Theories of Mental Test
// Scores", 1968, ch. 17–20; Lord, "Applications of Item Response Theory to Practical Testing Problems", 1980):
// for the 3PL model P(θ) = c + (1 − c) / (1 + e^(−D·a·(θ − b))),
//   I(θ) = (D·a)² · (Q(θ) / P(θ)) · ((P(θ) − c) / (1 − c))²,   Q = 1 − P,
// which for the 2PL (c = 0) is (D·a)² · P · Q. A test's information is the sum of its items'. D = 1: the items'
// a are on the logistic metric, as calibration programs report them by default.
import loadHighs, { type Highs, type Model } from "highs";
import { AppError } from "../../http/errors";
import { PARSE_WAIT_LIMIT_MS, parseInThread } from "../../parse-pool";
import { ERRORS, fillText, type TErrorCode } from "../../../shared/errors";
import examsAr from "../../../shared/i18n/exams.ar.json";
import examsEn from "../../../shared/i18n/exams.en.json";
import { BAND_NAMES, facilityBand, type TAssembleProblem, type TAssembleResult, type TAssembledForm, type TBlueprint, type TBlueprintPart } from "../../../shared/schemas/blueprint";
import type { TQuestionType } from "../../../shared/schemas/exam";

/** IRT parameters of a calibrated item: discrimination a, difficulty b, guessing c (3PL; absent or 0: 2PL). */
export type TIrt = { a: number; b: number; c?: number | null };

/** A bank item the assembler may use: what the route reads from the bank for the blueprint's grade and skills. */
export type TCandidate = {
  id: string;
  skillId: string;
  type: TQuestionType;
  points: number;
  grade: number | null;
  /** Mean mark as a share of the points, over the students who answered it (null: nobody has yet). */
  facility: number | null;
  irt: TIrt | null;
  /** The share of the cohort that has seen it, 0–1. */
  exposure: number;
};

export type TSkillNames = Record<string, { en: string; ar: string }>;

export type TAssembleInput = {
  blueprint: TBlueprint;
  candidates: TCandidate[];
  /** The skills' names for the explanations (a missing one is shown by its id). */
  skillNames?: TSkillNames;
  /** The solver's whole budget, explanations included. */
  timeLimitSeconds?: number;
};

/** The solver's budget: far beyond the 4 × 40 items from 5,000 of the bench, short of a teacher giving up. */
export const ASSEMBLE_TIME_LIMIT_SECONDS = 20;
/** The logistic scaling constant of the IRT model (1: a on the logistic metric). */
export const IRT_D = 1;
/**
 * The exposure term's weight: the whole range of the forms' mean exposure (0–1) is worth a tenth of the difficulty's
 * tolerance, so difficulty comes first, exposure breaks ties, and the exposure term alone cannot keep the solver from
 * its stopping gap (a quarter of the tolerance). Without difficulty matching, exposure is the objective.
 */
const exposureWeight = (blueprint: TBlueprint) => (blueprint.difficulty ? blueprint.difficulty.tolerance / 10 : 1);

/** Item information at θ (header: Birnbaum 1968, Lord 1980). */
export function itemInformation(irt: TIrt, theta: number): number {
  const c = irt.c ?? 0;
  const p = c + (1 - c) / (1 + Math.exp(-IRT_D * irt.a * (theta - irt.b)));
  if (p <= 0 || p >= 1) return 0;
  return (IRT_D * irt.a) ** 2 * ((1 - p) / p) * ((p - c) / (1 - c)) ** 2;
}

// ---- the blueprint against the candidates, before any model

type TPart = TBlueprintPart & {
  nameEn: string;
  nameAr: string;
  anchors: TCandidate[];
  /** Items it may take: the grade's, fitting it, with the difficulty data the matching needs, not over-exposed. */
  pool: TCandidate[];
  /** Items left out only for their exposure (used again when the exposure limit is relaxed to explain). */
  exposed: TCandidate[];
  /** Items left out for want of a facility or of IRT parameters. */
  noData: number;
  /** What the form still needs besides the anchors. */
  needItems: number | null;
  needPoints: number | null;
};

type TPrepared = { blueprint: TBlueprint; parts: TPart[]; anchors: TCandidate[]; problems: TAssembleProblem[] };

function problem(code: TErrorCode, vars: Record<string, string | number>): TAssembleProblem {
  return { code, vars, message: fillText(ERRORS[code].message, vars) };
}

const percent = (share: number) => Math.round(share * 1000) / 10;
const figure = (n: number) => String(Math.round(n * 1000) / 1000);

function partNames(part: TBlueprintPart, skillNames: TSkillNames | undefined): { partEn: string; partAr: string } {
  const skill = skillNames?.[part.skillId] ?? { en: part.skillId, ar: part.skillId };
  const en = [part.type && examsEn.types[part.type].toLowerCase(), part.band && BAND_NAMES[part.band].en].filter(Boolean);
  const ar = [part.type && examsAr.types[part.type], part.band && BAND_NAMES[part.band].ar].filter(Boolean);
  return { partEn: en.length ? `${skill.en} (${en.join(", ")})` : skill.en, partAr: ar.length ? `${skill.ar} (${ar.join("، ")})` : skill.ar };
}

/** The part an item fits (parts never overlap: the schema refuses it), or -1. Without a facility, bands are not asked. */
function partIndex(parts: TBlueprintPart[], c: TCandidate): number {
  const band = c.facility === null ? null : facilityBand(c.facility);
  return parts.findIndex((p) => p.skillId === c.skillId && (p.type === null || p.type === c.type) && (p.band === null || band === null || p.band === band));
}

const hasData = (blueprint: TBlueprint, c: TCandidate, part: TBlueprintPart) => {
  if (part.band !== null && c.facility === null) return false;
  if (blueprint.difficulty?.by === "facility") return c.facility !== null;
  if (blueprint.difficulty?.by === "information") return c.irt !== null;
  return true;
};

/** Sorted sums: the least and the most `k` of `values` can add up to. */
function extremes(values: number[], k: number): { min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return { min: sum(sorted.slice(0, k)), max: sum(sorted.slice(sorted.length - k)) };
}

/**
 * The candidates as the model can take them, whatever the bank's data: one per id (the first), a facility and an
 * exposure in [0, 1] or none (an unknown exposure counts as seen by everyone), IRT parameters only when they make an
 * item characteristic curve (a > 0, finite b, 0 ≤ c < 1), points a positive whole number. NaN reaching HiGHS would
 * fail the whole assembly; a duplicated id would put one item in a form twice.
 */
function clean(candidates: TCandidate[]): TCandidate[] {
  const seen = new Set<string>();
  const unit = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1 ? v : null);
  return candidates.flatMap((c) => {
    if (seen.has(c.id) || !Number.isInteger(c.points) || c.points < 1) return [];
    seen.add(c.id);
    const irt = c.irt;
    const calibrated = irt && Number.isFinite(irt.a) && irt.a > 0 && Number.isFinite(irt.b) && (irt.c == null || (Number.isFinite(irt.c) && irt.c >= 0 && irt.c < 1));
    return [{ ...c, facility: unit(c.facility), exposure: unit(c.exposure) ?? 1, irt: calibrated ? irt : null }];
  });
}

/** The candidates sorted into the blueprint's parts, and every problem counting alone can prove. */
export function prepare(input: TAssembleInput): TPrepared {
  const { blueprint, skillNames } = input;
  const candidates = clean(input.candidates);
  const parts: TPart[] = blueprint.parts.map((p) => {
    const names = partNames(p, skillNames);
    return { ...p, nameEn: names.partEn, nameAr: names.partAr, anchors: [], pool: [], exposed: [], noData: 0, needItems: p.items, needPoints: p.points };
  });
  const problems: TAssembleProblem[] = [];
  const grade = blueprint.grade;

  const byId = new Map(candidates.map((c) => [c.id, c]));
  const anchorIds = new Set(blueprint.anchors);
  const anchors: TCandidate[] = [];
  for (const id of blueprint.anchors) {
    const c = byId.get(id);
    if (!c) problems.push(problem("ASSEMBLE_ANCHOR_MISSING", { id }));
    else if (c.grade !== grade) problems.push(problem("ASSEMBLE_ANCHOR_GRADE", { id, grade }));
    else {
      const j = partIndex(blueprint.parts, c);
      if (j < 0 || (parts[j]!.band !== null && c.facility === null)) problems.push(problem("ASSEMBLE_ANCHOR_NO_PART", { id }));
      else {
        parts[j]!.anchors.push(c);
        anchors.push(c);
      }
    }
  }

  for (const c of candidates) {
    if (anchorIds.has(c.id) || c.grade !== grade) continue;
    const j = partIndex(blueprint.parts, c);
    if (j < 0) continue;
    const part = parts[j]!;
    if (!hasData(blueprint, c, part)) part.noData++;
    else if (c.exposure > blueprint.maxExposure) part.exposed.push(c);
    else part.pool.push(c);
  }

  const F = blueprint.forms;
  const fixedLength = parts.every((p) => p.items !== null);
  const perForm = parts.reduce((n, p) => n + Math.max(0, (p.items ?? 0) - p.anchors.length), 0);
  const shared = sharedLimit(blueprint, perForm);
  for (const part of parts) {
    const vars = { partEn: part.nameEn, partAr: part.nameAr, grade };
    const before = problems.length;
    if (part.items !== null) {
      part.needItems = part.items - part.anchors.length;
      if (part.needItems < 0) problems.push(problem("ASSEMBLE_ANCHORS_TOO_MANY", { ...vars, need: part.items, have: part.anchors.length }));
    }
    if (part.points !== null) {
      const anchorPoints = part.anchors.reduce((s, c) => s + c.points, 0);
      part.needPoints = part.points - anchorPoints;
      if (part.needPoints < 0) problems.push(problem("ASSEMBLE_ANCHORS_TOO_MANY_POINTS", { ...vars, need: part.points, have: anchorPoints }));
    }
    if (problems.length > before) continue;
    const k = part.needItems;
    const have = part.pool.length;
    if (k !== null && have < k) problems.push(problem("ASSEMBLE_PART_SHORT", { ...vars, need: part.items!, have: have + part.anchors.length }));
    else if (part.needPoints !== null) {
      const points = part.pool.map((c) => c.points);
      const { min, max } = k === null ? { min: Math.min(...points, Infinity), max: points.reduce((s, x) => s + x, 0) } : extremes(points, k);
      if (max < part.needPoints) problems.push(problem("ASSEMBLE_PART_POINTS_SHORT", { ...vars, need: part.points!, have: max + part.points! - part.needPoints }));
      else if (part.needPoints > 0 ? min > part.needPoints : k !== 0 && k !== null)
        problems.push(problem("ASSEMBLE_PART_POINTS_UNREACHABLE", { ...vars, need: part.points! }));
    }
    // Bonferroni: |A₁ ∪ … ∪ A_F| ≥ Σ|A_f| − Σ_{f<g}|A_f ∩ A_g|, so F forms of k items from one part, any two sharing at
    // most L of them, need at least F·k − C(F,2)·min(k, L) different items.
    if (problems.length === before && k !== null && shared !== null && F > 1) {
      const distinct = F * k - ((F * (F - 1)) / 2) * Math.min(k, shared);
      if (have < distinct) problems.push(problem("ASSEMBLE_PART_SHORT_FORMS", { ...vars, forms: F, need: k, shared: Math.min(k, shared), distinct, have }));
    }
    if (problems.length > before) {
      const share = percent(blueprint.maxExposure);
      if (part.exposed.length) problems.push(problem("ASSEMBLE_PART_LEFT_OUT_EXPOSED", { ...vars, count: part.exposed.length, share }));
      if (part.noData)
        problems.push(problem(blueprint.difficulty?.by === "information" ? "ASSEMBLE_PART_LEFT_OUT_NO_IRT" : "ASSEMBLE_PART_LEFT_OUT_NO_FACILITY", { ...vars, count: part.noData }));
    }
  }
  if (!problems.length && fixedLength && shared !== null && F > 1) {
    const have = parts.reduce((n, p) => n + p.pool.length, 0);
    const distinct = F * perForm - ((F * (F - 1)) / 2) * shared;
    if (have < distinct) problems.push(problem("ASSEMBLE_TOTAL_SHORT_FORMS", { forms: F, shared, distinct, have, grade }));
  }
  // The easiest and the hardest forms the parts allow, against a target mean facility.
  const d = blueprint.difficulty;
  if (!problems.length && d?.by === "facility" && d.target !== null && fixedLength) {
    const known = anchors.filter((c) => c.facility !== null);
    const base = known.reduce((s, c) => s + c.facility!, 0);
    const count = known.length + perForm;
    let min = base;
    let max = base;
    for (const p of parts) {
      const e = extremes(
        p.pool.map((c) => c.facility!),
        p.needItems!,
      );
      min += e.min;
      max += e.max;
    }
    if (count > 0 && (max / count < d.target - d.tolerance - 1e-9 || min / count > d.target + d.tolerance + 1e-9))
      problems.push(problem("ASSEMBLE_FACILITY_RANGE", { min: figure(min / count), max: figure(max / count), target: figure(d.target), tolerance: figure(d.tolerance) }));
  }
  return { blueprint, parts, anchors, problems };
}

/** How many items (besides the anchors) two forms may share, when the forms' length is fixed; null otherwise. */
function sharedLimit(blueprint: TBlueprint, perForm: number): number | null {
  if (!blueprint.parts.every((p) => p.items !== null)) return null;
  return Math.floor(blueprint.maxOverlap * perForm + 1e-9);
}

// ---- the model

/** A sparse model built row by row, handed to HiGHS as CSR arrays. */
class Program {
  readonly cost: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly integer: (0 | 1)[] = [];
  readonly rowLower: number[] = [];
  readonly rowUpper: number[] = [];
  readonly starts: number[] = [0];
  readonly indices: number[] = [];
  readonly values: number[] = [];

  col(cost: number, lower: number, upper: number, integer: boolean): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.integer.push(integer ? 1 : 0);
    return this.cost.length - 1;
  }

  /** A row lower ≤ Σ v·x[j] ≤ upper of [j, v] terms (a column named twice adds up). */
  row(lower: number, upper: number, terms: Iterable<readonly number[]>): void {
    const merged = new Map<number, number>();
    for (const [j, v] of terms) merged.set(j!, (merged.get(j!) ?? 0) + v!);
    for (const [j, v] of merged) {
      if (v === 0) continue;
      this.indices.push(j);
      this.values.push(v);
    }
    this.starts.push(this.indices.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }

  model(highs: Highs): Model {
    const numCols = this.cost.length;
    const numRows = this.rowLower.length;
    return highs.createModel({
      numCols,
      numRows,
      colCost: this.cost,
      colLower: this.lower,
      colUpper: this.upper,
      rowLower: this.rowLower.map((v) => (v === -Infinity ? -highs.infinity : v)),
      rowUpper: this.rowUpper.map((v) => (v === Infinity ? highs.infinity : v)),
      matrix: { format: "csr", numRows, numCols, starts: this.starts, indices: this.indices, values: this.values },
      integrality: this.integer,
    });
  }
}

type TFamily = "difficulty" | "overlap" | "exposure";
/** Families of constraints left out (to explain); `tolerance`: the difficulty's tolerance left to the objective alone. */
type TRelax = Partial<Record<TFamily | "tolerance", boolean>>;
type TBuilt = { program: Program; items: { c: TCandidate; part: number }[]; x: number[][] };

/** The 0–1 program of the header; `relax` leaves out one family of constraints (to explain), `objective` the costs. */
function build(prep: TPrepared, relax: TRelax, objective: boolean): TBuilt {
  const { blueprint, parts, anchors } = prep;
  const F = blueprint.forms;
  const lp = new Program();
  const items = parts.flatMap((p, j) => [...p.pool, ...(relax.exposure ? p.exposed : [])].map((c) => ({ c, part: j })));
  const fixedLength = parts.every((p) => p.needItems !== null);
  const perForm = parts.reduce((n, p) => n + (p.needItems ?? 0), 0);
  // A form's typical length, to scale the deviations: fixed, or items by points at the pool's mean points.
  const meanPoints = items.length ? items.reduce((s, it) => s + it.c.points, 0) / items.length : 1;
  const typical = Math.max(1, parts.reduce((n, p) => n + (p.needItems ?? (p.needPoints ?? 0) / meanPoints), 0));

  const x = items.map((it) => Array.from({ length: F }, () => lp.col(objective ? (exposureWeight(blueprint) * it.c.exposure) / (F * typical) : 0, 0, 1, true)));
  const inPart = parts.map((_, j) => items.flatMap((it, i) => (it.part === j ? [i] : [])));

  for (let f = 0; f < F; f++) {
    parts.forEach((p, j) => {
      if (p.needItems !== null) lp.row(p.needItems, p.needItems, inPart[j]!.map((i) => [x[i]![f]!, 1]));
      if (p.needPoints !== null) lp.row(p.needPoints, p.needPoints, inPart[j]!.map((i) => [x[i]![f]!, items[i]!.c.points]));
    });
  }

  const share = blueprint.maxOverlap;
  if (F > 1 && !relax.overlap && share < 1) {
    const limit = fixedLength ? Math.floor(share * perForm + 1e-9) : null;
    if (limit === 0 || share === 0) {
      items.forEach((_, i) => lp.row(-Infinity, 1, x[i]!.map((col) => [col, 1])));
    } else if (limit === null || limit < perForm) {
      for (let f = 0; f < F; f++)
        for (let g = f + 1; g < F; g++) {
          const y = items.map((_, i) => {
            const col = lp.col(0, 0, 1, false);
            lp.row(-Infinity, 1, [
              [x[i]![f]!, 1],
              [x[i]![g]!, 1],
              [col, -1],
            ]);
            return col;
          });
          const sum = y.map((col): [number, number] => [col, 1]);
          if (limit !== null) lp.row(-Infinity, limit, sum);
          // Forms of varying length: at most the share of each of the two.
          else for (const h of [f, g]) lp.row(-Infinity, 0, [...sum, ...items.map((_, i): [number, number] => [x[i]![h]!, -share])]);
        }
    }
  }

  // Difficulty: each form's deviation from the centre (the target, or a common variable) is at most a column D,
  // whose bound is the tolerance and which the objective makes small. Rows name each form's sum once per side.
  const d = blueprint.difficulty;
  if (d && !relax.difficulty) {
    if (d.by === "facility") {
      const known = anchors.filter((c) => c.facility !== null);
      const sumA = known.reduce((s, c) => s + c.facility!, 0);
      const countA = known.length;
      if (fixedLength) {
        // M items with a facility in every form: |Σ fac − M·centre| ≤ M·D, D ≤ tol, the centre a target or a variable.
        const M = countA + perForm;
        const dev = lp.col(objective ? 1 : 0, 0, relax.tolerance ? Infinity : d.tolerance, false);
        const c = d.target === null ? lp.col(0, 0, 1, false) : null;
        const centre: [number, number][] = c === null ? [] : [[c, -M]];
        const rhs = -sumA + (d.target === null ? 0 : d.target * M);
        for (let f = 0; f < F; f++) {
          const terms = items.map((it, i): [number, number] => [x[i]![f]!, it.c.facility!]);
          lp.row(-Infinity, rhs, [...terms, ...centre, [dev, -M]]);
          lp.row(rhs, Infinity, [...terms, ...centre, [dev, M]]);
        }
      } else {
        // Forms of varying length, against a target t (the schema asks for one): |Σ(fac − t)| ≤ tol · the form's
        // count, linear in x; and, for the objective, the same sum ≤ D · a typical count.
        const t = d.target!;
        const base = sumA - t * countA;
        const dev = objective ? lp.col(1, 0, Infinity, false) : null;
        for (let f = 0; f < F; f++) {
          if (!relax.tolerance) {
            lp.row(-Infinity, -base + d.tolerance * countA, items.map((it, i) => [x[i]![f]!, it.c.facility! - t - d.tolerance]));
            lp.row(-base - d.tolerance * countA, Infinity, items.map((it, i) => [x[i]![f]!, it.c.facility! - t + d.tolerance]));
          }
          if (dev !== null) {
            const terms = items.map((it, i): [number, number] => [x[i]![f]!, it.c.facility! - t]);
            lp.row(-Infinity, -base, [...terms, [dev, -(countA + typical)]]);
            lp.row(-base, Infinity, [...terms, [dev, countA + typical]]);
          }
        }
      }
    } else {
      for (const { theta, target } of d.abilities) {
        // |I_f(θ) − T| ≤ D, D ≤ tol·T: T the target, or a common variable.
        const info = items.map((it) => itemInformation(it.c.irt!, theta));
        const base = anchors.reduce((s, c) => s + (c.irt ? itemInformation(c.irt, theta) : 0), 0);
        const meanInfo = info.length ? info.reduce((s, v) => s + v, 0) / info.length : 1;
        const scale = target ?? Math.max(1e-6, base + meanInfo * typical);
        const dev = lp.col(objective ? 1 / (d.abilities.length * scale) : 0, 0, target === null || relax.tolerance ? Infinity : d.tolerance * target, false);
        const T = target === null ? lp.col(0, 0, Infinity, false) : null;
        if (T !== null && !relax.tolerance)
          lp.row(-Infinity, 0, [
            [dev, 1],
            [T, -d.tolerance],
          ]);
        const centre: [number, number][] = T === null ? [] : [[T, -1]];
        const rhs = T === null ? target! - base : -base;
        for (let f = 0; f < F; f++) {
          const terms = items.map((_, i): [number, number] => [x[i]![f]!, info[i]!]);
          lp.row(-Infinity, rhs, [...terms, ...centre, [dev, -1]]);
          lp.row(rhs, Infinity, [...terms, ...centre, [dev, 1]]);
        }
      }
    }
  }
  return { program: lp, items, x };
}

// ---- solving

let runtime: Promise<Highs> | null = null;
/** One WebAssembly instance per thread, loaded at the first assembly (about 0.2 s) and kept. */
const solver = () => (runtime ??= loadHighs());

type TSolved = { state: "found"; optimal: boolean; forms: TCandidate[][] } | { state: "infeasible" } | { state: "timeout" };

/** HiGHS's "feasible" primal solution status: a form set exists even when the time ran out before the proof. */
const SOLUTION_FEASIBLE = 2;

async function solve(prep: TPrepared, relax: TRelax, objective: boolean, seconds: number): Promise<TSolved> {
  const highs = await solver();
  const { program, items, x } = build(prep, relax, objective);
  const model = program.model(highs);
  try {
    // The tolerance is a constraint (or, for the elastic model, checked on its forms); the objective only makes the
    // forms closer still. Within a quarter of the
    // tolerance of the best (in the deviation's units: mean facility, or a share of the information) is close enough:
    // the relaxation's bound on a largest deviation is 0, so a smaller gap asks for a near-perfect match, which at
    // three abilities took the bench's narrowed model past 5 s without a proof.
    const tolerance = prep.blueprint.difficulty?.tolerance ?? 0.01;
    model.options.set({ output_flag: false, time_limit: Math.max(0, seconds), mip_rel_gap: 0.01, mip_abs_gap: tolerance / 4, random_seed: 1 });
    const { modelStatus } = model.run();
    const S = highs.constants.modelStatus;
    if (modelStatus === S.infeasible || modelStatus === S.unboundedOrInfeasible) return { state: "infeasible" };
    const found = modelStatus === S.optimal || modelStatus === S.empty || Number(model.info.get("primal_solution_status")) === SOLUTION_FEASIBLE;
    if (found) {
      const { colValue } = model.getSolution();
      const forms = x[0]?.map((_, f) => items.filter((_, i) => (colValue[x[i]![f]!] ?? 0) > 0.5).map((it) => it.c)) ?? Array.from({ length: prep.blueprint.forms }, () => []);
      return { state: "found", optimal: modelStatus === S.optimal || modelStatus === S.empty, forms };
    }
    if (modelStatus === S.timeLimit || modelStatus === S.interrupted || modelStatus === S.iterationLimit) return { state: "timeout" };
    throw new Error(`HiGHS ended with model status ${modelStatus}`);
  } finally {
    model.dispose();
  }
}

function describeForms(prep: TPrepared, chosen: TCandidate[][]): { forms: TAssembledForm[]; maxShared: number } {
  const { blueprint, parts, anchors } = prep;
  const partOrder = new Map(parts.flatMap((p, j) => [...p.pool, ...p.exposed].map((c) => [c.id, j] as const)));
  const forms = chosen.map((items) => {
    const sorted = [...items].sort((a, b) => partOrder.get(a.id)! - partOrder.get(b.id)!);
    const all = [...anchors, ...sorted];
    const known = all.filter((c) => c.facility !== null);
    const d = blueprint.difficulty;
    return {
      itemIds: all.map((c) => c.id),
      points: all.reduce((s, c) => s + c.points, 0),
      meanFacility: known.length ? known.reduce((s, c) => s + c.facility!, 0) / known.length : null,
      information: d?.by === "information" ? d.abilities.map(({ theta }) => ({ theta, value: all.reduce((s, c) => s + (c.irt ? itemInformation(c.irt, theta) : 0), 0) })) : [],
      maxExposure: items.reduce((m, c) => Math.max(m, c.exposure), 0),
    };
  });
  let maxShared = 0;
  chosen.forEach((a, f) => {
    const ids = new Set(a.map((c) => c.id));
    for (const b of chosen.slice(f + 1)) maxShared = Math.max(maxShared, b.filter((c) => ids.has(c.id)).length);
  });
  return { forms, maxShared };
}

// ---- a smaller model first

/** A part's pool is narrowed to this many times the items its forms could use (at least NARROW_MIN) for a first model. */
const NARROW_FACTOR = 3;
const NARROW_MIN = 30;
/** The share of the time limit each narrowed model (elastic, then with the tolerance) may take before the full one runs. */
const NARROW_TIME_SHARE = 0.25;

/**
 * The same blueprint over fewer candidates: each part's pool cut to NARROW_FACTOR × the items its forms use,
 * picked across the whole difficulty range (the pool sorted by facility, or by IRT difficulty b, in as many equal
 * strata, and the least-exposed item of each). Forms from it meet the blueprint as well as any — every candidate kept
 * is eligible — and a model of 5,000 candidates shrinks tenfold. Only when it finds none does the full model run,
 * so "impossible" is never said of a narrowed pool. Null when no part's pool is larger than its cut.
 * That first model also leaves the difficulty's tolerance to its objective (an elastic model: any forms with the
 * right counts are feasible, found at once, then brought closer): its forms are kept only if they turn out within
 * the tolerance (`matched`); if not, the narrowed model with the tolerance as a constraint runs, then the full one.
 * With the tolerance as a constraint alone, HiGHS could spend the whole budget looking for a first solution (bench
 * seed 1, information: no forms in 20 s on the loaded machine); the elastic model alone sometimes stopped at its
 * limit with forms just outside the tolerance (seed 1, facility).
 */
function narrow(prep: TPrepared): TPrepared | null {
  const { blueprint } = prep;
  const key = (c: TCandidate) => (blueprint.difficulty?.by === "information" ? c.irt!.b : (c.facility ?? c.points));
  let narrowed = false;
  const parts = prep.parts.map((p) => {
    const size = Math.max(NARROW_MIN, NARROW_FACTOR * blueprint.forms * (p.needItems ?? p.needPoints ?? 0));
    if (p.pool.length <= size) return p;
    narrowed = true;
    const sorted = [...p.pool].sort((a, b) => key(a) - key(b));
    const pool = Array.from({ length: size }, (_, s) =>
      sorted.slice(Math.floor((s * sorted.length) / size), Math.floor(((s + 1) * sorted.length) / size)).reduce((best, c) => (c.exposure < best.exposure ? c : best)),
    );
    return { ...p, pool };
  });
  return narrowed ? { ...prep, parts } : null;
}

// ---- explaining an impossible blueprint

function familyProblem(blueprint: TBlueprint, family: TFamily): TAssembleProblem {
  const d = blueprint.difficulty;
  if (family === "overlap") return problem("ASSEMBLE_OVERLAP", { forms: blueprint.forms, share: percent(blueprint.maxOverlap) });
  if (family === "exposure") return problem("ASSEMBLE_EXPOSURE", { share: percent(blueprint.maxExposure) });
  if (d?.by === "information") {
    const targeted = d.abilities.some((a) => a.target !== null);
    return problem("ASSEMBLE_DIFFICULTY_INFORMATION", {
      thetas: d.abilities.map((a) => figure(a.theta)).join(", "),
      tolerance: percent(d.tolerance),
      targetEn: targeted ? "the targets" : "a common value",
      targetAr: targeted ? "القيم المستهدفة" : "قيمة مشتركة",
    });
  }
  const target = d?.target ?? null;
  return problem("ASSEMBLE_DIFFICULTY_FACILITY", {
    tolerance: figure(d?.tolerance ?? 0),
    targetEn: target === null ? "a common value" : figure(target),
    targetAr: target === null ? "قيمة مشتركة" : figure(target),
  });
}

/**
 * The solver proved the blueprint impossible, though every count allows it: relax one family of constraints at a
 * time (difficulty, overlap, exposure) and name each whose relaxing makes forms possible; failing that, all of them
 * at once; failing that, the parts themselves — with everything else relaxed, forms and parts are independent, so
 * only a part whose points no choice of items adds up to is left to blame.
 */
async function explain(prep: TPrepared, deadline: number): Promise<TAssembleProblem[]> {
  const { blueprint, parts } = prep;
  const left = () => (deadline - performance.now()) / 1000;
  const families: TFamily[] = [];
  if (blueprint.difficulty) families.push("difficulty");
  if (blueprint.forms > 1 && blueprint.maxOverlap < 1) families.push("overlap");
  if (parts.some((p) => p.exposed.length)) families.push("exposure");

  const culprits: TFamily[] = [];
  for (const [k, family] of families.entries()) {
    if (left() <= 0) break;
    const solved = await solve(prep, { [family]: true }, false, left() / (families.length - k + 1));
    if (solved.state === "found") culprits.push(family);
  }
  if (culprits.length) return culprits.map((f) => familyProblem(blueprint, f));

  const all: TRelax = { difficulty: true, overlap: true, exposure: true };
  if (families.length > 1 && left() > 0 && (await solve(prep, all, false, left() / 2)).state === "found") return [problem("ASSEMBLE_TOGETHER", {})];
  const unreachable: TAssembleProblem[] = [];
  for (const part of parts) {
    if (part.needPoints === null || left() <= 0) continue;
    const alone: TPrepared = { ...prep, blueprint: { ...blueprint, forms: 1, difficulty: null }, parts: [part] };
    if ((await solve(alone, all, false, left())).state === "infeasible")
      unreachable.push(problem("ASSEMBLE_PART_POINTS_UNREACHABLE", { partEn: part.nameEn, partAr: part.nameAr, need: part.points!, grade: blueprint.grade }));
  }
  return unreachable.length ? unreachable : [problem("ASSEMBLE_TOGETHER", {})];
}

// ---- the whole

/** Whether forms meet the blueprint's difficulty matching (within the tolerance of the target, or of a common value). */
function matched(prep: TPrepared, forms: TCandidate[][]): boolean {
  const d = prep.blueprint.difficulty;
  if (!d) return true;
  const slack = 1e-9;
  const all = forms.map((items) => [...prep.anchors, ...items]);
  const within = (values: number[], target: number | null, tolerance: number, relative: boolean) => {
    if (target !== null) return values.every((v) => Math.abs(v - target) <= tolerance * (relative ? target : 1) + slack);
    // A common value c with every |v − c| ≤ tol (·c when relative) exists exactly when these hold:
    return relative ? tolerance >= 1 || Math.max(...values) / (1 + tolerance) <= Math.min(...values) / (1 - tolerance) + slack : Math.max(...values) - Math.min(...values) <= 2 * tolerance + slack;
  };
  if (d.by === "facility") {
    const means = all.map((items) => {
      const known = items.filter((c) => c.facility !== null);
      return known.reduce((s, c) => s + c.facility!, 0) / Math.max(1, known.length);
    });
    return within(means, d.target, d.tolerance, false);
  }
  return d.abilities.every(({ theta, target }) =>
    within(
      all.map((items) => items.reduce((s, c) => s + (c.irt ? itemInformation(c.irt, theta) : 0), 0)),
      target,
      d.tolerance,
      true,
    ),
  );
}

const count = (prep: TPrepared) => prep.parts.reduce((n, p) => n + p.pool.length, 0);

/** Forms meeting the blueprint, or why there are none, or that none was found in time. Runs the solver on this thread. */
export async function assemble(input: TAssembleInput): Promise<TAssembleResult> {
  const started = performance.now();
  const limit = input.timeLimitSeconds ?? ASSEMBLE_TIME_LIMIT_SECONDS;
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const prep = prepare(input);
  if (prep.problems.length) return { status: "impossible", problems: prep.problems, seconds: seconds() };
  // First the narrowed pool (or the whole one when no part's is larger than its cut), elastic; then the narrowed
  // pool with the tolerance as a constraint; then the whole pool, which alone may say "impossible".
  const narrowed = narrow(prep);
  const first = narrowed ?? prep;
  if (prep.blueprint.difficulty) {
    const elastic = await solve(first, { tolerance: true }, true, limit * NARROW_TIME_SHARE);
    if (elastic.state === "found" && matched(prep, elastic.forms))
      return { status: "assembled", ...describeForms(prep, elastic.forms), optimal: elastic.optimal, pool: count(first), seconds: seconds() };
  }
  if (narrowed) {
    const cut = await solve(narrowed, {}, true, limit * NARROW_TIME_SHARE);
    if (cut.state === "found") return { status: "assembled", ...describeForms(prep, cut.forms), optimal: cut.optimal, pool: count(narrowed), seconds: seconds() };
  }
  const solved = await solve(prep, {}, true, Math.max(0, limit - seconds()));
  if (solved.state === "found") return { status: "assembled", ...describeForms(prep, solved.forms), optimal: solved.optimal, pool: count(prep), seconds: seconds() };
  if (solved.state === "timeout") return { status: "timeout", problems: [problem("ASSEMBLE_TIMEOUT", { seconds: limit })], seconds: seconds() };
  return { status: "impossible", problems: await explain(prep, started + limit * 1000), seconds: seconds() };
}

/** Past the solver's own limit: the thread's start (tsx, the solver's WebAssembly) and building the model. */
const THREAD_MARGIN_SECONDS = 15;

/**
 * `assemble` off the event loop, in a parse thread (parse-pool.ts, docs/decisions/0029): at a low priority, one at
 * a time per process with the imports, ended if it outlives the solver's limit and the margin.
 */
export function assembleInThread(input: TAssembleInput): Promise<TAssembleResult> {
  const limit = input.timeLimitSeconds ?? ASSEMBLE_TIME_LIMIT_SECONDS;
  // The solver's own limit is the clock's; the thread's is its CPU time (it may wait for idle cores), plus the wait
  // every parse thread has.
  return parseInThread("assemble", input, () => new AppError("ASSEMBLE_TIMEOUT", { vars: { seconds: limit } }), { cpuMs: (limit + THREAD_MARGIN_SECONDS) * 1000, waitMs: PARSE_WAIT_LIMIT_MS });
}

/**
 * The LP relaxation (integrality dropped) of the model `assemble` solves first — the narrowed one when the pools
 * are cut — solved alone: the floor an assembly's time is read against (bench/assemble.ts). Seconds, and its size.
 */
export async function relaxationSeconds(input: TAssembleInput): Promise<{ seconds: number; cols: number; rows: number }> {
  const highs = await solver();
  const prep = prepare(input);
  const { program } = build(narrow(prep) ?? prep, {}, true);
  const model = program.model(highs);
  try {
    model.options.set({ output_flag: false, time_limit: input.timeLimitSeconds ?? ASSEMBLE_TIME_LIMIT_SECONDS });
    model.clearIntegrality();
    const started = performance.now();
    model.run();
    return { seconds: (performance.now() - started) / 1000, cols: program.cost.length, rows: program.rowLower.length };
  } finally {
    model.dispose();
  }
}
