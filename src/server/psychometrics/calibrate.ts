// IRT calibration by marginal maximum likelihood with the EM algorithm over quadrature (Bock & Aitkin 1981):
// Rasch (1PL; a = 1, ability variance estimated, mean 0), 2PL and 3PL for right/wrong items, and the generalised
// partial credit model (Muraki 1992) for items scored 0..m. Issue 35; the choices are in decision 0041.
//
// E-step: for each distinct response pattern, the likelihood at each node is the product of the presented items'
// category probabilities (a blank is not presented and is skipped), times the prior weight; the posterior spreads
// the pattern's frequency over the nodes, giving the expected number of persons at node q with score k on item i,
// r_ikq. M-step: each item's parameters maximise Σ_q Σ_k r_ikq log P_ik(θ_q) (calibrate-model.ts); for Rasch the
// ability variance is the posterior second moment Σ_q N_q θ_q² / N (mean fixed at 0). Cycles stop when no
// parameter moves more than `tolerance`.
//
// Standard errors come from the cross-product ("empirical") information, I = Σ_patterns f · s sᵀ, where s is the
// pattern's score vector ∂ log L(pattern) / ∂(all free parameters) at the estimate (Louis 1982 shows s is the
// posterior mean of the complete-data score; mirt's SE.type = "crossprod"), plus the prior's information for c;
// the derived b and c get theirs by the delta method.
//
// Several groups (concurrent calibration of forms or years sat by different populations; Bock & Zimowski 1997,
// multiple-group IRT): each person belongs to a group with its own normal ability distribution on the same grid.
// Group 0, the reference, keeps N(0, 1) (Rasch: N(0, σ²), σ estimated); every other group's mean and SD are its
// posterior mean and SD, Σ_q N_gq θ_q / N_g and √(Σ_q N_gq (θ_q − μ_g)² / N_g), in each M-step. Items shared by the
// groups carry the scale from one to the other; the groups' latent parameters are left out of the information
// matrix (their SEs are not given).

import { abilitiesFromPosterior, type AbilityEstimate } from "./ability";
import {
  BILOG_GUESSING_PRIOR,
  getParameters,
  invert,
  logProbabilityGradient,
  logProbabilityTable,
  logit,
  maximiseItem,
  parameterCount,
  setParameters,
  type GuessingPrior,
  type ItemModel,
} from "./calibrate-model";
import { itemFit, type ItemFit } from "./fit";
import { DEFAULT_POINTS, DEFAULT_RANGE, equallySpacedNodes, normalWeights } from "./quadrature";
import { NOT_PRESENTED, type IrtModel, type ResponseMatrix } from "./types";

export interface CalibrationOptions {
  /** An item answered by fewer persons is not calibrated (reason `too_few_responses`). Default 30. */
  minResponses?: number;
  /** Default 1000 EM cycles. */
  maxIterations?: number;
  /** Largest change of any parameter between cycles at convergence. Default 1e-5. */
  tolerance?: number;
  /** Equally spaced nodes, default 61 from −6 to 6 (mirt's). */
  quadraturePoints?: number;
  quadratureRange?: number;
  /** Prior on the 3PL's c. Default Beta(5, 17). */
  guessingPrior?: GuessingPrior;
  /**
   * Each person's group (0 = the reference, whose distribution fixes the scale), for a concurrent calibration of
   * populations that differ; absent: one group.
   */
  groups?: ArrayLike<number>;
  /** SQUAREM between EM cycles (default true); false: plain EM, the same fixed point in more cycles. */
  accelerate?: boolean;
}

export type ProblemReason = "too_few_responses" | "no_variance" | "empty_category" | "not_converged" | "scores_above_one";

export interface ItemProblem {
  item: string;
  reason: ProblemReason;
  /** Persons who were presented the item. */
  n: number;
  detail: string;
}

export interface StandardErrors {
  a: number | null;
  b: number | null;
  c: number | null;
  d: number | null;
}

export interface CalibratedItem {
  item: string;
  n: number;
  /** m + 1: 2 for right/wrong. */
  categories: number;
  a: number;
  /** Difficulty −d/a; for GPCM the mean of the step difficulties. */
  b: number;
  c: number;
  /** Intercept (mirt's d); for GPCM −a·b. */
  d: number;
  se: StandardErrors;
  /** GPCM only: step difficulties b_1..b_m (Muraki) and intercepts d_1..d_m (mirt's d1..dm), with SEs. */
  steps?: { b: number[]; d: number[]; seB: (number | null)[]; seD: (number | null)[] };
  fit: ItemFit;
}

export interface CalibrationResult {
  model: IrtModel;
  persons: number;
  /** Persons with at least one calibrated item. */
  personsUsed: number;
  patterns: number;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  quadrature: { points: number; range: number; kind: "equally-spaced" };
  /** Ability distribution: mean fixed 0; sd estimated for Rasch, fixed 1 otherwise. */
  latent: { mean: number; sd: number; seSd: number | null };
  /** With `groups`: each group's estimated distribution on the reference's scale (group 0 is `latent`). */
  groups?: { n: number; mean: number; sd: number }[];
  items: CalibratedItem[];
  problems: ItemProblem[];
  /** Per person, in the matrix's order. */
  abilities: AbilityEstimate[];
}

export class CalibrationInputError extends Error {}

interface Patterns {
  rows: Int8Array[];
  freq: Float64Array;
  /** Each pattern's group (patterns of different groups are kept apart). */
  group: Int32Array;
  /** Pattern of each person, −1 if the person has no calibrated item. */
  ofPerson: Int32Array;
}

export function calibrate(matrix: ResponseMatrix, model: IrtModel, options: CalibrationOptions = {}): CalibrationResult {
  const minResponses = options.minResponses ?? 30;
  const maxIterations = options.maxIterations ?? 1000;
  const tolerance = options.tolerance ?? 1e-5;
  const points = options.quadraturePoints ?? DEFAULT_POINTS;
  const range = options.quadratureRange ?? DEFAULT_RANGE;
  const prior = options.guessingPrior ?? BILOG_GUESSING_PRIOR;
  const { items, nPersons, data } = matrix;
  const nItems = items.length;
  if (data.length !== nItems * nPersons) throw new CalibrationInputError("the response matrix is not persons × items");
  const groupOf = options.groups ?? new Int32Array(nPersons);
  if (groupOf.length !== nPersons) throw new CalibrationInputError("groups: one group per person");
  let G = 1;
  for (let p = 0; p < nPersons; p++) {
    const g = groupOf[p]!;
    if (!Number.isInteger(g) || g < 0) throw new CalibrationInputError("groups: a whole number from 0 per person");
    G = Math.max(G, g + 1);
  }

  // Screening: who answered each item, which scores occur.
  const problems: ItemProblem[] = [];
  const calibrated: number[] = [];
  const categoriesOf: number[] = [];
  const nOf = new Int32Array(nItems);
  for (let i = 0; i < nItems; i++) {
    const seen = new Map<number, number>();
    let n = 0;
    for (let p = 0; p < nPersons; p++) {
      const x = data[p * nItems + i]!;
      if (x === NOT_PRESENTED) continue;
      if (x < 0) throw new CalibrationInputError(`item ${items[i]}: a score below 0`);
      n++;
      seen.set(x, (seen.get(x) ?? 0) + 1);
    }
    nOf[i] = n;
    const item = items[i]!;
    const max = Math.max(0, ...seen.keys());
    if (model !== "gpcm" && model !== "rasch" && max > 1) {
      problems.push({ item, reason: "scores_above_one", n, detail: `scores up to ${max}: the ${model} is for right/wrong items (0/1); use gpcm` });
    } else if (n < Math.max(1, minResponses)) {
      problems.push({ item, reason: "too_few_responses", n, detail: `${n} responses, fewer than the minimum ${minResponses}` });
    } else if (seen.size < 2) {
      problems.push({ item, reason: "no_variance", n, detail: `every response is ${[...seen.keys()][0]}` });
    } else {
      const empty = [];
      for (let k = 0; k <= max; k++) if (!seen.has(k)) empty.push(k);
      if (empty.length > 0) {
        problems.push({ item, reason: "empty_category", n, detail: `no response scored ${empty.join(", ")} (scores go up to ${max})` });
      } else {
        calibrated.push(i);
        categoriesOf.push(max + 1);
      }
    }
  }

  const nodes = equallySpacedNodes(points, range);
  const Q = nodes.length;
  const J = calibrated.length;
  const patterns = compress(data, nPersons, nItems, calibrated, groupOf);
  const P = patterns.rows.length;
  let personsUsed = 0;
  for (let p = 0; p < P; p++) personsUsed += patterns.freq[p]!;

  // Starting values: a = 1, adjacent-category log-odds for the intercepts (logit of the proportion right for 0/1),
  // c at its prior's mode.
  const models: ItemModel[] = calibrated.map((_, j) => {
    const K = categoriesOf[j]!;
    const counts = new Float64Array(K);
    for (let p = 0; p < P; p++) {
      const x = patterns.rows[p]![j]!;
      if (x !== NOT_PRESENTED) counts[x]! += patterns.freq[p]!;
    }
    const d = new Float64Array(K);
    for (let k = 1; k < K; k++) d[k] = d[k - 1]! + Math.log(counts[k]! / counts[k - 1]!);
    const m: ItemModel = { kind: model === "3pl" ? "3pl" : "logit", categories: K, a: 1, d, c: 0, fixedA: model === "rasch" };
    if (model === "3pl") {
      m.c = (prior.alpha - 1) / (prior.alpha + prior.beta - 2);
      const pRight = counts[1]! / (counts[0]! + counts[1]!);
      m.d[1] = logit(Math.min(0.99, Math.max(0.01, (pRight - m.c) / (1 - m.c))));
    }
    return m;
  });

  let sd = 1;
  // Groups 1… : their distributions on the reference's scale, estimated (group 0's is mean 0 and `sd`).
  const groupMean = new Float64Array(G);
  const groupSd = new Float64Array(G).fill(1);
  const groupN = new Float64Array(G);
  for (let p = 0; p < P; p++) groupN[patterns.group[p]!]! += patterns.freq[p]!;
  const groupNodeCounts = new Float64Array(G * Q);
  const logP = models.map((m) => new Float64Array(m.categories * Q));
  const counts = models.map((m) => new Float64Array(m.categories * Q));
  const nodeCounts = new Float64Array(Q);
  const dropped = new Uint8Array(J); // items whose estimates ran away during EM
  const changes = new Float64Array(J);
  let iterations = 0;
  let converged = false;
  let logLikelihood = -Infinity;
  let varianceCollapsed = false;

  // Most cells of a right/wrong test are 0 or 1 with few blanks, so a pattern's log-likelihood is cheaper as the sum
  // over every item's score-0 row (once per cycle) corrected for the pattern's blanks and non-zero scores, and the
  // score-0 counts are what is left of the node counts. Used when blanks are at most a third of the cells;
  // otherwise each presented cell is added directly. Same sums either way.
  let blanks = 0;
  for (const row of patterns.rows) for (let j = 0; j < J; j++) if (row[j] === NOT_PRESENTED) blanks++;
  const fromBase = blanks * 3 <= P * J;
  const blankOf = patterns.rows.map((row) => Int32Array.from(row.keys()).filter((j) => row[j] === NOT_PRESENTED));
  const scoredOf = patterns.rows.map((row) => Int32Array.from(row.keys()).filter((j) => row[j]! > 0));
  const missing = fromBase ? models.map(() => new Float64Array(Q)) : [];

  // Per cycle, each item's log P(k) − log P(0) for k ≥ 1: a scored cell adds one row instead of adding one and
  // subtracting another.
  const delta = fromBase ? models.map((m) => new Float64Array(Math.max(0, m.categories - 1) * Q)) : [];
  const ll = new Float64Array(Q);

  const eStep = (posterior: Float64Array | null): number => {
    groupSd[0] = sd;
    const base = new Float64Array(Q);
    for (let j = 0; j < J; j++) {
      counts[j]!.fill(0);
      if (fromBase) missing[j]!.fill(0);
      if (dropped[j]) continue;
      const table = logP[j]!;
      logProbabilityTable(models[j]!, nodes, table);
      if (fromBase) {
        for (let q = 0; q < Q; q++) base[q]! += table[q]!;
        const d = delta[j]!;
        for (let i = 0; i < d.length; i++) d[i] = table[Q + i]! - table[i % Q]!;
      }
    }
    // Each group's prior, plus (fromBase) every item's score-0 row: where every pattern starts.
    const startOf = Array.from(groupMean, (mean, g) => {
      const start = normalWeights(nodes, mean, groupSd[g]!).map(Math.log);
      if (fromBase) for (let q = 0; q < Q; q++) start[q]! += base[q]!;
      return start;
    });
    nodeCounts.fill(0);
    groupNodeCounts.fill(0);
    let total = 0;
    for (let p = 0; p < P; p++) {
      const row = patterns.rows[p]!;
      const f = patterns.freq[p]!;
      const g = patterns.group[p]!;
      ll.set(startOf[g]!);
      if (fromBase) {
        for (const j of blankOf[p]!) {
          if (dropped[j]) continue;
          const table = logP[j]!;
          for (let q = 0; q < Q; q++) ll[q]! -= table[q]!;
        }
        for (const j of scoredOf[p]!) {
          if (dropped[j]) continue;
          const d = delta[j]!;
          const off = (row[j]! - 1) * Q;
          for (let q = 0; q < Q; q++) ll[q]! += d[off + q]!;
        }
      } else {
        for (let j = 0; j < J; j++) {
          const x = row[j]!;
          if (x === NOT_PRESENTED || dropped[j]) continue;
          const table = logP[j]!;
          const off = x * Q;
          for (let q = 0; q < Q; q++) ll[q]! += table[off + q]!;
        }
      }
      let max = -Infinity;
      for (let q = 0; q < Q; q++) if (ll[q]! > max) max = ll[q]!;
      // The posterior's window: nodes whose weight is below e^−40 ≈ 4·10⁻¹⁸ of the largest add nothing a double
      // can hold to the sums below (the largest term is 1), so the counts are accumulated over [lo, hi] only — on a
      // long test about half the grid.
      let lo = Q;
      let hi = -1;
      let sum = 0;
      for (let q = 0; q < Q; q++) {
        const x = ll[q]! - max;
        if (x < -WINDOW) {
          ll[q] = 0;
          continue;
        }
        const e = Math.exp(x);
        ll[q] = e;
        sum += e;
        if (q < lo) lo = q;
        hi = q;
      }
      total += f * (max + Math.log(sum));
      for (let q = lo; q <= hi; q++) ll[q]! /= sum;
      if (posterior) posterior.set(ll, p * Q);
      // From here ll holds f × the posterior.
      if (f !== 1) for (let q = lo; q <= hi; q++) ll[q]! *= f;
      if (fromBase) {
        for (const j of scoredOf[p]!) {
          const r = counts[j]!;
          const off = row[j]! * Q;
          for (let q = lo; q <= hi; q++) r[off + q]! += ll[q]!;
        }
        for (const j of blankOf[p]!) {
          const m = missing[j]!;
          for (let q = lo; q <= hi; q++) m[q]! += ll[q]!;
        }
      } else {
        for (let j = 0; j < J; j++) {
          const x = row[j]!;
          if (x === NOT_PRESENTED) continue;
          const r = counts[j]!;
          const off = x * Q;
          for (let q = lo; q <= hi; q++) r[off + q]! += ll[q]!;
        }
      }
      const gc = g * Q;
      for (let q = lo; q <= hi; q++) {
        nodeCounts[q]! += ll[q]!;
        groupNodeCounts[gc + q]! += ll[q]!;
      }
    }
    if (fromBase) {
      // Score 0 = everyone at the node − those not presented − those scoring above 0.
      for (let j = 0; j < J; j++) {
        const r = counts[j]!;
        const m = missing[j]!;
        const K = models[j]!.categories;
        for (let q = 0; q < Q; q++) {
          let rest = nodeCounts[q]! - m[q]!;
          for (let k = 1; k < K; k++) rest -= r[k * Q + q]!;
          r[q] = Math.max(0, rest);
        }
      }
    }
    return total;
  };

  // SQUAREM (Varadhan & Roland 2008), to take fewer cycles: after two EM cycles θ0 → θ1 → θ2 the parameters jump to
  // θ0 − 2αr + α²v (r = θ1 − θ0, v = θ2 − 2θ1 + θ0, α = −|r|/|v| capped at −1 and −stepMax); the next cycle is an
  // ordinary EM cycle from there. If the jump lowers the likelihood below θ1's, or leaves the parameter space (a
  // variance at zero, a runaway item), the cycle goes back to θ2, the plain EM point. Convergence is still judged
  // on a plain EM cycle's move, so the fixed point and the rule are the ones without the acceleration.
  const free = (): Float64Array => {
    const out: number[] = [];
    for (let j = 0; j < J; j++) if (!dropped[j]) out.push(...getParameters(models[j]!));
    out.push(sd);
    for (let g = 1; g < G; g++) out.push(groupMean[g]!, groupSd[g]!);
    return Float64Array.from(out);
  };
  const setFree = (v: Float64Array): void => {
    let at = 0;
    for (let j = 0; j < J; j++) {
      if (dropped[j]) continue;
      const np = parameterCount(models[j]!);
      setParameters(models[j]!, v.subarray(at, at + np));
      at += np;
    }
    sd = v[at++]!;
    for (let g = 1; g < G; g++) {
      groupMean[g] = v[at++]!;
      groupSd[g] = v[at++]!;
    }
  };
  const inSpace = (): boolean =>
    sd > MIN_SD && groupSd.every((x, g) => g === 0 || !(groupN[g]! > 0) || x > MIN_SD) && models.every((m, j) => dropped[j] || !runaway(m));
  let theta0: Float64Array | null = null;
  let theta1: Float64Array | null = null;
  let ll1 = -Infinity;
  let fallback: Float64Array | null = null;
  let stepMax = 4;

  if (J > 0) {
    for (iterations = 1; iterations <= maxIterations; iterations++) {
      logLikelihood = eStep(null);
      if (fallback && !(logLikelihood >= ll1)) {
        setFree(fallback);
        logLikelihood = eStep(null);
        stepMax = Math.max(1, stepMax / 4);
      }
      fallback = null;
      const before = free();
      let largest = 0;
      if (model === "rasch") {
        let m2 = 0;
        for (let q = 0; q < Q; q++) m2 += groupNodeCounts[q]! * nodes[q]! ** 2;
        const next = Math.sqrt(m2 / groupN[0]!);
        if (!(next > MIN_SD)) {
          // The persons cannot be told apart (too few, or too few items): no scale to put the items on.
          varianceCollapsed = true;
          break;
        }
        largest = Math.abs(next - sd);
        sd = next;
      }
      for (let g = 1; g < G; g++) {
        if (!(groupN[g]! > 0)) continue;
        let m1 = 0;
        let m2 = 0;
        for (let q = 0; q < Q; q++) {
          const n = groupNodeCounts[g * Q + q]!;
          m1 += n * nodes[q]!;
          m2 += n * nodes[q]! ** 2;
        }
        const mean = m1 / groupN[g]!;
        const next = Math.sqrt(Math.max(0, m2 / groupN[g]! - mean * mean));
        if (!(next > MIN_SD)) {
          varianceCollapsed = true;
          break;
        }
        largest = Math.max(largest, Math.abs(mean - groupMean[g]!), Math.abs(next - groupSd[g]!));
        groupMean[g] = mean;
        groupSd[g] = next;
      }
      if (varianceCollapsed) break;
      for (let j = 0; j < J; j++) {
        if (dropped[j]) continue;
        const change = maximiseItem(models[j]!, counts[j]!, nodes, prior);
        changes[j] = change;
        if (runaway(models[j]!)) dropped[j] = 1;
        else largest = Math.max(largest, change);
      }
      if (largest < tolerance) {
        converged = true;
        break;
      }
      const after = free();
      if (after.length !== before.length) {
        // An item was dropped: start the acceleration again.
        theta0 = theta1 = null;
      } else if (options.accelerate === false) {
        // plain EM
      } else if (!theta0) {
        theta0 = before;
      } else {
        theta1 = before;
        ll1 = logLikelihood;
        let rr = 0;
        let vv = 0;
        for (let i = 0; i < after.length; i++) {
          const r = theta1[i]! - theta0[i]!;
          const v = after[i]! - 2 * theta1[i]! + theta0[i]!;
          rr += r * r;
          vv += v * v;
        }
        const alpha = vv > 0 ? Math.max(-stepMax, Math.min(-1, -Math.sqrt(rr / vv))) : -1;
        if (alpha === -stepMax) stepMax *= 4;
        if (alpha < -1) {
          const jump = after.map((_, i) => {
            const r = theta1![i]! - theta0![i]!;
            const v = after[i]! - 2 * theta1![i]! + theta0![i]!;
            return theta0![i]! - 2 * alpha * r + alpha * alpha * v;
          });
          setFree(jump);
          if (jump.every(Number.isFinite) && inSpace()) fallback = after;
          else setFree(after);
        }
        theta0 = theta1 = null;
      }
    }
    iterations = Math.min(iterations, maxIterations);
  }

  // Items still moving when the cycles ran out, or running away, are not given numbers.
  const keep = new Uint8Array(J);
  for (let j = 0; j < J; j++) {
    const i = calibrated[j]!;
    if (varianceCollapsed) {
      problems.push({ item: items[i]!, reason: "not_converged", n: nOf[i]!, detail: "the ability variance fell to zero: the persons cannot be told apart" });
    } else if (dropped[j]) {
      problems.push({ item: items[i]!, reason: "not_converged", n: nOf[i]!, detail: "the estimates ran away (a perfectly discriminating or degenerate item)" });
    } else if (!converged && !(changes[j]! < tolerance)) {
      problems.push({ item: items[i]!, reason: "not_converged", n: nOf[i]!, detail: `still changing by ${changes[j]!.toExponential(2)} after ${maxIterations} cycles` });
    } else keep[j] = 1;
  }

  const posterior = new Float64Array(P * Q);
  if (J > 0) logLikelihood = eStep(posterior);
  const covariance = J > 0 ? crossProductCovariance(models, dropped, patterns, posterior, nodes, sd, model === "rasch", prior) : null;

  const abilities = abilitiesFromPosterior(
    models,
    dropped,
    patterns.rows,
    patterns.ofPerson,
    posterior,
    nodes,
  );
  const fits = itemFit(models, patterns.rows, patterns.freq, abilities.byPattern, posterior, nodes);

  const out: CalibratedItem[] = [];
  for (let j = 0; j < J; j++) {
    if (!keep[j]) continue;
    const i = calibrated[j]!;
    out.push(describe(items[i]!, nOf[i]!, models[j]!, covariance?.blocks[j] ?? null, fits[j]!));
  }
  out.sort((x, y) => items.indexOf(x.item) - items.indexOf(y.item));
  problems.sort((x, y) => items.indexOf(x.item) - items.indexOf(y.item));

  return {
    model,
    persons: nPersons,
    personsUsed,
    patterns: P,
    iterations,
    converged,
    logLikelihood,
    quadrature: { points, range, kind: "equally-spaced" },
    latent: { mean: 0, sd, seSd: covariance?.seSd ?? null },
    ...(options.groups ? { groups: Array.from(groupN, (n, g) => ({ n, mean: g === 0 ? 0 : groupMean[g]!, sd: g === 0 ? sd : groupSd[g]! })) } : {}),
    items: out,
    problems,
    abilities: abilities.byPerson,
  };
}

const MIN_SD = 0.01;
/** Log-posterior units below the largest node beyond which a node is left out of the E-step's sums (e^−40 ≈ 4·10⁻¹⁸). */
const WINDOW = 40;

function runaway(m: ItemModel): boolean {
  if (!Number.isFinite(m.a) || Math.abs(m.a) > 20) return true;
  for (let k = 1; k < m.categories; k++) if (!Number.isFinite(m.d[k]!) || Math.abs(m.d[k]!) > 60) return true;
  return m.kind === "3pl" && m.c > 0.95;
}

/** Identical response rows over the calibrated items (within a group), with their frequencies. */
function compress(data: Int8Array, nPersons: number, nItems: number, calibrated: number[], groupOf: ArrayLike<number>): Patterns {
  const J = calibrated.length;
  const index = new Map<string, number>();
  const rows: Int8Array[] = [];
  const freq: number[] = [];
  const group: number[] = [];
  const ofPerson = new Int32Array(nPersons).fill(-1);
  const row = new Int8Array(J);
  const chars = new Array<string>(J);
  for (let p = 0; p < nPersons; p++) {
    let any = false;
    for (let j = 0; j < J; j++) {
      const x = data[p * nItems + calibrated[j]!]!;
      row[j] = x;
      chars[j] = String.fromCharCode(x + 2);
      if (x !== NOT_PRESENTED) any = true;
    }
    if (!any) continue;
    const key = `${groupOf[p]}:${chars.join("")}`;
    let at = index.get(key);
    if (at === undefined) {
      at = rows.length;
      index.set(key, at);
      rows.push(row.slice());
      freq.push(0);
      group.push(groupOf[p]!);
    }
    freq[at]!++;
    ofPerson[p] = at;
  }
  return { rows, freq: Float64Array.from(freq), group: Int32Array.from(group), ofPerson };
}

interface Covariance {
  /** Per item, the covariance of its free parameters (row-major), or null when the information is singular. */
  blocks: (Float64Array | null)[];
  seSd: number | null;
}

function crossProductCovariance(
  models: ItemModel[],
  dropped: Uint8Array,
  patterns: Patterns,
  posterior: Float64Array,
  nodes: Float64Array,
  sd: number,
  estimateSd: boolean,
  prior: GuessingPrior,
): Covariance {
  const Q = nodes.length;
  const J = models.length;
  const offsets: number[] = [];
  let total = 0;
  for (let j = 0; j < J; j++) {
    offsets.push(total);
    if (!dropped[j]) total += parameterCount(models[j]!);
  }
  const sdIndex = estimateSd ? total++ : -1;
  // Per item, category and node: ∂ log P / ∂ parameters, laid out [k][param][q].
  const grads = models.map((m, j) => {
    if (dropped[j]) return new Float64Array(0);
    const np = parameterCount(m);
    const table = new Float64Array(m.categories * np * Q);
    const scratch = new Float64Array(m.categories);
    const g = new Float64Array(np);
    for (let k = 0; k < m.categories; k++) {
      for (let q = 0; q < Q; q++) {
        logProbabilityGradient(m, nodes[q]!, k, scratch, g);
        for (let v = 0; v < np; v++) table[(k * np + v) * Q + q] = g[v]!;
      }
    }
    return table;
  });
  // ∂ log w_q / ∂σ for the normalised weights of N(0, σ²) on the fixed grid.
  const dLogW = new Float64Array(Q);
  if (estimateSd) {
    const w = normalWeights(nodes, 0, sd);
    let mean = 0;
    for (let q = 0; q < Q; q++) mean += w[q]! * nodes[q]! ** 2;
    for (let q = 0; q < Q; q++) dLogW[q] = (nodes[q]! ** 2 - mean) / sd ** 3;
  }
  const info = new Float64Array(total * total);
  const score = new Float64Array(total);
  const touched: number[] = [];
  for (let p = 0; p < patterns.rows.length; p++) {
    const row = patterns.rows[p]!;
    const f = patterns.freq[p]!;
    const post = posterior.subarray(p * Q, p * Q + Q);
    score.fill(0);
    touched.length = 0;
    for (let j = 0; j < J; j++) {
      const x = row[j]!;
      if (x === NOT_PRESENTED || dropped[j]) continue;
      const np = parameterCount(models[j]!);
      const table = grads[j]!;
      for (let v = 0; v < np; v++) {
        const base = (x * np + v) * Q;
        let s = 0;
        for (let q = 0; q < Q; q++) s += post[q]! * table[base + q]!;
        score[offsets[j]! + v] = s;
        touched.push(offsets[j]! + v);
      }
    }
    if (estimateSd && patterns.group[p] === 0) {
      let s = 0;
      for (let q = 0; q < Q; q++) s += post[q]! * dLogW[q]!;
      score[sdIndex] = s;
      touched.push(sdIndex);
    }
    // The upper triangle only (touched is in increasing order), mirrored once at the end: half the products.
    for (let a = 0; a < touched.length; a++) {
      const u = touched[a]!;
      const su = f * score[u]!;
      const rowBase = u * total;
      for (let b = a; b < touched.length; b++) {
        const v = touched[b]!;
        info[rowBase + v]! += su * score[v]!;
      }
    }
  }
  for (let u = 0; u < total; u++) for (let v = 0; v < u; v++) info[u * total + v] = info[v * total + u]!;
  for (let j = 0; j < J; j++) {
    const m = models[j]!;
    if (!dropped[j] && m.kind === "3pl") {
      const u = offsets[j]! + 2;
      info[u * total + u]! += (prior.alpha + prior.beta - 2) * m.c * (1 - m.c);
    }
  }
  const inverse = invert(info, total);
  const blocks = models.map((m, j) => {
    if (!inverse || dropped[j]) return null;
    const np = parameterCount(m);
    const block = new Float64Array(np * np);
    for (let u = 0; u < np; u++) for (let v = 0; v < np; v++) block[u * np + v] = inverse[(offsets[j]! + u) * total + offsets[j]! + v]!;
    return block;
  });
  const seSd = inverse && estimateSd ? sqrtOrNull(inverse[sdIndex * total + sdIndex]!) : null;
  return { blocks, seSd };
}

function sqrtOrNull(variance: number): number | null {
  return Number.isFinite(variance) && variance >= 0 ? Math.sqrt(variance) : null;
}

/** Standard error of g(parameters) by the delta method: √(∇gᵀ Σ ∇g). */
function deltaSe(block: Float64Array | null, gradient: number[]): number | null {
  if (!block) return null;
  const n = gradient.length;
  let v = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) v += gradient[i]! * block[i * n + j]! * gradient[j]!;
  return sqrtOrNull(v);
}

function describe(item: string, n: number, m: ItemModel, block: Float64Array | null, fit: ItemFit): CalibratedItem {
  const np = getParameters(m).length;
  const unit = (v: number) => Array.from({ length: np }, (_, i) => (i === v ? 1 : 0));
  const a = m.a;
  if (m.kind === "3pl") {
    const d = m.d[1]!;
    return {
      item, n, categories: 2, a, b: -d / a, c: m.c, d,
      se: {
        a: deltaSe(block, unit(0)),
        b: deltaSe(block, [d / (a * a), -1 / a, 0]),
        c: deltaSe(block, [0, 0, m.c * (1 - m.c)]),
        d: deltaSe(block, unit(1)),
      },
      fit,
    };
  }
  const K = m.categories;
  const off = m.fixedA ? 0 : 1;
  // Gradient of b_v = −(d_v − d_{v−1})/a with respect to (a?, d_1..d_m).
  const stepGradient = (v: number) => {
    const g = new Array<number>(np).fill(0);
    if (!m.fixedA) g[0] = (m.d[v]! - m.d[v - 1]!) / (a * a);
    g[off + v - 1] = -1 / a;
    if (v > 1) g[off + v - 2] = 1 / a;
    return g;
  };
  const seA = m.fixedA ? null : deltaSe(block, unit(0));
  if (K === 2) {
    const d = m.d[1]!;
    return { item, n, categories: 2, a, b: -d / a, c: 0, d, se: { a: seA, b: deltaSe(block, stepGradient(1)), c: null, d: deltaSe(block, unit(off)) }, fit };
  }
  const steps = { b: [] as number[], d: [] as number[], seB: [] as (number | null)[], seD: [] as (number | null)[] };
  for (let v = 1; v < K; v++) {
    steps.b.push(-(m.d[v]! - m.d[v - 1]!) / a);
    steps.d.push(m.d[v]!);
    steps.seB.push(deltaSe(block, stepGradient(v)));
    steps.seD.push(deltaSe(block, unit(off + v - 1)));
  }
  // Location: the mean step difficulty, −d_m / (m·a).
  const mSteps = K - 1;
  const location = -m.d[mSteps]! / (mSteps * a);
  const gLocation = new Array<number>(np).fill(0);
  if (!m.fixedA) gLocation[0] = m.d[mSteps]! / (mSteps * a * a);
  gLocation[off + mSteps - 1] = -1 / (mSteps * a);
  return { item, n, categories: K, a, b: location, c: 0, d: -a * location, se: { a: seA, b: deltaSe(block, gLocation), c: null, d: null }, steps, fit };
}

