// Rudner's expected classification accuracy and consistency, by hand (issue 35).
import { describe, expect, it } from "vitest";
import { cutConsistency, levelAccuracy, normalCdf } from "./levels-by-group";

describe("classification accuracy and consistency (Rudner 2001, 2005)", () => {
  it("the normal CDF at known points", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(-1.96)).toBeCloseTo(0.024998, 6);
  });

  it("at one cut: each score's chance of being on its observed side, averaged", () => {
    // Cut 500. A score of 520 with SE 20 is above by one SE: p = Φ(1) = 0.841345. A score of 470 with SE 30 is
    // below by one SE: p = Φ(1). A score of 500 exactly is on the cut: p = Φ(0) = 0.5. Without an SE: left out.
    const attempts = [
      { score: 520, se: 20 },
      { score: 470, se: 30 },
      { score: 500, se: 10 },
      { score: 900, se: null },
    ];
    const p = 0.841345;
    const { accuracy, consistency } = cutConsistency(attempts, 500);
    expect(accuracy).toBeCloseTo((p + p + 0.5) / 3, 5); // 0.727563
    expect(consistency).toBeCloseTo((2 * (p * p + (1 - p) ** 2) + 0.5) / 3, 5); // 0.655
    expect(cutConsistency([{ score: 1, se: null }], 0)).toEqual({ accuracy: null, consistency: null });
  });

  it("over the levels: P(true level = observed level)", () => {
    // Cuts 450 and 550. A score of 500 with SE 50 is in the middle level, one SE from each cut:
    // Φ(1) − Φ(−1) = 0.682689. A score of 600 with SE 50 is in the top level: 1 − Φ(−1) = 0.841345.
    expect(levelAccuracy([{ score: 500, se: 50 }], [450, 550])).toBeCloseTo(0.682689, 5);
    expect(levelAccuracy([{ score: 500, se: 50 }, { score: 600, se: 50 }], [450, 550])).toBeCloseTo((0.682689 + 0.841345) / 2, 5);
    expect(levelAccuracy([], [450])).toBeNull();
  });
});
