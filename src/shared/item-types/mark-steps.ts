// The marks an item of issue 36 can earn, as shares of its points (docs/decisions/0058, "Partial credit in
// calibration"): the categories the psychometrics' partial-credit model (GPCM, Muraki 1992) sees. Worked out from the
// content's scoring, so that a mark in thirds of 2 points is three steps, not two whole points rounded, and an
// all-or-nothing item of 3 points is right/wrong, not four categories of which two can never occur.
import type { TInteraction } from "./index";

const evenSteps = (n: number) => Array.from({ length: n + 1 }, (_, k) => k / n);

/** The possible shares of the points, ascending from 0 to 1: [0, 1] for right/wrong. */
export function markSteps(c: TInteraction): number[] {
  switch (c.type) {
    case "multiple_response": {
      const right = c.choices.filter((o) => o.correct).length;
      // Partial: each right choice earns a share, each wrong one costs it, never below 0 — k of the right ones.
      return c.scoring === "partial" && right > 1 ? evenSteps(right) : [0, 1];
    }
    case "hotspot": {
      const right = c.areas.filter((a) => a.correct).length;
      return c.scoring === "partial" && right > 1 ? evenSteps(right) : [0, 1];
    }
    case "gap_fill":
    case "inline_choice":
      return c.scoring === "per_gap" && c.gaps.length > 1 ? evenSteps(c.gaps.length) : [0, 1];
    case "ordering": {
      const n = c.items.length;
      // Per pair: 0…n−1 adjacent pairs in order. Per item: 0…n in place, except n−1 (one item out of place moves another).
      if (c.scoring === "per_pair" && n > 2) return evenSteps(n - 1);
      if (c.scoring === "per_item" && n > 2) return evenSteps(n).filter((_, k) => k !== n - 1);
      return [0, 1];
    }
    case "numeric":
      return [0, 1];
  }
}

/** A mark's step: the nearest possible share's index (marks are rounded to two decimals, so not always exact). */
export function stepOf(mark: number, points: number, steps: readonly number[]): number {
  if (!(mark > 0) || points <= 0) return 0;
  const share = Math.min(1, mark / points);
  let best = 0;
  for (let k = 1; k < steps.length; k++) if (Math.abs(steps[k]! - share) < Math.abs(steps[best]! - share)) best = k;
  return best;
}
