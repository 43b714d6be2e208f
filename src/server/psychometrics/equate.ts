// IRT true-score equating of form X's number-correct scores to form Y's (issue 35; decision 0042), both forms'
// parameters (3PL and GPCM items) on one scale (link first, see link.ts).
//
// Source: Kolen, M. J. & Brennan, R. L. Test Equating, Scaling, and Linking (2nd ed. 2004, §6.4): for a true
// score τ_X, find θ with T_X(θ) = Σ_i P_i(θ) = τ_X by Newton–Raphson, and τ_Y = T_Y(θ). A true score at or below
// Σ c_i (form X's pseudo-chance sum) has no θ; for those, Kolen's linear rule x · Σc_Y / Σc_X is used, and the
// top score maps to the top score. A GPCM item adds its expected score Σ k·P_k to T (Muraki 1992) and has no
// pseudo-chance part. Checked against Kolen's PolyEquate on K&B's 36-item example and on a mixed-format one, as
// given in meyerjp3/psychometrics' Apache-2.0 test file IrtTrueScoreEquatingTest.java (equate.test.ts).

import { categoryCurve, isGpcm, type LinkItem } from "./link";

export interface EquatedScore {
  /** Form X's number-correct score. */
  x: number;
  /** θ with T_X(θ) = x; null when there is none (x ≤ Σc_X, or x the top score). */
  theta: number | null;
  /** Form Y's equivalent (a true score, not rounded). */
  y: number;
}

/** The test characteristic curve T(θ) (expected number-correct) and its derivative. */
export function testCharacteristic(items: LinkItem[], theta: number, D: number): { t: number; dt: number } {
  let t = 0;
  let dt = 0;
  for (const item of items) {
    const { p, dp } = categoryCurve(item, theta, D);
    p.forEach((pk, k) => {
      t += k * pk;
      dt += k * dp[k]! * D * item.a;
    });
  }
  return { t, dt };
}

/**
 * θ with T(θ) = tau for Σc < tau < n. Newton from θ = 0, each step kept inside a bracket that shrinks to the
 * side the curve says (T rises with θ), so a flat tail cannot throw it out: converges to |Δθ| < 1e-12.
 */
export function thetaForTrueScore(items: LinkItem[], tau: number, D: number): number {
  let lo = -50;
  let hi = 50;
  let theta = 0;
  for (let k = 0; k < 200; k++) {
    const { t, dt } = testCharacteristic(items, theta, D);
    if (t < tau) lo = theta;
    else hi = theta;
    let next = theta - (t - tau) / dt;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - theta) < 1e-12) return next;
    theta = next;
  }
  return theta;
}

export function equateTrueScores(formX: LinkItem[], formY: LinkItem[], D = 1): EquatedScore[] {
  if (formX.length === 0 || formY.length === 0) throw new RangeError("both forms need items");
  if (!(Number.isFinite(D) && D > 0)) throw new RangeError("the scaling constant D must be a positive number");
  for (const item of [...formX, ...formY]) {
    const bs = isGpcm(item) ? item.b : [item.b];
    if (!(Number.isFinite(item.a) && item.a > 0 && bs.length > 0 && bs.every(Number.isFinite)) || (!isGpcm(item) && !(item.c >= 0 && item.c < 1))) {
      throw new RangeError("every item needs a > 0, 0 ≤ c < 1 and finite b");
    }
  }
  const chance = (items: LinkItem[]) => items.reduce((s, i) => s + (isGpcm(i) ? 0 : i.c), 0);
  const top = (items: LinkItem[]) => items.reduce((s, i) => s + (isGpcm(i) ? i.b.length : 1), 0);
  const cX = chance(formX);
  const cY = chance(formY);
  const n = top(formX);
  const rows: EquatedScore[] = [];
  for (let x = 0; x <= n; x++) {
    if (x === n) rows.push({ x, theta: null, y: top(formY) });
    else if (x <= cX) rows.push({ x, theta: null, y: cX === 0 ? 0 : (x * cY) / cX });
    else {
      const theta = thetaForTrueScore(formX, x, D);
      rows.push({ x, theta, y: testCharacteristic(formY, theta, D).t });
    }
  }
  return rows;
}
