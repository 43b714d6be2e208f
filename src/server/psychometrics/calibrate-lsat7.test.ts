// LSAT7 (Bock & Lieberman 1970; 1,000 students, 5 items) against mirt's published estimates (issue 35).
import { describe, expect, it } from "vitest";
import { calibrate } from "./calibrate";
import { lsat7 } from "./calibrate-lsat7";

describe("LSAT7 against mirt", () => {
  it("has 1,000 students", () => {
    expect(lsat7().nPersons).toBe(1000);
  });

  it("2PL: every a and d within 0.01 of mirt's", () => {
    const result = calibrate(lsat7(), "2pl");
    expect(result.converged).toBe(true);
    expect(result.problems).toEqual([]);
    const a = [0.988, 1.081, 1.706, 0.765, 0.736];
    const d = [1.856, 0.808, 1.804, 0.486, 1.855];
    result.items.forEach((item, i) => {
      expect(Math.abs(item.a - a[i]!)).toBeLessThan(0.01);
      expect(Math.abs(item.d - d[i]!)).toBeLessThan(0.01);
      expect(item.b).toBeCloseTo(-item.d / item.a, 12);
      expect(item.c).toBe(0);
      expect(item.se.a).toBeGreaterThan(0);
      expect(item.se.d).toBeGreaterThan(0);
    });
  });

  it("Rasch (ability variance estimated, mean 0): every b within 0.01 of mirt's", () => {
    const result = calibrate(lsat7(), "rasch");
    expect(result.converged).toBe(true);
    const b = [-1.868, -0.791, -1.461, -0.521, -1.993];
    result.items.forEach((item, i) => {
      expect(item.a).toBe(1);
      expect(Math.abs(item.b - b[i]!)).toBeLessThan(0.01);
      expect(item.se.a).toBeNull();
      expect(item.se.b).toBeGreaterThan(0);
      expect(item.fit.infit).toBeGreaterThan(0.5);
      expect(item.fit.infit).toBeLessThan(1.5);
    });
    expect(result.latent.sd).toBeGreaterThan(0.5);
    expect(result.latent.sd).toBeLessThan(1.2);
  });
});
