// Language-aware formatting shared by every screen. Latin digits in Arabic too, as the rest of the app shows
// numbers; dates with the locale's month names.
import type { TLanguage } from "@shared/limits";
import { percentText, scoreText } from "@shared/format";

export type TLang = TLanguage;

export function asLang(language: string | undefined): TLang {
  return language === "en" ? "en" : "ar";
}

export const LOCALE: Record<TLang, string> = { ar: "ar-AE-u-nu-latn", en: "en-GB" };

/** 9.5 → "9.5", 3 → "3", 2.25 → "2.25" (marks are kept to two decimals). */
export function formatNumber(lang: TLang, n: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 }).format(n);
}

export function formatDate(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "medium" }).format(new Date(iso));
}

export function formatDateTime(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * 61.54 → "61.5%" in English, "61.5٪" in Arabic. Every screen writes a percentage with this, and the stored texts
 * of reports with the same rule (src/shared/format.ts): one decimal, half away from zero.
 */
export function formatPercent(lang: TLang, n: number): string {
  return percentText(lang, n);
}

/** A score: "3.5 / 11" in English, "3.5 من 11" in Arabic (src/shared/format.ts says why), on every screen. */
export function formatScore(lang: TLang, score: number, total: number): string {
  return scoreText(lang, score, total);
}

/** The text in the page language, the other one when it is empty. */
export function pick(lang: TLang, ar: string, en: string): string {
  return (lang === "ar" ? ar || en : en || ar).trim();
}

/** A pair that may be absent (a school's name on a row without one): the page language's, or null. */
export function pickOrNull(lang: TLang, ar: string | null, en: string | null): string | null {
  return ar === null && en === null ? null : pick(lang, ar ?? "", en ?? "");
}

/** "Grade 8 · 8B", "Grade 8", or null without a grade: one wording wherever a student's class is shown. */
export function gradeClassLabel(t: (key: string, options: Record<string, unknown>) => string, grade: number | null, className: string | null): string | null {
  if (grade === null) return null;
  return className ? t("common.gradeClass", { ns: "translation", grade, className }) : t("common.grade", { ns: "translation", grade });
}
