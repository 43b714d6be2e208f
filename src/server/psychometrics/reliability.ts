// Reliability beyond KR-20 (issue 35; decision 0042): classical coefficients from the item covariance matrix,
// the standard error of measurement, the conditional SEM along the raw-score range, and, from IRT item
// parameters, test information and marginal reliability.
//
// Sources (formulas reimplemented from the publications):
// - Cronbach, L. J. (1951) alpha = k/(k−1)·(1 − Σσ²_i/σ²_X); for 0/1 items it equals KR-20 (Kuder & Richardson 1937).
// - Guttman, L. (1945) λ2 = 1 − Σσ²_i/σ²_X + √(k/(k−1)·Σ_{i≠j}σ²_ij)/σ²_X.
// - Feldt–Gilmer (Gilmer & Feldt 1983; as given by Feldt & Brennan 1989, "Reliability", Educational Measurement
//   3rd ed.): ℓ = the item whose covariances with the others sum highest; D_ℓ = 1 and, for j ≠ ℓ,
//   D_j = (Σ_{g≠j}σ_jg − σ_jℓ)/(Σ_{g≠ℓ}σ_ℓg − σ_jℓ); FG = (ΣD)²/((ΣD)² − ΣD²)·(σ²_X − Σσ²_i)/σ²_X. Needs k ≥ 3.
//   Feldt & Brennan's 4-part covariance example is the published check (reliability.test.ts).
// - SEM = σ_X·√(1 − alpha). Alpha and the SEM are item analysis' own functions (modules/analytics/stats.ts), so
//   the two pages cannot disagree.
// - Conditional SEM: Lord's (1955, 1957) binomial error model, CSEM(x) = √(x(k − x)/(k − 1)) for a number-correct
//   score x on k right/wrong items — chosen because it needs no IRT calibration and so is there for every exam;
//   the IRT counterpart on the θ scale is 1/√I(θ) ({@link irtConditionalSem}).
// - Test information (Birnbaum 1968) for the 3PL: I(θ) = Σ D²a²·(Q/P)·((P − c)/(1 − c))²; for a GPCM item
//   (Muraki 1993) D²a²·Var(score | θ).
// - Marginal reliability (Green, Bock, Humphreys, Linn & Reckase 1984): ρ = σ²_θ / (σ²_θ + E[1/I(θ)]), the
//   expectation and σ²_θ taken over the ability distribution's quadrature (N(0, 1) on 41 points by default).

import { alphaOf, semOf } from "../modules/analytics/stats";
import { categoryCurve, isGpcm, normalQuadrature, type LinkItem, type Quadrature } from "./link";
import { matrixRows, NOT_PRESENTED, type ResponseMatrix } from "./types";
import type { TExamReliability } from "../../shared/schemas/psychometrics";

export interface CovarianceCoefficients {
  /** Cronbach's alpha (KR-20 for right/wrong items). */
  alpha: number;
  lambda2: number;
  /** Feldt–Gilmer; null with fewer than three items or when it is undefined (no covariance among the items). */
  feldtGilmer: number | null;
}

export interface ClassicalReliability extends CovarianceCoefficients {
  nItems: number;
  /** Persons with every item presented (others are left out: coefficients need one common set of items). */
  nPersons: number;
  /** Persons left out because some item was not presented to them. */
  nIncomplete: number;
  mean: number;
  /** Total-score variance, divisor n − 1. */
  variance: number;
  /** SEM from alpha: σ_X·√(1 − alpha); null when alpha is below 0 (item analysis' rule, analytics/stats.ts). */
  sem: number | null;
}

/** Coefficients from a k × k item covariance matrix (any divisor: they are ratios). */
export function coefficientsFromCovariance(cov: number[][]): CovarianceCoefficients {
  const k = cov.length;
  if (k < 2 || cov.some((row) => row.length !== k)) throw new RangeError("a square covariance matrix of at least two items is needed");
  const at = (i: number, j: number) => cov[i]![j]!;
  let total = 0;
  let diagonal = 0;
  let offSquares = 0;
  const offRowSums: number[] = [];
  for (let i = 0; i < k; i++) {
    let off = 0;
    for (let j = 0; j < k; j++) {
      total += at(i, j);
      if (i === j) diagonal += at(i, j);
      else {
        off += at(i, j);
        offSquares += at(i, j) ** 2;
      }
    }
    offRowSums.push(off);
  }
  if (!(total > 1e-9)) throw new RangeError("the total score does not vary");
  const alpha = alphaOf(cov.map((_, i) => at(i, i)), total)!;
  const lambda2 = 1 - diagonal / total + Math.sqrt((k / (k - 1)) * offSquares) / total;

  let feldtGilmer: number | null = null;
  if (k >= 3) {
    let ell = 0;
    for (let i = 1; i < k; i++) if (offRowSums[i]! > offRowSums[ell]!) ell = i;
    let sumD = 0;
    let sumD2 = 0;
    for (let j = 0; j < k; j++) {
      const d = j === ell ? 1 : (offRowSums[j]! - at(j, ell)) / (offRowSums[ell]! - at(j, ell));
      sumD += d;
      sumD2 += d * d;
    }
    const fg = ((sumD * sumD) / (sumD * sumD - sumD2)) * ((total - diagonal) / total);
    feldtGilmer = Number.isFinite(fg) ? fg : null;
  }
  return { alpha, lambda2, feldtGilmer };
}

/**
 * Item scores (0..m) of persons who were presented every item; sample covariances and totals. The sums and the sums
 * of products are of whole scores, so exact in doubles; each row adds the products of its non-zero scores only (half
 * a right/wrong row's pairs are zeros). One pass over a typed matrix: 200,000 × 40 at the year in a tenth of a second.
 */
export function classicalReliability(matrix: ResponseMatrix): ClassicalReliability {
  const k = matrix.items.length;
  if (k < 2) throw new RangeError("reliability needs at least two items");
  if (matrix.data.length !== matrix.nPersons * k) throw new RangeError("the matrix needs one score per student and item");
  const { data } = matrix;
  const sums = new Float64Array(k);
  const products = new Float64Array(k * k);
  const nonZero = new Int32Array(k);
  let n = 0;
  rows: for (let p = 0; p < matrix.nPersons; p++) {
    const at = p * k;
    let m = 0;
    for (let i = 0; i < k; i++) {
      const x = data[at + i]!;
      if (x === NOT_PRESENTED) continue rows;
      if (x < 0) throw new RangeError(`student ${p + 1} has a negative score`);
      if (x !== 0) nonZero[m++] = i;
    }
    n++;
    for (let a = 0; a < m; a++) {
      const i = nonZero[a]!;
      const xi = data[at + i]!;
      sums[i]! += xi;
      for (let b = a; b < m; b++) {
        const j = nonZero[b]!;
        products[i * k + j]! += xi * data[at + j]!;
      }
    }
  }
  if (n < 2) throw new RangeError("reliability needs at least two persons who were given every item");
  const cov = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = i; j < k; j++) cov[i]![j] = cov[j]![i] = (products[i * k + j]! - (sums[i]! * sums[j]!) / n) / (n - 1);
  }
  const coefficients = coefficientsFromCovariance(cov);
  const variance = cov.reduce((s, row) => s + row.reduce((t, x) => t + x, 0), 0);
  return {
    ...coefficients,
    nItems: k,
    nPersons: n,
    nIncomplete: matrix.nPersons - n,
    mean: sums.reduce((s, x) => s + x, 0) / n,
    variance,
    sem: semOf(Math.sqrt(variance), coefficients.alpha),
  };
}

/** Lord's binomial-error CSEM for each number-correct score x = 0..k on k right/wrong items (k ≥ 2). */
export function lordConditionalSem(k: number): { x: number; csem: number }[] {
  if (!Number.isInteger(k) || k < 2) throw new RangeError("the binomial error model needs at least two items");
  return Array.from({ length: k + 1 }, (_, x) => ({ x, csem: Math.sqrt((x * (k - x)) / (k - 1)) }));
}

export function testInformation(items: LinkItem[], theta: number, D = 1): number {
  let info = 0;
  for (const item of items) {
    if (isGpcm(item)) {
      const { p } = categoryCurve(item, theta, D);
      const mean = p.reduce((s, pk, k) => s + k * pk, 0);
      info += D * D * item.a * item.a * p.reduce((s, pk, k) => s + pk * (k - mean) ** 2, 0);
    } else {
      const { a, b, c } = item;
      const p = c + (1 - c) / (1 + Math.exp(-D * a * (theta - b)));
      info += D * D * a * a * ((1 - p) / p) * ((p - c) / (1 - c)) ** 2;
    }
  }
  return info;
}

/** The IRT conditional SEM on the θ scale at each θ: 1/√I(θ). */
export function irtConditionalSem(items: LinkItem[], thetas: number[], D = 1) {
  return thetas.map((theta) => {
    const information = testInformation(items, theta, D);
    return { theta, information, sem: 1 / Math.sqrt(information) };
  });
}

export function marginalReliability(items: LinkItem[], D = 1, quadrature: Quadrature = normalQuadrature()): number {
  if (items.length === 0) throw new RangeError("marginal reliability needs items");
  const W = quadrature.weights.reduce((s, w) => s + w, 0);
  let m = 0;
  let m2 = 0;
  let errorVariance = 0;
  quadrature.points.forEach((theta, k) => {
    const w = quadrature.weights[k]! / W;
    m += w * theta;
    m2 += w * theta * theta;
    errorVariance += w / testInformation(items, theta, D);
  });
  const variance = m2 - m * m;
  return variance / (variance + errorVariance);
}

/** The reliability page's classical figures (everything but the IRT curve). */
export type ClassicalFigures = Omit<TExamReliability, "irt">;

/**
 * The classical figures of a matrix: the coefficients when they exist, the complete attempts, and Lord's CSEM over
 * the highest raw score. `maxScores`: each column's highest score in calibration steps (calibrate-exam.ts).
 */
export function classicalFigures(matrix: ResponseMatrix, maxScores: number[]): ClassicalFigures {
  const k = maxScores.length;
  let classical: ClassicalReliability | null = null;
  try {
    classical = classicalReliability(matrix);
  } catch (err) {
    // Fewer than two questions or complete attempts, or no spread: no coefficient exists.
    if (!(err instanceof RangeError)) throw err;
  }
  let complete = 0;
  for (let p = 0; p < matrix.nPersons; p++) if (!matrix.data.subarray(p * k, (p + 1) * k).includes(NOT_PRESENTED)) complete++;
  // Lord's binomial model counts right answers; on an exam marked in steps each score point stands in for a question
  // (an approximation, said so on the page): k is the highest possible raw score in calibration steps.
  const maxRaw = maxScores.reduce((s, m) => s + m, 0);
  return {
    attempts: matrix.nPersons,
    complete,
    items: k,
    alpha: classical?.alpha ?? null,
    lambda2: classical?.lambda2 ?? null,
    feldtGilmer: classical?.feldtGilmer ?? null,
    sem: classical?.sem ?? null,
    meanScore: classical?.mean ?? null,
    sdScore: classical ? Math.sqrt(classical.variance) : null,
    csem: maxRaw >= 2 ? lordConditionalSem(maxRaw) : null,
    csemApproximate: !maxScores.every((m) => m === 1),
  };
}

/**
 * The classical figures over every row, then over each reach's rows: `reachOf[p]` is row p's reach (0 … reaches − 1;
 * −1: none). The reliability job's (psychometrics.service.ts), in a figures thread at the year (decision 0067).
 */
export function classicalFiguresByReach(input: { matrix: ResponseMatrix; maxScores: number[]; reachOf: Int32Array; reaches: number }): ClassicalFigures[] {
  const { matrix, maxScores, reachOf, reaches } = input;
  const rows = Array.from({ length: reaches }, (): number[] => []);
  reachOf.forEach((r, p) => r >= 0 && rows[r]!.push(p));
  return [classicalFigures(matrix, maxScores), ...rows.map((keep) => classicalFigures(matrixRows(matrix, keep), maxScores))];
}
