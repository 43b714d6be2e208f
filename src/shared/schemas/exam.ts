// The exam editor's input (SPEC §3 exams/questions/question_options, §4 question types, §5 "Exam save").
// The form validates with it before sending and the server again with the same schema.
import { z } from "zod";
import { DEFAULT_EXAM_MINUTES, MAX_ALT_LENGTH, MAX_AUDIO_PLAYS, MAX_TRANSCRIPT_LENGTH, MAX_GRADE, MAX_LONG_TEXT_LENGTH, MAX_SHORT_TEXT_LENGTH, MIN_CHOICE_OPTIONS, MIN_MATCHING_PAIRS, MIN_QUESTION_POINTS } from "../limits";
import { ZGradeNumber } from "./grade";
import { isItemType, ITEM_TYPES, ZInteraction } from "../item-types";
import { normalizeRich, richPlainText, ZRichDoc, type TRichDoc } from "../rich-text";


/**
 * The test-taker tools an exam's author may leave out (issue 37): read-aloud (a reading test measures reading) and
 * the answer eliminator. Text size, high contrast and flags for review are every student's.
 */
export const EXAM_TOOLS = ["read_aloud", "eliminator"] as const;
export type TExamTool = (typeof EXAM_TOOLS)[number];
/** The first five, then the item types of issue 36 (shared/item-types, docs/decisions/0057), whose content is `interaction`. */
export const QUESTION_TYPES = ["multiple_choice", "true_false", "essay", "short_answer", "matching", ...ITEM_TYPES] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
/** The item types the editor can author (web/features/exams/editor/interactions): a type joins when its editor lands
 *  (decision 0057). The API and the bank take every type, so the editor must not offer one it cannot show. */
const AUTHORED_ITEM_TYPES: readonly string[] = ["multiple_response", "numeric", "ordering", "gap_fill", "inline_choice", "hotspot"];
export const EDITOR_QUESTION_TYPES = QUESTION_TYPES.filter((type) => !isItemType(type) || AUTHORED_ITEM_TYPES.includes(type));
export const EXAM_STATUSES = ["draft", "published", "archived"] as const;
export type TExamStatus = (typeof EXAM_STATUSES)[number];

export const MAX_QUESTIONS = 200;
export const MAX_OPTIONS = 10;
export const MAX_PAIRS = 20;
export const MAX_POINTS = 1000;
export const MAX_DURATION_MINUTES = 600;
/** Passages of one exam (issue 18), and how long one may be: a reading text of a few pages. */
export const MAX_PASSAGES = 30;
export const MAX_PASSAGE_LENGTH = 20_000;

const isChoice = (t: TQuestionType) => t === "multiple_choice" || t === "true_false";

const text = (max: number) => z.string({ error: "VALIDATION_FAILED" }).trim().max(max, { error: "TEXT_TOO_LONG" });
const doc = ZRichDoc.nullish();

/**
 * An image shown with a question, an option or a passage (issue 18): one uploaded by the author (POST /api/media),
 * and what it says to a student who cannot see it. The descriptions may wait for the draft; publishing needs both.
 */
export const ZImageInput = z
  .object({
    id: z.uuid({ error: "IMAGE_NOT_YOURS" }),
    altAr: text(MAX_ALT_LENGTH).default(""),
    altEn: text(MAX_ALT_LENGTH).default(""),
  })
  .nullish()
  .transform((v) => v ?? null);
export type TImageInput = z.input<typeof ZImageInput>;

/**
 * A listening clip with a question or a passage (issue 18): how many times a student may play it (null: freely),
 * and its transcript in each language for the staff who give it to a student who cannot hear it.
 */
export const ZAudioInput = z
  .object({
    id: z.uuid({ error: "IMAGE_NOT_YOURS" }),
    maxPlays: z.number({ error: "VALIDATION_FAILED" }).int().min(1).max(MAX_AUDIO_PLAYS).nullable().default(null),
    transcriptAr: text(MAX_TRANSCRIPT_LENGTH).default(""),
    transcriptEn: text(MAX_TRANSCRIPT_LENGTH).default(""),
  })
  .nullish()
  .transform((v) => v ?? null);
export type TAudioInput = z.input<typeof ZAudioInput>;
export const ZAudioRef = z.object({ id: z.string(), maxPlays: z.number().int().nullable(), transcriptAr: z.string(), transcriptEn: z.string() }).nullable();
export type TAudioRef = z.infer<typeof ZAudioRef>;

/** An image as read back: its size (from its bytes) lets the page keep its room before it arrives. */
export const ZImageRef = z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), altAr: z.string(), altEn: z.string() }).nullable();
export type TImageRef = z.infer<typeof ZImageRef>;

/**
 * A text and its formatting: with a document, the plain text is the document's (whatever came beside it) and the
 * document is kept only if it formats something (shared/rich-text.ts). `base` is the field's language direction.
 */
export function withDoc(plain: string, rich: TRichDoc | null | undefined, base: "rtl" | "ltr"): { text: string; doc: TRichDoc | null } {
  if (!rich) return { text: plain, doc: null };
  return { text: richPlainText(rich), doc: normalizeRich(rich, base) };
}

/** SPEC §5: points are at least 1, and a non-numeric entry becomes 1. */
export const ZPoints = z.preprocess((v) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : MIN_QUESTION_POINTS;
}, z.number().int().min(MIN_QUESTION_POINTS, { error: "QUESTION_REQUIRED_FIELDS" }).max(MAX_POINTS, { error: "VALIDATION_FAILED" }));

const MAX_OPTION_LENGTH = MAX_SHORT_TEXT_LENGTH * 5;
export const ZOptionInput = z
  .object({
    id: z.uuid().optional(),
    optionTextAr: text(MAX_OPTION_LENGTH).default(""),
    optionTextEn: text(MAX_OPTION_LENGTH).default(""),
    optionDocAr: doc,
    optionDocEn: doc,
    image: ZImageInput,
    isCorrect: z.boolean().default(false),
  })
  .transform(({ optionDocAr, optionDocEn, ...o }) => {
    const ar = withDoc(o.optionTextAr, optionDocAr, "rtl");
    const en = withDoc(o.optionTextEn, optionDocEn, "ltr");
    return { ...o, optionTextAr: ar.text, optionTextEn: en.text, optionDocAr: ar.doc, optionDocEn: en.doc };
  })
  .superRefine((o, ctx) => {
    for (const field of ["optionTextAr", "optionTextEn"] as const) if (o[field].length > MAX_OPTION_LENGTH) ctx.addIssue({ code: "custom", path: [field], message: "TEXT_TOO_LONG" });
  });
export type TOptionInput = z.input<typeof ZOptionInput>;

/** A matching pair: each side is its text in both languages, or a picture (a country's map to match to its capital). */
export const ZPairInput = z.object({
  premise_ar: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  premise_en: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  response_ar: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  response_en: text(MAX_SHORT_TEXT_LENGTH * 5).default(""),
  premiseImage: ZImageInput,
  responseImage: ZImageInput,
});
export type TPairInput = z.input<typeof ZPairInput>;
export type TPairData = z.output<typeof ZPairInput>;

/** A pair as read back: its pictures with their sizes. */
export const ZPair = ZPairInput.extend({ premiseImage: ZImageRef, responseImage: ZImageRef });
export type TPair = z.infer<typeof ZPair>;

export const ZQuestionInput = z
  .object({
    id: z.uuid().optional(),
    type: z.enum(QUESTION_TYPES),
    questionTextAr: text(MAX_LONG_TEXT_LENGTH).default(""),
    questionTextEn: text(MAX_LONG_TEXT_LENGTH).default(""),
    questionDocAr: doc,
    questionDocEn: doc,
    image: ZImageInput,
    audio: ZAudioInput,
    /** The passage it is asked about: the `key` of one of the exam's passages, or none. */
    passageKey: z
      .string({ error: "VALIDATION_FAILED" })
      .max(64, { error: "VALIDATION_FAILED" })
      .nullish()
      .transform((v) => v || null),
    points: ZPoints,
    correctAnswerText: text(MAX_LONG_TEXT_LENGTH).nullish(),
    options: z.array(ZOptionInput).max(MAX_OPTIONS, { error: "VALIDATION_FAILED" }).default([]),
    matchingPairs: z.array(ZPairInput).max(MAX_PAIRS, { error: "VALIDATION_FAILED" }).default([]),
    /** The content and key of an item type of issue 36 (shared/item-types); ignored for the first five. */
    interaction: ZInteraction.nullish(),
    /** The skill it measures (optional): one of the exam's subject (the server checks). */
    skillId: z
      .string({ error: "SKILL_NOT_FOUND" })
      .trim()
      .max(100, { error: "SKILL_NOT_FOUND" })
      .nullish()
      .transform((v) => v || null),
  })
  // SPEC §4: a type carries only its own content; the rest is cleared.
  .transform(({ questionDocAr, questionDocEn, ...q }) => {
    const ar = withDoc(q.questionTextAr, questionDocAr, "rtl");
    const en = withDoc(q.questionTextEn, questionDocEn, "ltr");
    return { ...q, questionTextAr: ar.text, questionTextEn: en.text, questionDocAr: ar.doc, questionDocEn: en.doc };
  })
  .transform((q) => ({
    ...q,
    options: isChoice(q.type) ? q.options : [],
    matchingPairs: q.type === "matching" ? q.matchingPairs : [],
    correctAnswerText: q.type === "essay" || q.type === "short_answer" ? q.correctAnswerText || null : null,
    interaction: isItemType(q.type) ? (q.interaction ?? null) : null,
  }))
  .superRefine((q, ctx) => {
    // Every problem at once (issue 13): each missing text gets its own message, not only the first.
    for (const field of ["questionTextAr", "questionTextEn"] as const) {
      if (!q[field]) ctx.addIssue({ code: "custom", path: [field], message: "QUESTION_REQUIRED_FIELDS" });
      else if (q[field].length > MAX_LONG_TEXT_LENGTH) ctx.addIssue({ code: "custom", path: [field], message: "TEXT_TOO_LONG" });
    }
    if (isChoice(q.type)) {
      if (q.options.length < MIN_CHOICE_OPTIONS) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_MIN_OPTIONS" });
      const correct = q.options.filter((o) => o.isCorrect).length;
      if (correct === 0) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_NO_CORRECT_OPTION" });
      if (correct > 1) ctx.addIssue({ code: "custom", path: ["options"], message: "QUESTION_MULTIPLE_CORRECT" });
      // An option is its text in both languages, or a picture (a map to choose), described when published.
      q.options.forEach((o, i) => {
        if (!o.image && (!o.optionTextAr || !o.optionTextEn)) ctx.addIssue({ code: "custom", path: ["options", i], message: "OPTION_MISSING_TEXT" });
      });
    }
    // An item type's content is its own (validated by its file in shared/item-types), and of the question's type.
    if (isItemType(q.type) && q.interaction?.type !== q.type) ctx.addIssue({ code: "custom", path: ["interaction"], message: "VALIDATION_FAILED" });
    // A hotspot's areas are drawn on the question's picture (decision 0058).
    if (q.type === "hotspot" && !q.image) ctx.addIssue({ code: "custom", path: ["image"], message: "HOTSPOT_NO_IMAGE" });
    if (q.type === "matching") {
      if (q.matchingPairs.length < MIN_MATCHING_PAIRS) ctx.addIssue({ code: "custom", path: ["matchingPairs"], message: "MATCHING_MIN_PAIRS" });
      q.matchingPairs.forEach((p, i) => {
        const side = (ar: string, en: string, image: unknown) => !!image || (!!ar && !!en);
        if (!side(p.premise_ar, p.premise_en, p.premiseImage) || !side(p.response_ar, p.response_en, p.responseImage))
          ctx.addIssue({ code: "custom", path: ["matchingPairs", i], message: "PAIR_MISSING_TEXT" });
      });
    }
  });
export type TQuestionInput = z.input<typeof ZQuestionInput>;

export const ZPassageInput = z
  .object({
    id: z.uuid().optional(),
    /** What the exam's questions call it in this save: its id once saved, any unique name before. */
    key: z.string({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(64, { error: "VALIDATION_FAILED" }),
    titleAr: text(MAX_SHORT_TEXT_LENGTH).default(""),
    titleEn: text(MAX_SHORT_TEXT_LENGTH).default(""),
    textAr: text(MAX_PASSAGE_LENGTH).default(""),
    textEn: text(MAX_PASSAGE_LENGTH).default(""),
    docAr: doc,
    docEn: doc,
    image: ZImageInput,
    audio: ZAudioInput,
  })
  .transform(({ docAr, docEn, ...p }) => {
    const ar = withDoc(p.textAr, docAr, "rtl");
    const en = withDoc(p.textEn, docEn, "ltr");
    return { ...p, textAr: ar.text, textEn: en.text, docAr: ar.doc, docEn: en.doc };
  })
  .superRefine((p, ctx) => {
    // A passage is in Arabic and/or English: an Arabic reading text has no English version to invent.
    if (!p.textAr && !p.textEn) ctx.addIssue({ code: "custom", path: ["textAr"], message: "PASSAGE_TEXT_REQUIRED" });
    for (const field of ["textAr", "textEn"] as const) if (p[field].length > MAX_PASSAGE_LENGTH) ctx.addIssue({ code: "custom", path: [field], message: "TEXT_TOO_LONG" });
  });
export type TPassageInput = z.input<typeof ZPassageInput>;

/**
 * Questions on one passage stand together, where the first of them stands (issue 18: reordering keeps questions
 * with their passage). The editor applies it after every move and the server on every save.
 */
export function groupByPassage<T extends { passageKey?: string | null }>(list: T[]): T[] {
  const out: T[] = [];
  const placed = new Set<string>();
  for (const q of list) {
    if (!q.passageKey) out.push(q);
    else if (!placed.has(q.passageKey)) {
      placed.add(q.passageKey);
      out.push(...list.filter((x) => x.passageKey === q.passageKey));
    }
  }
  return out;
}

export const ZExamInput = z
  .object({
    titleAr: text(MAX_SHORT_TEXT_LENGTH).default(""),
    titleEn: text(MAX_SHORT_TEXT_LENGTH).default(""),
    subjectId: z.string({ error: "EXAM_REQUIRED_FIELDS" }).trim().max(64).default(""),
    /** Optional, in each language (issue 33): each language's pages show their own. */
    descriptionAr: text(MAX_LONG_TEXT_LENGTH)
      .nullish()
      .transform((v) => v || null),
    descriptionEn: text(MAX_LONG_TEXT_LENGTH)
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
    /** The test-taker tools its author allows (issue 37); both unless said otherwise. */
    allowedTools: z
      .array(z.enum(EXAM_TOOLS, { error: "VALIDATION_FAILED" }), { error: "VALIDATION_FAILED" })
      .max(EXAM_TOOLS.length * 2, { error: "VALIDATION_FAILED" })
      .default([...EXAM_TOOLS])
      .transform((tools) => EXAM_TOOLS.filter((tool) => tools.includes(tool))),
    passages: z.array(ZPassageInput).max(MAX_PASSAGES, { error: "VALIDATION_FAILED" }).default([]),
    questions: z.array(ZQuestionInput).max(MAX_QUESTIONS, { error: "VALIDATION_FAILED" }).default([]),
  })
  .superRefine((e, ctx) => {
    for (const field of ["titleAr", "titleEn", "subjectId"] as const) {
      if (!e[field]) ctx.addIssue({ code: "custom", path: [field], message: "EXAM_REQUIRED_FIELDS" });
    }
    if (e.questions.length === 0) ctx.addIssue({ code: "custom", path: ["questions"], message: "EXAM_NO_QUESTIONS" });
    const keys = new Set<string>();
    e.passages.forEach((p, i) => {
      if (keys.has(p.key)) ctx.addIssue({ code: "custom", path: ["passages", i, "key"], message: "VALIDATION_FAILED" });
      keys.add(p.key);
      if (!e.questions.some((q) => q.passageKey === p.key)) ctx.addIssue({ code: "custom", path: ["passages", i], message: "PASSAGE_NO_QUESTIONS" });
    });
    e.questions.forEach((q, i) => {
      if (q.passageKey && !keys.has(q.passageKey)) ctx.addIssue({ code: "custom", path: ["questions", i, "passageKey"], message: "PASSAGE_NOT_FOUND" });
    });
    // Published, every image is described in both languages (a screen reader reads the description instead).
    if (e.status === "published") {
      const described = (image: { altAr: string; altEn: string } | null, path: (string | number)[]) => {
        if (image && (!image.altAr || !image.altEn)) ctx.addIssue({ code: "custom", path, message: "IMAGE_ALT_REQUIRED" });
      };
      e.passages.forEach((p, i) => described(p.image, ["passages", i, "image"]));
      e.questions.forEach((q, i) => {
        described(q.image, ["questions", i, "image"]);
        q.options.forEach((o, j) => described(o.image, ["questions", i, "options", j, "image"]));
        q.matchingPairs.forEach((p, j) => {
          described(p.premiseImage, ["questions", i, "matchingPairs", j, "premiseImage"]);
          described(p.responseImage, ["questions", i, "matchingPairs", j, "responseImage"]);
        });
      });
    }
  })
  .transform((e) => ({ ...e, questions: groupByPassage(e.questions) }));
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
  schools: z.array(z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string() })),
  grades: z.array(z.number().int()),
});
export type TExamSummary = z.infer<typeof ZExamSummary>;

export const ZPassage = z.object({
  id: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  textAr: z.string(),
  textEn: z.string(),
  docAr: ZRichDoc.nullable(),
  docEn: ZRichDoc.nullable(),
  image: ZImageRef,
  audio: ZAudioRef,
});
export type TPassage = z.infer<typeof ZPassage>;

export const ZExamDetail = ZExamSummary.extend({
  descriptionAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  allowedTools: z.array(z.enum(EXAM_TOOLS)),
  schoolIds: z.array(z.string()),
  passages: z.array(ZPassage),
  questions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(QUESTION_TYPES),
      position: z.number().int(),
      questionTextAr: z.string(),
      questionTextEn: z.string(),
      questionDocAr: ZRichDoc.nullable(),
      questionDocEn: ZRichDoc.nullable(),
      passageId: z.string().nullable(),
      image: ZImageRef,
      audio: ZAudioRef,
      points: z.number().int(),
      correctAnswerText: z.string().nullable(),
      matchingPairs: z.array(ZPair),
      interaction: ZInteraction.nullable(),
      options: z.array(
        z.object({
          id: z.string(),
          optionTextAr: z.string(),
          optionTextEn: z.string(),
          optionDocAr: ZRichDoc.nullable(),
          optionDocEn: ZRichDoc.nullable(),
          image: ZImageRef,
          isCorrect: z.boolean(),
        }),
      ),
      skillId: z.string().nullable(),
      answerCount: z.number().int(),
      /** The bank item it uses (decision 0036): the version this exam holds and the item's newest. */
      bank: z.object({ itemId: z.string(), version: z.number().int(), newestVersion: z.number().int() }),
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
      return { options: [], matchingPairs: [{ premise_ar: "", premise_en: "", response_ar: "", response_en: "", premiseImage: null, responseImage: null }], correctAnswerText: null };
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
