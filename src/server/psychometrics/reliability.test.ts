// Reliability coefficients on a hand-worked matrix and on Feldt & Brennan's (1989) published covariance example.
import { describe, expect, it } from "vitest";
import {
  classicalReliability, coefficientsFromCovariance, irtConditionalSem, lordConditionalSem, marginalReliability,
  testInformation,
} from "./reliability";
import { NOT_PRESENTED, type ResponseMatrix } from "./types";

const matrix = (rows: number[][]): ResponseMatrix => ({
  items: rows[0]!.map((_, i) => `q${i + 1}`),
  nPersons: rows.length,
  data: Int8Array.from(rows.flat()),
});

describe("classical reliability", () => {
  // Five students, three items:      totals 3, 2, 1, 0, 3; mean 1.8; Σ(x − x̄)² = 6.8; σ²_X = 6.8/4 = 1.7.
  //   1 1 1 / 1 1 0 / 1 0 0 / 0 0 0 / 1 1 1
  // Item p = .8, .6, .4 → variances (n − 1) .2, .3, .3 (Σ = .8). Covariances: (Σxy − n·x̄ȳ)/4 =
  //   σ12 = (3 − 2.4)/4 = .15, σ13 = (2 − 1.6)/4 = .10, σ23 = (2 − 1.2)/4 = .20 (check: .8 + 2·.45 = 1.7).
  // alpha = 3/2·(1 − .8/1.7) = 1.35/1.7 = .7941176 (KR-20: 1.5·(1 − Σpq/σ²) = 1.5·(1 − .64/1.36), the same).
  // λ2 = 1 − .8/1.7 + √(1.5·2·(.15² + .1² + .2²))/1.7 = .5294118 + √.2175/1.7 = .5294118 + .2743348 = .8037466.
  // Feldt–Gilmer: off-diagonal row sums .25, .35, .30 → ℓ = item 2; D1 = (.25 − .15)/(.35 − .15) = .5,
  //   D3 = (.30 − .20)/(.35 − .20) = 2/3, D2 = 1; ΣD = 13/6, ΣD² = 61/36 → (169/36)/(108/36) = 169/108;
  //   × (1.7 − .8)/1.7 = 169/108 · 9/17 = 169/204 = .8284314.
  // SEM = √(1.7·(1 − 1.35/1.7)) = √.35 = .5916080.
  const five = matrix([[1, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 0], [1, 1, 1]]);

  it("gives the hand-worked alpha, λ2, Feldt–Gilmer and SEM", () => {
    const r = classicalReliability(five);
    expect(r.nPersons).toBe(5);
    expect(r.mean).toBeCloseTo(1.8, 12);
    expect(r.variance).toBeCloseTo(1.7, 12);
    expect(r.alpha).toBeCloseTo(1.35 / 1.7, 12);
    expect(r.lambda2).toBeCloseTo(1 - 0.8 / 1.7 + Math.sqrt(0.2175) / 1.7, 12);
    expect(r.lambda2).toBeCloseTo(0.8037466, 6);
    expect(r.feldtGilmer).toBeCloseTo(169 / 204, 12);
    expect(r.alpha).toBeCloseTo(0.7941176, 6);
    expect(r.sem).toBeCloseTo(Math.sqrt(0.35), 12);
  });

  it("leaves out students who were not given every item, and says how many", () => {
    const r = classicalReliability(matrix([[1, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 0], [1, 1, 1], [1, NOT_PRESENTED, 0]]));
    expect(r.nPersons).toBe(5);
    expect(r.nIncomplete).toBe(1);
    expect(r.alpha).toBeCloseTo(1.35 / 1.7, 12);
  });

  it("matches Feldt & Brennan's (1989) four-part example: alpha .9279, λ2 .9353, Feldt–Gilmer .9402", () => {
    // Covariance matrix of Feldt & Brennan, "Reliability", Educational Measurement (3rd ed.), as given in
    // meyerjp3/psychometrics' ReliabilityAnalysisTest.java (Apache-2.0) with the chapter's values.
    const r = coefficientsFromCovariance([
      [7.2, 5.6, 3.5, 5.8],
      [5.6, 6.4, 3.1, 4.1],
      [3.5, 3.1, 2.4, 3.3],
      [5.8, 4.1, 3.3, 6.2],
    ]);
    expect(Math.abs(r.alpha - 0.9279)).toBeLessThan(1e-4);
    expect(Math.abs(r.lambda2 - 0.9353)).toBeLessThan(1e-4);
    expect(Math.abs(r.feldtGilmer! - 0.9402)).toBeLessThan(1e-4);
  });

  it("refuses what has no reliability, and gives no Feldt–Gilmer for two items", () => {
    expect(() => classicalReliability(matrix([[1, 1], [1, 1], [1, 1]]))).toThrow(/does not vary/);
    expect(() => classicalReliability(matrix([[1], [0]]))).toThrow(/two items/);
    expect(() => classicalReliability(matrix([[1, 0]]))).toThrow(/two persons/);
    expect(() => classicalReliability(matrix([[1, 0], [0, -3]]))).toThrow(/student 2 has a negative score/);
    expect(() => classicalReliability({ items: ["a", "b"], nPersons: 2, data: Int8Array.from([1, 0, 1]) })).toThrow(/one score/);
    expect(classicalReliability(matrix([[1, 1], [0, 0], [1, 0]])).feldtGilmer).toBeNull();
    // Items that disagree: totals 2, 2, 1, 1 (σ² = 1/3), item variances 1/3 each → alpha = 1.5·(1 − 3) = −3, no SEM
    // (item analysis' rule: a negative reliability has no SEM worth the name).
    const disagreeing = classicalReliability(matrix([[1, 0, 1], [0, 1, 1], [1, 0, 0], [0, 1, 0]]));
    expect(disagreeing.alpha).toBeCloseTo(-3, 12);
    expect(disagreeing.sem).toBeNull();
  });
});

describe("conditional SEM, information and marginal reliability", () => {
  it("Lord's binomial CSEM: √(x(k − x)/(k − 1))", () => {
    // k = 3: 0, √(2/2) = 1, 1, 0. k = 10, x = 5: √(25/9) = 5/3.
    expect(lordConditionalSem(3).map((r) => r.csem)).toEqual([0, 1, 1, 0]);
    expect(lordConditionalSem(10)[5]!.csem).toBeCloseTo(5 / 3, 12);
    expect(() => lordConditionalSem(1)).toThrow();
  });

  it("information of one item: a²PQ for the 2PL, Birnbaum's formula for the 3PL", () => {
    // 2PL a = 1.2, b = 0, D = 1 at θ = 0: P = .5 → I = 1.44·.25 = .36.
    expect(testInformation([{ a: 1.2, b: 0, c: 0 }], 0)).toBeCloseTo(0.36, 12);
    // 3PL a = 1, b = 0, c = .2 at θ = 0: P = .2 + .8·.5 = .6, Q = .4 → I = (.4/.6)·(.4/.8)² = 1/6.
    expect(testInformation([{ a: 1, b: 0, c: 0.2 }], 0)).toBeCloseTo(1 / 6, 12);
    // D = 1.7 multiplies by 1.7².
    expect(testInformation([{ a: 1, b: 0, c: 0.2 }], 0, 1.7)).toBeCloseTo(2.89 / 6, 12);
    expect(irtConditionalSem([{ a: 1.2, b: 0, c: 0 }], [0])[0]!.sem).toBeCloseTo(1 / 0.6, 12);
  });

  it("information of a GPCM item: D²a²·Var(score)", () => {
    // One step is the 2PL: a = 1.2, b = [0] at θ = 0 → .36 as above.
    expect(testInformation([{ a: 1.2, b: [0] }], 0)).toBeCloseTo(0.36, 12);
    // Two steps at 0, θ = 0: P = 1/3 each for 0, 1, 2 → Var = (0 + 1 + 4)/3 − 1 = 2/3; with a = 1.5: 2.25·2/3 = 1.5.
    expect(testInformation([{ a: 1.5, b: [0, 0] }], 0)).toBeCloseTo(1.5, 12);
  });

  it("marginal reliability over a two-point ability distribution", () => {
    // θ = ±1 with equal weight: σ² = 1. One item a = 1, b = 0: P(±1) = .7310586, PQ = .1966119 at both points,
    // E[1/I] = 5.0861613 → ρ = 1/(1 + 5.0861613) = .1643070.
    const p = 1 / (1 + Math.exp(-1));
    const rho = marginalReliability([{ a: 1, b: 0, c: 0 }], 1, { points: [-1, 1], weights: [1, 1] });
    expect(rho).toBeCloseTo(1 / (1 + 1 / (p * (1 - p))), 12);
    expect(rho).toBeCloseTo(0.164307, 6);
  });
});
