// The "exams" i18n namespace, the page language narrowed to "ar" | "en", and the formatting, message and toast
// helpers the exam pages share.
import { useTranslation } from "react-i18next";
import { ERRORS, fillText, isErrorCode, issueVars, type TText } from "@shared/errors";
import { toast, toastError } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { type TLang, asLang, formatDate, formatNumber, pick } from "@web/lib/format";

// One implementation in lib/format.ts; re-exported so this feature imports from one place.
export { asLang, formatDate, formatNumber, pick, type TLang };

export function useExamsT() {
  const { t, i18n } = useTranslation("exams");
  return { t, lang: asLang(i18n.language), i18n };
}

/** A text of the exams namespace in both languages, for toasts that follow a language switch. */
export function examsText(key: string, options: Record<string, unknown> = {}): TText {
  return bilingual(`exams:${key}`, options);
}

/**
 * The words of a validation message: ZExamInput's messages are error codes, filled with the question and option
 * numbers read from the issue's path ("questions.2.options.0" → n = 3, m = 1). Anything that is not a code
 * (zod's own wording for a bound we did not name) reads as the generic "Some fields are missing or invalid."
 */
export function issueText(code: string | undefined, path: string): TText {
  const entry = isErrorCode(code) ? ERRORS[code] : ERRORS.VALIDATION_FAILED;
  return fillText(entry.message, issueVars(path));
}

export function successToast(key: string, options: Record<string, unknown> = {}) {
  toast({ variant: "success", title: examsText(key, options) });
}

// Failures the server words generically get the operation's own title from SPEC §8 ("Failed to delete exam"),
// with the server's message as the description; specific ones keep the server's title.
const GENERIC_CODES = new Set(["INTERNAL", "UNAVAILABLE", "NETWORK", "VALIDATION_FAILED", "BAD_JSON", "PAYLOAD_TOO_LARGE", "NOT_FOUND", "FORBIDDEN"]);

export function failureToast(error: unknown, titleKey: string) {
  const body = toErrorBody(error);
  if (!GENERIC_CODES.has(body.code)) return toastError(error);
  return toast({ variant: "destructive", title: examsText(titleKey), description: body.message });
}
