// Inputs of the user dialog and the roster import (SPEC §5 "User dialog"). One schema for the form and the
// server: messages are error codes from shared/errors.ts.
import { z } from "zod";
import { ROLES, type TRole } from "../permissions";
import { DEFAULT_LANGUAGE, LANGUAGES, MAX_CLASS_NAME_LENGTH, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TEXT_SCALES, type TLanguage, type TTextScale } from "../limits";
import { stripBidiControls } from "../text";
import { ZEmailLanguage } from "./account";
import { ZClassFilter, ZGradeFilter, ZGradeNumber } from "./grade";
import { ZExtraTimeMinutes, ZExtraTimePercent } from "./sitting";

/** The three user-management pages and the roles each one manages. */
export const USER_GROUPS = {
  admins: ["school_admin", "super_admin"],
  teachers: ["teacher"],
  students: ["student"],
} as const satisfies Record<string, readonly TRole[]>;
export type TUserGroup = keyof typeof USER_GROUPS;

export function groupOfRole(role: TRole): TUserGroup {
  return role === "student" ? "students" : role === "teacher" ? "teachers" : "admins";
}

/** The capability that guards managing users of a role (shared/permissions.ts). */
export const GROUP_CAPABILITY = {
  admins: "admins.manage",
  teachers: "teachers.manage",
  students: "students.manage",
} as const;

export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{1,64}$/u;

const optionalText = (max: number, tooLong: "TEXT_TOO_LONG" | "PASSWORD_TOO_LONG" = "TEXT_TOO_LONG") =>
  z
    .string({ error: "VALIDATION_FAILED" })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => v || undefined);

/** A person's name: bidi controls stripped (shared/text.ts says why stripped, not refused), then as any text. */
const personName = z
  .string({ error: "VALIDATION_FAILED" })
  .overwrite(stripBidiControls)
  .trim()
  .max(MAX_NAME_LENGTH, { error: "TEXT_TOO_LONG" })
  .nullish()
  .transform((v) => v || undefined);

const email = z
  .string({ error: "USER_REQUIRED_FIELDS" })
  .trim()
  .min(1, { error: "USER_REQUIRED_FIELDS" })
  .max(MAX_EMAIL_LENGTH, { error: "USER_EMAIL_INVALID" })
  .pipe(z.email({ error: "USER_EMAIL_INVALID" }));

const username = optionalText(64).refine((v) => v === undefined || USERNAME_PATTERN.test(v), { error: "USERNAME_INVALID" });
const password = z
  .string({ error: "VALIDATION_FAILED" })
  .max(MAX_PASSWORD_LENGTH, { error: "PASSWORD_TOO_LONG" })
  .nullish()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || v.length >= MIN_PASSWORD_LENGTH, { error: "PASSWORD_TOO_SHORT" });
const schoolId = z
  .string({ error: "SCHOOL_REQUIRED" })
  .trim()
  .max(64, { error: "SCHOOL_REQUIRED" })
  .nullish()
  .transform((v) => v || null);

/** Arabic-Indic digits (٠–٩, as typed on an Arabic keyboard) read as 0–9. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** A student's grade: 1–12, from a number or its text (a CSV cell, either digits); empty means none. */
export const ZGrade = z.preprocess(
  (v) => (v === "" ? null : typeof v === "string" ? (/^\s*[0-9\u0660-\u0669\u06F0-\u06F9]+\s*$/.test(v) ? Number(westernDigits(v.trim())) : v) : v),
  ZGradeNumber.nullable(),
);

export const CLASS_NAME_PATTERN = new RegExp(`^[\\p{L}\\p{N}\\p{M} /-]{1,${MAX_CLASS_NAME_LENGTH}}$`, "u");
/** A class (section) within the grade, e.g. "8B" or "٨/ب"; empty means none. */
export const ZClassName = z
  .string({ error: "CLASS_NAME_INVALID" })
  .trim()
  .nullable()
  .transform((v) => v?.replace(/\s+/g, " ") || null)
  .refine((v) => v === null || CLASS_NAME_PATTERN.test(v), { error: "CLASS_NAME_INVALID" });

const ZClipTranscripts = z.boolean({ error: "VALIDATION_FAILED" });

/** A student's reading accommodations (issue 37, decision 0052): read-aloud on every exam, high contrast and a larger
 *  text size by default on the take page. */
const ZReadAloud = z.boolean({ error: "ACCOMMODATION_INVALID" });
const ZHighContrast = z.boolean({ error: "ACCOMMODATION_INVALID" });
export const ZTextScale = z.number({ error: "TEXT_SCALE_INVALID" }).refine((v): v is TTextScale => (TEXT_SCALES as readonly number[]).includes(v), { error: "TEXT_SCALE_INVALID" });

/** A student's gender and first language (issue 35, decision 0044): optional, shown only to staff who manage the
 *  student, used only in aggregate (DIF, shares by group), never sent to a language model. "" or null is none. */
export const GENDERS = ["female", "male"] as const;
export type TGender = (typeof GENDERS)[number];
export const LANGUAGE_BACKGROUNDS = ["arabic", "other"] as const;
export type TLanguageBackground = (typeof LANGUAGE_BACKGROUNDS)[number];
const emptyIsNull = (v: unknown) => (v === "" ? null : v);
export const ZGender = z.preprocess(emptyIsNull, z.enum(GENDERS, { error: "GENDER_INVALID" }).nullable());
export const ZLanguageBackground = z.preprocess(emptyIsNull, z.enum(LANGUAGE_BACKGROUNDS, { error: "LANGUAGE_BACKGROUND_INVALID" }).nullable());

export const ZUserCreate = z
  .object({
    email,
    password,
    role: z.enum(ROLES),
    username,
    name: personName,
    schoolId,
    /** Only a student's are kept; the server drops them for other roles. */
    grade: ZGrade.optional().transform((v) => v ?? null),
    className: ZClassName.optional().transform((v) => v ?? null),
    /** A student's extra-time accommodation (issue 16); dropped for other roles. */
    extraTimePercent: ZExtraTimePercent.optional().transform((v) => v ?? 0),
    extraTimeMinutes: ZExtraTimeMinutes.optional().transform((v) => v ?? 0),
    /** A student who cannot hear is given the transcripts of listening clips (issue 18); dropped for other roles. */
    clipTranscripts: ZClipTranscripts.optional().transform((v) => v ?? false),
    readAloud: ZReadAloud.optional().transform((v) => v ?? false),
    highContrast: ZHighContrast.optional().transform((v) => v ?? false),
    textScale: ZTextScale.optional().transform((v) => v ?? 100),
    /** Dropped for other roles (the database allows them on a student only). */
    gender: ZGender.optional().transform((v) => v ?? null),
    languageBackground: ZLanguageBackground.optional().transform((v) => v ?? null),
    /** The language of the user's emails (issue 19); Arabic unless chosen, like the interface (decision 0019). */
    emailLang: ZEmailLanguage.optional().transform((v) => v ?? DEFAULT_LANGUAGE),
  })
  .superRefine((v, ctx) => {
    if (v.role === "student" && v.className && v.grade === null) ctx.addIssue({ code: "custom", path: ["grade"], message: "CLASS_NEEDS_GRADE" });
    if (v.role === "student" && !v.username) ctx.addIssue({ code: "custom", path: ["username"], message: "USERNAME_REQUIRED_FOR_STUDENT" });
    if (!v.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: v.role === "student" ? "STUDENT_PASSWORD_REQUIRED" : "USER_REQUIRED_FIELDS" });
    }
    // No school: a school_admin's users go to their own school; a super_admin must choose one (the server says
    // SCHOOL_REQUIRED, and the form asks before sending).
  });
export type TUserCreate = z.input<typeof ZUserCreate>;

/** Email and role are not editable; an empty password means "keep the current one". */
export const ZUserUpdate = z
  .object({
    username,
    name: personName,
    schoolId: schoolId.optional(),
    password,
    grade: ZGrade.optional(),
    className: ZClassName.optional(),
    extraTimePercent: ZExtraTimePercent.optional(),
    extraTimeMinutes: ZExtraTimeMinutes.optional(),
    clipTranscripts: ZClipTranscripts.optional(),
    readAloud: ZReadAloud.optional(),
    highContrast: ZHighContrast.optional(),
    textScale: ZTextScale.optional(),
    emailLang: ZEmailLanguage.optional(),
    /** Absent keeps the current value; null (or "") clears it. */
    gender: ZGender.optional(),
    languageBackground: ZLanguageBackground.optional(),
  })
  .strict();
export type TUserUpdate = z.input<typeof ZUserUpdate>;

export const ZUserListQuery = z.object({
  group: z.enum(["admins", "teachers", "students"]),
  q: z.string().trim().max(100).optional(),
  schoolId: z.string().max(64).optional(),
  grade: ZGradeFilter,
  className: ZClassFilter,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  schoolId: z.string().nullable(),
  schoolNameAr: z.string().nullable(),
  schoolNameEn: z.string().nullable(),
  name: z.string(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  extraTimePercent: z.number().int(),
  extraTimeMinutes: z.number().int(),
  clipTranscripts: z.boolean(),
  readAloud: z.boolean(),
  highContrast: z.boolean(),
  textScale: z.number().int(),
  emailLang: z.enum(LANGUAGES),
  /** A student's; null for other roles and when not given. */
  gender: z.enum(GENDERS).nullable(),
  languageBackground: z.enum(LANGUAGE_BACKGROUNDS).nullable(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserPage = z.object({ items: z.array(ZUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TUserPage = z.infer<typeof ZUserPage>;

/** What deleting a user takes with it, said in the confirmation before it happens. */
export const ZDeleteImpact = z.object({ attempts: z.number().int(), exams: z.number().int(), files: z.number().int() });
export type TDeleteImpact = z.infer<typeof ZDeleteImpact>;

// ---- roster import

/** grade and class came later (issue 15), email_language later still (issue 19), gender and language_background
 *  later again (issue 35), the reading accommodations last (issue 37): a file without them still imports. */
export const IMPORT_COLUMNS = ["email", "username", "name", "password", "school_id", "grade", "class", "email_language", "gender", "language_background", "read_aloud", "high_contrast", "text_size"] as const;
/** The columns only a student has. */
const STUDENT_ONLY_COLUMNS: readonly TImportColumn[] = ["grade", "class", "gender", "language_background", "read_aloud", "high_contrast", "text_size"];
export type TImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_MAX_ROWS = 5000;
/** The columns a file for `role` may have: a teacher has no grade, class, gender or language background. */
export function importColumnsFor(role: "student" | "teacher"): readonly TImportColumn[] {
  return role === "student" ? IMPORT_COLUMNS : IMPORT_COLUMNS.filter((c) => !STUDENT_ONLY_COLUMNS.includes(c));
}

/** Headers as a school writes them in Arabic, each read as the column it names (after `headerKey`). */
const ARABIC_HEADERS: Record<string, TImportColumn> = {
  البريد_الالكتروني: "email",
  البريد: "email",
  اسم_المستخدم: "username",
  الاسم: "name",
  الاسم_الكامل: "name",
  كلمة_المرور: "password",
  المدرسة: "school_id",
  رمز_المدرسة: "school_id",
  معرف_المدرسة: "school_id",
  الصف: "grade",
  الشعبة: "class",
  الفصل: "class",
  لغة_البريد: "email_language",
  لغة_الرسائل: "email_language",
  الجنس: "gender",
  النوع: "gender",
  الخلفية_اللغوية: "language_background",
  اللغة_الام: "language_background",
  اللغة_الاولى: "language_background",
  القراءة_بصوت_مسموع: "read_aloud",
  القراءة_الصوتية: "read_aloud",
  التباين_العالي: "high_contrast",
  حجم_النص: "text_size",
};

/** A header cell as a key: trimmed, lower case, spaces as "_", and the Arabic spellings that vary (أ إ آ → ا,
 *  tatweel and short vowels dropped) made one. */
function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_")
    .replace(/[\u0623\u0625\u0622]/g, "\u0627")
    .replace(/\u0640|\p{Mn}/gu, "");
}

/** The column a header names, in English (`email`, `school_id`, …) or Arabic (`البريد الإلكتروني`, …); undefined if none. */
export function importColumnOf(header: string): TImportColumn | undefined {
  const key = headerKey(header);
  return (IMPORT_COLUMNS as readonly string[]).includes(key) ? (key as TImportColumn) : ARABIC_HEADERS[key];
}

/** An email_language cell: a language's code or its name in either language (as typed in a spreadsheet);
 *  blank is Arabic, the default everywhere; anything else is undefined (a row error). */
export function importEmailLanguage(cell: string): TLanguage | undefined {
  const key = headerKey(cell);
  if (key === "") return DEFAULT_LANGUAGE;
  if (["ar", "arabic", "العربية", "عربي", "عربية"].includes(key)) return "ar";
  if (["en", "english", "الانجليزية", "انجليزي", "انجليزية", "الانكليزية"].includes(key)) return "en";
  return undefined;
}

/** A gender cell: a code or a word in either language; blank is none (null); anything else is undefined (a row error). */
export function importGender(cell: string): TGender | null | undefined {
  const key = headerKey(cell);
  if (key === "") return null;
  if (["female", "f", "girl", "انثى", "بنت", "طالبة"].includes(key)) return "female";
  if (["male", "m", "boy", "ذكر", "ولد", "طالب"].includes(key)) return "male";
  return undefined;
}

/** A language_background cell: Arabic as a first language, or another; blank is none (null); anything else undefined. */
export function importLanguageBackground(cell: string): TLanguageBackground | null | undefined {
  const key = headerKey(cell);
  if (key === "") return null;
  if (["arabic", "ar", "العربية", "عربية", "عربي"].includes(key)) return "arabic";
  if (["other", "another", "non-arabic", "non_arabic", "اخرى", "اخري", "غير_العربية", "غير_عربي"].includes(key)) return "other";
  return undefined;
}

/** A yes/no cell (read_aloud, high_contrast) in either language; blank is no; anything else is undefined (a row error). */
export function importYesNo(cell: string): boolean | undefined {
  const key = headerKey(cell);
  if (["", "no", "n", "false", "0", "لا", "كلا"].includes(key)) return false;
  if (["yes", "y", "true", "1", "نعم", "اجل"].includes(key)) return true;
  return undefined;
}

/** A text_size cell: 100–200 in steps of 25, with or without "%" (Latin or Arabic-Indic digits); blank is 100. */
export function importTextScale(cell: string): number | string {
  const key = westernDigits(cell.trim().replace(/[%٪]$/, "").trim());
  if (key === "") return 100;
  return /^\d+$/.test(key) ? Number(key) : cell;
}

/** The largest roster file, in bytes (a 5,000-row roster is a few hundred kilobytes). */
export const IMPORT_MAX_FILE_BYTES = 2_000_000;

/**
 * A roster: its text (`csv`), or the file's own bytes in base64 (`file`) — an .xlsx, or a CSV in whichever encoding
 * and separator Excel wrote it (issue 19); the server reads either.
 */
export const ZImportRequest = z
  .object({
    role: z.enum(["student", "teacher"]),
    csv: z.string({ error: "IMPORT_EMPTY" }).max(IMPORT_MAX_FILE_BYTES, { error: "PAYLOAD_TOO_LARGE" }).optional(),
    file: z
      .string({ error: "IMPORT_UNREADABLE" })
      .max(Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4, { error: "PAYLOAD_TOO_LARGE" })
      .pipe(z.base64({ error: "IMPORT_UNREADABLE" }))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.csv && !v.file) ctx.addIssue({ code: "custom", path: ["file"], message: "IMPORT_EMPTY" });
  });

/** A person of a roster as the import reads them: what a preview row and a credential both carry. */
const ZRosterPerson = z.object({
  email: z.string(),
  username: z.string(),
  name: z.string(),
  schoolId: z.string().nullable(),
  grade: z.number().int().nullable(),
  className: z.string().nullable(),
  emailLang: z.enum(LANGUAGES),
});

export const ZImportRow = ZRosterPerson.extend({
  gender: z.enum(GENDERS).nullable(),
  languageBackground: z.enum(LANGUAGE_BACKGROUNDS).nullable(),
  readAloud: z.boolean(),
  highContrast: z.boolean(),
  textScale: z.number().int(),
  line: z.number().int(),
  passwordGenerated: z.boolean(),
  errors: z.array(z.object({ field: z.string(), code: z.string(), message: z.object({ en: z.string(), ar: z.string() }) })),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportPreview = z.object({ rows: z.array(ZImportRow), valid: z.number().int(), invalid: z.number().int() });
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportResult = z.object({
  created: z.number().int(),
  credentials: z.array(ZRosterPerson.extend({ password: z.string() })),
});
export type TImportResult = z.infer<typeof ZImportResult>;
