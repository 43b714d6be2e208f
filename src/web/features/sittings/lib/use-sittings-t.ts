// The "sittings" i18n namespace and the page language.
import { useTranslation } from "react-i18next";
import { asLang, formatDateTime, formatNumber, LOCALE, pick, type TLang } from "@web/lib/format";

export { formatDateTime, formatNumber, pick, type TLang };

export function useSittingsT() {
  const { t, i18n } = useTranslation("sittings");
  return { t, lang: asLang(i18n.language) };
}

/** A time of day ("08:30"), for the times of one sitting after its date. */
export function formatTime(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { timeStyle: "short" }).format(new Date(iso));
}
