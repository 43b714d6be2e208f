// The editor's form state of the item types of issue 36 (docs/decisions/0057): load → edit → save gives the same
// interaction, in the exam editor and the bank's item editor; the schema's messages land on the editor's fields,
// bilingual and numbered, and in the order the page shows them.
import { describe, expect, it } from "vitest";
import { ZInteraction, type TInteraction } from "@shared/item-types";
import { issueVars } from "@shared/errors";
import { ZExamInput } from "@shared/schemas/exam";
import type { TBankItemDetail } from "@shared/schemas/bank";
import { itemFormOf, ZItemForm } from "@web/features/bank/item-form";
import { emptyExamForm, hasTypeContent, newQuestion, type TExamForm, type TQuestionForm } from "./exam-form";
import { emptyInteraction, interactionFormOf, type TInteractionForm } from "./interaction-form";
import { sortIssues } from "./form-issues";
import { issueText } from "./use-exams-t";

const saved: TInteraction[] = [
  ZInteraction.parse({ type: "multiple_response", scoring: "partial", choices: [{ id: "a", textAr: "أ", textEn: "A", correct: true }, { id: "b", textAr: "ب", textEn: "B" }, { id: "c", textAr: "ج", textEn: "C", correct: true }] }),
  ZInteraction.parse({ type: "numeric", answer: 3.5, tolerance: 2.5, toleranceMode: "relative", unitAr: "سم", unitEn: "cm" }),
  ZInteraction.parse({ type: "ordering", scoring: "per_pair", items: [{ id: "x", textAr: "أولًا", textEn: "First" }, { id: "y", textAr: "ثانيًا", textEn: "Second" }, { id: "z", textAr: "ثالثًا", textEn: "Third" }] }),
];

/** An exam form with one question of the interaction's type, as the editor would submit it. */
function examWith(interaction: TInteractionForm | null, type = interaction?.type ?? "multiple_response"): TExamForm {
  const q: TQuestionForm = { ...newQuestion(type), questionTextAr: "سؤال", questionTextEn: "Question", interaction };
  return { ...emptyExamForm(), titleAr: "اختبار", titleEn: "Exam", subjectId: "s1", questions: [q] };
}

/** The messages of the exam editor's resolver (the server's schema), as path:code. */
function issues(form: TExamForm): string[] {
  const r = ZExamInput.safeParse(form);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}

describe("the form state of an item type", () => {
  it.each(saved)("round trip of $type: loaded, saved unchanged, gives the same interaction", (c) => {
    const form = interactionFormOf(c);
    const out = ZExamInput.parse(examWith(form));
    expect(out.questions[0]!.interaction).toEqual(c);
  });

  it("the bank's item editor keeps the interaction of the version it loads", () => {
    for (const c of saved) {
      const content = { type: c.type, questionTextAr: "سؤال", questionTextEn: "Question", questionDocAr: null, questionDocEn: null, image: null, audio: null, points: 2, correctAnswerText: null, matchingPairs: [], skillId: null, options: [], passage: null, interaction: c };
      const item = { subjectId: "s1", grade: null, currentVersion: 1, versions: [{ version: 1, content }] } as unknown as TBankItemDetail;
      const form = itemFormOf(item);
      expect(form.questions[0]!.interaction).toEqual(interactionFormOf(c));
      expect(ZItemForm.parse(form).question.interaction).toEqual(c);
    }
  });

  it("reads the answer and the tolerance as typed, in Arabic-Indic digits too", () => {
    const form: TInteractionForm = { type: "numeric", answer: "٣٫٥", tolerance: "٠٫١", toleranceMode: "absolute", unitAr: " سم ", unitEn: "cm" };
    expect(ZExamInput.parse(examWith(form)).questions[0]!.interaction).toEqual({ type: "numeric", answer: 3.5, tolerance: 0.1, toleranceMode: "absolute", unitAr: "سم", unitEn: "cm" });
  });

  it("a new question of each type starts with what its editor shows, and new entries have ids the schema takes", () => {
    const mr = emptyInteraction("multiple_response");
    expect(mr).toMatchObject({ type: "multiple_response", scoring: "all_or_nothing" });
    expect(mr?.type === "multiple_response" && mr.choices.length).toBe(2);
    expect(emptyInteraction("numeric")).toEqual({ type: "numeric", answer: "", tolerance: "0", toleranceMode: "absolute", unitAr: "", unitEn: "" });
    expect(emptyInteraction("essay")).toBeNull();
    expect(newQuestion("ordering").interaction?.type).toBe("ordering");
    expect(newQuestion("multiple_choice").interaction).toBeNull();
    // Filled in, the fresh ones pass: their ids are ZEntry's.
    const o = emptyInteraction("ordering");
    if (o?.type !== "ordering") throw new Error("ordering");
    o.items.forEach((i, k) => Object.assign(i, { textAr: `ع${k}`, textEn: `E${k}` }));
    expect(issues(examWith(o))).toEqual([]);
  });

  it("changing the type asks only when the author put something in", () => {
    expect(hasTypeContent(newQuestion("multiple_response"))).toBe(false);
    expect(hasTypeContent(newQuestion("numeric"))).toBe(false);
    expect(hasTypeContent(newQuestion("ordering"))).toBe(false);
    const q = newQuestion("numeric");
    expect(hasTypeContent({ ...q, interaction: { ...(q.interaction as Extract<TInteractionForm, { type: "numeric" }>), answer: "4" } })).toBe(true);
    const m = newQuestion("multiple_response");
    if (m.interaction?.type !== "multiple_response") throw new Error("mr");
    m.interaction.choices[1]!.correct = true;
    expect(hasTypeContent(m)).toBe(true);
  });

  it("a question of a type without its content is refused, not saved empty", () => {
    expect(issues(examWith(null, "ordering"))).toEqual(["questions.0.interaction:VALIDATION_FAILED"]);
  });
});

describe("the messages of the new types on the editor's fields", () => {
  const choice = (id: string, textAr: string, textEn: string, correct = false) => ({ id, textAr, textEn, correct });

  it("multiple response: too few choices, none correct, a choice without its English", () => {
    expect(issues(examWith({ type: "multiple_response", scoring: "partial", choices: [choice("a", "أ", "")] }))).toEqual([
      "questions.0.interaction.choices:QUESTION_MIN_OPTIONS",
      "questions.0.interaction.choices.0:OPTION_MISSING_TEXT",
      "questions.0.interaction.choices:QUESTION_NO_CORRECT_OPTION",
    ]);
  });

  it("numeric: an unreadable answer, a negative tolerance, each on its own field", () => {
    expect(issues(examWith({ type: "numeric", answer: "ثلاثة", tolerance: "-1", toleranceMode: "absolute", unitAr: "", unitEn: "" }))).toEqual([
      "questions.0.interaction.answer:NUMERIC_ANSWER_INVALID",
      "questions.0.interaction.tolerance:NUMERIC_TOLERANCE_INVALID",
    ]);
    expect(issues(examWith({ type: "numeric", answer: "", tolerance: "كثير", toleranceMode: "relative", unitAr: "", unitEn: "" }))).toEqual([
      "questions.0.interaction.answer:NUMERIC_ANSWER_INVALID",
      "questions.0.interaction.tolerance:NUMERIC_TOLERANCE_INVALID",
    ]);
  });

  it("ordering: an order of one item, an item without its Arabic (said as an item, not an option)", () => {
    expect(issues(examWith({ type: "ordering", scoring: "all_or_nothing", items: [{ id: "a", textAr: "أ", textEn: "A" }] }))).toEqual(["questions.0.interaction.items:ORDERING_MIN_ITEMS"]);
    expect(issues(examWith({ type: "ordering", scoring: "per_item", items: [{ id: "a", textAr: "أ", textEn: "A" }, { id: "b", textAr: " ", textEn: "B" }] }))).toEqual([
      "questions.0.interaction.items.1:ORDERING_ITEM_MISSING_TEXT",
    ]);
    expect(issueText("ORDERING_ITEM_MISSING_TEXT", "questions.0.interaction.items.1")).toEqual({ en: "Question 1, item 2 is missing text.", ar: "العنصر 2 في السؤال 1 ينقصه نص." });
  });

  it("says which question and which choice or item, in both languages", () => {
    expect(issueVars("questions.1.interaction.choices.2")).toEqual({ n: 2, m: 3 });
    expect(issueVars("questions.0.interaction.items.0")).toEqual({ n: 1, m: 1 });
    expect(issueText("OPTION_MISSING_TEXT", "questions.1.interaction.choices.2")).toEqual({ en: "Question 2, option 3 is missing text.", ar: "الخيار 3 في السؤال 2 ينقصه نص." });
    expect(issueText("NUMERIC_TOLERANCE_INVALID", "questions.0.interaction.tolerance")).toEqual({
      en: "Question 1: the tolerance must be a number, zero or more.",
      ar: "السؤال 1: يجب أن يكون هامش السماح رقمًا، صفرًا أو أكثر.",
    });
    expect(issueText("ORDERING_MIN_ITEMS", "questions.3.interaction.items").en).toBe("Question 4 must have at least two items to put in order.");
  });

  it("lists them in the order the page shows them: the question's text, its choices, the list's own message", () => {
    const list = [
      { path: "questions.0.interaction.choices", code: "QUESTION_MIN_OPTIONS" },
      { path: "questions.1.interaction.tolerance", code: "NUMERIC_TOLERANCE_INVALID" },
      { path: "questions.0.interaction.choices.1", code: "OPTION_MISSING_TEXT" },
      { path: "questions.1.interaction.answer", code: "NUMERIC_ANSWER_INVALID" },
      { path: "questions.0.questionTextAr", code: "QUESTION_REQUIRED_FIELDS" },
      { path: "questions.0.interaction.choices.0", code: "OPTION_MISSING_TEXT" },
      { path: "titleAr", code: "EXAM_REQUIRED_FIELDS" },
    ];
    expect(sortIssues(list).map((i) => i.path)).toEqual([
      "titleAr",
      "questions.0.questionTextAr",
      "questions.0.interaction.choices.0",
      "questions.0.interaction.choices.1",
      "questions.0.interaction.choices",
      "questions.1.interaction.answer",
      "questions.1.interaction.tolerance",
    ]);
  });
});
