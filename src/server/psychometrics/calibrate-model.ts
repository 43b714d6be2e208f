// Item response functions, their derivatives, and one item's M-step (issue 35, decision 0041).
//
// Rasch, 2PL and the generalised partial credit model are one family here, the divide-by-total ("adjacent logit")
// model in slope–intercept form (Muraki 1992, eq. 3; Bock 1972):
//   P(k | θ) = exp(z_k) / Σ_j exp(z_j),  z_k = a·k·θ + d_k,  d_0 = 0,  k = 0..m.
// For m = 1 this is the 2PL, P(1 | θ) = 1 / (1 + exp(−(aθ + d))), the form mirt reports (b = −d/a). Muraki's step
// difficulties are b_v = −(d_v − d_{v−1}) / a. Rasch (and the partial credit model) is the same with a = 1 fixed.
// The log-likelihood of the expected counts is then a multinomial logit with predictors linear in (a, d), so it is
// concave and Newton–Raphson (here equal to Fisher scoring) is safe.
// The 3PL (Birnbaum 1968) is P(1 | θ) = c + (1 − c) / (1 + exp(−(aθ + d))), c = 1 / (1 + exp(−γ)), estimated by
// Fisher scoring on (a, d, γ) with a Beta(α, β) prior on c — BILOG-MG's default Beta(5, 17) for five options
// (Mislevy & Bock 1990: α = 20/options + 1, β = 20(1 − 1/options) + 1), the mode of c being 0.2.

export type ItemKind = "logit" | "3pl";

export interface ItemModel {
  kind: ItemKind;
  /** Number of score categories, m + 1 (2 for right/wrong). */
  categories: number;
  a: number;
  /** Intercepts d_0..d_m, d_0 = 0. */
  d: Float64Array;
  /** Lower asymptote (3PL only; 0 otherwise). */
  c: number;
  /** a is fixed at 1 (Rasch / partial credit). */
  fixedA: boolean;
}

export interface GuessingPrior {
  alpha: number;
  beta: number;
}

export const BILOG_GUESSING_PRIOR: GuessingPrior = { alpha: 5, beta: 17 };

/** Free parameters of an item, in the order of the standard errors' vector. */
export function parameterCount(model: ItemModel): number {
  if (model.kind === "3pl") return 3;
  return (model.fixedA ? 0 : 1) + model.categories - 1;
}

export function getParameters(model: ItemModel): number[] {
  if (model.kind === "3pl") return [model.a, model.d[1]!, logit(model.c)];
  const out = model.fixedA ? [] : [model.a];
  for (let k = 1; k < model.categories; k++) out.push(model.d[k]!);
  return out;
}

export function setParameters(model: ItemModel, values: ArrayLike<number>): void {
  if (model.kind === "3pl") {
    model.a = values[0]!;
    model.d[1] = values[1]!;
    model.c = 1 / (1 + Math.exp(-values[2]!));
    return;
  }
  let j = 0;
  if (!model.fixedA) model.a = values[j++]!;
  for (let k = 1; k < model.categories; k++) model.d[k] = values[j++]!;
}

export function logit(p: number): number {
  return Math.log(p / (1 - p));
}

/** Category probabilities at θ into `out` (length = categories). */
export function categoryProbabilities(model: ItemModel, theta: number, out: Float64Array): void {
  if (model.kind === "3pl") {
    const s = 1 / (1 + Math.exp(-(model.a * theta + model.d[1]!)));
    const p = model.c + (1 - model.c) * s;
    out[0] = 1 - p;
    out[1] = p;
    return;
  }
  let max = -Infinity;
  for (let k = 0; k < model.categories; k++) {
    const z = model.a * k * theta + model.d[k]!;
    out[k] = z;
    if (z > max) max = z;
  }
  let sum = 0;
  for (let k = 0; k < model.categories; k++) {
    const e = Math.exp(out[k]! - max);
    out[k] = e;
    sum += e;
  }
  for (let k = 0; k < model.categories; k++) out[k]! /= sum;
}

/** log P(k | θ_q) for every category and node, category-major: table[k * Q + q]. */
export function logProbabilityTable(model: ItemModel, nodes: Float64Array, table: Float64Array): void {
  const Q = nodes.length;
  const p = new Float64Array(model.categories);
  for (let q = 0; q < Q; q++) {
    categoryProbabilities(model, nodes[q]!, p);
    for (let k = 0; k < model.categories; k++) table[k * Q + q] = Math.log(Math.max(p[k]!, 1e-300));
  }
}

/**
 * ∂ log P(k | θ) / ∂(free parameters) into `out` (length parameterCount), for the cross-product information.
 * `p` is scratch of length categories.
 */
export function logProbabilityGradient(model: ItemModel, theta: number, k: number, p: Float64Array, out: Float64Array): void {
  categoryProbabilities(model, theta, p);
  if (model.kind === "3pl") {
    const s = 1 / (1 + Math.exp(-(model.a * theta + model.d[1]!)));
    const c = model.c;
    const dA = (1 - c) * s * (1 - s) * theta;
    const dD = (1 - c) * s * (1 - s);
    const dG = c * (1 - c) * (1 - s);
    const scale = k === 1 ? 1 / p[1]! : -1 / p[0]!;
    out[0] = dA * scale;
    out[1] = dD * scale;
    out[2] = dG * scale;
    return;
  }
  // ∂ z_k / ∂a = kθ, ∂ z_k / ∂d_j = [k = j]; ∂ log P_k = ∂ z_k − Σ_j P_j ∂ z_j.
  let j = 0;
  if (!model.fixedA) {
    let mean = 0;
    for (let v = 1; v < model.categories; v++) mean += v * p[v]!;
    out[j++] = theta * (k - mean);
  }
  for (let v = 1; v < model.categories; v++) out[j++] = (k === v ? 1 : 0) - p[v]!;
}

/**
 * One item's M-step: maximise Σ_q Σ_k r[k·Q + q] · log P(k | θ_q) (+ the log prior of c for the 3PL) by
 * Newton–Raphson with step halving, from the item's current parameters. Returns the largest parameter change.
 */
export function maximiseItem(model: ItemModel, counts: Float64Array, nodes: Float64Array, prior: GuessingPrior): number {
  const before = getParameters(model);
  const np = before.length;
  let current = before.slice();
  let value = objective(model, counts, nodes, prior);
  const grad = new Float64Array(np);
  const info = new Float64Array(np * np);
  for (let iteration = 0; iteration < 50; iteration++) {
    gradientAndInformation(model, counts, nodes, prior, grad, info);
    const step = solve(info, grad, np);
    if (!step) break;
    let largest = 0;
    for (const s of step) largest = Math.max(largest, Math.abs(s));
    // A Newton step longer than 5 logits is outside any sensible region: cap it, the halving does the rest.
    const cap = largest > 5 ? 5 / largest : 1;
    let factor = cap;
    let accepted = false;
    for (let halving = 0; halving < 30; halving++) {
      const trial = current.map((x, i) => x + factor * step[i]!);
      setParameters(model, trial);
      const v = objective(model, counts, nodes, prior);
      if (Number.isFinite(v) && v >= value - 1e-12 * Math.abs(value)) {
        current = trial;
        value = v;
        accepted = true;
        break;
      }
      factor /= 2;
    }
    if (!accepted) {
      setParameters(model, current);
      break;
    }
    if (largest * factor < 1e-10) break;
  }
  let change = 0;
  for (let i = 0; i < np; i++) change = Math.max(change, Math.abs(current[i]! - before[i]!));
  return change;
}

function objective(model: ItemModel, counts: Float64Array, nodes: Float64Array, prior: GuessingPrior): number {
  const Q = nodes.length;
  const p = new Float64Array(model.categories);
  let value = 0;
  for (let q = 0; q < Q; q++) {
    categoryProbabilities(model, nodes[q]!, p);
    for (let k = 0; k < model.categories; k++) {
      const r = counts[k * Q + q]!;
      if (r > 0) value += r * Math.log(p[k]!);
    }
  }
  if (model.kind === "3pl") value += (prior.alpha - 1) * Math.log(model.c) + (prior.beta - 1) * Math.log(1 - model.c);
  return value;
}

function gradientAndInformation(
  model: ItemModel,
  counts: Float64Array,
  nodes: Float64Array,
  prior: GuessingPrior,
  grad: Float64Array,
  info: Float64Array,
): void {
  const Q = nodes.length;
  const np = grad.length;
  grad.fill(0);
  info.fill(0);
  if (model.kind === "3pl") {
    const { a, c } = model;
    const d = model.d[1]!;
    const dp = [0, 0, 0];
    for (let q = 0; q < Q; q++) {
      const r0 = counts[q]!;
      const r1 = counts[Q + q]!;
      const n = r0 + r1;
      if (n <= 0) continue;
      const t = nodes[q]!;
      const s = 1 / (1 + Math.exp(-(a * t + d)));
      const p = c + (1 - c) * s;
      dp[0] = (1 - c) * s * (1 - s) * t;
      dp[1] = (1 - c) * s * (1 - s);
      dp[2] = c * (1 - c) * (1 - s);
      const resid = (r1 - n * p) / (p * (1 - p));
      const w = n / (p * (1 - p));
      for (let i = 0; i < 3; i++) {
        grad[i]! += resid * dp[i]!;
        for (let j = 0; j < 3; j++) info[i * 3 + j]! += w * dp[i]! * dp[j]!;
      }
    }
    // The prior (α − 1) log c + (β − 1) log(1 − c) in γ = logit c.
    grad[2]! += (prior.alpha - 1) * (1 - c) - (prior.beta - 1) * c;
    info[8]! += (prior.alpha + prior.beta - 2) * c * (1 - c);
    return;
  }
  const K = model.categories;
  const p = new Float64Array(K);
  const off = model.fixedA ? 0 : 1;
  for (let q = 0; q < Q; q++) {
    let n = 0;
    for (let k = 0; k < K; k++) n += counts[k * Q + q]!;
    if (n <= 0) continue;
    const t = nodes[q]!;
    categoryProbabilities(model, t, p);
    let meanK = 0;
    let meanK2 = 0;
    let observedK = 0;
    for (let k = 1; k < K; k++) {
      meanK += k * p[k]!;
      meanK2 += k * k * p[k]!;
      observedK += k * counts[k * Q + q]!;
    }
    if (!model.fixedA) {
      grad[0]! += t * (observedK - n * meanK);
      info[0]! += n * t * t * (meanK2 - meanK * meanK);
      for (let j = 1; j < K; j++) {
        const v = n * t * p[j]! * (j - meanK);
        info[j]! += v;
        info[j * np]! += v;
      }
    }
    for (let j = 1; j < K; j++) {
      grad[off + j - 1]! += counts[j * Q + q]! - n * p[j]!;
      for (let l = 1; l < K; l++) {
        info[(off + j - 1) * np + off + l - 1]! += n * ((j === l ? p[j]! : 0) - p[j]! * p[l]!);
      }
    }
  }
}

/** Solves A x = b for a small symmetric positive definite A by Gaussian elimination with pivoting; null if singular. */
export function solve(matrix: Float64Array, rhs: Float64Array, n: number): number[] | null {
  const m = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n + 1);
    for (let j = 0; j < n; j++) row[j] = matrix[i * n + j]!;
    row[n] = rhs[i]!;
    return row;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (!(Math.abs(m[pivot]![col]!) > 1e-300)) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const rowC = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r]!;
      const f = row[col]! / rowC[col]!;
      if (f === 0) continue;
      for (let j = col; j <= n; j++) row[j]! -= f * rowC[j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Inverse of a symmetric positive definite matrix (Gauss–Jordan with pivoting); null if singular. */
export function invert(matrix: Float64Array, n: number): Float64Array | null {
  const w = 2 * n;
  const m = new Float64Array(n * w);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) m[i * w + j] = matrix[i * n + j]!;
    m[i * w + n + i] = 1;
  }
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(matrix[i * n + i]!));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * w + col]!) > Math.abs(m[pivot * w + col]!)) pivot = r;
    const pv = m[pivot * w + col]!;
    if (!(Math.abs(pv) > 1e-12 * scale)) return null;
    if (pivot !== col) {
      for (let j = 0; j < w; j++) {
        const t = m[col * w + j]!;
        m[col * w + j] = m[pivot * w + j]!;
        m[pivot * w + j] = t;
      }
    }
    for (let j = 0; j < w; j++) m[col * w + j]! /= pv;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r * w + col]!;
      if (f === 0) continue;
      for (let j = 0; j < w; j++) m[r * w + j]! -= f * m[col * w + j]!;
    }
  }
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = m[i * w + n + j]!;
  return out;
}
