// Ability estimates per person (issue 35, decision 0041):
// - EAP, the posterior mean over the quadrature nodes under the calibrated N(0, σ²) prior, with the posterior SD
//   as its standard error (Bock & Mislevy 1982);
// - ML, the maximum of the person's likelihood by Fisher scoring, with SE = 1 / √(test information at θ̂)
//   (Lord 1980, ch. 5). A pattern with every presented item at its lowest (highest) score has no finite maximum:
//   θ̂ = −∞ (+∞) with SE = ∞, reported as such, never clamped to a number. So is a 3PL pattern whose likelihood
//   keeps rising past ±10 (the guessing floor can do that).

import { categoryProbabilities, type ItemModel } from "./calibrate-model";
import { NOT_PRESENTED } from "./types";

export interface AbilityEstimate {
  /** Calibrated items the person was presented. */
  items: number;
  eap: number | null;
  eapSd: number | null;
  ml: number | null;
  mlSe: number | null;
  /** Why ML is infinite. */
  extreme?: "all_lowest" | "all_highest" | "unbounded";
}

export interface PatternAbilities {
  /** EAP per pattern (NaN if the pattern presents no calibrated item). */
  byPattern: Float64Array;
  byPerson: AbilityEstimate[];
}

const NONE: AbilityEstimate = { items: 0, eap: null, eapSd: null, ml: null, mlSe: null };

export function abilitiesFromPosterior(
  models: ItemModel[],
  dropped: Uint8Array,
  rows: Int8Array[],
  ofPerson: Int32Array,
  posterior: Float64Array,
  nodes: Float64Array,
): PatternAbilities {
  const Q = nodes.length;
  const byPattern = new Float64Array(rows.length).fill(NaN);
  const estimates: AbilityEstimate[] = rows.map((row, p) => {
    const used: number[] = [];
    for (let j = 0; j < row.length; j++) if (row[j] !== NOT_PRESENTED && !dropped[j]) used.push(j);
    if (used.length === 0) return NONE;
    let m1 = 0;
    let m2 = 0;
    for (let q = 0; q < Q; q++) {
      const w = posterior[p * Q + q]!;
      m1 += w * nodes[q]!;
      m2 += w * nodes[q]! ** 2;
    }
    byPattern[p] = m1;
    // Newton from the EAP, near the maximum already: a third of the steps from 0, and the same maximum where the
    // likelihood has one (Rasch, 2PL, GPCM: concave in θ). A 3PL likelihood can have several, and which one Newton
    // finds depends on where it starts: from 0, as it always has.
    const used3pl = used.some((j) => models[j]!.kind === "3pl");
    const ml = maximumLikelihood(used.map((j) => models[j]!), used.map((j) => row[j]!), used3pl ? 0 : m1);
    return { items: used.length, eap: m1, eapSd: Math.sqrt(Math.max(0, m2 - m1 * m1)), ...ml };
  });
  const byPerson = Array.from(ofPerson, (p) => (p < 0 ? NONE : estimates[p]!));
  return { byPattern, byPerson };
}

const BOUND = 10;

/** ML θ for responses `scores` to `models`, with its SE; ±∞ for a pattern without a finite maximum. */
export function maximumLikelihood(models: ItemModel[], scores: number[], start = 0): Pick<AbilityEstimate, "ml" | "mlSe" | "extreme"> {
  if (models.length === 0) return { ml: null, mlSe: null };
  if (scores.every((x) => x === 0)) return { ml: -Infinity, mlSe: Infinity, extreme: "all_lowest" };
  if (scores.every((x, i) => x === models[i]!.categories - 1)) return { ml: Infinity, mlSe: Infinity, extreme: "all_highest" };
  let theta = Number.isFinite(start) ? start : 0;
  for (let iteration = 0; iteration < 200; iteration++) {
    const { gradient, information } = scoreAt(models, scores, theta);
    if (!(information > 0)) break;
    const step = Math.max(-1, Math.min(1, gradient / information));
    theta += step;
    if (Math.abs(theta) > BOUND) {
      return { ml: theta > 0 ? Infinity : -Infinity, mlSe: Infinity, extreme: "unbounded" };
    }
    if (Math.abs(step) < 1e-9) break;
  }
  const { information } = scoreAt(models, scores, theta);
  return { ml: theta, mlSe: information > 0 ? 1 / Math.sqrt(information) : Infinity };
}

/** ∂ log L / ∂θ and the test (expected Fisher) information at θ. */
const scratch = new Float64Array(16);

function scoreAt(models: ItemModel[], scores: number[], theta: number): { gradient: number; information: number } {
  let gradient = 0;
  let information = 0;
  const p = scratch;
  models.forEach((m, i) => {
    const x = scores[i]!;
    if (m.kind === "3pl") {
      const s = 1 / (1 + Math.exp(-(m.a * theta + m.d[1]!)));
      const right = m.c + (1 - m.c) * s;
      const slope = (1 - m.c) * m.a * s * (1 - s);
      gradient += x === 1 ? slope / right : -slope / (1 - right);
      information += (slope * slope) / (right * (1 - right));
      return;
    }
    const probs = m.categories <= p.length ? p.subarray(0, m.categories) : new Float64Array(m.categories);
    categoryProbabilities(m, theta, probs);
    let mean = 0;
    let mean2 = 0;
    for (let k = 1; k < m.categories; k++) {
      mean += k * probs[k]!;
      mean2 += k * k * probs[k]!;
    }
    gradient += m.a * (x - mean);
    information += m.a * m.a * (mean2 - mean * mean);
  });
  return { gradient, information };
}
