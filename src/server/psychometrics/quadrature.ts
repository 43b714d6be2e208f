// Quadrature for a normal ability distribution N(μ, σ²) in marginal maximum likelihood (Bock & Aitkin 1981).
//
// Equally spaced nodes (default 61 from −6 to 6) with weights proportional to the normal density at each node,
// normalised to sum to 1 — the rule mirt uses by default for one factor (Chalmers 2012, mirt's `quadpts`/`theta_lim`),
// not Gauss–Hermite. Why: the published references we are checked against (LSAT7, issue 35) were computed on that
// grid, and the grid does not move when the ability variance is estimated (Rasch): only the weights do, so the
// E-step's tables stay valid and the variance's M-step is a moment of the posterior counts. Decision 0041.

export interface Quadrature {
  nodes: Float64Array;
  /** Weights of N(mean, sd²) at the nodes, summing to 1. */
  weights: Float64Array;
}

export const DEFAULT_POINTS = 61;
export const DEFAULT_RANGE = 6;

export function equallySpacedNodes(points = DEFAULT_POINTS, range = DEFAULT_RANGE): Float64Array {
  if (!Number.isInteger(points) || points < 3) throw new RangeError("quadrature needs at least 3 points");
  if (!(range > 0)) throw new RangeError("quadrature range must be positive");
  const nodes = new Float64Array(points);
  const step = (2 * range) / (points - 1);
  for (let q = 0; q < points; q++) nodes[q] = -range + q * step;
  return nodes;
}

/** Normal weights at fixed nodes: w_q ∝ exp(−(θ_q − μ)² / 2σ²), Σ w_q = 1. */
export function normalWeights(nodes: Float64Array, mean = 0, sd = 1): Float64Array {
  const weights = new Float64Array(nodes.length);
  let sum = 0;
  for (let q = 0; q < nodes.length; q++) {
    const z = (nodes[q]! - mean) / sd;
    const w = Math.exp(-0.5 * z * z);
    weights[q] = w;
    sum += w;
  }
  for (let q = 0; q < nodes.length; q++) weights[q]! /= sum;
  return weights;
}

export function normalQuadrature(mean = 0, sd = 1, points = DEFAULT_POINTS, range = DEFAULT_RANGE): Quadrature {
  const nodes = equallySpacedNodes(points, range);
  return { nodes, weights: normalWeights(nodes, mean, sd) };
}
