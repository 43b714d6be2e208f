// Standard errors of the linking constants by a bootstrap over anchors (issue 35; decision 0045): none when the
// anchors agree exactly, about 1/√n as the anchors grow, reproducible with a seed, and finite on Kolen's example.
import { describe, expect, it } from "vitest";
import { linkingStandardErrors, transformToReference, type LinkItem } from "./link";
import { stuirt1X, stuirt1Y } from "./fixtures/kolen-brennan";
import type { ItemParams } from "./types";

/** n 2PL anchors with difficulties spread over −2..2 and a deterministic "noise" on the reference side's b. */
function anchors(n: number, noise: number): { from: ItemParams[]; to: ItemParams[] } {
  const from = Array.from({ length: n }, (_, i) => ({ a: 0.8 + ((i * 7) % 10) / 10, b: -2 + (4 * i) / (n - 1), c: 0 }));
  const to = from.map((item, i) => {
    const moved = transformToReference(item, 1.2, -0.3);
    // A fixed pseudo-random error per anchor (a sine of a large multiple: spread, not periodic in i).
    return { ...moved, b: moved.b + noise * Math.sin(i * 12.9898 + 78.233) * 1.7 };
  });
  return { from, to };
}

describe("bootstrap standard errors of the linking constants", () => {
  it("anchors that agree exactly: every replicate gives the same A and B, so the SEs are 0", () => {
    const { from, to } = anchors(12, 0);
    for (const method of ["mean-sigma", "stocking-lord"] as const) {
      const se = linkingStandardErrors(from, to, { method, replicates: 40 });
      expect(se.seA).toBeLessThan(1e-5);
      expect(se.seB).toBeLessThan(1e-5);
      expect(se.replicates).toBe(40);
    }
  });

  it("with anchors that disagree, four times as many anchors about halve the SEs", () => {
    const few = anchors(10, 0.15);
    const many = anchors(40, 0.15);
    const a = linkingStandardErrors(few.from, few.to, { method: "mean-sigma", replicates: 400 });
    const b = linkingStandardErrors(many.from, many.to, { method: "mean-sigma", replicates: 400 });
    expect(a.seB).toBeGreaterThan(0.01);
    expect(a.seB / b.seB).toBeGreaterThan(1.4);
    expect(a.seB / b.seB).toBeLessThan(3);
    expect(a.seA / b.seA).toBeGreaterThan(1.4);
  });

  it("the same seed gives the same result; another seed a close one", () => {
    const { from, to } = anchors(15, 0.2);
    const one = linkingStandardErrors(from, to, { method: "mean-mean", replicates: 300, seed: 7 });
    expect(linkingStandardErrors(from, to, { method: "mean-mean", replicates: 300, seed: 7 })).toEqual(one);
    const other = linkingStandardErrors(from, to, { method: "mean-mean", replicates: 300, seed: 8 });
    expect(Math.abs(other.seB - one.seB) / one.seB).toBeLessThan(0.25);
  });

  it("Kolen's STUIRT example 1 (12 3PL anchors, Stocking–Lord): small, finite SEs", () => {
    const se = linkingStandardErrors(stuirt1X as LinkItem[], stuirt1Y as LinkItem[], { method: "stocking-lord", D: 1.7, replicates: 50 });
    expect(se.seA).toBeGreaterThan(0);
    expect(se.seA).toBeLessThan(0.3);
    expect(se.seB).toBeGreaterThan(0);
    expect(se.seB).toBeLessThan(0.3);
  });

  it("refuses too few anchors or replicates, and unmatched lists", () => {
    const { from, to } = anchors(5, 0.1);
    expect(() => linkingStandardErrors(from.slice(0, 2), to.slice(0, 2))).toThrow(RangeError);
    expect(() => linkingStandardErrors(from, to.slice(1))).toThrow(RangeError);
    expect(() => linkingStandardErrors(from, to, { replicates: 5 })).toThrow(RangeError);
  });
});
