// The "files" i18n namespace, the page language narrowed to "ar" | "en", and the formatting the files screen
// shares (sizes, dates, counts).
import { useTranslation } from "react-i18next";
import { toast } from "@web/components/ui/use-toast";
import { bilingual } from "@web/lib/i18n";
import { LOCALE, type TLang, asLang, formatNumber } from "@web/lib/format";

// One implementation in lib/format.ts; re-exported so this feature imports from one place.
export { asLang, formatNumber, type TLang };

export function useFilesT() {
  const { t, i18n } = useTranslation("files");
  return { t, lang: asLang(i18n.language), i18n };
}

/** A text of the files namespace in both languages, so a toast follows a language switch while it is shown. */
export function filesText(key: string, options: Record<string, unknown> = {}) {
  return bilingual(`files:${key}`, options);
}

export function successToast(key: string, description?: { key: string; options?: Record<string, unknown> }) {
  toast({ variant: "success", title: filesText(key), ...(description ? { description: filesText(description.key, description.options) } : {}) });
}

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** 1536 → "1.5 kB" / "1.5 كيلوبايت" (binary steps, as file managers show them). Arabic spells the unit out:
 * its short forms ("م.ب") are not what people read. */
export function formatBytes(lang: TLang, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALE[lang], {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: unit === 0 || lang === "ar" ? "long" : "short",
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

export function formatDate(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { day: "numeric", month: lang === "ar" ? "long" : "short", year: "numeric" }).format(new Date(iso));
}

export function formatDateTime(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "full", timeStyle: "short" }).format(new Date(iso));
}

export function formatPercent(lang: TLang, fraction: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: "percent", maximumFractionDigits: 0 }).format(fraction);
}
