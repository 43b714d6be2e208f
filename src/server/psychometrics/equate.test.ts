// IRT true-score equating against Kolen's PolyEquate on Kolen & Brennan's 36-item 3PL forms and a mixed-format pair (numbers from
// meyerjp3/psychometrics' IrtTrueScoreEquatingTest.java, Apache-2.0; see fixtures/kolen-brennan.ts).
import { describe, expect, it } from "vitest";
import { equateTrueScores, testCharacteristic, thetaForTrueScore } from "./equate";
import { NORMAL_METRIC_D } from "./types";
import {
  equateMixedX, equateMixedXTheta, equateMixedY, equateMixedYEquivalents, kb36X, kb36XTheta, kb36Y, kb36YEquivalents,
} from "./fixtures/kolen-brennan";

describe("IRT true-score equating", () => {
  it("gives PolyEquate's θ and Y equivalents for X = 0..36 within 1e-5", () => {
    const rows = equateTrueScores(kb36X, kb36Y, NORMAL_METRIC_D);
    expect(rows).toHaveLength(37);
    rows.forEach((row, x) => {
      expect(row.x).toBe(x);
      const expectedTheta = kb36XTheta[x]!;
      if (Math.abs(expectedTheta) === 99) expect(row.theta).toBeNull();
      else expect(Math.abs(row.theta! - expectedTheta)).toBeLessThan(1e-5);
      expect(Math.abs(row.y - kb36YEquivalents[x]!)).toBeLessThan(1e-5);
    });
  });

  it("equates mixed-format forms (12 3PL + 5 GPCM items, 0..24) as PolyEquate does, within 1e-5", () => {
    const rows = equateTrueScores(equateMixedX, equateMixedY, NORMAL_METRIC_D);
    expect(rows).toHaveLength(25);
    rows.forEach((row, x) => {
      const expectedTheta = equateMixedXTheta[x]!;
      if (Math.abs(expectedTheta) === 99) expect(row.theta).toBeNull();
      else expect(Math.abs(row.theta! - expectedTheta)).toBeLessThan(1e-5);
      expect(Math.abs(row.y - equateMixedYEquivalents[x]!)).toBeLessThan(1e-5);
    });
  });

  it("solves T(θ) = τ in a flat tail (just above Σc = 6.527) as well as in the middle", () => {
    for (const tau of [6.6, 18, 35.99]) {
      const theta = thetaForTrueScore(kb36X, tau, NORMAL_METRIC_D);
      expect(testCharacteristic(kb36X, theta, NORMAL_METRIC_D).t).toBeCloseTo(tau, 9);
    }
  });

  it("maps 0 to 0 on forms without guessing and refuses bad parameters", () => {
    const twoPl = kb36X.map((i) => ({ ...i, c: 0 }));
    expect(equateTrueScores(twoPl, twoPl)[0]).toEqual({ x: 0, theta: null, y: 0 });
    expect(equateTrueScores(twoPl, twoPl)[10]!.y).toBeCloseTo(10, 9);
    expect(() => equateTrueScores([], kb36Y)).toThrow(/need items/);
    expect(() => equateTrueScores(kb36X, kb36Y, -1)).toThrow(/scaling constant/);
    expect(() => equateTrueScores([{ a: 1, b: 0, c: 1 }], kb36Y)).toThrow(/0 ≤ c < 1/);
  });
});
