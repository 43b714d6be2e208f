// The "results" i18n namespace, the page language narrowed to "ar" | "en", and the formatting the results
// and grading pages share.
import { useTranslation } from "react-i18next";
import { bilingual } from "@web/lib/i18n";
import { type TLang, asLang, formatDateTime, formatNumber, pick } from "@web/lib/format";

// One implementation in lib/format.ts; re-exported so this feature imports from one place.
export { asLang, formatDateTime, formatNumber, pick, type TLang };

export function useResultsT() {
  const { t, i18n } = useTranslation("results");
  return { t, lang: asLang(i18n.language) };
}

/** A text of the results namespace in both languages, for toasts that follow a language switch. */
export function resultsText(key: string, options: Record<string, unknown> = {}) {
  return bilingual(`results:${key}`, options);
}

const FIRST_STRONG = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The direction of a text a person wrote, from its first strong letter: an Arabic answer is shown right-to-left. */
export function textDir(text: string | null | undefined): "rtl" | "ltr" | "auto" {
  const first = text?.match(FIRST_STRONG)?.[0];
  if (!first) return "auto";
  return RTL_CHAR.test(first) ? "rtl" : "ltr";
}
