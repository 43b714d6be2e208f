// Mantel–Haenszel DIF: a hand-worked two-stratum table and simulated data with one planted DIF item.
import { describe, expect, it } from "vitest";
import { chiSquare1PValue, difAnalysis, difOfCodedGroups, etsClass, mantelHaenszel } from "./dif";
import { matrixRows, type ResponseMatrix } from "./types";

/** Deterministic uniform numbers (mulberry32) so the simulated data are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number) {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Rasch responses; `shift` adds to an item's difficulty for the focal group only. */
function simulate(groups: { label: string; n: number }[], nItems: number, shift: Map<number, number>, focal: string) {
  const rand = random(35);
  const b = Array.from({ length: nItems }, (_, i) => -2 + (4 * i) / (nItems - 1));
  const labels: string[] = [];
  const data: number[] = [];
  for (const { label, n } of groups) {
    for (let p = 0; p < n; p++) {
      const theta = normal(rand);
      labels.push(label);
      b.forEach((bi, i) => {
        const bb = bi + (label === focal ? shift.get(i) ?? 0 : 0);
        data.push(rand() < 1 / (1 + Math.exp(-(theta - bb))) ? 1 : 0);
      });
    }
  }
  const matrix: ResponseMatrix = {
    items: b.map((_, i) => `q${i + 1}`), nPersons: labels.length, data: Int8Array.from(data),
  };
  return { matrix, labels };
}

describe("Mantel–Haenszel", () => {
  it("gives the hand-worked α, D-DIF, SE and χ² of two strata", () => {
    // Stratum 1: A 10, B 10, C 5, D 15 (T 40) → R = 150/40 = 3.75, S = 50/40 = 1.25.
    // Stratum 2: A 15, B 5, C 10, D 10 (T 40) → R = 3.75, S = 1.25.  α = 7.5/2.5 = 3; D-DIF = −2.35·ln 3 = −2.581736.
    // P = 25/40 = .625, Q = .375 in both. Var(ln α) = ΣPR/(2R₊²) + Σ(PS + QR)/(2R₊S₊) + ΣQS/(2S₊²)
    //   = 4.6875/112.5 + 4.375/37.5 + .9375/12.5 = .0416667 + .1166667 + .075 = .2333333 → SE = 2.35·.4830459 = 1.135158.
    // E(A) = 20·15/40 = 7.5 and 20·25/40 = 12.5; Var(A) = 20·20·15·25/(40²·39) = 2.403846 each;
    //   χ² = (|25 − 20| − .5)²/4.807692 = 20.25/4.807692 = 4.212.
    // Class: |D| ≥ 1.5 and χ² significant, but (2.5817 − 1)/1.1352 = 1.39 < 1.96 → B.
    const r = mantelHaenszel([
      { refRight: 10, refWrong: 10, focalRight: 5, focalWrong: 15 },
      { refRight: 15, refWrong: 5, focalRight: 10, focalWrong: 10 },
    ])!;
    expect(r.alphaMH).toBeCloseTo(3, 12);
    expect(r.dDif).toBeCloseTo(-2.35 * Math.log(3), 12);
    expect(r.se).toBeCloseTo(2.35 * Math.sqrt(0.7 / 3), 12);
    expect(r.chiSquare).toBeCloseTo(20.25 / (2 * 150000 / 62400), 12);
    expect(r.pValue).toBeCloseTo(0.0401, 4);
    expect(r.etsClass).toBe("B");
    expect(r.favours).toBe("reference");
  });

  it("matches SAS PROC FREQ's CMH on a 10-stratum table: α 1.530116, χ² 205.295285, RBG 95 % limits 1.44336–1.62209", () => {
    // Counts and SAS's results from meyerjp3/psychometrics' CochranMantelHaenszelTest.java (Apache-2.0):
    // per stratum [focal wrong, focal right, reference wrong, reference right].
    const counts = [[57, 10, 53, 10], [1503, 432, 2054, 866], [1859, 1736, 2647, 3856], [563, 1383, 884, 3316],
      [124, 541, 188, 1301], [26, 175, 50, 474], [8, 73, 13, 193], [0, 22, 3, 71], [0, 9, 0, 17], [0, 0, 0, 3]];
    const r = mantelHaenszel(counts.map(([fw, fr, rw, rr]) => ({ refRight: rr!, refWrong: rw!, focalRight: fr!, focalWrong: fw! })))!;
    expect(r.alphaMH).toBeCloseTo(1.53011608995743, 10);
    expect(r.chiSquareUncorrected).toBeCloseTo(205.2952852813, 7);
    // SAS's limits are exp(ln α ± 1.96·SE(ln α)) with the Robins–Breslow–Greenland variance: SE = D-DIF's SE / 2.35.
    expect(Math.exp(Math.log(r.alphaMH) - 1.959963984540054 * r.se / 2.35)).toBeCloseTo(1.44335984061157, 5);
    expect(Math.exp(Math.log(r.alphaMH) + 1.959963984540054 * r.se / 2.35)).toBeCloseTo(1.62208701037061, 5);
    expect(r.pValue / 1.46000887157466e-46).toBeGreaterThan(0.5); // corrected χ² is a little smaller: p a little larger
    expect(chiSquare1PValue(r.chiSquareUncorrected) / 1.46000887157466e-46).toBeCloseTo(1, 5);
    // |D| = 2.35·ln 1.530116 = 0.999557 < 1 → A by the ETS rule on D. (The source prints "B−": it bounds the odds
    // ratio at a rounded 1.53 instead of exp(1/2.35) = 1.53049 — this table sits between the two.)
    expect(Math.abs(r.dDif)).toBeCloseTo(0.999557, 6);
    expect(r.etsClass).toBe("A");
    expect(r.favours).toBe("reference");
  });

  it("classes: A below 1 or not significant, C at 1.5 and significantly beyond 1, B between", () => {
    expect(chiSquare1PValue(3.841458820694124)).toBeCloseTo(0.05, 6);
    expect(etsClass(-0.99, 0.01, 100)).toBe("A");
    expect(etsClass(-3, 1, 3.8)).toBe("A");
    expect(etsClass(1.2, 0.05, 100)).toBe("B");
    expect(etsClass(-1.49, 0.01, 100)).toBe("B"); // below 1.5, however sure
    expect(etsClass(-1.6, 0.4, 100)).toBe("B"); // (1.6 − 1)/.4 = 1.5 < 1.96
    expect(etsClass(-1.6, 0.2, 100)).toBe("C"); // (1.6 − 1)/.2 = 3
    expect(etsClass(1.5, 0.25, 100)).toBe("C"); // (1.5 − 1)/.25 = 2, either direction
  });

  it("has no estimate when no stratum holds a reference-right/focal-wrong or the opposite pair", () => {
    expect(mantelHaenszel([{ refRight: 5, refWrong: 0, focalRight: 5, focalWrong: 0 }])).toBeNull();
  });
});

describe("DIF on an exam with parallel forms", () => {
  // Two forms of 14 items: 8 anchors given to everyone and 6 of the form's own; items 0–7 are the anchors, 8–13
  // form 1's, 14–19 form 2's. The planted item (anchor 3) is 1.2 logits harder for girls on both forms.
  const { matrix, labels } = simulate([{ label: "boys", n: 800 }, { label: "girls", n: 800 }], 20, new Map([[3, 1.2]]), "girls");
  const k = 20;
  const data = Int8Array.from(matrix.data);
  for (let p = 0; p < matrix.nPersons; p++) {
    const form2 = p % 2 === 1;
    for (let i = 8; i < 20; i++) if (form2 ? i < 14 : i >= 14) data[p * k + i] = -1;
  }
  const forms = { ...matrix, data };

  it("uses everyone, matched within their own form, finds the planted anchor, and tests each form's own items on its students", () => {
    const r = difAnalysis(forms, labels, { reference: "boys" });
    expect(r.nExcluded).toBe(0);
    expect(r.groups.map((g) => [g.group, g.n])).toEqual([["boys", 800], ["girls", 800]]);
    expect(r.results).toHaveLength(20);
    const planted = r.results.find((x) => x.item === "q4")!;
    expect(planted.etsClass).toBe("C");
    expect(r.results.filter((x) => x.item !== "q4" && x.etsClass === "C").map((x) => x.item)).toEqual([]);
  });
});

describe("DIF analysis of a response matrix", () => {
  const { matrix, labels } = simulate(
    [{ label: "boys", n: 800 }, { label: "girls", n: 800 }, { label: "other", n: 40 }], 20, new Map([[9, 1.2]]), "girls",
  );

  it("finds the planted item (1.2 logits harder for the focal group) as C and the clean items as A", () => {
    const r = difAnalysis(matrix, labels, { reference: "boys" });
    const planted = r.results.find((x) => x.item === "q10")!;
    expect(planted.focal).toBe("girls");
    expect(planted.etsClass).toBe("C");
    expect(planted.favours).toBe("reference");
    expect(planted.dDif).toBeLessThan(-1.5);
    const clean = r.results.filter((x) => x.item !== "q10");
    expect(clean).toHaveLength(19);
    expect(clean.filter((x) => x.etsClass !== "A").map((x) => `${x.item} ${x.dDif.toFixed(2)}`)).toEqual([]);
  });

  it("names groups below the minimum and tests none of them", () => {
    const r = difAnalysis(matrix, labels, { reference: "boys" });
    expect(r.tooSmall).toEqual([{ group: "other", n: 40 }]);
    expect(r.results.every((x) => x.focal === "girls")).toBe(true);
    const none = difAnalysis(matrix, labels, { reference: "boys", minGroupSize: 801 });
    expect(none.results).toEqual([]);
    expect(none.tooSmall.map((g) => g.group)).toEqual(["boys", "girls", "other"]);
  });

  it("leaves out students with no group, and refuses a mismatched group list", () => {
    const data = Int8Array.from(matrix.data);
    data[0] = -1;
    const groups: (string | null)[] = [...labels];
    groups[1] = null;
    const r = difAnalysis({ ...matrix, data }, groups, { reference: "boys" });
    expect(r.nExcluded).toBe(1);
    // The student not given q1 is matched with those given the same items (nobody else): counted, and no help.
    expect(r.groups.find((g) => g.group === "boys")!.n).toBe(799);
    expect(() => difAnalysis(matrix, labels.slice(1), { reference: "boys" })).toThrow(/one group/);
    data[0] = -5;
    expect(() => difAnalysis({ ...matrix, data }, labels, { reference: "boys" })).toThrow(/negative score/);
    expect(() => difAnalysis(matrix, labels, { reference: "boys", minGroupSize: 0 })).toThrow(/minimum group size/);
  });
});

describe("DIF of coded groups (what a figures thread is sent: decision 0067)", () => {
  const { matrix, labels } = simulate([{ label: "boys", n: 300 }, { label: "girls", n: 300 }], 10, new Map([[2, 1.2]]), "girls");

  it("drops rows outside the reach (−2), counts rows with no group (−1) as excluded, and takes the largest group as reference", () => {
    const names = ["girls", "boys"];
    // Every tenth row outside the reach, every seventh (in reach) without a group.
    const groupOf = Int32Array.from(labels, (label, p) => (p % 10 === 0 ? -2 : p % 7 === 0 ? -1 : names.indexOf(label!)));
    const { rows, report } = difOfCodedGroups({ matrix, groupOf, groups: names, minGroupSize: 100 });
    const keep = [...groupOf.keys()].filter((p) => groupOf[p] !== -2);
    expect(rows).toBe(keep.length);
    const expected = difAnalysis(matrixRows(matrix, keep), keep.map((p) => (groupOf[p]! >= 0 ? names[groupOf[p]!]! : null)), { reference: report!.reference, minGroupSize: 100 });
    expect(report).toEqual(expected);
    expect(report!.nExcluded).toBe(keep.filter((p) => groupOf[p] === -1).length);
    const sizes = names.map((_, g) => keep.filter((p) => groupOf[p] === g).length);
    // The larger group; a tie would go to "boys", first by key.
    expect(report!.reference).toBe(sizes[0]! > sizes[1]! ? "girls" : "boys");
  });

  it("breaks a tie in size by the groups' keys, and has no report when no row has a group", () => {
    const tied = Int32Array.from({ length: matrix.nPersons }, (_, p) => p % 2);
    expect(difOfCodedGroups({ matrix, groupOf: tied, groups: ["zeta", "alpha"], minGroupSize: 100 }).report!.reference).toBe("alpha");
    const none = difOfCodedGroups({ matrix, groupOf: new Int32Array(matrix.nPersons).fill(-1), groups: [], minGroupSize: 100 });
    expect(none).toEqual({ rows: matrix.nPersons, report: null });
  });
});
