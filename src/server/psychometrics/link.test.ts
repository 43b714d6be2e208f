// Linking against Kolen's STUIRT example 1 (numbers from meyerjp3/psychometrics' Apache-2.0 test files, see
// fixtures/kolen-brennan.ts). Tolerances: those of the source tests (1e-4 on 4-decimal expectations).
import { describe, expect, it } from "vitest";
import { linkAnchors, linkForms, normalQuadrature, type Quadrature } from "./link";
import { NORMAL_METRIC_D } from "./types";
import {
  elevenX, elevenY, mixedX, mixedY, stuirt1Points, stuirt1X, stuirt1XWeights, stuirt1Y, stuirt1YWeights,
} from "./fixtures/kolen-brennan";

const fromQuadrature: Quadrature = { points: stuirt1Points, weights: stuirt1XWeights };
const toQuadrature: Quadrature = { points: stuirt1Points, weights: stuirt1YWeights };
const stuirt = { D: NORMAL_METRIC_D, fromQuadrature, toQuadrature };

describe("characteristic-curve linking (STUIRT example 1, 12 common 3PL items, D = 1.7)", () => {
  it("Stocking–Lord, symmetric: A = 1.083417, B = −0.487619", () => {
    const r = linkAnchors(stuirt1X, stuirt1Y, { ...stuirt, method: "stocking-lord" });
    expect(Math.abs(r.A - 1.083417)).toBeLessThan(1e-6);
    expect(Math.abs(r.B - -0.487619)).toBeLessThan(1e-6);
  });

  it("Haebara, symmetric: A = 1.0678, B = −0.471281", () => {
    const r = linkAnchors(stuirt1X, stuirt1Y, { ...stuirt, method: "haebara" });
    expect(Math.abs(r.A - 1.0678)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.471281)).toBeLessThan(1e-4);
  });

  it("is the default method, and pairs anchors by name whatever their order", () => {
    const r = linkForms([...stuirt1X].reverse(), stuirt1Y, stuirt);
    expect(r.method).toBe("stocking-lord");
    expect(Math.abs(r.A - 1.083417)).toBeLessThan(1e-6);
  });
});

describe("the 11-item variant on the logistic metric (D = 1)", () => {
  it("Stocking–Lord with the groups' weights: A = 1.0911, B = −0.4788", () => {
    const r = linkAnchors(elevenX, elevenY, { fromQuadrature, toQuadrature });
    expect(Math.abs(r.A - 1.0911)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.4788)).toBeLessThan(1e-4);
  });

  it("Stocking–Lord one way (new form onto the reference only): A = 1.0967, B = −0.4834", () => {
    const r = linkAnchors(elevenX, elevenY, { fromQuadrature, toQuadrature, symmetric: false });
    expect(Math.abs(r.A - 1.0967)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.4834)).toBeLessThan(1e-4);
  });

  it("Stocking–Lord with uniform weights on 10 points over [−4, 4]: A = 1.0962, B = −0.4532", () => {
    const uniform = { points: normalQuadrature(10).points, weights: new Array(10).fill(1) };
    const r = linkAnchors(elevenX, elevenY, { fromQuadrature: uniform, toQuadrature: uniform });
    expect(Math.abs(r.A - 1.0962)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.4532)).toBeLessThan(1e-4);
  });

  it("mean-mean: A = 1.1449, B = −0.4790", () => {
    const r = linkAnchors(elevenX, elevenY, { method: "mean-mean" });
    expect(Math.abs(r.A - 1.1449)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.479)).toBeLessThan(1e-4);
  });

  it("mean-sigma: A = 1.1761, B = −0.5042", () => {
    const r = linkAnchors(elevenX, elevenY, { method: "mean-sigma" });
    expect(Math.abs(r.A - 1.1761)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.5042)).toBeLessThan(1e-4);
  });
});

describe("mixed format (STUIRT example 2: 12 3PL and 5 GPCM anchors, D = 1.7)", () => {
  // UniformQuadratureRule(−3, 3, 25) of the source: 25 equally spaced points, equal weights.
  const uniform = { points: normalQuadrature(25, -3, 3).points, weights: new Array(25).fill(1) };
  const options = { D: NORMAL_METRIC_D, fromQuadrature: uniform, toQuadrature: uniform };

  it("Stocking–Lord: A = 0.815445, B = −0.456487", () => {
    const r = linkAnchors(mixedX, mixedY, options);
    expect(Math.abs(r.A - 0.815445)).toBeLessThan(1e-6);
    expect(Math.abs(r.B - -0.456487)).toBeLessThan(1e-6);
  });

  it("Haebara over every score category: A = 0.805049, B = −0.446101", () => {
    const r = linkAnchors(mixedX, mixedY, { ...options, method: "haebara" });
    expect(Math.abs(r.A - 0.805049)).toBeLessThan(1e-4);
    expect(Math.abs(r.B - -0.446101)).toBeLessThan(1e-4);
  });

  it("moment methods count each step as a difficulty: mean-mean 0.875095/−0.543611, mean-sigma 0.887294/−0.560159", () => {
    const mm = linkAnchors(mixedX, mixedY, { method: "mean-mean" });
    expect(Math.abs(mm.A - 0.875095)).toBeLessThan(1e-5);
    expect(Math.abs(mm.B - -0.543611)).toBeLessThan(1e-5);
    const ms = linkAnchors(mixedX, mixedY, { method: "mean-sigma" });
    expect(Math.abs(ms.A - 0.887294)).toBeLessThan(1e-5);
    expect(Math.abs(ms.B - -0.560159)).toBeLessThan(1e-5);
  });

  it("measures a GPCM anchor's drift at the mean of its steps", () => {
    const named = (items: typeof mixedX, shift = 0) => items.map((item, i) => (i === 15 && Array.isArray(item.b)
      ? { ...item, item: `v${i + 1}`, b: item.b.map((bv) => bv + shift) } : { ...item, item: `v${i + 1}` }));
    const r = linkForms(named(mixedX, 1.5), named(mixedY), { ...options, driftThreshold: 0.75 });
    const v16 = r.anchors.find((d) => d.item === "v16")!;
    expect(v16.flagged).toBe(true);
    const steps = (mixedX[15]!.b as number[]).map((bv) => r.A * (bv + 1.5) + r.B);
    expect(v16.bTransformed).toBeCloseTo(steps.reduce((s, x) => s + x, 0) / 3, 12);
    expect(r.relinked?.dropped).toContain("v16");
  });

  it("refuses an anchor whose model or number of steps differs between the forms", () => {
    const y = [...mixedY];
    y[12] = { a: 0.3, b: [0, 1, 2] };
    expect(() => linkAnchors(mixedX, y)).toThrow(/same model/);
  });
});

describe("anchor drift", () => {
  it("flags item 7 of the reference example (b 2.2768 → 1.979 against 2.5538: −0.575) at 0.5 logits", () => {
    const r = linkForms(stuirt1X, stuirt1Y, stuirt);
    expect(r.anchors).toHaveLength(12);
    expect(r.anchors.filter((d) => d.flagged).map((d) => d.item)).toEqual(["i7"]);
    expect(r.anchors[6]!.drift).toBeCloseTo(-0.575, 3);
    expect(r.relinked?.dropped).toEqual(["i7"]);
    expect(linkForms(stuirt1X, stuirt1Y, { ...stuirt, driftThreshold: 0.6 }).relinked).toBeNull();
    const i1 = r.anchors[0]!;
    expect(i1.bTransformed).toBeCloseTo(r.A * -0.7101 + r.B, 12);
    expect(i1.drift).toBeCloseTo(i1.bTransformed - -1.3349, 12);
  });

  it("flags an anchor planted 1.5 logits harder and re-links without the flagged, as if they were never given", () => {
    const moved = stuirt1X.map((i) => (i.item === "i5" ? { ...i, b: i.b + 1.5 } : i));
    const r = linkForms(moved, stuirt1Y, stuirt);
    expect(r.anchors.filter((d) => d.flagged).map((d) => d.item)).toEqual(["i5", "i7"]);
    expect(r.anchors[4]!.drift).toBeGreaterThan(1);
    expect(r.relinked?.dropped).toEqual(["i5", "i7"]);
    const clean = linkForms(stuirt1X.filter((i) => i.item !== "i5" && i.item !== "i7"), stuirt1Y, stuirt);
    expect(r.relinked!.A).toBeCloseTo(clean.A, 8);
    expect(r.relinked!.B).toBeCloseTo(clean.B, 8);
    expect(r.relinked!.anchors).toHaveLength(10);
  });

  it("names items found in only one list and refuses fewer than two common anchors", () => {
    const r = linkForms([...stuirt1X, { item: "new", a: 1, b: 0, c: 0 }], stuirt1Y.slice(1), stuirt);
    expect(r.unmatched).toEqual({ from: ["i1", "new"], to: [] });
    expect(r.anchors).toHaveLength(11);
    expect(() => linkForms(stuirt1X.slice(0, 1), stuirt1Y, stuirt)).toThrow(/at least two/);
    expect(() => linkAnchors([{ a: 0, b: 0, c: 0 }, { a: 1, b: 1, c: 0 }], elevenY.slice(0, 2))).toThrow(/a > 0/);
    expect(() => linkAnchors(elevenX, elevenY, { D: 0 })).toThrow(/scaling constant/);
    expect(() => linkAnchors(elevenX, elevenY, { toQuadrature: { points: [0, 1], weights: [0, 0] } })).toThrow(/quadrature/);
  });
});
