// The "analytics" i18n namespace, the page language, and the way its figures are written.
import { useTranslation } from "react-i18next";
import { roundHalfAway } from "@shared/format";
import { asLang, formatNumber, formatPercent as percentText, LOCALE, pick, type TLang } from "@web/lib/format";

export { formatNumber, pick, type TLang };

export function useAnalyticsT() {
  const { t, i18n } = useTranslation("analytics");
  return { t, lang: asLang(i18n.language) };
}

/**
 * 61.54 → "61.5%" ("61.5٪" in Arabic) by the one rule of src/shared/format.ts; null → "—". `digits: 0` is for a
 * chart's axis only (its ticks), never for a figure of a result.
 */
export function formatPercent(lang: TLang, n: number | null, digits: 0 | 1 = 1): string {
  return n === null ? "—" : percentText(lang, roundHalfAway(n, digits));
}

/** A share (0–1) as a percentage. */
export function formatShare(lang: TLang, share: number | null): string {
  return formatPercent(lang, share === null ? null : share * 100);
}

/** A coefficient to two decimals, with a true minus sign; null → "—". */
export function formatCoefficient(lang: TLang, n: number | null): string {
  if (n === null) return "—";
  const s = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(n));
  return n < -0.005 ? `−${s}` : s;
}
