// Parameter recovery: responses simulated from known parameters are calibrated back (issue 35).
import { describe, expect, it } from "vitest";
import { calibrate } from "./calibrate";
import { seededRandom, simulate } from "./calibrate-simulate";
import type { GpcmParams, ItemParams } from "./types";

function rmse(estimates: number[], truth: number[]): number {
  return Math.sqrt(estimates.reduce((s, x, i) => s + (x - truth[i]!) ** 2, 0) / estimates.length);
}

function twoPlItems(count: number, seed: number, c = 0): ItemParams[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({ a: 0.7 + 1.3 * random(), b: -2 + 4 * random(), c }));
}

describe("parameter recovery", () => {
  it("2PL, 2,000 students × 30 items: RMSE(a) and RMSE(b) under 0.15", () => {
    const items = twoPlItems(30, 11);
    const { matrix, thetas } = simulate(items, 2000, 12);
    const started = performance.now();
    const result = calibrate(matrix, "2pl");
    const seconds = (performance.now() - started) / 1000;
    expect(result.converged).toBe(true);
    expect(result.problems).toEqual([]);
    const a = rmse(result.items.map((x) => x.a), items.map((x) => x.a));
    const b = rmse(result.items.map((x) => x.b), items.map((x) => x.b));
    expect(a).toBeLessThan(0.15);
    expect(b).toBeLessThan(0.15);
    // The standard errors are of the size of the actual errors (their mean within a factor of 2 of the RMSE).
    const meanSeA = result.items.reduce((s, x) => s + x.se.a!, 0) / items.length;
    expect(meanSeA / a).toBeGreaterThan(0.5);
    expect(meanSeA / a).toBeLessThan(2);
    const meanSeB = result.items.reduce((s, x) => s + x.se.b!, 0) / items.length;
    expect(meanSeB / b).toBeGreaterThan(0.5);
    expect(meanSeB / b).toBeLessThan(2);
    // EAP abilities follow the true ones.
    const eap = result.abilities.map((x) => x.eap!);
    expect(rmse(eap, Array.from(thetas))).toBeLessThan(0.45);
    expect(seconds).toBeLessThan(10);
  });

  it("2PL from two forms sharing 10 anchors (blanks = not presented) recovers every item", () => {
    const items = twoPlItems(30, 21);
    // Form A: items 0–19, form B: items 10–29; persons alternate.
    const { matrix } = simulate(items, 3000, 22, (p, i) => (p % 2 === 0 ? i < 20 : i >= 10));
    const result = calibrate(matrix, "2pl");
    expect(result.converged).toBe(true);
    expect(result.items.map((x) => x.n)).toEqual(items.map((_, i) => (i >= 10 && i < 20 ? 3000 : 1500)));
    expect(rmse(result.items.map((x) => x.b), items.map((x) => x.b))).toBeLessThan(0.15);
    expect(rmse(result.items.map((x) => x.a), items.map((x) => x.a))).toBeLessThan(0.15);
  });

  it("concurrent calibration of two populations (Bock & Zimowski's multiple groups): the items and the second group's N(0.5, 1.2²)", () => {
    const items = twoPlItems(30, 41);
    // Last year's students (group 0, N(0, 1)) sat items 0–19; this year's (group 1, abler and more spread) 10–29.
    const group = (p: number) => p % 2;
    const latent = (p: number) => (group(p) === 0 ? { mean: 0, sd: 1 } : { mean: 0.5, sd: 1.2 });
    const { matrix } = simulate(items, 4000, 42, (p, i) => (group(p) === 0 ? i < 20 : i >= 10), latent);
    const groups = Int32Array.from({ length: 4000 }, (_, p) => group(p));
    const result = calibrate(matrix, "2pl", { groups });
    expect(result.converged).toBe(true);
    expect(result.groups!.map((g) => g.n)).toEqual([2000, 2000]);
    expect(result.groups![1]!.mean).toBeCloseTo(0.5, 1);
    expect(result.groups![1]!.sd).toBeCloseTo(1.2, 1);
    expect(rmse(result.items.map((x) => x.b), items.map((x) => x.b))).toBeLessThan(0.15);
    expect(rmse(result.items.map((x) => x.a), items.map((x) => x.a))).toBeLessThan(0.15);
    // As one population, the new items' difficulties come out shifted towards the pooled mean: worse recovery.
    const pooled = calibrate(matrix, "2pl");
    const newItems = (r: typeof result) => r.items.filter((x) => Number(x.item.slice(1)) > 20).map((x) => x.b);
    expect(rmse(newItems(pooled), items.slice(20).map((x) => x.b))).toBeGreaterThan(rmse(newItems(result), items.slice(20).map((x) => x.b)));
    expect(() => calibrate(matrix, "2pl", { groups: [0, 1] })).toThrow("one group per person");
  });

  it("GPCM, 2,000 students × 10 items scored 0..3: RMSE(a) < 0.15, RMSE(step b) < 0.2", () => {
    const random = seededRandom(31);
    const items: GpcmParams[] = Array.from({ length: 10 }, () => {
      const location = -1 + 2 * random();
      return { a: 0.7 + 0.8 * random(), b: [location - 1, location, location + 1].map((x) => x + 0.3 * (random() - 0.5)) };
    });
    const { matrix } = simulate(items, 2000, 32);
    const result = calibrate(matrix, "gpcm");
    expect(result.converged).toBe(true);
    expect(result.problems).toEqual([]);
    expect(rmse(result.items.map((x) => x.a), items.map((x) => x.a))).toBeLessThan(0.15);
    const steps = result.items.flatMap((x) => x.steps!.b);
    expect(rmse(steps, items.flatMap((x) => x.b))).toBeLessThan(0.2);
    for (const item of result.items) {
      expect(item.categories).toBe(4);
      expect(item.steps!.seB.every((se) => se !== null && se > 0 && se < 0.5)).toBe(true);
    }
  });

  it("Rasch on items scored 0..2 is the partial credit model: steps and the ability SD recovered", () => {
    const random = seededRandom(51);
    const items: GpcmParams[] = Array.from({ length: 8 }, () => {
      const location = -1 + 2 * random();
      return { a: 1, b: [location - 0.7, location + 0.7] };
    });
    const { matrix } = simulate(items, 1500, 52);
    const result = calibrate(matrix, "rasch");
    expect(result.converged).toBe(true);
    expect(result.items.every((x) => x.a === 1 && x.categories === 3)).toBe(true);
    expect(Math.abs(result.latent.sd - 1)).toBeLessThan(0.1);
    expect(rmse(result.items.flatMap((x) => x.steps!.b), items.flatMap((x) => x.b))).toBeLessThan(0.15);
  });

  it("3PL, 3,000 students × 20 items with c = 0.2: converges with c between 0.05 and 0.35 and b recovered", () => {
    const items = twoPlItems(20, 41, 0.2).map((x) => ({ ...x, a: x.a + 0.3 }));
    const { matrix } = simulate(items, 3000, 42);
    const result = calibrate(matrix, "3pl");
    expect(result.converged).toBe(true);
    expect(result.problems).toEqual([]);
    for (const item of result.items) {
      expect(item.c).toBeGreaterThan(0.05);
      expect(item.c).toBeLessThan(0.35);
      expect(item.se.c).toBeGreaterThan(0);
    }
    const meanC = result.items.reduce((s, x) => s + x.c, 0) / items.length;
    expect(Math.abs(meanC - 0.2)).toBeLessThan(0.05);
    expect(rmse(result.items.map((x) => x.b), items.map((x) => x.b))).toBeLessThan(0.3);
  });
});

describe("SQUAREM (decision 0061)", () => {
  it("reaches plain EM's fixed point in fewer than half its cycles (2PL, 2,000 × 30)", () => {
    const { matrix } = simulate(twoPlItems(30, 61), 2000, 62);
    const plain = calibrate(matrix, "2pl", { accelerate: false });
    const fast = calibrate(matrix, "2pl");
    expect(plain.converged && fast.converged).toBe(true);
    expect(fast.iterations * 2).toBeLessThan(plain.iterations);
    fast.items.forEach((item, i) => {
      expect(Math.abs(item.a - plain.items[i]!.a)).toBeLessThan(1e-3);
      expect(Math.abs(item.b - plain.items[i]!.b)).toBeLessThan(1e-3);
    });
    expect(Math.abs(fast.logLikelihood - plain.logLikelihood)).toBeLessThan(1e-3);
  });
});
