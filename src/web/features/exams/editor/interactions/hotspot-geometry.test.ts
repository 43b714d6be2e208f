// The hotspot editor's arithmetic (hotspot-geometry.ts) and its form mapping: what a drag makes, where a move stops,
// how areas follow a picture of another size, and that a drawn question saves and loads as the server reads it.
import { describe, expect, it } from "vitest";
import { ZInteraction } from "@shared/item-types";
import { isInArea, ZHotspot } from "@shared/item-types/hotspot";
import { ZExamInput } from "@shared/schemas/exam";
import { emptyExamForm, newQuestion } from "../../lib/exam-form";
import { emptyInteraction, interactionContent, interactionFormOf, type THotspotForm } from "../../lib/interaction-form";
import { issueText } from "../../lib/use-exams-t";
import { circleFromDrag, defaultArea, moveArea, rectFromDrag, rescaleCoords } from "./hotspot-geometry";

const frame = { width: 400, height: 300 };

describe("drawing", () => {
  it("a rectangle from a drag either way round, whole pixels, cut at the picture's edge", () => {
    expect(rectFromDrag({ x: 10.4, y: 20.6 }, { x: 110, y: 80 }, frame)).toEqual([10, 21, 110, 80]);
    expect(rectFromDrag({ x: 110, y: 80 }, { x: 10, y: 20 }, frame)).toEqual([10, 20, 110, 80]);
    expect(rectFromDrag({ x: 350, y: 250 }, { x: 900, y: -40 }, frame)).toEqual([350, 0, 400, 250]);
  });
  it("a click without a drag draws nothing", () => {
    expect(rectFromDrag({ x: 50, y: 50 }, { x: 50, y: 90 }, frame)).toBeNull();
    expect(circleFromDrag({ x: 50, y: 50 }, { x: 50.2, y: 50 }, frame)).toBeNull();
  });
  it("a circle from its centre; its radius cut so it stays inside the picture", () => {
    expect(circleFromDrag({ x: 200, y: 150 }, { x: 230, y: 190 }, frame)).toEqual([200, 150, 50]);
    expect(circleFromDrag({ x: 20, y: 150 }, { x: 120, y: 150 }, frame)).toEqual([20, 150, 20]);
  });
  it("the keyboard's new areas are valid in any frame, even a 1 × 1 one", () => {
    for (const f of [frame, { width: 1, height: 1 }, { width: 7, height: 3000 }]) {
      for (const shape of ["rect", "circle"] as const) {
        const c = defaultArea(shape, f);
        const parsed = ZHotspot.safeParse({ type: "hotspot", ...f, maxChoices: 0, areas: [{ id: "a", textAr: "أ", textEn: "A", shape, coords: c, correct: true }, { id: "b", textAr: "ب", textEn: "B", shape: "rect", coords: [0, 0, 1, 1] }] });
        expect(parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === "areas" && i.path[1] === 0)).toEqual([]);
      }
    }
  });
});

describe("moving", () => {
  it("by the keys' steps, and no further than the edge (the shape is kept)", () => {
    expect(moveArea("rect", [10, 10, 50, 40], 10, -1, frame)).toEqual([20, 9, 60, 39]);
    expect(moveArea("rect", [10, 10, 50, 40], -100, 0, frame)).toEqual([0, 10, 40, 40]);
    expect(moveArea("circle", [380, 150, 10], 50, 0, frame)).toEqual([390, 150, 10]);
    expect(moveArea("poly", [0, 0, 40, 0, 20, 30], 500, 500, frame)).toEqual([360, 270, 400, 270, 380, 300]);
  });
});

describe("a picture of another size", () => {
  it("areas scale with it and cover the same places", () => {
    const to = { width: 800, height: 600 };
    expect(rescaleCoords("rect", [10, 20, 110, 80], frame, to)).toEqual([20, 40, 220, 160]);
    expect(rescaleCoords("poly", [0, 0, 400, 0, 200, 300], frame, to)).toEqual([0, 0, 800, 0, 400, 600]);
    // Not the same shape: a circle stays a circle (the smaller factor) and inside.
    expect(rescaleCoords("circle", [200, 150, 100], frame, { width: 200, height: 300 })).toEqual([100, 150, 50]);
    const scaled = rescaleCoords("rect", [100, 100, 200, 200], frame, { width: 100, height: 75 });
    expect(isInArea({ shape: "rect", coords: scaled }, 37, 37)).toBe(true);
  });
});

describe("the form", () => {
  const saved = ZInteraction.parse({
    type: "hotspot",
    width: 400,
    height: 300,
    maxChoices: 2,
    scoring: "partial",
    areas: [
      { id: "a", textAr: "مكة", textEn: "Makkah", shape: "circle", coords: [100, 100, 20], correct: true },
      { id: "b", textAr: "جدة", textEn: "Jeddah", shape: "poly", coords: [1, 1, 50, 1, 20, 40] },
    ],
  });
  it("loads and saves back the same interaction", () => {
    const form = interactionFormOf(saved);
    expect(ZInteraction.parse(form)).toEqual(saved);
    expect(interactionContent(form)).not.toEqual([]);
  });
  it("a new one has no areas and no frame until its picture loads: the server says what is missing", () => {
    const fresh = emptyInteraction("hotspot");
    expect(interactionContent(fresh)).toEqual([]);
    const r = ZInteraction.safeParse(fresh);
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`)).toEqual(expect.arrayContaining(["width:VALIDATION_FAILED", "areas:QUESTION_MIN_OPTIONS"]));
  });
});

describe("messages on the editor's fields", () => {
  const area = (id: string, coords: number[], extra: object = {}) => ({ id, textAr: "أ", textEn: "A", correct: false, shape: "rect" as const, coords, ...extra });
  const exam = (interaction: THotspotForm, image = true) => ({
    ...emptyExamForm(),
    titleAr: "اختبار",
    titleEn: "Exam",
    subjectId: "s1",
    questions: [{ ...newQuestion("hotspot"), questionTextAr: "أين؟", questionTextEn: "Where?", image: image ? { id: crypto.randomUUID(), width: 400, height: 300, altAr: "", altEn: "" } : null, interaction }],
  });
  const issues = (form: unknown) => {
    const r = ZExamInput.safeParse(form);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
  };
  it("an area off the picture, too many right areas, no picture: each on its field", () => {
    const form: THotspotForm = { type: "hotspot", width: 400, height: 300, maxChoices: 1, scoring: "all_or_nothing", areas: [area("a", [300, 10, 450, 60], { correct: true }), area("b", [0, 0, 10, 10], { correct: true })] };
    expect(issues(exam(form))).toEqual(["questions.0.interaction.areas.0.coords:HOTSPOT_AREA_OUTSIDE", "questions.0.interaction.maxChoices:HOTSPOT_MAX_CHOICES"]);
    expect(issues(exam({ ...form, maxChoices: 0, areas: [area("a", [1, 1, 9, 9], { correct: true }), area("b", [0, 0, 10, 10])] }, false))).toEqual(["questions.0.image:HOTSPOT_NO_IMAGE"]);
  });
  it("are said in both languages, naming the question and the area", () => {
    expect(issueText("HOTSPOT_AREA_OUTSIDE", "questions.1.interaction.areas.2.coords")).toEqual({ en: "Question 2, area 3 goes outside the picture.", ar: "الموضع 3 في السؤال 2 يخرج عن حدود الصورة." });
    for (const code of ["HOTSPOT_MAX_CHOICES", "HOTSPOT_NO_IMAGE", "HOTSPOT_POLYGON_POINTS"] as const) expect(issueText(code, "questions.0.interaction.maxChoices").ar).not.toBe("");
  });
});
