// Taking an exam: the student's copy (never the key), the attempt's state, an answer, a result.
import { z } from "zod";
import { LANGUAGES, MAX_ANSWER_TEXT_LENGTH, MAX_LONG_TEXT_LENGTH } from "../limits";
import { ZClassFilter, ZGradeFilter } from "./grade";
import { EXAM_STATUSES, EXAM_TOOLS, MAX_PAIRS, QUESTION_TYPES, ZImageRef, ZPassage, ZSubject } from "./exam";
import { ZRichDoc } from "../rich-text";
import { ZSittingWindow } from "./sitting";
import { ZReportedScaleScore } from "./scale";
import { ZInteraction, ZPaperInteraction, ZResponse } from "../item-types";

const ZText = z.object({ ar: z.string(), en: z.string() });

/** A clip as the student's copy carries it: no transcript (it would answer a listening question). */
/** A clip on the student's paper: how often it may be played, and its length as its bytes state it (null: unknown). */
export const ZStudentAudio = z.object({ id: z.string(), maxPlays: z.number().int().nullable(), seconds: z.number().nullable() }).nullable();
export type TStudentAudio = z.infer<typeof ZStudentAudio>;

/** One side of a matching pair: its text, or a picture (issue 18); on a result, an option too (decision 0064). */
const ZPaperPairSide = ZText.extend({ image: ZImageRef });

/** The exam as a student sees it: no correct options, no model answers, matching responses shuffled. */
export const ZPaper = z.object({
  examId: z.string(),
  version: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  descriptionAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  subject: ZSubject,
  durationMinutes: z.number().int().nullable(),
  totalPoints: z.number().int(),
  /** The test-taker tools its author allows (issue 37). */
  allowedTools: z.array(z.enum(EXAM_TOOLS)),
  /** The texts its questions share (issue 18), in the order their questions come. */
  passages: z.array(ZPassage.extend({ audio: ZStudentAudio })),
  questions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(QUESTION_TYPES),
      questionTextAr: z.string(),
      questionTextEn: z.string(),
      questionDocAr: ZRichDoc.nullable(),
      questionDocEn: ZRichDoc.nullable(),
      passageId: z.string().nullable(),
      image: ZImageRef,
      audio: ZStudentAudio,
      points: z.number().int(),
      options: z.array(
        z.object({ id: z.string(), optionTextAr: z.string(), optionTextEn: z.string(), optionDocAr: ZRichDoc.nullable(), optionDocEn: ZRichDoc.nullable(), image: ZImageRef }),
      ),
      premises: z.array(ZPaperPairSide),
      /** Responses in a shuffled order; an answer names a response by its index in this list. */
      responses: z.array(ZPaperPairSide),
      /** An item type of issue 36: its content without the key (shared/item-types); null for the first five. */
      interaction: ZPaperInteraction.nullable(),
    }),
  ),
});
export type TPaper = z.infer<typeof ZPaper>;

export const ATTEMPT_STATUSES = ["in_progress", "completed", "graded"] as const;

export const ZSavedAnswer = z.object({
  questionId: z.string(),
  selectedOptionId: z.string().nullable(),
  answerText: z.string().nullable(),
  /** For matching: per premise, the index of the chosen response in the paper's `responses`. */
  matching: z.array(z.number().int().nullable()).nullable(),
  /** For the item types of issue 36: the response as saved; absent for the first five types. */
  response: ZResponse.optional(),
  clientSeq: z.number().int(),
});
export type TSavedAnswer = z.infer<typeof ZSavedAnswer>;

export const ZAttemptState = z.object({
  id: z.string(),
  examId: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  /** started_at + duration, fixed by the server; null when the exam has no time limit. */
  deadlineAt: z.string().nullable(),
  /** The server's clock when this was sent, so the browser's countdown does not trust the device's clock. */
  serverNow: z.string(),
  totalPossibleScore: z.number().int(),
  /** The student's extra time in this attempt (issue 16): their accommodation, and minutes granted during it. */
  extraMinutes: z.number().int(),
  grantedMinutes: z.number().int(),
  answers: z.array(ZSavedAnswer),
  /** How many times each limited clip has been started in this attempt (issue 18). */
  plays: z.record(z.string(), z.number().int()),
  /** The clips' transcripts, for a student who cannot hear (issue 18); empty for everyone else. */
  transcripts: z.record(z.string(), ZText),
  /**
   * The student's reading accommodations (issue 37, decision 0052), while the attempt is under way: read-aloud on this
   * paper whatever its author allowed, and the take page's starting contrast and text size (the student may change them).
   */
  accommodations: z.object({ readAloud: z.boolean(), highContrast: z.boolean(), textScale: z.number().int() }),
});
export type TAttemptState = z.infer<typeof ZAttemptState>;

/** A clip's play counted (issue 18); a limited clip's bytes come only from `url`, until `expiresAt` (decision 0034). */
export const ZPlay = z.object({
  plays: z.number().int(),
  maxPlays: z.number().int().nullable(),
  /** This play's own address; null for a clip without a limit, heard from its ordinary address. */
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TPlay = z.infer<typeof ZPlay>;

/** A start's body (issue 35): the language the paper is shown in (the page's), recorded on a new attempt so item
 *  analysis can compare groups by it (DIF). Optional: a start without it (an older page) records none. */
export const ZAttemptStart = z
  .object({ paperLanguage: z.enum(LANGUAGES, { error: "PAPER_LANGUAGE_INVALID" }).optional() })
  // A POST without a body arrives as null.
  .nullish()
  .transform((v) => ({ paperLanguage: v?.paperLanguage ?? null }));

export const ZAnswerInput = z.object({
  examId: z.uuid({ error: "ATTEMPT_NOT_FOUND" }),
  selectedOptionId: z.uuid({ error: "ANSWER_INVALID" }).nullish(),
  answerText: z.string().max(MAX_ANSWER_TEXT_LENGTH, { error: "TEXT_TOO_LONG" }).nullish(),
  matching: z.array(z.number().int().min(0).max(MAX_PAIRS).nullable()).max(MAX_PAIRS).nullish(),
  /** For the item types of issue 36 (shared/item-types): the response, of the question's type. */
  response: ZResponse.nullish(),
  /** Increases with every change the student makes to this answer. */
  clientSeq: z.number().int().min(0).max(2_147_483_647).default(0),
  /** When the student made it, in server time (issue 37): an answer made offline before the deadline (decision 0056). */
  answeredAt: z.iso.datetime({ offset: true, error: "ANSWER_STAMP_INVALID" }).optional(),
});
export type TAnswerInput = z.input<typeof ZAnswerInput>;

/** The most answers one journal request carries: a paper's questions (MAX_QUESTIONS). */
export const MAX_BATCH_ANSWERS = 200;
/**
 * A device's journal for one attempt in one request (issue 37, decision 0056): after the deadline its answers are
 * settled together in one transaction instead of one save each. One entry per question, each as a single save.
 */
export const ZAnswerBatch = z.object({
  examId: z.uuid({ error: "ATTEMPT_NOT_FOUND" }),
  entries: z
    .array(ZAnswerInput.omit({ examId: true }).extend({ questionId: z.uuid({ error: "ANSWER_INVALID" }) }), { error: "ANSWER_BATCH_INVALID" })
    .min(1, { error: "ANSWER_BATCH_INVALID" })
    .max(MAX_BATCH_ANSWERS, { error: "ANSWER_BATCH_TOO_LARGE" })
    .refine((entries) => new Set(entries.map((e) => e.questionId)).size === entries.length, { error: "ANSWER_BATCH_INVALID" }),
});
export type TAnswerBatch = z.input<typeof ZAnswerBatch>;
/** Per entry, in the order sent: stored (savedAt, clientSeq: the stored one's), held for the proctor, or refused with its code. */
export const ZAnswerBatchResult = z.object({
  results: z.array(
    z.discriminatedUnion("outcome", [
      z.object({ questionId: z.string(), outcome: z.literal("stored"), savedAt: z.string(), clientSeq: z.number().int() }),
      z.object({ questionId: z.string(), outcome: z.literal("held") }),
      z.object({ questionId: z.string(), outcome: z.literal("refused"), code: z.string() }),
    ]),
  ),
});
export type TAnswerBatchResult = z.infer<typeof ZAnswerBatchResult>;

export const ZStudentExam = z.object({
  examId: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  subject: ZSubject,
  durationMinutes: z.number().int().nullable(),
  questionCount: z.number().int(),
  totalPoints: z.number().int(),
  /** The student's sitting (issue 16); null when the exam is open from publication. */
  sitting: ZSittingWindow.nullable(),
  attempt: z
    .object({
      id: z.string(),
      status: z.enum(ATTEMPT_STATUSES),
      score: z.number().nullable(),
      totalPossibleScore: z.number().int(),
      startedAt: z.string(),
      completedAt: z.string().nullable(),
    })
    .nullable(),
});
export type TStudentExam = z.infer<typeof ZStudentExam>;

export const ZStudentOverview = z.object({ available: z.array(ZStudentExam), completed: z.array(ZStudentExam) });
export type TStudentOverview = z.infer<typeof ZStudentOverview>;

export const ZResult = z.object({
  attempt: z.object({
    id: z.string(),
    status: z.enum(ATTEMPT_STATUSES),
    score: z.number().nullable(),
    /** On the reporting scale (issue 35, decision 0049): once graded and calibrated onto a scale; else null. */
    scaleScore: ZReportedScaleScore.nullable(),
    totalPossibleScore: z.number().int(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  }),
  exam: z.object({ id: z.string(), titleAr: z.string(), titleEn: z.string(), subject: ZSubject, status: z.enum(EXAM_STATUSES) }),
  student: z.object({ id: z.string(), name: z.string(), schoolId: z.string().nullable() }),
  /** Staff see the key; a student does not. */
  showsKey: z.boolean(),
  /**
   * The exam is open in other schools and its key not yet released (shared/permissions.ts isExamKeyReleased):
   * the marks per question and the key are withheld; the total and the answers given are shown.
   */
  keyWithheld: z.boolean(),
  /**
   * The passages its questions were asked about, as the student read them (the rows their question versions name), in
   * the order their questions come; readable by whoever sees this result (decision 0064). No clip: the page plays nothing.
   */
  passages: z.array(ZPassage.omit({ audio: true })),
  questions: z.array(
    z.object({
      id: z.string(),
      type: z.enum(QUESTION_TYPES),
      questionTextAr: z.string(),
      questionTextEn: z.string(),
      /** The texts' formatting, as the student read them (the word underlined to parse, say). */
      questionDocAr: ZRichDoc.nullable(),
      questionDocEn: ZRichDoc.nullable(),
      /** The passage (of `passages`) it was asked about, or none. */
      passageId: z.string().nullable(),
      points: z.number().int(),
      /** The question's picture as the paper showed it (a hotspot's areas are on it); readable by whoever sees this result (decision 0064). */
      image: ZImageRef,
      answer: z.object({
        /** The chosen option's text, the written answer, or per premise the chosen response. */
        choice: ZPaperPairSide.nullable(),
        text: z.string().nullable(),
        matching: z.array(z.object({ premise: ZPaperPairSide, chosen: ZPaperPairSide.nullable(), correct: z.boolean() })),
        /** An item type of issue 36: the response as saved (a numeric entry as typed); null for the first five. */
        response: ZResponse.nullable(),
      }),
      /** An item type of issue 36: its content as the paper shows it, without the key; null for the first five. */
      interaction: ZPaperInteraction.nullable(),
      isCorrect: z.boolean().nullable(),
      score: z.number().nullable(),
      teacherComment: z.string().nullable(),
      /** `interaction`: an item type's content with its key (staff only, as the rest of the key). */
      key: z.object({ choice: ZPaperPairSide.nullable(), modelAnswer: z.string().nullable(), interaction: ZInteraction.nullable() }).nullable(),
    }),
  ),
});
export type TResult = z.infer<typeof ZResult>;

export const ZGradeInput = z.object({
  score: z.number({ error: "SCORE_OUT_OF_RANGE" }).min(0, { error: "SCORE_OUT_OF_RANGE" }),
  comment: z.string().trim().max(MAX_LONG_TEXT_LENGTH, { error: "TEXT_TOO_LONG" }).nullish(),
});

// ---- the results list (issue 15: a school group's morning is thousands of rows)

/** A graded attempt at or above this percentage counts as passed in the results summary (SPEC sets no pass
 * mark; 50 is where the report's "developing" band begins). */
export const PASS_PERCENT = 50;
export const RESULT_SORTS = ["recent", "score", "name"] as const;
/** A cursor is a sort and three keys, base64url: a name of 200 characters fits with room. */
const RESULTS_CURSOR_MAX = 2_000;

export const ZResultsQuery = z.object({
  examId: z.uuid({ error: "EXAM_NOT_FOUND" }).optional(),
  status: z.enum(ATTEMPT_STATUSES, { error: "VALIDATION_FAILED" }).optional(),
  /** A student's name or email (staff only). */
  q: z.string({ error: "VALIDATION_FAILED" }).trim().max(100, { error: "TEXT_TOO_LONG" }).optional(),
  schoolId: z.string({ error: "VALIDATION_FAILED" }).trim().max(64, { error: "VALIDATION_FAILED" }).optional(),
  subjectId: z.string({ error: "VALIDATION_FAILED" }).trim().max(64, { error: "VALIDATION_FAILED" }).optional(),
  /** The grade and class the student was in when they sat it (docs/decisions/0014). */
  grade: ZGradeFilter,
  className: ZClassFilter,
  /** The parallel form sat (issue 34), by its number within its exam ("Form 2"). */
  form: z.coerce.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(99, { error: "VALIDATION_FAILED" }).optional(),
  sort: z.enum(RESULT_SORTS, { error: "VALIDATION_FAILED" }).default("recent"),
  /**
   * Keyset paging (issue 39): the `next` cursor of a page to read the rows after it, or its `prev` cursor to read the
   * rows before it — never an offset, so a deep page reads no more than a first one. Opaque; checked on the server.
   */
  after: z.string({ error: "RESULTS_CURSOR_INVALID" }).max(RESULTS_CURSOR_MAX, { error: "RESULTS_CURSOR_INVALID" }).optional(),
  before: z.string({ error: "RESULTS_CURSOR_INVALID" }).max(RESULTS_CURSOR_MAX, { error: "RESULTS_CURSOR_INVALID" }).optional(),
  pageSize: z.coerce.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(200, { error: "VALIDATION_FAILED" }).default(50),
});
export type TResultsQuery = z.infer<typeof ZResultsQuery>;

/** How many attempts the list counts one by one at most, where the maintained figures cannot answer (a name searched). */
export const RESULTS_COUNT_CAP = 10_000;

export const ZResultsSummary = z.object({
  attempts: z.number().int(),
  /** More than RESULTS_COUNT_CAP attempts match and were not all counted: `attempts` is the cap, the figures below null. */
  capped: z.boolean(),
  graded: z.number().int(),
  meanPercent: z.number().nullable(),
  /** The graded attempts' standard deviation (n − 1), in percentage points; null below two graded attempts. */
  sdPercent: z.number().nullable(),
  /** Share (0–1) of the graded attempts at or above PASS_PERCENT. */
  passRate: z.number().nullable(),
});
export type TResultsSummary = z.infer<typeof ZResultsSummary>;
