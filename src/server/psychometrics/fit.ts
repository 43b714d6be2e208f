// Item fit (issue 35, decision 0041):
// - infit and outfit mean squares (Wright & Masters 1982), from each person's EAP ability θ̂: with E = E[X | θ̂],
//   W = Var[X | θ̂], z² = (x − E)² / W, outfit = mean z², infit = Σ (x − E)² / Σ W. Expected 1; Rasch practice reads
//   0.5–1.5 as productive. Computed for every model, meant for Rasch.
// - a χ² on rest-ability groups, for every model. Like Orlando & Thissen's S-X² (2000) it conditions on the person's
//   OTHER responses, so that the item does not sort its own persons (Yen's Q1 on the full EAP does, and rejects even
//   LSAT7's well-fitting 2PL); unlike S-X² it conditions on the rest pattern's posterior rather than the summed
//   score, which is not comparable when forms present different items (blanks). For each person, the posterior
//   without item i is π(θ_q) ∝ posterior(θ_q) / P_i(x | θ_q); the expected probability of score k is
//   E_k = Σ_q π(θ_q) P_ik(θ_q), exact under the model given the other responses. Persons are sorted by their rest
//   EAP into 10 groups of about equal size (fewer with few persons, at least 20 per group); with O_gk and E_gk the
//   observed and expected counts of score k in group g, χ² = Σ_g Σ_k (O_gk − E_gk)² / E_gk, df = groups·m − free
//   parameters (S-X²'s rule; Yen 1981).

import { categoryProbabilities, parameterCount, type ItemModel } from "./calibrate-model";
import { NOT_PRESENTED } from "./types";

export interface ItemFit {
  infit: number | null;
  outfit: number | null;
  chiSquare: { statistic: number; df: number; p: number | null; groups: number } | null;
}

const MAX_GROUPS = 10;
const MIN_PER_GROUP = 20;

export function itemFit(
  models: ItemModel[],
  rows: Int8Array[],
  freq: Float64Array,
  eap: Float64Array,
  posterior: Float64Array,
  nodes: Float64Array,
): ItemFit[] {
  const Q = nodes.length;
  return models.map((m, j) => {
    const K = m.categories;
    const probs = new Float64Array(K);
    const presented: number[] = [];
    for (let p = 0; p < rows.length; p++) if (rows[p]![j] !== NOT_PRESENTED && Number.isFinite(eap[p]!)) presented.push(p);
    let n = 0;
    let sumZ2 = 0;
    let sumR2 = 0;
    let sumW = 0;
    for (const p of presented) {
      const f = freq[p]!;
      const x = rows[p]![j]!;
      categoryProbabilities(m, eap[p]!, probs);
      let e = 0;
      let e2 = 0;
      for (let k = 1; k < K; k++) {
        e += k * probs[k]!;
        e2 += k * k * probs[k]!;
      }
      const w = e2 - e * e;
      const r2 = (x - e) ** 2;
      n += f;
      sumR2 += f * r2;
      sumW += f * w;
      if (w > 0) sumZ2 += (f * r2) / w;
    }
    if (n === 0) return { infit: null, outfit: null, chiSquare: null };

    const groups = Math.min(MAX_GROUPS, Math.floor(n / MIN_PER_GROUP));
    let chiSquare: ItemFit["chiSquare"] = null;
    if (groups >= 2) {
      const table = new Float64Array(K * Q); // P_k(θ_q), category-major
      const inverse = new Float64Array(K * Q); // 1 / P_k(θ_q): the rest posterior multiplies where it divided
      for (let q = 0; q < Q; q++) {
        categoryProbabilities(m, nodes[q]!, probs);
        for (let k = 0; k < K; k++) {
          table[k * Q + q] = probs[k]!;
          inverse[k * Q + q] = 1 / Math.max(probs[k]!, 1e-300);
        }
      }
      const restEap = new Float64Array(rows.length);
      const expectedOf = new Float64Array(rows.length * K);
      const sums = new Float64Array(K);
      // One pass over the nodes per person: the rest posterior's mass, its mean and each score's expected probability
      // summed unnormalised, then divided once: one pass where there were three.
      for (const p of presented) {
        const x = rows[p]![j]!;
        const at = p * Q;
        const inv = x * Q;
        let sum = 0;
        let mean = 0;
        sums.fill(0);
        for (let q = 0; q < Q; q++) {
          const v = posterior[at + q]! * inverse[inv + q]!;
          if (v === 0) continue;
          sum += v;
          mean += v * nodes[q]!;
          for (let k = 0; k < K; k++) sums[k]! += v * table[k * Q + q]!;
        }
        restEap[p] = mean / sum;
        for (let k = 0; k < K; k++) expectedOf[p * K + k] = sums[k]! / sum;
      }
      // Persons with the same rest ability (the same other responses, whatever their score here) stay in one group,
      // the group of the block's middle person: splitting them would sort them by this item's score. The blocks are
      // runs of the sorted rest abilities (within 1e-9 of the run's first), so they are found on the sorted values
      // alone, and each person finds its block by a binary search: every pass over the persons is in their own order.
      // (Sorting the persons themselves by rest ability read them in a random order, which at 200,000 persons × 40
      // items was a cache miss per read: 7 s of a calibration.)
      const sorted = Float64Array.from(presented, (p) => restEap[p]!).sort();
      const blockAt = new Int32Array(sorted.length);
      let blocks = 0;
      for (let i = 1, first = sorted[0]!; i < sorted.length; i++) {
        if (!(Math.abs(sorted[i]! - first) < 1e-9)) {
          blocks++;
          first = sorted[i]!;
        }
        blockAt[i] = blocks;
      }
      const blockOf = new Int32Array(presented.length);
      const blockMass = new Float64Array(blocks + 1);
      presented.forEach((p, at) => {
        const b = blockAt[lowerBound(sorted, restEap[p]!)]!;
        blockOf[at] = b;
        blockMass[b]! += freq[p]!;
      });
      const groupOf = new Int32Array(blocks + 1);
      let before = 0;
      blockMass.forEach((mass, b) => {
        groupOf[b] = Math.min(groups - 1, Math.floor(((before + mass / 2) / n) * groups));
        before += mass;
      });
      const observed = new Float64Array(groups * K);
      const expected = new Float64Array(groups * K);
      presented.forEach((p, at) => {
        const g = groupOf[blockOf[at]!]!;
        const f = freq[p]!;
        observed[g * K + rows[p]![j]!]! += f;
        for (let k = 0; k < K; k++) expected[g * K + k]! += f * expectedOf[p * K + k]!;
      });
      let statistic = 0;
      let used = 0;
      for (let g = 0; g < groups; g++) {
        let size = 0;
        for (let k = 0; k < K; k++) size += observed[g * K + k]!;
        if (size === 0) continue;
        used++;
        for (let k = 0; k < K; k++) {
          const e = expected[g * K + k]!;
          if (e > 0) statistic += (observed[g * K + k]! - e) ** 2 / e;
        }
      }
      const df = used * (K - 1) - parameterCount(m);
      chiSquare = { statistic, df, p: df > 0 ? chiSquareUpperTail(statistic, df) : null, groups: used };
    }
    return { infit: sumW > 0 ? sumR2 / sumW : null, outfit: sumZ2 / n, chiSquare };
  });
}

/** The first index of `sorted` (ascending) whose value is not below `v`. */
function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, sorted.length - 1);
}

/** P(χ²_df > x) = Q(df/2, x/2), the regularised upper incomplete gamma (Abramowitz & Stegun 6.5.29 and 6.5.31). */
export function chiSquareUpperTail(x: number, df: number): number {
  if (x <= 0) return 1;
  const a = df / 2;
  const z = x / 2;
  const logPrefix = a * Math.log(z) - z - logGamma(a);
  if (z < a + 1) {
    // Series for the lower function P(a, z).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= z / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Continued fraction for Q(a, z), evaluated by the modified Lentz method.
  const tiny = 1e-300;
  let b = z + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** ln Γ(x) for x > 0 by Lanczos' approximation (g = 7, n = 9). */
export function logGamma(x: number): number {
  const g = 7;
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = coefficients[0]!;
  for (let i = 1; i < g + 2; i++) sum += coefficients[i]! / (y + i);
  const t = y + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}
