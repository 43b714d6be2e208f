// What calibration says it cannot estimate, and the ability estimates (issue 35).
import { describe, expect, it } from "vitest";
import { maximumLikelihood } from "./ability";
import { calibrate, CalibrationInputError } from "./calibrate";
import type { ItemModel } from "./calibrate-model";
import { lsat7 } from "./calibrate-lsat7";
import { chiSquareUpperTail, logGamma } from "./fit";
import { NOT_PRESENTED, type ResponseMatrix } from "./types";

/** LSAT7 with extra columns appended (one value per person, or a function of the person). */
function withColumns(columns: Record<string, (person: number) => number>): ResponseMatrix {
  const base = lsat7();
  const names = Object.keys(columns);
  const width = base.items.length + names.length;
  const data = new Int8Array(base.nPersons * width);
  for (let p = 0; p < base.nPersons; p++) {
    data.set(base.data.subarray(p * 5, p * 5 + 5), p * width);
    names.forEach((name, c) => (data[p * width + 5 + c] = columns[name]!(p)));
  }
  return { items: [...base.items, ...names], nPersons: base.nPersons, data };
}

describe("items that get no numbers, by reason", () => {
  const matrix = withColumns({
    allRight: () => 1,
    allWrong: () => 0,
    rare: (p) => (p < 10 ? p % 2 : NOT_PRESENTED),
    partial: (p) => p % 3, // 0..2: not right/wrong
  });

  it("2PL names each problem item with its reason and calibrates the rest unchanged", () => {
    const result = calibrate(matrix, "2pl");
    expect(result.problems.map((x) => [x.item, x.reason, x.n])).toEqual([
      ["allRight", "no_variance", 1000],
      ["allWrong", "no_variance", 1000],
      ["rare", "too_few_responses", 10],
      ["partial", "scores_above_one", 1000],
    ]);
    expect(result.items.map((x) => x.item)).toEqual(["Item.1", "Item.2", "Item.3", "Item.4", "Item.5"]);
    expect(result.items[0]!.a).toBeCloseTo(0.988, 2);
  });

  it("the minimum number of responses is configurable", () => {
    const result = calibrate(matrix, "2pl", { minResponses: 5 });
    expect(result.problems.map((x) => x.item)).not.toContain("rare");
    expect(result.items.map((x) => x.item)).toContain("rare");
  });

  it("an item nobody was given has too few responses even with no minimum", () => {
    const result = calibrate(withColumns({ unseen: () => NOT_PRESENTED }), "2pl", { minResponses: 0 });
    expect(result.problems).toEqual([{ item: "unseen", reason: "too_few_responses", n: 0, detail: "0 responses, fewer than the minimum 0" }]);
  });

  it("GPCM: a score nobody got is an empty category, not a number", () => {
    const result = calibrate(withColumns({ gap: (p) => (p % 2) * 2 }), "gpcm");
    expect(result.problems).toEqual([{ item: "gap", reason: "empty_category", n: 1000, detail: "no response scored 1 (scores go up to 2)" }]);
    expect(result.items).toHaveLength(5);
  });

  it("items still moving when the cycles run out are reported as not converged", () => {
    const result = calibrate(lsat7(), "2pl", { maxIterations: 3 });
    expect(result.converged).toBe(false);
    expect(result.items).toEqual([]);
    expect(new Set(result.problems.map((x) => x.reason))).toEqual(new Set(["not_converged"]));
  });

  it("an item that only the able get right runs away and is reported, not given numbers", () => {
    // Right exactly when the other four are all right: a perfect step, a → ∞.
    const base = lsat7();
    const result = calibrate(withColumns({ step: (p) => (base.data.subarray(p * 5, p * 5 + 5).every((x) => x === 1) ? 1 : 0) }), "2pl");
    expect(result.problems.map((x) => [x.item, x.reason])).toEqual([["step", "not_converged"]]);
    expect(result.items).toHaveLength(5);
  });

  it("Rasch on persons that cannot be told apart: the variance collapses and every item says so (no NaN)", () => {
    const result = calibrate({ items: ["q1", "q2", "q3"], nPersons: 3, data: Int8Array.of(1, 0, -1, 0, 1, 1, 1, 1, 0) }, "rasch", { minResponses: 1 });
    expect(result.converged).toBe(false);
    expect(result.items).toEqual([]);
    expect(result.problems.map((x) => x.detail)).toEqual(Array(3).fill("the ability variance fell to zero: the persons cannot be told apart"));
    expect(Number.isNaN(result.latent.sd)).toBe(false);
  });

  it("refuses a matrix whose size is not persons × items", () => {
    expect(() => calibrate({ items: ["a", "b"], nPersons: 2, data: Int8Array.of(0, 1, 1) }, "2pl")).toThrow(CalibrationInputError);
  });
});

describe("abilities", () => {
  it("EAP with posterior SD for everyone; ML infinite for all-right and all-wrong, reported as such", () => {
    const result = calibrate(lsat7(), "2pl");
    expect(result.abilities).toHaveLength(1000);
    const allWrong = result.abilities[0]!; // pattern 00000
    const allRight = result.abilities[999]!; // pattern 11111
    expect(allWrong).toMatchObject({ items: 5, ml: -Infinity, mlSe: Infinity, extreme: "all_lowest" });
    expect(allRight).toMatchObject({ items: 5, ml: Infinity, mlSe: Infinity, extreme: "all_highest" });
    expect(allWrong.eap!).toBeLessThan(-1.5);
    expect(allRight.eap!).toBeGreaterThan(0.5);
    expect(allRight.eapSd!).toBeGreaterThan(0.5);
    // A middle pattern: finite ML, its SE larger than the EAP's posterior SD (the prior adds information).
    const middle = result.abilities[12]!; // pattern 00001 (the 13th person)
    expect(Number.isFinite(middle.ml!)).toBe(true);
    expect(middle.mlSe!).toBeGreaterThan(middle.eapSd!);
  });

  it("ML solves Σ a(x − P) = 0 with SE = 1/√information", () => {
    const items: ItemModel[] = [-1, 0, 1].map((b) => ({ kind: "logit", categories: 2, a: 1.5, d: Float64Array.of(0, -1.5 * b), c: 0, fixedA: false }));
    // One right of three symmetric items: by symmetry θ̂ solves Σ P = 1.
    const { ml, mlSe } = maximumLikelihood(items, [1, 0, 0]);
    const p = items.map((m) => 1 / (1 + Math.exp(-(m.a * ml! + m.d[1]!))));
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 8);
    expect(mlSe).toBeCloseTo(1 / Math.sqrt(p.reduce((s, x) => s + 1.5 * 1.5 * x * (1 - x), 0)), 8);
  });

  it("3PL: a pattern whose likelihood keeps rising towards −∞ (the guessing floor) is unbounded, not a number", () => {
    const item = (b: number, c: number): ItemModel => ({ kind: "3pl", categories: 2, a: 1.5, d: Float64Array.of(0, -1.5 * b), c, fixedA: false });
    // Three easy items wrong and a hard one right by a guess: the best θ is as low as it goes.
    expect(maximumLikelihood([item(-2, 0), item(-2, 0), item(-2, 0), item(2.5, 0.25)], [0, 0, 0, 1])).toEqual({ ml: -Infinity, mlSe: Infinity, extreme: "unbounded" });
    // The same with the easy items right is an ordinary estimate.
    const { ml } = maximumLikelihood([item(-2, 0), item(-2, 0), item(-2, 0), item(2.5, 0.25)], [1, 1, 0, 0]);
    expect(Number.isFinite(ml!)).toBe(true);
  });

  it("a person given no calibrated item has no estimate", () => {
    const result = calibrate({ items: ["a"], nPersons: 3, data: Int8Array.of(0, 1, NOT_PRESENTED) }, "rasch", { minResponses: 1 });
    expect(result.abilities[2]).toEqual({ items: 0, eap: null, eapSd: null, ml: null, mlSe: null });
    expect(result.personsUsed).toBe(2);
  });
});

describe("the χ² distribution", () => {
  it("matches tabled values", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(chiSquareUpperTail(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareUpperTail(18.307038, 10)).toBeCloseTo(0.05, 6);
    expect(chiSquareUpperTail(2.55821, 10)).toBeCloseTo(0.99, 5);
    expect(chiSquareUpperTail(0, 3)).toBe(1);
  });

  it("LSAT7's 2PL fits by the rest-ability χ² (p > 0.05 for every item)", () => {
    const result = calibrate(lsat7(), "2pl");
    for (const item of result.items) expect(item.fit.chiSquare!.p!).toBeGreaterThan(0.05);
  });
});
