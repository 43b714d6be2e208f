// The editor's form state of gap fill and inline choice (docs/decisions/0058): load → edit → save gives the same
// interaction, the cards follow the markers in the texts, "Insert gap" writes the next marker at the caret, and the
// schema's messages land on the editor's fields (the gap named under the text that lacks it).
import { describe, expect, it } from "vitest";
import { ZInteraction } from "@shared/item-types";
import { ZExamInput } from "@shared/schemas/exam";
import type { TBankItemDetail } from "@shared/schemas/bank";
import { itemFormOf, ZItemForm } from "@web/features/bank/item-form";
import { emptyExamForm, hasTypeContent, newQuestion, type TExamForm, type TQuestionForm } from "./exam-form";
import { gapProblems, insertMarker, newChoiceGap, newFillGap, nextGapId, syncGaps, type TFillGapForm, type TGapForm, type TInlineChoiceForm } from "./gap-form";
import { interactionFormOf, type TInteractionForm } from "./interaction-form";
import { issueText } from "./use-exams-t";

function examWith(interaction: TInteractionForm | null, type = interaction?.type ?? "gap_fill"): TExamForm {
  const q: TQuestionForm = { ...newQuestion(type), questionTextAr: "أكمل", questionTextEn: "Fill in", interaction };
  return { ...emptyExamForm(), titleAr: "اختبار", titleEn: "Exam", subjectId: "s1", questions: [q] };
}
function issues(form: TExamForm): string[] {
  const r = ZExamInput.safeParse(form);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}
const choice = (id: string, textAr: string, textEn: string, correct = false) => ({ id, textAr, textEn, correct });

describe("gap fill and inline choice in the editor's form", () => {
  const saved = [
    ZInteraction.parse({ type: "gap_fill", textAr: "عاصمة مصر {{2}} وعاصمة الأردن {{1}}", textEn: "The capital of Jordan is {{1}}; of Egypt, {{2}}.", gaps: [{ id: "2", accepted: ["القاهرة", "Cairo"] }, { id: "1", accepted: ["عمّان"] }], scoring: "all_or_nothing" }),
    ZInteraction.parse({ type: "inline_choice", textAr: "الماء {{1}} عند ١٠٠ درجة", textEn: "Water {{1}} at 100 degrees", gaps: [{ id: "1", choices: [choice("a", "يغلي", "boils", true), choice("b", "يتجمد", "freezes")] }] }),
  ];
  it.each(saved)("round trip of $type: loaded and saved unchanged gives the same interaction", (c) => {
    expect(ZExamInput.parse(examWith(interactionFormOf(c))).questions[0]!.interaction).toEqual(c);
  });

  it.each(saved)("the bank's item editor loads and saves $type unchanged", (c) => {
    const content = { type: c.type, questionTextAr: "سؤال", questionTextEn: "Question", questionDocAr: null, questionDocEn: null, image: null, audio: null, points: 2, correctAnswerText: null, matchingPairs: [], skillId: null, options: [], passage: null, interaction: c };
    const item = { subjectId: "s1", grade: null, currentVersion: 1, versions: [{ version: 1, content }] } as unknown as TBankItemDetail;
    expect(ZItemForm.parse(itemFormOf(item)).question.interaction).toEqual(c);
  });

  it("a new question starts with empty texts and no gaps; changing its type asks only once something is in", () => {
    expect(newQuestion("gap_fill").interaction).toEqual({ type: "gap_fill", textAr: "", textEn: "", gaps: [], scoring: "per_gap" });
    expect(newQuestion("inline_choice").interaction).toMatchObject({ type: "inline_choice", gaps: [], scoring: "per_gap" });
    expect(hasTypeContent(newQuestion("gap_fill"))).toBe(false);
    const q = newQuestion("inline_choice");
    expect(hasTypeContent({ ...q, interaction: { ...(q.interaction as TInlineChoiceForm), gaps: [newChoiceGap("1")] } })).toBe(false);
    expect(hasTypeContent({ ...q, interaction: { ...(q.interaction as TGapForm), textEn: "a {{1}}" } })).toBe(true);
  });

  it("the cards follow the markers: new ones appended, gone ones put aside and brought back with their answers", () => {
    const aside = new Map<string, TFillGapForm>();
    const gaps: TFillGapForm[] = [{ id: "1", accepted: ["x"] }, { id: "2", accepted: ["y"] }];
    expect(syncGaps("{{1}} {{2}}", "{{2}} {{1}}", gaps, newFillGap, aside)).toBeNull();
    // Gap 1 gone from both texts, gap 3 typed in the English only: still a card (the mismatch is said under the Arabic).
    const next = syncGaps("{{2}}", "{{2}} {{3}}", gaps, newFillGap, aside)!;
    expect(next).toEqual([{ id: "2", accepted: ["y"] }, { id: "3", accepted: [""] }]);
    expect(syncGaps("{{2}} {{1}}", "{{2}} {{3}} {{1}}", next, newFillGap, aside)).toEqual([...next, { id: "1", accepted: ["x"] }]);
  });

  it("Insert gap: the next number, at the caret (a selection replaced), at the end where there is no caret", () => {
    expect(nextGapId("", "")).toBe("1");
    expect(nextGapId("{{1}} {{4}}", "{{g2}} {{4}}")).toBe("5");
    expect(insertMarker("The sun is hot", 8, 10, "{{1}}")).toEqual({ value: "The sun {{1}} hot", caret: 13 });
    expect(insertMarker("الشمس", null, null, "{{1}}")).toEqual({ value: "الشمس{{1}}", caret: 10 });
    expect(insertMarker("ab", 9, 1, "{{1}}")).toEqual({ value: "ab{{1}}", caret: 7 });
  });

  it("names the gap a text lacks or repeats, under that text (not when the text has no gap at all: that is said once)", () => {
    expect(gapProblems("{{1}} {{2}}", "{{2}} {{2}}")).toEqual([
      { id: "1", lang: "en", problem: "missing" },
      { id: "2", lang: "en", problem: "twice" },
    ]);
    expect(gapProblems("", "{{1}}")).toEqual([]);
  });

  it("gap fill: a text with no gap, texts that disagree, a gap without an accepted answer, an answer too long — each on its field", () => {
    const form = (textAr: string, textEn: string, gaps: TFillGapForm[]): TInteractionForm => ({ type: "gap_fill", textAr, textEn, gaps, scoring: "per_gap" });
    expect(issues(examWith(form("", "Water {{1}}", [{ id: "1", accepted: ["boils"] }])))).toEqual(["questions.0.interaction.textAr:GAP_TEXT_NO_GAP"]);
    expect(issues(examWith(form("{{1}} {{2}}", "{{1}}", [{ id: "1", accepted: ["a"] }, { id: "2", accepted: [" ", ""] }])))).toEqual([
      "questions.0.interaction.textEn:GAP_TEXT_MISMATCH",
      "questions.0.interaction.gaps.1.accepted:GAP_NO_ACCEPTED_ANSWER",
    ]);
    expect(issues(examWith(form("{{1}}", "{{1}}", [{ id: "1", accepted: ["a".repeat(201)] }])))).toEqual(["questions.0.interaction.gaps.0.accepted.0:TEXT_TOO_LONG"]);
    expect(issues(examWith(form("{{1}}" + "ب".repeat(5000), "{{1}}", [{ id: "1", accepted: ["a"] }])))).toEqual(["questions.0.interaction.textAr:TEXT_TOO_LONG"]);
    expect(issueText("GAP_NO_ACCEPTED_ANSWER", "questions.2.interaction.gaps.0.accepted")).toEqual({
      en: "Question 3: each gap needs at least one accepted answer.",
      ar: "السؤال 3: يحتاج كل فراغ إلى إجابة مقبولة واحدة على الأقل.",
    });
  });

  it("inline choice: a list of one, no right choice, two right, a choice without its English — on the gap's list and choice", () => {
    const form = (choices: ReturnType<typeof choice>[]): TInteractionForm => ({ type: "inline_choice", textAr: "{{1}}", textEn: "{{1}}", gaps: [{ id: "1", choices }], scoring: "per_gap" });
    expect(issues(examWith(form([choice("a", "أ", "")])))).toEqual([
      "questions.0.interaction.gaps.0.choices:QUESTION_MIN_OPTIONS",
      "questions.0.interaction.gaps.0.choices.0:OPTION_MISSING_TEXT",
      "questions.0.interaction.gaps.0.choices:QUESTION_NO_CORRECT_OPTION",
    ]);
    expect(issues(examWith(form([choice("a", "أ", "A", true), choice("b", "ب", "B", true)])))).toEqual(["questions.0.interaction.gaps.0.choices:QUESTION_MULTIPLE_CORRECT"]);
    // A fresh gap's choices have ids the schema takes: filled in, with one right, it passes.
    const g = newChoiceGap("1");
    g.choices.forEach((c, k) => Object.assign(c, { textAr: `ع${k}`, textEn: `E${k}`, correct: k === 0 }));
    expect(issues(examWith({ type: "inline_choice", textAr: "{{1}}", textEn: "{{1}}", gaps: [g], scoring: "all_or_nothing" }))).toEqual([]);
  });
});
