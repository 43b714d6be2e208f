// The exam editor's input (SPEC §3 exams/questions/question_options, §4 question types, §5 "Exam save").
// The form validates with it before sending and the server again with the same schema.
import { z } from "zod";
import { DEFAULT_EXAM_MINUTES, MAX_GRADE, MAX_LONG_TEXT_LENGTH, MAX_SHORT_TEXT_LENGTH, MIN_CHOICE_OPTIONS, MIN_MATCHING_PAIRS, MIN_QUESTION_POINTS } from "../limits";
import { ZGradeNumber } from "./grade";

export const QUESTION_TYPES = ["multiple_choice", "true_false", "essay", "short_answer", "matching"] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
export const EXAM_STATUSES = ["draft", "published", "archived"] as const;
export type TExamStatus = (typeof EXAM_STATUSES)[number];

export const MAX_QUESTIONS = 200;
export const MAX_OPTIONS = 10;
export const MAX_PAIRS = 20;
export const MAX_POINTS = 1000;
export const MAX_DURATION_MINUTES = 600;

const isChoice = (t: TQuestionType) => t === "multiple_choice" || t === "true_false";

const text = (max: number) => z.string({ error: "VALIDATION_FAILED" }).trim().max(max, { error: "TEXT_TOO_LONG" });

/** SPEC §5: points are at least 1, and a non-numeric entry becomes 1. */
export const ZPoints = z.preprocess((v) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : MIN_QUESTION_POINTS;
}, z.number().int().min(MIN_QUESTION_POINTS, { error: "QUESTION_REQUIRED_FIELDS" }).max(MAX_POINTS, { error: "VALIDATION_FAILED" }));

export const ZOptionInput = z.object({
  id: z.uuid().optional(),
  optionTextAr: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  optionTextEn: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  isCorrect: z.boolean().default(false),
});
export type TOptionInput = z.input<typeof ZOptionInput>;

export const ZPairInput = z.object({
  premise_ar: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  premise_en: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  response_ar: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  response_en: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
});
export type TPairInput = z.infer<typeof ZPairInput>;

export const ZQuestionInput = z
  .object({
    id: z.uuid().optional(),
    type: z.enum(QUESTION_TYPES),
    questionTextAr: text(MAX_LONG_TEXT_LENGTH).default(""),
    questionTextEn: text(MAX_LONG_TEXT_LENGTH).default(""),
    points: ZPoints,
    correctAnswerText: text(MAX_LONG_TEXT_LENGTH).nullish(),
    options: z.array(ZOptionInput).max(MAX_OPTIONS, { error: "VALIDATION_FAILED" }).default([]),
    matchingPairs: z.array(ZPairInput).max(MAX_PAIRS, { error: "VALIDATION_FAILED" }).default([]),
    /** The skill it measures (optional): one of the exam's subject (the server checks). */
    skillId: z
      .string({ error: "SKILL_NOT_FOUND" })
      .trim()
      .max(100, { error: "SKILL_NOT_FOUND" })
      .nullish()
      .transform((v) => v || null),
  })
  // SPEC §4: a type carries only its own content; the rest is cleared.
  .transform((q) => ({
    ...q,
    options: isChoice(q.type) ? q.options : [],
    matchingPairs: q.type === "matching" ? q.matchingPairs : [],
    correctAnswerText: q.type === "essay" || q.type === "short_answer" ? q.correctAnswerText || null : null,
  }))
  .superRefine((q, ctx) => {
    // Every problem at once (issue 13): each missing text gets its own message, not only the first.
    for (const field of ["questionTextAr", "questionTextEn"] as const) {
      if (!q[field]) ctx.addIssue({ code: "custom", path: [field], message: "QUESTION_REQUIRED_FIELDS" });
    }
    if (isChoice(q.type)) {
      if (q.options.length < MIN_CHOICE_OPTIONS) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_MIN_OPTIONS" });
      const correct = q.options.filter((o) => o.isCorrect).length;
      if (correct === 0) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_NO_CORRECT_OPTION" });
      if (correct > 1) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_MULTIPLE_CORRECT" });
      q.options.forEach((o, i) => {
        if (!o.optionTextAr || !o.optionTextEn) ctx.addIssue({ code: "custom", path: ["options", i], message: "OPTION_MISSING_TEXT" });
      });
    }
    if (q.type === "matching") {
      if (q.matchingPairs.length < MIN_MATCHING_PAIRS) ctx.addIssue({ code: "custom", path: ["matchingPairs"], message: "MATCHING_MIN_PAIRS" });
      q.matchingPairs.forEach((p, i) => {
        if (!p.premise_ar || !p.premise_en || !p.response_ar || !p.response_en) ctx.addIssue({ code: "custom", path: ["matchingPairs", i], message: "PAIR_MISSING_TEXT" });
      });
    }
  });
export type TQuestionInput = z.input<typeof ZQuestionInput>;

export const ZExamInput = z
  .object({
    titleAr: text(MAX_SHORT_TEXT_LENGTH).default(""),
    titleEn: text(MAX_SHORT_TEXT_LENGTH).default(""),
    subjectId: z.string({ error: "EXAM_REQUIRED_FIELDS" }).trim().max(64).default(""),
    description: text(MAX_LONG_TEXT_LENGTH)
      .nullish()
      .transform((v) => v || null),
    /** null: no time limit (no timer). */
    durationMinutes: z.number({ error: "VALIDATION_FAILED" }).int().min(1).max(MAX_DURATION_MINUTES).nullable().default(DEFAULT_EXAM_MINUTES),
    status: z.enum(EXAM_STATUSES).default("draft"),
    /** A super_admin's audience: the chosen schools, or empty for every school. Ignored for a teacher. */
    schoolIds: z.array(z.string().max(64)).max(500).default([]),
    /** The grades offered it, or empty for every grade (docs/decisions/0014). */
    grades: z
      .array(ZGradeNumber)
      .max(MAX_GRADE, { error: "GRADE_INVALID" })
      .default([])
      .transform((g) => [...new Set(g)].sort((a, b) => a - b)),
    questions: z.array(ZQuestionInput).max(MAX_QUESTIONS, { error: "VALIDATION_FAILED" }).default([]),
  })
  .superRefine((e, ctx) => {
    for (const field of ["titleAr", "titleEn", "subjectId"] as const) {
      if (!e[field]) ctx.addIssue({ code: "custom", path: [field], message: "EXAM_REQUIRED_FIELDS" });
    }
    if (e.questions.length === 0) ctx.addIssue({ code: "custom", path: ["questions"], message: "EXAM_NO_QUESTIONS" });
  });
export type TExamInput = z.input<typeof ZExamInput>;
export type TExamData = z.output<typeof ZExamInput>;

// ---- views

export const ZSubject = z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() });
export type TSubject = z.infer<typeof ZSubject>;

export const ZExamSummary = z.object({
  id: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  subject: ZSubject,
  status: z.enum(EXAM_STATUSES),
  durationMinutes: z.number().int().nullable(),
  creator: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  questionCount: z.number().int(),
  attemptCount: z.number().int(),
  /** Who is offered it: its schools (empty: every school) and grades (empty: every grade). */
  schools: z.array(z.object({ id: z.string(), name: z.string() })),
  grades: z.array(z.number().int()),
});
export type TExamSummary = z.infer<typeof ZExamSummary>;

export const ZExamDetail = ZExamSummary.extend({
  description: z.string().nullable(),
  schoolIds: z.array(z.string()),
  questions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(QUESTION_TYPES),
      position: z.number().int(),
      questionTextAr: z.string(),
      questionTextEn: z.string(),
      points: z.number().int(),
      correctAnswerText: z.string().nullable(),
      matchingPairs: z.array(ZPairInput),
      options: z.array(z.object({ id: z.string(), optionTextAr: z.string(), optionTextEn: z.string(), isCorrect: z.boolean() })),
      skillId: z.string().nullable(),
      answerCount: z.number().int(),
    }),
  ),
});
export type TExamDetail = z.infer<typeof ZExamDetail>;

export const ZExamListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  subjectId: z.string().max(64).optional(),
  status: z.enum(EXAM_STATUSES).optional(),
});

/** SPEC §4 "Changing a question's type resets its content": the fresh content of each type. */
export function emptyQuestionContent(type: TQuestionType): Pick<z.input<typeof ZQuestionInput>, "options" | "matchingPairs" | "correctAnswerText"> {
  switch (type) {
    case "true_false":
      return {
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: false },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
        matchingPairs: [],
        correctAnswerText: null,
      };
    case "multiple_choice":
      return { options: [{ optionTextAr: "", optionTextEn: "", isCorrect: false }], matchingPairs: [], correctAnswerText: null };
    case "matching":
      return { options: [], matchingPairs: [{ premise_ar: "", premise_en: "", response_ar: "", response_en: "" }], correctAnswerText: null };
    default:
      return { options: [], matchingPairs: [], correctAnswerText: "" };
  }
}

/** SPEC §5: the remove-option button shows only above 2 options for true_false and above 1 for the others. */
export function canRemoveOption(type: TQuestionType, optionCount: number): boolean {
  return optionCount > (type === "true_false" ? 2 : 1);
}

/** SPEC §5: adding an option is offered only for multiple_choice. */
export function canAddOption(type: TQuestionType, optionCount: number): boolean {
  return type === "multiple_choice" && optionCount < MAX_OPTIONS;
}
