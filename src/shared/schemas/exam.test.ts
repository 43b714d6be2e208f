// The editor and the server share ZExamInput: a failed save must name every problem at once (issue 13, item 17),
// not the first of each field and the rest on the next try.
import { describe, expect, it } from "vitest";
import { ZExamInput } from "./exam";
import { collectIssues } from "../../web/features/exams/lib/form-issues";

const issues = (input: unknown) => (ZExamInput.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`).sort();

describe("ZExamInput reports every problem at once", () => {
  it("a new multiple-choice question: no text in either language, one empty option, none correct; and no titles", () => {
    const got = issues({
      titleAr: "",
      titleEn: "",
      subjectId: "",
      questions: [{ type: "multiple_choice", questionTextAr: "", questionTextEn: "", points: 1, options: [{ optionTextAr: "", optionTextEn: "", isCorrect: false }] }],
    });
    expect(got).toEqual(
      [
        "titleAr:EXAM_REQUIRED_FIELDS",
        "titleEn:EXAM_REQUIRED_FIELDS",
        "subjectId:EXAM_REQUIRED_FIELDS",
        "questions.0.questionTextAr:QUESTION_REQUIRED_FIELDS",
        "questions.0.questionTextEn:QUESTION_REQUIRED_FIELDS",
        "questions.0.options:QUESTION_MIN_OPTIONS",
        "questions.0.options:QUESTION_NO_CORRECT_OPTION",
        "questions.0.options.0:OPTION_MISSING_TEXT",
      ].sort(),
    );
  });

  it("a matching question with one half-filled pair, beside an exam-level problem", () => {
    const got = issues({
      titleAr: "ع",
      titleEn: "",
      subjectId: "arabic",
      questions: [{ type: "matching", questionTextAr: "صل", questionTextEn: "Match", points: 2, matchingPairs: [{ premise_ar: "أ", premise_en: "", response_ar: "", response_en: "" }] }],
    });
    expect(got).toEqual(["questions.0.matchingPairs.0:PAIR_MISSING_TEXT", "titleEn:EXAM_REQUIRED_FIELDS"].sort());
  });
});

describe("collectIssues (the editor's count of problems)", () => {
  it("counts every message of a field, the ones react-hook-form keeps under `types` included", () => {
    const errors = {
      titleEn: { type: "custom", message: "EXAM_REQUIRED_FIELDS", types: { custom: "EXAM_REQUIRED_FIELDS" } },
      questions: [{ options: { root: { type: "custom", message: "QUESTION_MIN_OPTIONS", types: { custom: ["QUESTION_MIN_OPTIONS", "QUESTION_NO_CORRECT_OPTION"] } } } }],
    };
    expect(collectIssues(errors)).toEqual([
      { path: "titleEn", code: "EXAM_REQUIRED_FIELDS" },
      { path: "questions.0.options", code: "QUESTION_MIN_OPTIONS" },
      { path: "questions.0.options", code: "QUESTION_NO_CORRECT_OPTION" },
    ]);
  });
});
