// The bank's item editor's form (issue 34): an exam editor's form with one question and at most one passage, so the
// exam editor's QuestionCard and PassagesCard edit it unchanged, checked by the same ZQuestionInput / ZPassageInput,
// and turned into POST/PUT /api/bank's body.
import { z } from "zod";
import { ZPassageInput, ZQuestionInput } from "@shared/schemas/exam";
import type { TBankItemDetail, TBankItemInput, TItemContent } from "@shared/schemas/bank";
import { newPassage, newQuestion, type TPassageForm, type TQuestionForm } from "@web/features/exams/lib/exam-form";
import { interactionFormOf } from "@web/features/exams/lib/interaction-form";

export type TItemForm = { subjectId: string; /** "" for any grade. */ grade: string; passages: TPassageForm[]; questions: TQuestionForm[] };

export const ZItemForm = z
  .object({
    subjectId: z.string().trim().min(1, { error: "EXAM_REQUIRED_FIELDS" }),
    grade: z.string(),
    passages: z.array(ZPassageInput).max(1),
    questions: z.array(ZQuestionInput).length(1),
  })
  .superRefine((f, ctx) => {
    // As in an exam, a passage is there for its question: one not linked to it is a mistake, said so.
    const p = f.passages[0];
    if (p && f.questions[0]?.passageKey !== p.key) ctx.addIssue({ code: "custom", path: ["passages", 0], message: "PASSAGE_NO_QUESTIONS" });
  })
  .transform((f): TBankItemInput => {
    const { id: _id, passageKey: _key, ...question } = f.questions[0]!;
    const p = f.passages[0];
    return {
      subjectId: f.subjectId,
      grade: f.grade ? Number(f.grade) : null,
      question,
      passage: p ? { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: p.image, audio: p.audio } : null,
    };
  });

/** A version's picture as the form holds one: its size is not in the version, and the editor draws it without. */
const image = (i: { id: string; altAr: string; altEn: string } | null | undefined) => (i ? { ...i, width: 0, height: 0 } : null);

export function emptyItemForm(subjectId = ""): TItemForm {
  return { subjectId, grade: "", passages: [], questions: [newQuestion("multiple_choice")] };
}

/** The item's newest version as the form shows it. */
export function itemFormOf(item: TBankItemDetail): TItemForm {
  const c: TItemContent = (item.versions.find((v) => v.version === item.currentVersion) ?? item.versions[0]!).content;
  const passage: TPassageForm | null = c.passage ? { ...newPassage(), ...c.passage, image: image(c.passage.image), audio: c.passage.audio } : null;
  return {
    subjectId: item.subjectId,
    grade: item.grade === null ? "" : String(item.grade),
    passages: passage ? [passage] : [],
    questions: [
      {
        type: c.type,
        questionTextAr: c.questionTextAr,
        questionTextEn: c.questionTextEn,
        questionDocAr: c.questionDocAr,
        questionDocEn: c.questionDocEn,
        passageKey: passage?.key ?? "",
        image: image(c.image),
        audio: c.audio,
        points: String(c.points),
        correctAnswerText: c.type === "essay" || c.type === "short_answer" ? (c.correctAnswerText ?? "") : null,
        options: c.options.map((o) => ({ ...o, image: image(o.image) })),
        matchingPairs: c.matchingPairs.map((p) => ({ ...p, premiseImage: image(p.premiseImage), responseImage: image(p.responseImage) })),
        // Without it a new version of an item of issue 36 would be saved with no content (and refused).
        interaction: interactionFormOf(c.interaction),
        skillId: c.skillId ?? "",
      },
    ],
  };
}
