// Gap fill and inline choice on the paper (docs/decisions/0058): the text split at its gaps in reading order (the
// numbers the gaps are named by), a response that holds only what was given, and "answered" as the navigator says it.
import { describe, expect, it } from "vitest";
import type { TPaperInteraction } from "@shared/item-types";
import { EMPTY_ANSWER } from "@web/features/taking/lib/answer-sync";
import { isAnswered, isPartlyAnswered, type TPaperQuestion } from "@web/features/taking/lib/answers";
import { gapSegments, withGapAnswer } from "./gaps";

const question = (interaction: TPaperInteraction) => ({ id: "q1", type: interaction.type, options: [], premises: [], responses: [], interaction }) as unknown as TPaperQuestion;

describe("gaps on the paper", () => {
  it("splits the text at its markers, numbering the gaps in that text's reading order", () => {
    expect(gapSegments("عاصمة مصر {{b}} وعاصمة الأردن {{a}}.")).toEqual([{ text: "عاصمة مصر " }, { gap: "b", n: 1 }, { text: " وعاصمة الأردن " }, { gap: "a", n: 2 }, { text: "." }]);
    expect(gapSegments("{{a}}{{b}}\nline")).toEqual([{ gap: "a", n: 1 }, { gap: "b", n: 2 }, { text: "\nline" }]);
    // Not a marker: left as text.
    expect(gapSegments("{{ a }} {{}}")).toEqual([{ text: "{{ a }} {{}}" }]);
  });

  it("a response holds only the gaps given: emptying one takes it away", () => {
    expect(withGapAnswer({ a: "x" }, "b", "y")).toEqual({ a: "x", b: "y" });
    expect(withGapAnswer({ a: "x", b: "y" }, "a", "")).toEqual({ b: "y" });
  });

  it("answered when every gap is; some gaps only is partly answered (as matching)", () => {
    const gf = question({ type: "gap_fill", textAr: "{{a}} {{b}}", textEn: "{{a}} {{b}}", gaps: [{ id: "a" }, { id: "b" }] });
    const some = { ...EMPTY_ANSWER, response: { type: "gap_fill" as const, answers: { a: "x", b: " " } } };
    expect([isAnswered(gf, some), isPartlyAnswered(gf, some)]).toEqual([false, true]);
    const all = { ...EMPTY_ANSWER, response: { type: "gap_fill" as const, answers: { a: "x", b: "y" } } };
    expect([isAnswered(gf, all), isPartlyAnswered(gf, all)]).toEqual([true, false]);
    const ic = question({ type: "inline_choice", textAr: "{{a}}", textEn: "{{a}}", gaps: [{ id: "a", choices: [] }, { id: "b", choices: [] }] });
    const one = { ...EMPTY_ANSWER, response: { type: "inline_choice" as const, chosen: { a: "c1" } } };
    expect([isAnswered(ic, one), isPartlyAnswered(ic, one)]).toEqual([false, true]);
    expect([isAnswered(ic, undefined), isPartlyAnswered(ic, undefined)]).toEqual([false, false]);
  });
});
