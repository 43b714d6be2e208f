// Standard setting's cut computations on cases worked by hand (issue 35; docs/decisions/0048).
import { describe, expect, it } from "vitest";
import { angoffTheta, median, orderedBooklet, rpLocation, sampleSd, shareAtOrAbove, THETA_LIMIT } from "./cuts";

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

describe("RP67 locations", () => {
  it("2PL: θ = b + ln(0.67/0.33)/a", () => {
    // ln(0.67/0.33) = ln(2.030303…) = 0.708185…
    expect(rpLocation({ a: 1, b: 0, c: 0 }, 0.67)).toBeCloseTo(0.708185, 5);
    expect(rpLocation({ a: 2, b: 1, c: 0 }, 0.67)).toBeCloseTo(1 + 0.708185 / 2, 5);
    // RP50 is b itself.
    expect(rpLocation({ a: 1.3, b: -0.4, c: 0 }, 0.5)).toBeCloseTo(-0.4, 9);
  });

  it("3PL: solves c + (1 − c)·L = 0.67, so L = 0.5875 and θ = b + ln(0.5875/0.4125)/a", () => {
    // ln(1.424242…) = 0.353640…
    const theta = rpLocation({ a: 1, b: 0, c: 0.2 }, 0.67);
    expect(theta).toBeCloseTo(0.35364, 4);
    expect(0.2 + 0.8 * logistic(theta)).toBeCloseTo(0.67, 9);
  });

  it("a 3PL item whose chance level is above RP is read at the bottom limit", () => {
    expect(rpLocation({ a: 1, b: 0, c: 0.7 }, 0.67)).toBe(-THETA_LIMIT);
  });

  it("a partial-credit item has one location per score point, where P(X ≥ k) = RP", () => {
    // One step: the GPCM is the 2PL.
    expect(rpLocation({ a: 1, b: [0] }, 0.67, 1)).toBeCloseTo(0.708185, 6);
    const item = { a: 1, b: [-1, 1] };
    const first = rpLocation(item, 0.67, 1);
    const second = rpLocation(item, 0.67, 2);
    expect(first).toBeLessThan(second);
    // P(X = 2 | θ) = e^{2θ} / (e^{θ+1} + e^{2θ} + 1)… checked directly at the solution.
    const p2 = (t: number) => Math.exp(2 * t) / (1 + Math.exp(t + 1) + Math.exp(2 * t));
    expect(p2(second)).toBeCloseTo(0.67, 9);
  });

  it("the booklet orders every score point by location, easiest first, pages from 1", () => {
    const pages = orderedBooklet(
      [
        { id: "hard", params: { a: 1, b: 2, c: 0 } },
        { id: "easy", params: { a: 1, b: -2, c: 0 } },
        { id: "steps", params: { a: 1, b: [-1, 1] } },
      ],
      0.67,
    );
    expect(pages.map((p) => [p.page, p.id, p.scorePoint])).toEqual([
      [1, "easy", 1],
      [2, "steps", 1],
      [3, "steps", 2],
      [4, "hard", 1],
    ]);
    expect(pages[0]!.location).toBeCloseTo(-2 + 0.708185, 5);
  });
});

describe("Angoff through the test characteristic curve", () => {
  // Three Rasch items at b = −1, 0, 1. At θ = 0 the TCC is σ(1) + ½ + σ(−1) = 1.5; at θ = 1 it is
  // σ(2) + σ(1) + ½ = 0.880797 + 0.731059 + 0.5 = 2.111856.
  const items = [
    { a: 1, b: -1, c: 0 },
    { a: 1, b: 0, c: 0 },
    { a: 1, b: 1, c: 0 },
  ];

  it("a sum of ratings of 1.5 is θ = 0; 2.111856 is θ = 1", () => {
    expect(angoffTheta(items, 0.6 + 0.5 + 0.4)).toBeCloseTo(0, 9);
    expect(angoffTheta(items, 0.9 + 0.7 + 0.511856)).toBeCloseTo(1, 5);
  });

  it("sums the curve never reaches are read at the limits", () => {
    expect(angoffTheta(items, 0)).toBe(-THETA_LIMIT);
    expect(angoffTheta(items, 3)).toBe(THETA_LIMIT);
    // With guessing, a sum at the chance floor (Σc = 0.6) has no θ either.
    expect(angoffTheta(items.map((i) => ({ ...i, c: 0.2 })), 0.6)).toBe(-THETA_LIMIT);
  });
});

describe("figures between rounds", () => {
  it("medians, sample SDs and impact", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    // [1, 2, 3, 4]: squares about 2.5 sum to 5; 5/3 → 1.290994
    expect(sampleSd([1, 2, 3, 4])).toBeCloseTo(1.290994, 6);
    expect(sampleSd([7])).toBeNull();
    expect(shareAtOrAbove([400, 450, 500, 550], 450)).toBe(0.75);
    expect(shareAtOrAbove([], 450)).toBe(0);
  });
});
