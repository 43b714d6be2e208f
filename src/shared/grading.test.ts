import { describe, expect, it } from "vitest";
import { markMatching, markShortAnswer, normalizeAnswer, seededOrder } from "./grading";

describe("short answers (Arabic normalisation)", () => {
  it.each([
    ["كُتُب", "كتب"],
    ["أحمد", "احمد"],
    ["إسلام", "اسلام"],
    ["آمنة", "امنه"],
    ["مدرسة", "مدرسه"],
    ["مستشفى", "مستشفي"],
    ["غار ثـــور", "غار ثور"],
    ["  غارُ   ثورٍ. ", "غار ثور"],
    ["مسؤول", "مسءول"],
    ["مسئول", "مسءول"],
    ["رئيس", "رءيس"],
    ["٢٠٢٥", "2025"],
    ["  Jebel  JAIS ", "jebel jais"],
    ["«القاهرة»، مصر", "القاهره مصر"],
  ])("%s → %s", (raw, normal) => {
    expect(normalizeAnswer(raw)).toBe(normal);
  });

  it("a match with the model answer is correct; anything else waits for a teacher; blank is wrong", () => {
    expect(markShortAnswer("غارُ ثَور", "غار ثور")).toBe(true);
    expect(markShortAnswer("الكتب", "كتب")).toBeNull();
    expect(markShortAnswer("   ", "كتب")).toBe(false);
    expect(markShortAnswer("anything", "")).toBeNull();
  });
});

describe("matching", () => {
  it("earns a share per correct pair", () => {
    expect(markMatching([0, 1, 2], 3, 3)).toEqual({ score: 3, isCorrect: true });
    expect(markMatching([0, 2, 1], 3, 3)).toEqual({ score: 1, isCorrect: false });
    expect(markMatching([0, 1, null], 3, 2)).toEqual({ score: 1.33, isCorrect: false });
    expect(markMatching(null, 2, 4)).toEqual({ score: 0, isCorrect: false });
  });
});

describe("seeded order", () => {
  it("is a permutation, stable for a seed, and never the identity", () => {
    const a = seededOrder(5, "q1");
    expect([...a].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(seededOrder(5, "q1")).toEqual(a);
    for (const seed of ["a", "b", "c", "d", "e", "f"]) expect(seededOrder(2, seed)).toEqual([1, 0]);
  });
});
