// The cut computations of standard setting (issue 35; docs/decisions/0048), kept free of the database so they can be
// checked by hand.
//
// Sources: Cizek, G. J. & Bunch, M. B. (2007). Standard Setting: A Guide to Establishing and Evaluating Performance
// Standards on Tests, ch. 6 (modified Angoff) and ch. 10 (Bookmark); Mitzel, H. C., Lewis, D. M., Patz, R. J. &
// Green, D. R. (2001). The Bookmark procedure: psychological perspectives. In G. J. Cizek (Ed.), Setting Performance
// Standards, 249–281.
//
// Modified Angoff: a panellist's rating of an item is the probability that the borderline student of a level answers
// it right (for a partial-credit item, the expected score). Their sum over the items is a raw score; the cut θ is the
// ability whose expected raw score on those items equals it, read through the test characteristic curve (equate.ts's
// thetaForTrueScore, Kolen & Brennan 2004 §6.4).
// Bookmark: the items are ordered into a booklet by their RP location, the θ at which the response probability is
// RP (0.67 by default, "RP67"): for a 2PL item θ = b + ln(RP/(1−RP))/a; with guessing (3PL) P(θ) = c + (1−c)·L = RP
// gives θ = b + ln(L/(1−L))/a with L = (RP−c)/(1−c). A partial-credit item has one page per score point k, at the θ
// where P(X ≥ k) = RP (Mitzel et al. 2001). A panellist's bookmark is a page; the cut θ is that page's location.
// Both θs are on the scale's reference θ and become scale scores through scale.ts's toScaleScore.

import { thetaForTrueScore } from "../../psychometrics/equate";
import { categoryCurve, isGpcm, type LinkItem } from "../../psychometrics/link";

/** Items are in the logistic metric without a scaling constant (the calibration's, D = 1). */
const D = 1;

/**
 * A cut below every item's reach (an Angoff sum at or under the guessing floor, a 3PL item whose chance level is above
 * RP) or above it (a perfect sum) has no finite θ; it is read at ±6, beyond any cohort, and the scale's bounds apply.
 */
export const THETA_LIMIT = 6;

const clamp = (theta: number) => Math.max(-THETA_LIMIT, Math.min(THETA_LIMIT, theta));

/** The top score of an item: 1 for right/wrong, its number of steps for a partial-credit item. */
export function maxScoreOf(item: LinkItem): number {
  return isGpcm(item) ? item.b.length : 1;
}

/** P(X ≥ k | θ). */
function atLeast(item: LinkItem, k: number, theta: number): number {
  const { p } = categoryCurve(item, theta, D);
  let sum = 0;
  for (let j = k; j < p.length; j++) sum += p[j]!;
  return sum;
}

/** The θ at which the probability of scoring at least k on the item is rp (k = 1 for a right/wrong item). */
export function rpLocation(item: LinkItem, rp: number, k = 1): number {
  if (!isGpcm(item)) {
    if (rp <= item.c) return -THETA_LIMIT;
    const L = (rp - item.c) / (1 - item.c);
    return clamp(item.b + Math.log(L / (1 - L)) / (D * item.a));
  }
  // P(X ≥ k) rises with θ (a > 0): bisection.
  let lo = -50;
  let hi = 50;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (atLeast(item, k, mid) < rp) lo = mid;
    else hi = mid;
  }
  return clamp((lo + hi) / 2);
}

export interface BookletItem<T = string> {
  id: T;
  params: LinkItem;
}

export interface BookletPage<T = string> {
  /** 1-based. */
  page: number;
  id: T;
  /** The score point this page stands for (1 for right/wrong items). */
  scorePoint: number;
  location: number;
}

/** The ordered item booklet: one page per item score point, easiest first (ties: the item's order given). */
export function orderedBooklet<T>(items: readonly BookletItem<T>[], rp: number): BookletPage<T>[] {
  const pages = items.flatMap((item, order) =>
    Array.from({ length: maxScoreOf(item.params) }, (_, j) => ({ id: item.id, scorePoint: j + 1, location: rpLocation(item.params, rp, j + 1), order })),
  );
  pages.sort((x, y) => x.location - y.location || x.order - y.order || x.scorePoint - y.scorePoint);
  return pages.map(({ id, scorePoint, location }, i) => ({ page: i + 1, id, scorePoint, location }));
}

/** The θ whose expected raw score on the items equals an Angoff sum of ratings. */
export function angoffTheta(items: readonly LinkItem[], rawScore: number): number {
  const floor = items.reduce((s, item) => s + (isGpcm(item) ? 0 : item.c), 0);
  const top = items.reduce((s, item) => s + maxScoreOf(item), 0);
  if (rawScore <= floor + 1e-9) return -THETA_LIMIT;
  if (rawScore >= top - 1e-9) return THETA_LIMIT;
  return clamp(thetaForTrueScore([...items], rawScore, D));
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The sample SD (divisor n − 1): the panel is a sample of possible panellists. Null under two values. */
export function sampleSd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** The share of scores at or above a cut (0 when there are none). */
export function shareAtOrAbove(scores: readonly number[], cut: number): number {
  if (scores.length === 0) return 0;
  return scores.filter((s) => s >= cut).length / scores.length;
}
