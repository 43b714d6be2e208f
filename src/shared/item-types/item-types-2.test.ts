// Gap fill, inline choice and hotspot (issue 36; docs/decisions/0058): bad content, the paper without the key, and
// marking on hand-worked cases.
import { describe, expect, it } from "vitest";
import { issueVars } from "../errors";
import { isAnswered, markInteraction, paperInteraction, ZInteraction, ZResponse, type TInteractionInput, type TResponse } from ".";
import { areaAt } from "./hotspot";

const parse = (c: TInteractionInput) => ZInteraction.parse(c);
const messages = (c: unknown) => {
  const r = ZInteraction.safeParse(c);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("gap fill", () => {
  // The gaps in another order in Arabic than in English: named by id, not by place.
  const gf = (scoring: "per_gap" | "all_or_nothing" = "per_gap") =>
    parse({
      type: "gap_fill",
      scoring,
      textAr: "عاصمة مصر {{g1}} وعاصمة الأردن {{g2}} وعاصمة {{g3}} الرياض",
      textEn: "The capital of Egypt is {{g1}}, {{g3}}'s is Riyadh and Jordan's is {{g2}}",
      gaps: [
        { id: "g1", accepted: ["القاهرة", "Cairo"] },
        { id: "g2", accepted: ["عمّان", "Amman"] },
        { id: "g3", accepted: ["السعودية", "المملكة العربية السعودية"] },
      ],
    });
  const answer = (answers: Record<string, string>): TResponse => ({ type: "gap_fill", answers });

  it("refuses a gap with no accepted answer, a text with no gap, gaps not matching between languages, too long a text", () => {
    const ok = { type: "gap_fill", textAr: "أ {{g1}}", textEn: "A {{g1}}", gaps: [{ id: "g1", accepted: ["x"] }] };
    expect(messages(ok)).toEqual([]);
    expect(messages({ ...ok, gaps: [{ id: "g1", accepted: [] }] })).toEqual(["gaps.0.accepted:GAP_NO_ACCEPTED_ANSWER"]);
    // Blank answers and answers of punctuation only are no answers.
    expect(messages({ ...ok, gaps: [{ id: "g1", accepted: ["  ", "؟"] }] })).toEqual(["gaps.0.accepted:GAP_NO_ACCEPTED_ANSWER"]);
    expect(messages({ ...ok, textAr: "أ", textEn: "A", gaps: [] })).toEqual(["textAr:GAP_TEXT_NO_GAP", "textEn:GAP_TEXT_NO_GAP"]);
    expect(messages({ ...ok, textEn: "A" })).toEqual(["textEn:GAP_TEXT_NO_GAP"]);
    expect(messages({ ...ok, textEn: "A {{g1}} {{g1}}" })).toEqual(["textEn:GAP_TEXT_MISMATCH"]);
    expect(messages({ ...ok, textEn: "A {{g2}}" })).toEqual(["textEn:GAP_TEXT_MISMATCH"]);
    expect(messages({ ...ok, gaps: [{ id: "g1", accepted: ["x"] }, { id: "g2", accepted: ["y"] }] })).toEqual(["textAr:GAP_TEXT_MISMATCH", "textEn:GAP_TEXT_MISMATCH"]);
    expect(messages({ ...ok, textAr: `${"ب".repeat(5001)} {{g1}}` })).toEqual(["textAr:TEXT_TOO_LONG"]);
    expect(messages({ ...ok, gaps: [{ id: "g1", accepted: ["x".repeat(201)] }] })).toEqual(["gaps.0.accepted.0:TEXT_TOO_LONG"]);
    expect(messages({ ...ok, scoring: "some" })).toEqual(["scoring:VALIDATION_FAILED"]);
  });

  it("per gap: the points split evenly, each gap matched as a short answer (diacritics and letter forms folded)", () => {
    const c = gf();
    expect(markInteraction(c, answer({ g1: "القاهره", g2: "عمان", g3: "السعوديّة" }), 3)).toEqual({ score: 3, isCorrect: true });
    expect(markInteraction(c, answer({ g1: " cairo ", g2: "Amman" }), 3)).toEqual({ score: 2, isCorrect: false });
    // 1 of 3 on 2 points: 0.67; 2 of 3: 1.33.
    expect(markInteraction(c, answer({ g1: "القاهرة" }), 2)).toEqual({ score: 0.67, isCorrect: false });
    expect(markInteraction(c, answer({ g1: "القاهرة", g3: "المملكة العربية السعودية" }), 2)).toEqual({ score: 1.33, isCorrect: false });
    // A right answer in the wrong gap, a blank, a foreign gap id: nothing.
    expect(markInteraction(c, answer({ g1: "عمان", g2: "", zz: "القاهرة" }), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, null, 3)).toEqual({ score: 0, isCorrect: false });
  });

  it("all or nothing: the points only for every gap right", () => {
    const c = gf("all_or_nothing");
    expect(markInteraction(c, answer({ g1: "القاهرة", g2: "عمان" }), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(c, answer({ g1: "القاهرة", g2: "عمان", g3: "السعودية" }), 3)).toEqual({ score: 3, isCorrect: true });
  });

  it("the paper keeps the texts and the gaps' ids, never an accepted answer", () => {
    const c = gf();
    if (c.type !== "gap_fill") throw new Error("gap_fill");
    const paper = paperInteraction(c, "seed");
    expect(paper).toEqual({ type: "gap_fill", textAr: c.textAr, textEn: c.textEn, gaps: [{ id: "g1" }, { id: "g2" }, { id: "g3" }] });
    expect(JSON.stringify(paper)).not.toMatch(/accepted|القاهرة|Cairo/);
  });

  it("responses: bounded, text only", () => {
    expect(ZResponse.safeParse({ type: "gap_fill", answers: { g1: "x" } }).success).toBe(true);
    expect(ZResponse.safeParse({ type: "gap_fill", answers: { g1: 3 } }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "gap_fill", answers: ["x"] }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "gap_fill", answers: { g1: "x".repeat(201) } }).success).toBe(false);
    expect(ZResponse.safeParse({ type: "gap_fill", answers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`g${i}`, "x"])) }).success).toBe(false);
    expect(isAnswered({ type: "gap_fill", answers: { g1: " " } })).toBe(false);
    expect(isAnswered({ type: "gap_fill", answers: { g1: "x" } })).toBe(true);
  });
});

describe("inline choice", () => {
  const choice = (id: string, correct = false) => ({ id, textAr: `ع ${id}`, textEn: `E ${id}`, correct });
  const ic = (scoring: "per_gap" | "all_or_nothing" = "per_gap") =>
    parse({
      type: "inline_choice",
      scoring,
      textAr: "{{g1}} ثم {{g2}}",
      textEn: "{{g1}} then {{g2}}",
      gaps: [
        { id: "g1", choices: [choice("a", true), choice("b"), choice("c"), choice("d")] },
        { id: "g2", choices: [choice("x"), choice("y", true)] },
      ],
    });
  const answer = (chosen: Record<string, string>): TResponse => ({ type: "inline_choice", chosen });

  it("refuses a list of fewer than two, none or two right, a missing text, and a text without its gaps", () => {
    const base = { type: "inline_choice", textAr: "{{g1}}", textEn: "{{g1}}" };
    expect(messages({ ...base, gaps: [{ id: "g1", choices: [choice("a", true)] }] })).toEqual(["gaps.0.choices:QUESTION_MIN_OPTIONS"]);
    expect(messages({ ...base, gaps: [{ id: "g1", choices: [choice("a"), choice("b")] }] })).toEqual(["gaps.0.choices:QUESTION_NO_CORRECT_OPTION"]);
    expect(messages({ ...base, gaps: [{ id: "g1", choices: [choice("a", true), choice("b", true)] }] })).toEqual(["gaps.0.choices:QUESTION_MULTIPLE_CORRECT"]);
    expect(messages({ ...base, gaps: [{ id: "g1", choices: [choice("a", true), { id: "b", textAr: "ب", textEn: "" }] }] })).toEqual(["gaps.0.choices.1:OPTION_MISSING_TEXT"]);
    expect(messages({ ...base, textEn: "none", gaps: [{ id: "g1", choices: [choice("a", true), choice("b")] }] })).toEqual(["textEn:GAP_TEXT_NO_GAP"]);
    // The message names the list's entry: "option 2".
    expect(issueVars(["questions", 0, "interaction", "gaps", 0, "choices", 1])).toEqual({ n: 1, m: 2 });
  });

  it("marks per gap or all or nothing; a choice of another gap or none earns nothing", () => {
    expect(markInteraction(ic(), answer({ g1: "a", g2: "y" }), 2)).toEqual({ score: 2, isCorrect: true });
    expect(markInteraction(ic(), answer({ g1: "a", g2: "x" }), 3)).toEqual({ score: 1.5, isCorrect: false });
    expect(markInteraction(ic(), answer({ g1: "y", g2: "a" }), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(ic("all_or_nothing"), answer({ g1: "a" }), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(ic("all_or_nothing"), answer({ g1: "a", g2: "y" }), 3)).toEqual({ score: 3, isCorrect: true });
  });

  it("the paper shuffles each list by the seed and the gap, without which is right", () => {
    const paper = paperInteraction(ic(), "seed-1");
    if (paper.type !== "inline_choice") throw new Error("inline_choice");
    expect(JSON.stringify(paper)).not.toContain("correct");
    expect(paper.gaps.map((g) => g.choices.map((o) => o.id).sort())).toEqual([["a", "b", "c", "d"], ["x", "y"]]);
    expect(paperInteraction(ic(), "seed-1")).toEqual(paper);
    const orders = new Set(Array.from({ length: 12 }, (_, i) => (paperInteraction(ic(), `s${i}`) as typeof paper).gaps[0]!.choices.map((o) => o.id).join("")));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe("hotspot", () => {
  const area = (id: string, shape: "rect" | "circle" | "poly", coords: number[], correct = false) => ({ id, textAr: `منطقة ${id}`, textEn: `Area ${id}`, shape, coords, correct });
  const hs = (extra: object = {}) =>
    parse({
      type: "hotspot",
      width: 400,
      height: 300,
      areas: [area("r", "rect", [10, 10, 110, 60], true), area("c", "circle", [200, 150, 50], true), area("p", "poly", [300, 200, 390, 200, 345, 290]), area("n", "rect", [0, 250, 50, 300])],
      maxChoices: 0,
      ...extra,
    } as TInteractionInput);
  const answer = (...chosen: string[]): TResponse => ({ type: "hotspot", chosen });

  it("refuses an area outside the picture, a polygon of fewer than three points, a missing label, no right area", () => {
    const base = { type: "hotspot", width: 100, height: 100, maxChoices: 1 };
    const right = area("a", "rect", [0, 0, 10, 10], true);
    expect(messages({ ...base, areas: [right, area("b", "rect", [50, 50, 101, 60])] })).toEqual(["areas.1.coords:HOTSPOT_AREA_OUTSIDE"]);
    expect(messages({ ...base, areas: [right, area("b", "circle", [95, 50, 10])] })).toEqual(["areas.1.coords:HOTSPOT_AREA_OUTSIDE"]);
    expect(messages({ ...base, areas: [right, area("b", "poly", [0, 0, 50, -1, 20, 20])] })).toEqual(["areas.1.coords:HOTSPOT_AREA_OUTSIDE"]);
    expect(messages({ ...base, areas: [right, area("b", "poly", [0, 0, 50, 50])] })).toEqual(["areas.1.coords:HOTSPOT_POLYGON_POINTS"]);
    expect(messages({ ...base, areas: [right, area("b", "rect", [50, 50, 40, 60])] })).toEqual(["areas.1.coords:VALIDATION_FAILED"]);
    expect(messages({ ...base, areas: [right, { ...area("b", "rect", [50, 50, 60, 60]), textEn: "" }] })).toEqual(["areas.1:OPTION_MISSING_TEXT"]);
    expect(messages({ ...base, areas: [area("a", "rect", [0, 0, 10, 10]), area("b", "rect", [50, 50, 60, 60])] })).toEqual(["areas:QUESTION_NO_CORRECT_OPTION"]);
    expect(messages({ ...base, areas: [right, area("b", "rect", [50, 50, 60, 60], true)] })).toEqual(["maxChoices:HOTSPOT_MAX_CHOICES"]);
    expect(messages({ ...base, areas: [right] })).toEqual(["areas:QUESTION_MIN_OPTIONS"]);
    expect(messages({ ...base, width: 0, areas: [right, area("b", "rect", [50, 50, 60, 60])] })).toContain("width:VALIDATION_FAILED");
    expect(issueVars(["questions", 2, "interaction", "areas", 1, "coords"])).toEqual({ n: 3, m: 2 });
  });

  it("a click inside an area chooses it (edges included, the top one where they overlap); outside every area, nothing", () => {
    const c = hs();
    if (c.type !== "hotspot") throw new Error("hotspot");
    expect(areaAt(c.areas, 10, 10)).toBe("r");
    expect(areaAt(c.areas, 110, 60)).toBe("r");
    expect(areaAt(c.areas, 111, 60)).toBeNull();
    expect(areaAt(c.areas, 200, 199)).toBe("c");
    expect(areaAt(c.areas, 236, 186)).toBeNull(); // inside the circle's box, outside the circle
    expect(areaAt(c.areas, 345, 250)).toBe("p");
    expect(areaAt(c.areas, 305, 280)).toBeNull(); // inside the triangle's box, outside the triangle
    expect(areaAt([...c.areas, area("top", "rect", [0, 0, 400, 300])], 10, 10)).toBe("top");
  });

  it("marks all or nothing, or partial as multiple response; more than maxChoices is no answer", () => {
    expect(markInteraction(hs(), answer("c", "r"), 2)).toEqual({ score: 2, isCorrect: true });
    expect(markInteraction(hs(), answer("r"), 2)).toEqual({ score: 0, isCorrect: false });
    const partial = hs({ scoring: "partial" });
    expect(markInteraction(partial, answer("r"), 3)).toEqual({ score: 1.5, isCorrect: false });
    expect(markInteraction(partial, answer("r", "p"), 3)).toEqual({ score: 0, isCorrect: false });
    expect(markInteraction(partial, answer("r", "c", "p", "n"), 3)).toEqual({ score: 0, isCorrect: false });
    // An id twice counts once; an id of no area counts for nothing.
    expect(markInteraction(partial, answer("r", "r", "zz"), 3)).toEqual({ score: 1.5, isCorrect: false });
    const two = hs({ maxChoices: 2 });
    expect(markInteraction(two, answer("r", "c", "p"), 3)).toEqual({ score: 0, isCorrect: false });
  });

  it("the paper keeps the frame, the areas and their labels, never which are right", () => {
    const paper = paperInteraction(hs(), "seed");
    expect(JSON.stringify(paper)).not.toContain("correct");
    expect(paper).toMatchObject({ type: "hotspot", width: 400, height: 300, maxChoices: 0, scoring: "all_or_nothing", areas: [{ id: "r", shape: "rect", coords: [10, 10, 110, 60], textAr: "منطقة r", textEn: "Area r" }, {}, {}, {}] });
  });
});
