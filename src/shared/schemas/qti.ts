// What a QTI package holds, as the import's preview shows it (issue 19; docs/decisions/0023): each item understood
// (and as what) or skipped, with the reason in both languages.
import { z } from "zod";
import { QUESTION_TYPES, ZExamDetail } from "./exam";
import type { TText } from "../errors";

const ZText = z.object({ en: z.string(), ar: z.string() });

/** What a test's draft needs that the package does not give: the importer supplies it in the dialog (issue 33). */
export const QTI_MISSING = ["title", "subject"] as const;
export type TQtiMissing = (typeof QTI_MISSING)[number];

/** One assessment test of a package: the draft exam it becomes. */
export const ZQtiPreviewTest = z.object({
  titleAr: z.string(),
  titleEn: z.string(),
  /** The subject the package names, when it is one of ours. */
  subjectId: z.string().nullable(),
  /** The grades it is for (docs/decisions/0014), empty for every grade. */
  grades: z.array(z.number().int()),
  passageCount: z.number().int(),
  mediaCount: z.number().int(),
  items: z.array(
    z.object({
      identifier: z.string(),
      /** The item's own title (its file's), shown for a skipped item. */
      title: z.string(),
      /** The start of the question's words in each language (one language's words in both when it has one). */
      textAr: z.string(),
      textEn: z.string(),
      /** The one language the question is written in, when it is in one only. */
      onlyIn: z.enum(["ar", "en"]).nullable(),
      /** The passage it is asked on. */
      passage: z.object({ titleAr: z.string(), titleEn: z.string() }).nullable(),
      type: z.enum(QUESTION_TYPES).nullable(),
      /** Skipped items carry why; understood ones may carry a note (a text only in one language, a skill not found). */
      skipped: z.boolean(),
      reason: ZText.nullable(),
    }),
  ),
  /** What the importer must still give for this test's draft: a title when the package names none, a subject. */
  missing: z.array(z.enum(QTI_MISSING)),
  /** Any other reason the save would refuse this test's draft, in both languages; null when it would not. */
  problem: ZText.nullable(),
});
export type TQtiPreviewTest = z.infer<typeof ZQtiPreviewTest>;

/** What a package holds: one test per draft exam it would create (a package of one exam has one). */
export const ZQtiPreview = z.object({ tests: z.array(ZQtiPreviewTest) });
export type TQtiPreview = z.infer<typeof ZQtiPreview>;

/** Several exams in one package (POST /api/exams/export/qti): their ids, in the order wanted. */
export const ZQtiExportInput = z.object({
  // The cap with its number in the message is the service's (QTI_EXPORT_TOO_MANY); this bound only keeps the body small.
  examIds: z
    .array(z.string({ error: "VALIDATION_FAILED" }).max(64, { error: "VALIDATION_FAILED" }), { error: "QTI_EXPORT_NO_EXAMS" })
    .min(1, { error: "QTI_EXPORT_NO_EXAMS" })
    .max(1000, { error: "VALIDATION_FAILED" }),
});

/** What an import created: one draft exam per test of the package. */
export const ZQtiImported = z.object({ exams: z.array(ZExamDetail) });
export type TQtiImported = z.infer<typeof ZQtiImported>;

const t = (en: string, ar: string): TText => ({ en, ar });

/** Why an item was skipped or what to check in it, in both languages ({name} and {file} are filled in). */
export const QTI_REASONS = {
  NO_INTERACTION: t("No interaction to answer.", "لا يحتوي على تفاعل للإجابة."),
  SEVERAL_INTERACTIONS: t("More than one interaction in one item; Qias questions have one.", "يحتوي على أكثر من تفاعل، وسؤال قياس يحتوي على تفاعل واحد."),
  UNSUPPORTED_INTERACTION: t("{name} is not one of Qias's question types.", "التفاعل {name} ليس من أنواع أسئلة قياس."),
  MEDIA_NOT_FOUND: t("The file {file} it shows is not in the package.", "الملف {file} الذي يعرضه غير موجود في الحزمة."),
  MEDIA_NOT_SUPPORTED: t("The file {file} it shows is not a PNG, JPEG or WebP picture or an MP3, M4A or OGG clip.", "الملف {file} الذي يعرضه ليس صورة PNG أو JPEG أو WebP ولا مقطعًا صوتيًا MP3 أو M4A أو OGG."),
  ITEM_NOT_FOUND: t("The item's file {file} is not in the package.", "ملف السؤال {file} غير موجود في الحزمة."),
  ONE_LANGUAGE: t("Written in one language only: the same text was put in both; translate it before publishing.", "مكتوب بلغة واحدة فقط، فوُضع النص نفسه في اللغتين؛ ترجمه قبل النشر."),
} as const;
