// The item bank (issue 34; docs/decisions/0036): a question that outlives its exam, in versions that attempts keep.
// The content of a version is one JSON (TItemContent); the server converts it to and from an exam's question rows
// in one place (server/modules/bank/content.ts).
import { z } from "zod";
import { ZRichDoc, type TRichDoc } from "../rich-text";
import { ZGradeNumber } from "./grade";
import { ZInteraction, type TInteraction } from "../item-types";
import { QUESTION_TYPES, withDoc, ZAudioInput, ZAudioRef, ZImageInput, ZQuestionInput, type TQuestionType } from "./exam";

type TImage = { id: string; altAr: string; altEn: string } | null;
type TAudio = { id: string; maxPlays: number | null; transcriptAr: string; transcriptEn: string } | null;
type TPairContent = { premise_ar: string; premise_en: string; response_ar: string; response_en: string; premiseImage?: TImage; responseImage?: TImage };

/** A passage as a version keeps it: a snapshot, so an item carried to another exam brings its text along. */
export type TPassageContent = { titleAr: string; titleEn: string; textAr: string; textEn: string; docAr: TRichDoc | null; docEn: TRichDoc | null; image: TImage; audio: TAudio };

/** Everything a student is shown of an item, and its key: what a version holds and never changes once seen. */
export type TItemContent = {
  type: TQuestionType;
  questionTextAr: string;
  questionTextEn: string;
  questionDocAr: TRichDoc | null;
  questionDocEn: TRichDoc | null;
  image: TImage;
  audio: TAudio;
  points: number;
  correctAnswerText: string | null;
  matchingPairs: TPairContent[];
  skillId: string | null;
  options: { optionTextAr: string; optionTextEn: string; optionDocAr: TRichDoc | null; optionDocEn: TRichDoc | null; image: TImage; isCorrect: boolean }[];
  passage: TPassageContent | null;
  /** An item type of issue 36 (shared/item-types): its content and key. Absent, not null, for the first five, so
   *  versions written before it compare equal to their rows (server/modules/bank/content.ts sameContent). */
  interaction?: TInteraction;
};

export const BANK_OWNERS = ["mine", "school", "system"] as const;
export const BANK_PAGE_SIZE = 25;
export const MAX_BANK_PAGE_SIZE = 100;
/** Items added to an exam in one request. */
export const MAX_BANK_ITEMS_PER_ADD = 100;

const facility = z.coerce.number({ error: "VALIDATION_FAILED" }).min(0, { error: "VALIDATION_FAILED" }).max(1, { error: "VALIDATION_FAILED" });
const flag = z
  .enum(["true", "false", "1", "0"], { error: "VALIDATION_FAILED" })
  .optional()
  .transform((v) => v === "true" || v === "1");

/** GET /api/bank: text in either language, the filters, a page. */
export const ZBankQuery = z.object({
  q: z.string({ error: "VALIDATION_FAILED" }).trim().max(200, { error: "TEXT_TOO_LONG" }).optional(),
  subjectId: z.string().max(64, { error: "VALIDATION_FAILED" }).optional(),
  grade: z.coerce.number({ error: "GRADE_INVALID" }).pipe(ZGradeNumber).optional(),
  skillId: z.string().max(100, { error: "VALIDATION_FAILED" }).optional(),
  type: z.enum(QUESTION_TYPES, { error: "VALIDATION_FAILED" }).optional(),
  owner: z.enum(BANK_OWNERS, { error: "VALIDATION_FAILED" }).optional(),
  /** Difficulty as facility (the share of the points earned, 0–1) over all its uses. */
  facilityMin: facility.optional(),
  facilityMax: facility.optional(),
  neverUsed: flag,
  usedInLastYear: flag,
  includeRetired: flag,
  page: z.coerce.number({ error: "VALIDATION_FAILED" }).int().min(1, { error: "VALIDATION_FAILED" }).max(10_000, { error: "VALIDATION_FAILED" }).default(1),
  pageSize: z.coerce.number({ error: "VALIDATION_FAILED" }).int().min(1, { error: "VALIDATION_FAILED" }).max(MAX_BANK_PAGE_SIZE, { error: "VALIDATION_FAILED" }).default(BANK_PAGE_SIZE),
});
export type TBankQuery = z.output<typeof ZBankQuery>;

/** POST /api/bank and PUT /api/bank/:id: the item's subject and grade, its question and its passage. */
export const ZBankItemInput = z.object({
  subjectId: z.string({ error: "SUBJECT_NOT_FOUND" }).trim().min(1, { error: "SUBJECT_NOT_FOUND" }).max(64, { error: "SUBJECT_NOT_FOUND" }),
  grade: ZGradeNumber.nullish().transform((v) => v ?? null),
  question: ZQuestionInput,
  /** Its passage, as the exam editor's passage fields give it (formatting, picture and clip included). */
  passage: z
    .object({
      titleAr: z.string().trim().max(200, { error: "TEXT_TOO_LONG" }).default(""),
      titleEn: z.string().trim().max(200, { error: "TEXT_TOO_LONG" }).default(""),
      textAr: z.string().trim().max(20_000, { error: "TEXT_TOO_LONG" }).default(""),
      textEn: z.string().trim().max(20_000, { error: "TEXT_TOO_LONG" }).default(""),
      docAr: ZRichDoc.nullish(),
      docEn: ZRichDoc.nullish(),
      image: ZImageInput,
      audio: ZAudioInput,
    })
    .transform(({ docAr, docEn, ...p }) => {
      const ar = withDoc(p.textAr, docAr, "rtl");
      const en = withDoc(p.textEn, docEn, "ltr");
      return { ...p, textAr: ar.text, textEn: en.text, docAr: ar.doc, docEn: en.doc };
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type TBankItemInput = z.input<typeof ZBankItemInput>;
export type TBankItemData = z.output<typeof ZBankItemInput>;

/** POST /api/exams/:id/bank-items: bank items to append to an exam, at their newest version. */
export const ZAddBankItems = z.object({
  itemIds: z.array(z.uuid({ error: "BANK_ITEM_NOT_FOUND" })).min(1, { error: "VALIDATION_FAILED" }).max(MAX_BANK_ITEMS_PER_ADD, { error: "VALIDATION_FAILED" }),
});

/** POST /api/exams/:id/take-versions: the exam's questions to move to their item's newest version (none: all). */
export const ZTakeVersions = z.object({
  questionIds: z.array(z.uuid({ error: "QUESTION_NOT_FOUND" })).max(200, { error: "VALIDATION_FAILED" }).optional(),
});

// ---- views

const ZUse = z.object({
  examId: z.string(),
  titleAr: z.string(),
  titleEn: z.string(),
  version: z.number().int(),
  /** Distinct students whose attempt held this use. */
  students: z.number().int(),
  /** The share of the points earned over the graded answers, or null before any. */
  facility: z.number().nullable(),
  lastStartedAt: z.string().nullable(),
});
export type TBankUse = z.infer<typeof ZUse>;

export const ZBankItemSummary = z.object({
  id: z.string(),
  owner: z.enum(["school", "system"]),
  schoolId: z.string().nullable(),
  subjectId: z.string(),
  grade: z.number().int().nullable(),
  type: z.enum(QUESTION_TYPES),
  skillId: z.string().nullable(),
  currentVersion: z.number().int(),
  retiredAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  questionTextAr: z.string(),
  questionTextEn: z.string(),
  /** Distinct students who saw any version (exposure). */
  exposure: z.number().int(),
  facility: z.number().nullable(),
  uses: z.array(ZUse),
  /** Whether the reader may edit, retire and restore it. */
  editable: z.boolean(),
});
export type TBankItemSummary = z.infer<typeof ZBankItemSummary>;

export const ZBankPage = z.object({ items: z.array(ZBankItemSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Pictures as a version names them (with their descriptions); GET /api/media/:id serves them. */
const ZImageRaw = z.object({ id: z.string(), altAr: z.string(), altEn: z.string() }).nullable();
const ZPairRaw = z.object({ premise_ar: z.string(), premise_en: z.string(), response_ar: z.string(), response_en: z.string(), premiseImage: ZImageRaw.optional(), responseImage: ZImageRaw.optional() });

const ZContent = z.object({
  type: z.enum(QUESTION_TYPES),
  questionTextAr: z.string(),
  questionTextEn: z.string(),
  questionDocAr: ZRichDoc.nullable(),
  questionDocEn: ZRichDoc.nullable(),
  image: ZImageRaw,
  audio: ZAudioRef,
  points: z.number().int(),
  correctAnswerText: z.string().nullable(),
  matchingPairs: z.array(ZPairRaw),
  skillId: z.string().nullable(),
  options: z.array(z.object({ optionTextAr: z.string(), optionTextEn: z.string(), optionDocAr: ZRichDoc.nullable(), optionDocEn: ZRichDoc.nullable(), image: ZImageRaw, isCorrect: z.boolean() })),
  passage: z
    .object({ titleAr: z.string(), titleEn: z.string(), textAr: z.string(), textEn: z.string(), docAr: ZRichDoc.nullable(), docEn: ZRichDoc.nullable(), image: ZImageRaw, audio: ZAudioRef })
    .nullable(),
  /** An item type's content and key (issue 36): without it the answer dropped them, and the editor reopened an item empty. */
  interaction: ZInteraction.optional(),
});

export const ZBankItemDetail = ZBankItemSummary.extend({
  /** Newest first; `authorName` is who made the version (null once their account is gone). */
  versions: z.array(z.object({ version: z.number().int(), createdAt: z.string(), createdBy: z.string().nullable(), authorName: z.string().nullable(), seen: z.boolean(), content: ZContent })),
});
export type TBankItemDetail = z.infer<typeof ZBankItemDetail>;
