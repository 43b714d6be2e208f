// The item types of issue 36 (docs/decisions/0057): validation with bad input, the paper without the key, marking.
import { describe, expect, it } from "vitest";
import { EDITOR_QUESTION_TYPES } from "../schemas/exam";
import { isAnswered, markInteraction, paperInteraction, ZInteraction, ZResponse, type TInteractionInput, type TResponse } from ".";

const entry = (id: string, extra: object = {}) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, ...extra });
const parse = (c: TInteractionInput) => ZInteraction.parse(c);
const messages = (c: unknown) => {
  const r = ZInteraction.safeParse(c);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("multiple response", () => {
  const mr = (scoring: "all_or_nothing" | "partial") =>
    parse({ type: "multiple_response", scoring, choices: [entry("a", { correct: true }), entry("b", { correct: true }), entry("c", { correct: true }), entry("d"), entry("e")] });
  const answer = (...chosen: string[]): TResponse => ({ type: "multiple_response", chosen });

  it("refuses too few choices, no right choice, a missing text and an id twice", () => {
    expect(messages({ type: "multiple_response", choices: [entry("a")] })).toEqual(["choices:QUESTION_MIN_OPTIONS", "choices:QUESTION_NO_CORRECT_OPTION"]);
    expect(messages({ type: "multiple_response", choices: [entry("a", { correct: true }), { id: "b", textAr: "ب", textEn: "" }] })).toEqual(["choices.1:OPTION_MISSING_TEXT"]);
    expect(messages({ type: "multiple_response", choices: [entry("a", { correct: true }), entry("a")] })).toEqual(["choices.1:VALIDATION_FAILED"]);
    expect(messages({ type: "multiple_response", scoring: "most", choices: [entry("a", { correct: true }), entry("b")] })).toEqual(["scoring:VALIDATION_FAILED"]);
    expect(messages({ type: "multiple_response", choices: [entry("a b", { correct: true }), entry("b")] })).toEqual(["choices.0.id:VALIDATION_FAILED"]);
    expect(messages({ type: "multiple_response", choices: Array.from({ length: 11 }, (_, i) => entry(`x${i}`, { correct: true })) })).toEqual(["choices:VALIDATION_FAILED"]);
    expect(messages({ type: "select_point" })).toEqual(["type:VALIDATION_FAILED"]);
  });

  it("all or nothing: the points only for exactly the right choices", () => {
    const c = mr("all_or_nothing");
    expect(markInteraction(c, answer("c", "a", "b"), 3)).toEqual({ score: 3, isCorrect: true });
    expect(markInteraction(c, answer("a", "b"), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, answer("a", "b", "c", "d"), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, null, 3)).toEqual({ score: 0, isCorrect: false });
  });

  it("partial: a share per right choice, the same share off per wrong one, never below zero", () => {
    const c = mr("partial");
    expect(markInteraction(c, answer("a", "b"), 3)).toEqual({ score: 2, isCorrect: false });
    expect(markInteraction(c, answer("a", "b", "d"), 3)).toEqual({ score: 1, isCorrect: false });
    expect(markInteraction(c, answer("a", "d", "e"), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, answer("d", "e"), 3)).toEqual({ score: 0, isCorrect: false });
    // Two decimals, half up: 2 of 3 right on 1 point.
    expect(markInteraction(c, answer("a", "b"), 1)).toEqual({ score: 0.67, isCorrect: false });
    // Ticking every box is not a way to the points.
    expect(markInteraction(c, answer("a", "b", "c", "d", "e"), 3)).toEqual({ score: 1, isCorrect: false });
    // A choice named twice counts once; an id that is no choice counts for nothing.
    expect(markInteraction(c, answer("a", "a", "a", "zz"), 3)).toEqual({ score: 1, isCorrect: false });
  });

  it("the paper keeps the choices and drops which are right", () => {
    const paper = paperInteraction(mr("partial"), "seed");
    expect(JSON.stringify(paper)).not.toContain("correct");
    expect(paper).toMatchObject({ type: "multiple_response", scoring: "partial", choices: [{ id: "a", textAr: "ع a", textEn: "E a" }, {}, {}, {}, {}] });
  });
});

describe("numeric entry", () => {
  const num = (answer: number | string, tolerance: number | string, toleranceMode: "absolute" | "relative" = "absolute") => parse({ type: "numeric", answer, tolerance, toleranceMode, unitAr: "سم", unitEn: "cm" });
  const value = (v: string): TResponse => ({ type: "numeric", value: v });

  it("refuses an answer that is no number and a negative tolerance; reads the author's Arabic digits", () => {
    expect(messages({ type: "numeric", answer: "abc" })).toEqual(["answer:NUMERIC_ANSWER_INVALID"]);
    expect(messages({ type: "numeric" })).toEqual(["answer:NUMERIC_ANSWER_INVALID"]);
    expect(messages({ type: "numeric", answer: 1, tolerance: -0.1 })).toEqual(["tolerance:NUMERIC_TOLERANCE_INVALID"]);
    expect(messages({ type: "numeric", answer: Number.POSITIVE_INFINITY })).toEqual(["answer:NUMERIC_ANSWER_INVALID"]);
    expect(messages({ type: "numeric", answer: 1, unitEn: "x".repeat(201) })).toEqual(["unitEn:TEXT_TOO_LONG"]);
    expect(num("٣٫٥", "٠٫١")).toMatchObject({ answer: 3.5, tolerance: 0.1, toleranceMode: "absolute" });
  });

  it("absolute tolerance: both bounds inclusive, in any digits, negatives too", () => {
    const c = num(3.5, 0.1);
    for (const v of ["3.5", "٣٫٥", "۳٫۵", "3,5", "3.4", "3.6", "٣٫٦"]) expect(markInteraction(c, value(v), 2), v).toEqual({ score: 2, isCorrect: true });
    for (const v of ["3.61", "3.39", "35", "", "abc", "3.5 cm"]) expect(markInteraction(c, value(v), 2), v).toEqual({ score: 0, isCorrect: false });
    const neg = num(-2, 0);
    expect(markInteraction(neg, value("-2"), 1).isCorrect).toBe(true);
    expect(markInteraction(neg, value("−٢"), 1).isCorrect).toBe(true);
    expect(markInteraction(neg, value("2"), 1).isCorrect).toBe(false);
    // 0.1 + 0.2 is 0.30000000000000004: an exact answer of 0.3 still accepts what a calculator gives.
    expect(markInteraction(num(0.1 + 0.2, 0), value("0.3"), 1).isCorrect).toBe(true);
  });

  it("relative tolerance is a percentage of the answer, inclusive", () => {
    const c = num(200, 5, "relative");
    expect(markInteraction(c, value("210"), 1).isCorrect).toBe(true);
    expect(markInteraction(c, value("190"), 1).isCorrect).toBe(true);
    expect(markInteraction(c, value("210.01"), 1).isCorrect).toBe(false);
    expect(markInteraction(c, value("١٬٩٠٠"), 1).isCorrect).toBe(false);
  });

  it("the paper shows the unit only", () => {
    expect(paperInteraction(num(3.5, 0.1), "s")).toEqual({ type: "numeric", unitAr: "سم", unitEn: "cm" });
  });
});

describe("ordering", () => {
  const ord = (scoring: "all_or_nothing" | "per_item" | "per_pair") => parse({ type: "ordering", scoring, items: ["a", "b", "c", "d", "e"].map((id) => entry(id)) });
  const order = (...ids: string[]): TResponse => ({ type: "ordering", order: ids });

  it("refuses an order of one item", () => {
    expect(messages({ type: "ordering", items: [entry("a")] })).toEqual(["items:ORDERING_MIN_ITEMS"]);
    expect(messages({ type: "ordering", items: [] })).toEqual(["items:ORDERING_MIN_ITEMS"]);
  });

  it("all or nothing", () => {
    const c = ord("all_or_nothing");
    expect(markInteraction(c, order("a", "b", "c", "d", "e"), 5)).toEqual({ score: 5, isCorrect: true });
    expect(markInteraction(c, order("b", "a", "c", "d", "e"), 5)).toEqual({ score: 0, isCorrect: false });
  });

  it("per item in its place", () => {
    const c = ord("per_item");
    expect(markInteraction(c, order("b", "a", "c", "d", "e"), 5)).toEqual({ score: 3, isCorrect: false });
    // One item moved from the end to the front: nothing is in its place any more.
    expect(markInteraction(c, order("e", "a", "b", "c", "d"), 5)).toEqual({ score: 0, isCorrect: false });
  });

  it("per adjacent pair in the right order", () => {
    const c = ord("per_pair");
    // e,a,b,c,d keeps a-b, b-c, c-d: 3 of 4 pairs.
    expect(markInteraction(c, order("e", "a", "b", "c", "d"), 4)).toEqual({ score: 3, isCorrect: false });
    expect(markInteraction(c, order("e", "d", "c", "b", "a"), 4)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, order("a", "b", "c", "d", "e"), 4)).toEqual({ score: 4, isCorrect: true });
  });

  it("only a whole arrangement is an answer: missing, repeated or foreign ids earn nothing", () => {
    const c = ord("per_item");
    expect(markInteraction(c, order("a", "b", "c", "d"), 5).score).toBe(0);
    expect(markInteraction(c, order("a", "a", "c", "d", "e"), 5).score).toBe(0);
    expect(markInteraction(c, order("a", "b", "c", "d", "zz"), 5).score).toBe(0);
    expect(markInteraction(c, null, 5).score).toBe(0);
  });

  it("the paper shuffles the items, the same way for the same seed, never in the key's order", () => {
    const c = ord("per_item");
    const a = paperInteraction(c, "version-1");
    expect(a).toEqual(paperInteraction(c, "version-1"));
    if (a.type !== "ordering") throw new Error("type");
    expect(a.items.map((i) => i.id)).not.toEqual(["a", "b", "c", "d", "e"]);
    expect([...a.items.map((i) => i.id)].sort()).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("responses", () => {
  it("refuse the wrong shape, a foreign type and too much", () => {
    expect(ZResponse.safeParse({ type: "numeric", value: 3 }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "numeric", value: "1".repeat(41) }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "essay", text: "x" }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "ordering", order: Array.from({ length: 11 }, (_, i) => `x${i}`) }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "multiple_response", chosen: "a" }).success).toBe(false);
    expect(ZResponse.safeParse(null).success).toBe(false);
  });

  it("a response of another type than the question's is no answer", () => {
    const c = ZInteraction.parse({ type: "numeric", answer: 1 });
    expect(markInteraction(c, { type: "ordering", order: ["a"] }, 1)).toEqual({ score: 0, isCorrect: false });
  });

  it("know when they say nothing", () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered({ type: "numeric", value: "  " })).toBe(false);
    expect(isAnswered({ type: "multiple_response", chosen: [] })).toBe(false);
    expect(isAnswered({ type: "ordering", order: ["b", "a"] })).toBe(true);
  });
});

describe("the editor's types", () => {
  it("are the ones it can show: the new types join as their editor components land", () => {
    expect(EDITOR_QUESTION_TYPES).toEqual(["multiple_choice", "true_false", "essay", "short_answer", "matching", "multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"]);
  });
});
