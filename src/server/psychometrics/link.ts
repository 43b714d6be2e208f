// Linking a new form's item parameters (scale X, "from") to the reference scale (scale Y, "to") through common
// (anchor) items: θ_Y = A·θ_X + B, so a_Y = a_X / A, b_Y = A·b_X + B, c unchanged (issue 35; decision 0042).
//
// Sources of the formulas (reimplemented from the published definitions, no code taken):
// - Kolen, M. J. & Brennan, R. L. Test Equating, Scaling, and Linking (2nd ed. 2004, ch. 6): the transformation,
//   the moment methods and the characteristic-curve criteria as written here, including the symmetric criterion
//   (the sum of the new-to-old and old-to-new criteria, each divided by its sum of weights).
// - Loyd, B. H. & Hoover, H. D. (1980), mean-mean: A = mean(a_X) / mean(a_Y), B = mean(b_Y) − A·mean(b_X).
// - Marco, G. L. (1977), mean-sigma: A = sd(b_Y) / sd(b_X), B = mean(b_Y) − A·mean(b_X).
// - Haebara, T. (1980): the squared differences of each anchor's curve, summed over items and θ points.
// - Stocking, M. L. & Lord, F. M. (1983): the squared difference of the anchors' summed curves (the TCC).
// Both criteria are sums of squared residuals in (A, B); they are minimised by Levenberg–Marquardt with the
// residuals' analytic derivatives (below), started from mean-sigma.
// GPCM anchors (Muraki 1992) take part as K&B §6.6 and STUIRT treat them: a/A and each step A·b_v + B; in the
// moment methods each step counts as one difficulty; in Haebara's criterion every score category of every item
// is one curve (a right/wrong item's two categories included), divided by the number of categories.
// Checked against Kolen's STUIRT example 1 as given in meyerjp3/psychometrics' Apache-2.0 test files (link.test.ts).

import type { GpcmParams, ItemParams } from "./types";

/** An anchor: a right/wrong 3PL item or a generalised partial credit item (steps b[0..m−1], scored 0..m). */
export type LinkItem = ItemParams | GpcmParams;
export type NamedLinkItem = LinkItem & { item: string };

export function isGpcm(item: LinkItem): item is GpcmParams {
  return Array.isArray(item.b);
}

export type LinkMethod = "stocking-lord" | "haebara" | "mean-mean" | "mean-sigma";
export const LINK_METHODS: readonly LinkMethod[] = ["stocking-lord", "haebara", "mean-mean", "mean-sigma"];

/** θ points and their weights (any positive scale: each criterion divides by the weights' sum). */
export interface Quadrature {
  points: number[];
  weights: number[];
}

export interface LinkOptions {
  method?: LinkMethod;
  /** Logistic scaling constant of both forms' parameters (1 = logistic metric; 1.7 = normal metric). */
  D?: number;
  /** θ points on the new form's scale (X); default {@link normalQuadrature}(). */
  fromQuadrature?: Quadrature;
  /** θ points on the reference scale (Y); default {@link normalQuadrature}(). */
  toQuadrature?: Quadrature;
  /** true (default): the symmetric criterion Q1 + Q2; false: only Q1, new form onto the reference scale. */
  symmetric?: boolean;
}

export interface LinkResult {
  method: LinkMethod;
  /** Slope: θ_Y = A·θ_X + B. */
  A: number;
  /** Intercept. */
  B: number;
  /** The criterion's value at (A, B); null for the moment methods. */
  criterion: number | null;
  iterations: number;
}

export const DEFAULT_DRIFT_THRESHOLD = 0.5;

/**
 * `count` equally spaced points on [lo, hi] weighted by the normal density N(mean, sd²) — the usual choice when
 * the groups' own ability distributions are not at hand (41 points on [−4, 4] by default).
 */
export function normalQuadrature(count = 41, lo = -4, hi = 4, mean = 0, sd = 1): Quadrature {
  const points: number[] = [];
  const weights: number[] = [];
  for (let k = 0; k < count; k++) {
    const t = count === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * k) / (count - 1);
    points.push(t);
    weights.push(Math.exp(-0.5 * ((t - mean) / sd) ** 2));
  }
  return { points, weights };
}

/**
 * P(score = k | θ) for k = 0..m, with dP_k/du where u is the item's "D·a·θ" part (a 3PL item's logit; a GPCM
 * item's common factor of the category exponents, s_k = k·u − D·a·Σ_{v≤k} b_v, so dP_k/du = P_k·(k − E[score])).
 */
export function categoryCurve(item: LinkItem, theta: number, D: number): { p: number[]; dp: number[] } {
  if (!isGpcm(item)) {
    const L = 1 / (1 + Math.exp(-D * item.a * (theta - item.b)));
    const P = item.c + (1 - item.c) * L;
    const g = (1 - item.c) * L * (1 - L);
    return { p: [1 - P, P], dp: [-g, g] };
  }
  const s = [0];
  for (const bv of item.b) s.push(s[s.length - 1]! + D * item.a * (theta - bv));
  const top = Math.max(...s);
  const e = s.map((x) => Math.exp(x - top));
  const total = e.reduce((t, x) => t + x, 0);
  const p = e.map((x) => x / total);
  const mean = p.reduce((t, pk, k) => t + k * pk, 0);
  return { p, dp: p.map((pk, k) => pk * (k - mean)) };
}

/** The new form's parameters put on the reference scale. */
export function transformToReference<T extends LinkItem>(item: T, A: number, B: number): T {
  return isGpcm(item) ? { ...item, a: item.a / A, b: item.b.map((bv) => A * bv + B) } : { ...item, a: item.a / A, b: A * item.b + B };
}

/** An item's difficulties: its b, or a GPCM item's steps. */
function difficulties(item: LinkItem): number[] {
  return isGpcm(item) ? item.b : [item.b];
}

function mean(xs: number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Population SD (divisor n): the ratio of two SDs over the same anchors does not depend on the divisor. */
function sd(xs: number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
}

/** Anchors in from/to order, paired by position (callers pair by name first, see {@link pairAnchors}). */
export function linkAnchors(from: LinkItem[], to: LinkItem[], options: LinkOptions = {}): LinkResult {
  const method = options.method ?? "stocking-lord";
  if (from.length !== to.length) throw new RangeError("from and to must list the same anchors");
  if (from.length < 2) throw new RangeError("linking needs at least two anchor items");
  for (const item of [...from, ...to]) {
    if (!(Number.isFinite(item.a) && item.a > 0 && difficulties(item).every(Number.isFinite) && difficulties(item).length > 0) ||
      (!isGpcm(item) && !(item.c >= 0 && item.c < 1))) {
      throw new RangeError("every anchor needs a > 0, 0 ≤ c < 1 and finite b");
    }
  }
  from.forEach((item, i) => {
    if (isGpcm(item) !== isGpcm(to[i]!) || difficulties(item).length !== difficulties(to[i]!).length) {
      throw new RangeError("an anchor must have the same model and number of steps on both forms");
    }
  });
  const bX = from.flatMap(difficulties);
  const bY = to.flatMap(difficulties);
  if (method === "mean-mean") {
    const A = mean(from.map((i) => i.a)) / mean(to.map((i) => i.a));
    return { method, A, B: mean(bY) - A * mean(bX), criterion: null, iterations: 0 };
  }
  const sdX = sd(bX);
  if (sdX === 0) throw new RangeError("the anchors' difficulties on the new form do not vary");
  const A0 = sd(bY) / sdX;
  const B0 = mean(bY) - A0 * mean(bX);
  if (method === "mean-sigma") return { method, A: A0, B: B0, criterion: null, iterations: 0 };

  const D = options.D ?? 1;
  if (!(Number.isFinite(D) && D > 0)) throw new RangeError("the scaling constant D must be a positive number");
  const residuals = criterionResiduals(method, from, to, D, options.fromQuadrature ?? normalQuadrature(),
    options.toQuadrature ?? normalQuadrature(), options.symmetric ?? true);
  const fit = levenbergMarquardt(residuals, A0 > 0 && Number.isFinite(A0) ? A0 : 1, Number.isFinite(B0) ? B0 : 0);
  return { method, A: fit.A, B: fit.B, criterion: fit.value, iterations: fit.iterations };
}

/** Residuals r_k(A, B) and their derivatives; the criterion is Σ r_k². */
type Residuals = (A: number, B: number) => { r: number[]; dA: number[]; dB: number[] };

/**
 * Q1 (on the reference scale's points θ, weights w, W = Σw): the new form's anchors transformed onto Y,
 *   a* = a/A, b* = A·b + B, so u = D·a·(θ − B)/A (+ a constant) and ∂u/∂A = −D·a·(θ − B)/A², ∂u/∂B = −D·a/A.
 * Q2 (on the new form's points): the reference anchors transformed back onto X,
 *   a# = A·a, b# = (b − B)/A, so u = D·a·(A·θ + B) (+ a constant) and ∂u/∂A = D·a·θ, ∂u/∂B = D·a.
 * The same holds for each GPCM step; dP_k/du is categoryCurve's.
 * Stocking–Lord: one residual per point, √(w/W)·(T_target(θ) − T_transformed(θ)), T the anchors' summed
 * expected scores Σ k·P_k. Haebara: one per point, item and category, √(w/(K·W))·(P_k,target − P_k,transformed),
 * K the number of categories of all anchors.
 */
function criterionResiduals(method: "stocking-lord" | "haebara", from: LinkItem[], to: LinkItem[], D: number,
  qx: Quadrature, qy: Quadrature, symmetric: boolean): Residuals {
  const haebara = method === "haebara";
  const K = from.reduce((s, item) => s + difficulties(item).length + 1, 0);
  const halves: { q: Quadrature; target: LinkItem[]; moved: LinkItem[]; toY: boolean }[] = [
    { q: qy, target: to, moved: from, toY: true },
  ];
  if (symmetric) halves.push({ q: qx, target: from, moved: to, toY: false });
  for (const { q } of halves) {
    if (q.points.length === 0 || q.points.length !== q.weights.length || q.weights.some((w) => !(w >= 0)) ||
      !q.weights.some((w) => w > 0)) {
      throw new RangeError("a quadrature needs as many non-negative weights as points, some above 0");
    }
  }
  return (A, B) => {
    const r: number[] = [];
    const dA: number[] = [];
    const dB: number[] = [];
    for (const { q, target, moved, toY } of halves) {
      const W = q.weights.reduce((s, w) => s + w, 0);
      q.points.forEach((theta, point) => {
        const scale = Math.sqrt(q.weights[point]! / (haebara ? K * W : W));
        let sum = 0;
        let sumA = 0;
        let sumB = 0;
        moved.forEach((item, i) => {
          const a = item.a;
          const uA = toY ? -D * a * (theta - B) / (A * A) : D * a * theta;
          const uB = toY ? -D * a / A : D * a;
          const m = toY ? transformToReference(item, A, B) : transformFromReference(item, A, B);
          const mc = categoryCurve(m, theta, D);
          const tc = categoryCurve(target[i]!, theta, D);
          mc.p.forEach((pk, k) => {
            const diff = tc.p[k]! - pk;
            const dpk = mc.dp[k]!;
            if (haebara) {
              r.push(scale * diff);
              dA.push(-scale * dpk * uA);
              dB.push(-scale * dpk * uB);
            } else {
              sum += k * diff;
              sumA -= k * dpk * uA;
              sumB -= k * dpk * uB;
            }
          });
        });
        if (!haebara) {
          r.push(scale * sum);
          dA.push(scale * sumA);
          dB.push(scale * sumB);
        }
      });
    }
    return { r, dA, dB };
  };
}

/** The reference form's parameters put on the new form's scale (the inverse of transformToReference). */
function transformFromReference<T extends LinkItem>(item: T, A: number, B: number): T {
  return isGpcm(item) ? { ...item, a: item.a * A, b: item.b.map((bv) => (bv - B) / A) } : { ...item, a: item.a * A, b: (item.b - B) / A };
}

/** Minimises Σ r² over (A, B), A kept positive; stops when a step no longer moves A or B by 1e-12. */
function levenbergMarquardt(residuals: Residuals, A0: number, B0: number) {
  let A = A0;
  let B = B0;
  let cur = residuals(A, B);
  let value = cur.r.reduce((s, x) => s + x * x, 0);
  let lambda = 1e-3;
  let iterations = 0;
  for (; iterations < 500; iterations++) {
    let jaa = 0, jab = 0, jbb = 0, ga = 0, gb = 0;
    cur.r.forEach((rk, k) => {
      const dA = cur.dA[k]!;
      const dB = cur.dB[k]!;
      jaa += dA * dA;
      jab += dA * dB;
      jbb += dB * dB;
      ga += dA * rk;
      gb += dB * rk;
    });
    let improved = false;
    let step = 0;
    while (lambda < 1e12) {
      const haa = jaa * (1 + lambda);
      const hbb = jbb * (1 + lambda);
      const det = haa * hbb - jab * jab;
      const sA = -(hbb * ga - jab * gb) / det;
      const sB = -(haa * gb - jab * ga) / det;
      step = Math.max(Math.abs(sA), Math.abs(sB));
      if (A + sA > 0) {
        const next = residuals(A + sA, B + sB);
        const nextValue = next.r.reduce((s, x) => s + x * x, 0);
        if (nextValue <= value) {
          A += sA;
          B += sB;
          cur = next;
          value = nextValue;
          lambda = Math.max(lambda / 10, 1e-12);
          improved = true;
          break;
        }
      }
      if (step < 1e-14) break;
      lambda *= 10;
    }
    if (!improved || step < 1e-12) break;
  }
  return { A, B, value, iterations };
}

export interface AnchorDrift {
  item: string;
  /** Difficulty on the reference scale (a GPCM item's: the mean of its steps). */
  bTo: number;
  /** The new form's difficulty transformed onto the reference scale: A·b_X + B. */
  bTransformed: number;
  /** bTransformed − bTo, in logits of the reference scale. */
  drift: number;
  aTo: number;
  aTransformed: number;
  flagged: boolean;
}

export interface LinkReport extends LinkResult {
  anchors: AnchorDrift[];
  /** Items found in only one of the two lists (not used). */
  unmatched: { from: string[]; to: string[] };
  driftThreshold: number;
  /** The link redone without the flagged anchors; null when none was flagged or fewer than two would remain. */
  relinked: (LinkResult & { dropped: string[]; anchors: AnchorDrift[] }) | null;
}

/** Pairs the two lists' items by name (first occurrence), in the reference list's order. */
export function pairAnchors<T extends NamedLinkItem>(from: T[], to: T[]) {
  const fromByName = new Map(from.map((i) => [i.item, i]));
  const toNames = new Set(to.map((i) => i.item));
  const pairs = to.filter((i) => fromByName.has(i.item)).map((i) => ({ from: fromByName.get(i.item)!, to: i }));
  return {
    pairs,
    unmatched: {
      from: from.filter((i) => !toNames.has(i.item)).map((i) => i.item),
      to: to.filter((i) => !fromByName.has(i.item)).map((i) => i.item),
    },
  };
}

function location(item: LinkItem): number {
  return mean(difficulties(item));
}

function drifts(pairs: { from: NamedLinkItem; to: NamedLinkItem }[], A: number, B: number, threshold: number) {
  return pairs.map(({ from, to }) => {
    const moved = transformToReference(from, A, B);
    const drift = location(moved) - location(to);
    return { item: to.item, bTo: location(to), bTransformed: location(moved), drift, aTo: to.a, aTransformed: moved.a,
      flagged: Math.abs(drift) > threshold };
  });
}

/**
 * Links by name, reports each anchor's drift (|A·b_X + B − b_Y| > threshold is flagged) and, when some anchor
 * is flagged, the link redone once without the flagged anchors (one pass: the drifts of the re-link are reported
 * for the remaining anchors, and a user who wants to drop more drops them and links again).
 */
export function linkForms(from: NamedLinkItem[], to: NamedLinkItem[],
  options: LinkOptions & { driftThreshold?: number } = {}): LinkReport {
  const threshold = options.driftThreshold ?? DEFAULT_DRIFT_THRESHOLD;
  if (!(threshold > 0)) throw new RangeError("the drift threshold must be positive");
  const { pairs, unmatched } = pairAnchors(from, to);
  const first = linkAnchors(pairs.map((p) => p.from), pairs.map((p) => p.to), options);
  const anchors = drifts(pairs, first.A, first.B, threshold);
  const kept = pairs.filter((_, k) => !anchors[k]!.flagged);
  let relinked: LinkReport["relinked"] = null;
  if (kept.length < pairs.length && kept.length >= 2) {
    const again = linkAnchors(kept.map((p) => p.from), kept.map((p) => p.to), options);
    relinked = { ...again, dropped: anchors.filter((d) => d.flagged).map((d) => d.item),
      anchors: drifts(kept, again.A, again.B, threshold) };
  }
  return { ...first, anchors, unmatched, driftThreshold: threshold, relinked };
}

export interface LinkStandardErrors {
  /** Bootstrap standard errors of the slope and intercept (the replicates' sample SDs). */
  seA: number;
  seB: number;
  /** Replicates that could be linked (a resample whose difficulties do not vary, say, is skipped). */
  replicates: number;
}

/**
 * Standard errors of the linking constants A and B by a bootstrap over the anchors (issue 35; decision 0045):
 * the anchors are resampled with replacement `replicates` times, each sample linked by the same method, and the SEs
 * are the replicates' SDs. The anchors, not the persons, are the sampled units: with fixed item estimates this is
 * the error from which anchors happened to be chosen (Kolen & Brennan 2014, §6.6's "common-item sampling error"),
 * and it needs nothing the characteristic-curve methods do not already give — a delta method for Stocking–Lord or
 * Haebara would need the criterion's second derivatives in the item parameters and their covariance matrix. A
 * fixed seed makes the result the same on every run.
 */
export function linkingStandardErrors(from: LinkItem[], to: LinkItem[], options: LinkOptions & { replicates?: number; seed?: number } = {}): LinkStandardErrors {
  if (from.length !== to.length) throw new RangeError("from and to must list the same anchors");
  if (from.length < 3) throw new RangeError("a bootstrap over anchors needs at least three anchor items");
  const replicates = options.replicates ?? 200;
  if (!(Number.isInteger(replicates) && replicates >= 20)) throw new RangeError("at least 20 bootstrap replicates are needed");
  const random = mulberry32(options.seed ?? 35);
  const As: number[] = [];
  const Bs: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const picks = from.map(() => Math.floor(random() * from.length));
    if (new Set(picks).size < 2) continue;
    try {
      const link = linkAnchors(picks.map((k) => from[k]!), picks.map((k) => to[k]!), options);
      if (Number.isFinite(link.A) && Number.isFinite(link.B)) {
        As.push(link.A);
        Bs.push(link.B);
      }
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }
  if (As.length < 2) throw new RangeError("too few bootstrap samples could be linked");
  const sampleSd = (xs: number[]) => {
    const m = mean(xs);
    return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
  };
  return { seA: sampleSd(As), seB: sampleSd(Bs), replicates: As.length };
}

/** A small seeded generator (mulberry32). */
function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
