// The "results" i18n namespace, the page language narrowed to "ar" | "en", and the formatting the results
// and grading pages share.
import { useTranslation } from "react-i18next";
import { bilingual } from "@web/lib/i18n";

export type TLang = "ar" | "en";

export function useResultsT() {
  const { t, i18n } = useTranslation("results");
  return { t, lang: (i18n.language === "en" ? "en" : "ar") as TLang };
}

/** A text of the results namespace in both languages, for toasts that follow a language switch. */
export function resultsText(key: string, options: Record<string, unknown> = {}) {
  return bilingual(`results:${key}`, options);
}

// Latin digits in Arabic too, as the rest of the app shows numbers.
const LOCALE: Record<TLang, string> = { ar: "ar-AE-u-nu-latn", en: "en-GB" };

export function formatDateTime(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** 9.5 → "9.5", 3 → "3", 2.25 → "2.25" (marks are kept to two decimals). */
export function formatNumber(lang: TLang, n: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 }).format(n);
}

/** The title in the page language, the other one when it is empty. */
export function pick(lang: TLang, ar: string, en: string): string {
  return (lang === "ar" ? ar || en : en || ar).trim();
}

const FIRST_STRONG = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The direction of a text a person wrote, from its first strong letter: an Arabic answer is shown right-to-left. */
export function textDir(text: string | null | undefined): "rtl" | "ltr" | "auto" {
  const first = text?.match(FIRST_STRONG)?.[0];
  if (!first) return "auto";
  return RTL_CHAR.test(first) ? "rtl" : "ltr";
}
