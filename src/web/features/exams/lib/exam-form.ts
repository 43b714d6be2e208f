// The editor's form values, and the conversions between them, the server's detail and ZExamInput. The form keeps
// what the inputs hold (points as typed, an empty description as ""); ZExamInput turns it into what is sent.
import { DEFAULT_EXAM_MINUTES, MIN_QUESTION_POINTS } from "@shared/limits";
import type { TRichDoc } from "@shared/rich-text";
import { emptyInteraction, interactionContent, interactionFormOf, type TInteractionForm } from "./interaction-form";
import { emptyQuestionContent, EXAM_TOOLS, type TAudioRef, type TExamTool, type TExamDetail, type TExamInput, type TExamStatus, type TImageRef, type TQuestionType } from "@shared/schemas/exam";

/** A formatted text's document as the editor last gave it (null: plain, or not touched). */
type TDoc = TRichDoc | null;
/** An image and its descriptions; its size (read by the server) lets the editor and the preview draw it. */
type TImage = TImageRef;
type TAudio = TAudioRef;
export type TOptionForm = { id?: string; optionTextAr: string; optionTextEn: string; optionDocAr?: TDoc; optionDocEn?: TDoc; image?: TImage; isCorrect: boolean };
export type TPassageForm = { id?: string; key: string; titleAr: string; titleEn: string; textAr: string; textEn: string; docAr: TDoc; docEn: TDoc; image: TImage; audio: TAudio };
export type TPairForm = { premise_ar: string; premise_en: string; response_ar: string; response_en: string; premiseImage?: TImage; responseImage?: TImage };
export type TQuestionForm = {
  id?: string;
  type: TQuestionType;
  questionTextAr: string;
  questionTextEn: string;
  questionDocAr: TDoc;
  questionDocEn: TDoc;
  /** The key of its passage in `passages`; "" for none. */
  passageKey: string;
  image: TImage;
  audio: TAudio;
  /** As typed; ZPoints turns a non-numeric entry into 1. */
  points: string;
  correctAnswerText: string | null;
  options: TOptionForm[];
  matchingPairs: TPairForm[];
  /** The content and key of an item type of issue 36 (lib/interaction-form.ts); null for the first five. */
  interaction: TInteractionForm | null;
  /** The catalogue skill it measures; "" for none. */
  skillId: string;
};
export type TExamForm = {
  titleAr: string;
  titleEn: string;
  subjectId: string;
  descriptionAr: string;
  descriptionEn: string;
  /** null: no time limit. */
  durationMinutes: number | null;
  status: TExamStatus;
  schoolIds: string[];
  /** Empty: every grade. */
  grades: number[];
  /** The test-taker tools students may use (issue 37). */
  allowedTools: TExamTool[];
  passages: TPassageForm[];
  questions: TQuestionForm[];
};

/** The type-specific part of a question, as SPEC §4 starts it for `type`. */
type TContent = Pick<TQuestionForm, "options" | "matchingPairs" | "correctAnswerText" | "interaction">;

export function emptyContent(type: TQuestionType): TContent {
  const c = emptyQuestionContent(type);
  return {
    options: (c.options ?? []).map((o) => ({ optionTextAr: o.optionTextAr ?? "", optionTextEn: o.optionTextEn ?? "", isCorrect: o.isCorrect ?? false })),
    matchingPairs: (c.matchingPairs ?? []).map((p) => ({ premise_ar: p.premise_ar ?? "", premise_en: p.premise_en ?? "", response_ar: p.response_ar ?? "", response_en: p.response_en ?? "" })),
    correctAnswerText: c.correctAnswerText ?? null,
    interaction: emptyInteraction(type),
  };
}

export function newQuestion(type: TQuestionType): TQuestionForm {
  return { type, questionTextAr: "", questionTextEn: "", questionDocAr: null, questionDocEn: null, passageKey: "", image: null, audio: null, points: String(MIN_QUESTION_POINTS), skillId: "", ...emptyContent(type) };
}

/** Whether the type-specific part differs from a fresh one (then changing the type asks first). */
export function hasTypeContent(q: Pick<TQuestionForm, "type"> & TContent): boolean {
  const fresh = emptyContent(q.type);
  const strip = (c: TContent) =>
    JSON.stringify({
      options: c.options.map((o) => [o.optionTextAr.trim(), o.optionTextEn.trim(), o.isCorrect, o.image?.id]),
      pairs: c.matchingPairs.map((p) => [p.premise_ar.trim(), p.premise_en.trim(), p.response_ar.trim(), p.response_en.trim(), p.premiseImage?.id, p.responseImage?.id]),
      answer: (c.correctAnswerText ?? "").trim(),
      interaction: interactionContent(c.interaction),
    });
  return strip(q) !== strip(fresh);
}

export function emptyExamForm(): TExamForm {
  return { titleAr: "", titleEn: "", subjectId: "", descriptionAr: "", descriptionEn: "", durationMinutes: DEFAULT_EXAM_MINUTES, status: "draft", schoolIds: [], grades: [], allowedTools: [...EXAM_TOOLS], passages: [], questions: [newQuestion("multiple_choice")] };
}

export function newPassage(): TPassageForm {
  return { key: crypto.randomUUID(), titleAr: "", titleEn: "", textAr: "", textEn: "", docAr: null, docEn: null, image: null, audio: null };
}

/** The saved exam as the editor shows it; question and option ids go back with the next save so they are kept. */
export function toFormValues(exam: TExamDetail): TExamForm {
  return {
    titleAr: exam.titleAr,
    titleEn: exam.titleEn,
    subjectId: exam.subject.id,
    descriptionAr: exam.descriptionAr ?? "",
    descriptionEn: exam.descriptionEn ?? "",
    durationMinutes: exam.durationMinutes,
    status: exam.status,
    schoolIds: [...exam.schoolIds],
    grades: [...exam.grades],
    allowedTools: [...exam.allowedTools],
    // A saved passage is called by its id, which its questions carry.
    passages: exam.passages.map((p) => ({ id: p.id, key: p.id, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: p.image, audio: p.audio })),
    questions: [...exam.questions]
      .sort((a, b) => a.position - b.position)
      .map((q) => ({
        id: q.id,
        type: q.type,
        questionTextAr: q.questionTextAr,
        questionTextEn: q.questionTextEn,
        questionDocAr: q.questionDocAr,
        questionDocEn: q.questionDocEn,
        passageKey: q.passageId ?? "",
        image: q.image,
        audio: q.audio,
        points: String(q.points),
        correctAnswerText: q.type === "essay" || q.type === "short_answer" ? (q.correctAnswerText ?? "") : null,
        options: q.options.map((o) => ({ id: o.id, optionTextAr: o.optionTextAr, optionTextEn: o.optionTextEn, optionDocAr: o.optionDocAr, optionDocEn: o.optionDocEn, image: o.image, isCorrect: o.isCorrect })),
        matchingPairs: q.matchingPairs.map((p) => ({ ...p })),
        interaction: interactionFormOf(q.interaction),
        // Kept on every save (and on archiving): a question loses its skill only when the author says so.
        skillId: q.skillId ?? "",
      })),
  };
}

/** The saved exam as ZExamInput, e.g. to archive it unchanged but for its status. */
export function toExamInput(exam: TExamDetail): TExamInput {
  return { ...toFormValues(exam), descriptionAr: exam.descriptionAr, descriptionEn: exam.descriptionEn };
}
