// Differential item functioning by Mantel–Haenszel over total-score strata, with the ETS A/B/C classes
// (issue 35; decision 0042).
//
// Sources (formulas reimplemented from the publications):
// - Mantel, N. & Haenszel, W. (1959); Holland, P. W. & Thayer, D. T. (1988), "Differential item performance and
//   the Mantel–Haenszel procedure": in each stratum k (students with the same total score, the studied item
//   included) A/B = reference right/wrong, C/D = focal right/wrong, T = all;
//   α_MH = Σ(A·D/T) / Σ(B·C/T); MH D-DIF = −2.35·ln α_MH (negative: the item is harder for the focal group);
//   MH χ² = (|ΣA − ΣE(A)| − ½)² / ΣVar(A), E(A) = n_R·m_1/T, Var(A) = n_R·n_F·m_1·m_0 / (T²·(T − 1)).
// - Robins, Breslow & Greenland (1986), the variance of ln α_MH used by Phillips & Holland (1987):
//   Var = Σ P·R/(2R₊²) + Σ (P·S + Q·R)/(2R₊S₊) + Σ Q·S/(2S₊²), R = AD/T, S = BC/T, P = (A + D)/T, Q = (B + C)/T;
//   SE(D-DIF) = 2.35·√Var.
// - ETS classes (Zwick 2012, "A review of ETS differential item functioning assessment procedures"):
//   A: |D| < 1 or MH χ² not significant at .05; C: |D| ≥ 1.5 and |D| significantly greater than 1
//   ((|D| − 1)/SE > 1.96); B: otherwise.

import { matrixRows, NOT_PRESENTED, type ResponseMatrix } from "./types";

export type EtsClass = "A" | "B" | "C";

export interface MhStratum {
  refRight: number;
  refWrong: number;
  focalRight: number;
  focalWrong: number;
}

export interface MhResult {
  alphaMH: number;
  /** MH D-DIF = −2.35 ln α_MH. */
  dDif: number;
  se: number;
  /** MH χ² with the continuity correction (what the classes use). */
  chiSquare: number;
  /** Without the correction, as SAS's PROC FREQ CMH prints it (for checking against other tools). */
  chiSquareUncorrected: number;
  pValue: number;
  etsClass: EtsClass;
  /** Which group the item favours (answers right more often at the same total score). */
  favours: "reference" | "focal" | "neither";
}

const CHI2_05 = 3.841458820694124;

/** The complementary error function (Numerical Recipes' Chebyshev fit, relative error under 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/** Upper tail of χ² with one degree of freedom. */
export function chiSquare1PValue(x: number): number {
  return x <= 0 ? 1 : erfc(Math.sqrt(x / 2));
}

export function etsClass(dDif: number, se: number, chiSquare: number): EtsClass {
  const size = Math.abs(dDif);
  if (size < 1 || !(chiSquare > CHI2_05)) return "A";
  if (size >= 1.5 && (size - 1) / se > 1.959963984540054) return "C";
  return "B";
}

/** MH statistics over strata; null when α_MH is 0 or infinite (no stratum has both groups right and wrong). */
export function mantelHaenszel(strata: MhStratum[]): MhResult | null {
  let Rsum = 0, Ssum = 0, pr = 0, psqr = 0, qs = 0, sumA = 0, sumEA = 0, sumVarA = 0;
  for (const { refRight: A, refWrong: B, focalRight: C, focalWrong: D } of strata) {
    const T = A + B + C + D;
    if (T < 2) continue;
    const R = (A * D) / T;
    const S = (B * C) / T;
    const P = (A + D) / T;
    const Q = (B + C) / T;
    Rsum += R;
    Ssum += S;
    pr += P * R;
    psqr += P * S + Q * R;
    qs += Q * S;
    const nR = A + B, nF = C + D, m1 = A + C, m0 = B + D;
    sumA += A;
    sumEA += (nR * m1) / T;
    sumVarA += (nR * nF * m1 * m0) / (T * T * (T - 1));
  }
  if (!(Rsum > 0 && Ssum > 0)) return null;
  const alphaMH = Rsum / Ssum;
  const dDif = -2.35 * Math.log(alphaMH);
  const varLog = pr / (2 * Rsum * Rsum) + psqr / (2 * Rsum * Ssum) + qs / (2 * Ssum * Ssum);
  const se = 2.35 * Math.sqrt(varLog);
  const chiSquare = sumVarA > 0 ? Math.max(0, Math.abs(sumA - sumEA) - 0.5) ** 2 / sumVarA : 0;
  const chiSquareUncorrected = sumVarA > 0 ? (sumA - sumEA) ** 2 / sumVarA : 0;
  return {
    alphaMH, dDif, se, chiSquare, chiSquareUncorrected, pValue: chiSquare1PValue(chiSquare), etsClass: etsClass(dDif, se, chiSquare),
    favours: alphaMH > 1 ? "reference" : alphaMH < 1 ? "focal" : "neither",
  };
}

export interface DifOptions {
  /** The reference group's label; every other label is a focal group compared with it. */
  reference: string;
  /** Groups smaller than this (default 100) are not tested but named. */
  minGroupSize?: number;
}

export interface DifItemResult extends MhResult {
  item: string;
  focal: string;
}

export interface DifReport {
  reference: string;
  minGroupSize: number;
  groups: { group: string; n: number; tested: boolean }[];
  /** Groups (the reference included) below the minimum: not tested. */
  tooSmall: { group: string; n: number }[];
  results: DifItemResult[];
  /** Item × focal group pairs with no MH estimate (all right or all wrong in every stratum of one group). */
  notEstimable: { item: string; focal: string }[];
  /** Items scored beyond 0/1 (MH here is for right/wrong items). */
  notDichotomous: string[];
  /** Students left out: no group recorded. */
  nExcluded: number;
}

export const DEFAULT_MIN_GROUP_SIZE = 100;

/**
 * DIF of every right/wrong item for each focal group against the reference. The matching variable is the total
 * score over the items the student was given, within the set of items given: on an exam with parallel forms a
 * student is matched only with students of the same form (totals of different forms are not the same measure),
 * and an item is analysed over every form that holds it — the strata of all its forms pooled into one
 * Mantel–Haenszel estimate, as MH allows (Holland & Thayer 1988: any stratification on a matching criterion).
 * Students with no group recorded are left out.
 */
export function difAnalysis(matrix: ResponseMatrix, groups: (string | null)[], options: DifOptions): DifReport {
  const minGroupSize = options.minGroupSize ?? DEFAULT_MIN_GROUP_SIZE;
  if (groups.length !== matrix.nPersons) throw new RangeError("one group (or null) per student is needed");
  if (!(Number.isInteger(minGroupSize) && minGroupSize >= 1)) throw new RangeError("the minimum group size must be a positive whole number");
  const k = matrix.items.length;
  if (matrix.data.length !== matrix.nPersons * k) throw new RangeError("the matrix needs one score per student and item");
  // Each attempt used: its row, and its group and stratum (the form — which items were given — and the total over
  // them) as small numbers, so that the tallies below are arrays, not maps keyed by text.
  const used: { row: Int8Array; stratum: number; group: number }[] = [];
  const groupNames: string[] = [options.reference];
  const groupIndex = new Map<string, number>([[options.reference, 0]]);
  const strataIndex = new Map<string, number>();
  for (let p = 0; p < matrix.nPersons; p++) {
    const group = groups[p];
    const row = matrix.data.subarray(p * k, (p + 1) * k);
    if (row.some((x) => x < 0 && x !== NOT_PRESENTED)) throw new RangeError(`student ${p + 1} has a negative score`);
    if (group == null) continue;
    let given = "";
    let total = 0;
    for (let i = 0; i < k; i++) {
      if (row[i] === NOT_PRESENTED) given += `${i},`;
      else total += row[i]!;
    }
    const stratumKey = `${given}|${total}`;
    let stratum = strataIndex.get(stratumKey);
    if (stratum === undefined) strataIndex.set(stratumKey, (stratum = strataIndex.size));
    let g = groupIndex.get(group);
    if (g === undefined) {
      groupIndex.set(group, (g = groupNames.length));
      groupNames.push(group);
    }
    used.push({ row, stratum, group: g });
  }
  const sizes = new Array<number>(groupNames.length).fill(0);
  for (const u of used) sizes[u.group]!++;
  const referenceOk = sizes[0]! >= minGroupSize;
  const groupList = groupNames.map((group, g) => ({ group, n: sizes[g]!, tested: referenceOk && sizes[g]! >= minGroupSize }));
  const focals = groupList.flatMap((g, index) => (g.tested && index !== 0 ? [index] : []));
  const notDichotomous = matrix.items.filter((_, i) => used.some((u) => u.row[i]! > 1));

  const results: DifItemResult[] = [];
  const notEstimable: DifReport["notEstimable"] = [];
  const nStrata = strataIndex.size;
  // Per item: right and wrong by group and stratum, and each group's strata in the order first met (the order the
  // strata are summed in, as when these were maps: one pass per item, never one per focal group).
  const tally = new Int32Array(groupNames.length * nStrata * 2);
  const met: number[][] = groupNames.map(() => []);
  const at = (g: number, s: number) => (g * nStrata + s) * 2;
  matrix.items.forEach((item, i) => {
    if (notDichotomous.includes(item)) return;
    tally.fill(0);
    for (const m of met) m.length = 0;
    for (const u of used) {
      const x = u.row[i]!;
      if (x === NOT_PRESENTED) continue;
      const cell = at(u.group, u.stratum);
      if (tally[cell] === 0 && tally[cell + 1] === 0) met[u.group]!.push(u.stratum);
      tally[x === 1 ? cell : cell + 1]!++;
    }
    for (const focal of focals) {
      const strata: MhStratum[] = met[0]!.map((s) => ({ refRight: tally[at(0, s)]!, refWrong: tally[at(0, s) + 1]!, focalRight: tally[at(focal, s)]!, focalWrong: tally[at(focal, s) + 1]! }));
      for (const s of met[focal]!) {
        if (tally[at(0, s)] === 0 && tally[at(0, s) + 1] === 0) strata.push({ refRight: 0, refWrong: 0, focalRight: tally[at(focal, s)]!, focalWrong: tally[at(focal, s) + 1]! });
      }
      const mh = mantelHaenszel(strata);
      if (mh) results.push({ item, focal: groupNames[focal]!, ...mh });
      else notEstimable.push({ item, focal: groupNames[focal]! });
    }
  });
  return {
    reference: options.reference,
    minGroupSize,
    groups: groupList,
    tooSmall: groupList.filter((g) => g.n < minGroupSize).map(({ group, n }) => ({ group, n })),
    results,
    notEstimable,
    notDichotomous,
    nExcluded: matrix.nPersons - used.length,
  };
}

/**
 * DIF over the rows of a matrix in a reader's reach, each row's group given as a code (so that a figures thread is
 * sent numbers, not 200,000 strings: decision 0067): `groupOf[p]` indexes `groups`; −1 no group recorded (counted as
 * excluded); −2 outside the reach (not counted at all). The largest group is the reference, ties by key, so the choice
 * is stable; `report` is null when no row has a group.
 */
export function difOfCodedGroups(input: { matrix: ResponseMatrix; groupOf: Int32Array; groups: string[]; minGroupSize: number }): { rows: number; report: DifReport | null } {
  const { matrix, groupOf, groups: names, minGroupSize } = input;
  const keep: number[] = [];
  const sizes = new Array<number>(names.length).fill(0);
  groupOf.forEach((g, p) => {
    if (g === -2) return;
    keep.push(p);
    if (g >= 0) sizes[g]!++;
  });
  let reference = -1;
  sizes.forEach((n, g) => {
    if (n > 0 && (reference < 0 || n > sizes[reference]! || (n === sizes[reference]! && names[g]!.localeCompare(names[reference]!) < 0))) reference = g;
  });
  if (reference < 0) return { rows: keep.length, report: null };
  const groups = keep.map((p) => (groupOf[p]! >= 0 ? names[groupOf[p]!]! : null));
  return { rows: keep.length, report: difAnalysis(matrixRows(matrix, keep), groups, { reference: names[reference]!, minGroupSize }) };
}
