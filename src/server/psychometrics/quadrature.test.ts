import { describe, expect, it } from "vitest";
import { equallySpacedNodes, normalQuadrature } from "./quadrature";

describe("quadrature", () => {
  it("is mirt's default grid: 61 points from −6 to 6", () => {
    const nodes = equallySpacedNodes();
    expect(nodes.length).toBe(61);
    expect(nodes[0]).toBe(-6);
    expect(nodes[30]).toBeCloseTo(0, 12);
    expect(nodes[60]).toBeCloseTo(6, 12);
  });

  it("integrates the moments of N(μ, σ²)", () => {
    const { nodes, weights } = normalQuadrature(0.5, 0.8);
    let sum = 0, m1 = 0, m2 = 0;
    for (let q = 0; q < nodes.length; q++) {
      sum += weights[q]!;
      m1 += weights[q]! * nodes[q]!;
      m2 += weights[q]! * nodes[q]! ** 2;
    }
    expect(sum).toBeCloseTo(1, 12);
    expect(m1).toBeCloseTo(0.5, 6);
    expect(m2 - m1 * m1).toBeCloseTo(0.64, 6);
  });

  it("refuses a grid that cannot integrate", () => {
    expect(() => equallySpacedNodes(2)).toThrow(RangeError);
    expect(() => equallySpacedNodes(61, 0)).toThrow(RangeError);
  });
});
