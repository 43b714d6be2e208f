// The "reports" i18n namespace and the page language narrowed to "ar" | "en".
import { useTranslation } from "react-i18next";
import type { TText } from "@shared/errors";
import { bilingual } from "@web/lib/i18n";
import { asLang, formatDate, formatNumber, formatPercent, formatScore, pick, type TLang } from "@web/lib/format";

export { formatDate, formatNumber, formatPercent, formatScore, pick, type TLang };

export function useReportsT() {
  const { t, i18n } = useTranslation("reports");
  return { t, lang: asLang(i18n.language) };
}

/** A text of this namespace in both languages, for toasts that follow a language switch. */
export function reportsText(key: string, options: Record<string, unknown> = {}): TText {
  return bilingual(`reports:${key}`, options);
}

/** Both languages are stored; show the reader's (the other when empty). */
export function bi(lang: TLang, text: { ar: string; en: string }): string {
  return pick(lang, text.ar, text.en);
}
