// How a score and a percentage are written, in one place for the stored texts of reports and plans (the server's
// rules) and for every screen (src/web/lib/format.ts builds on it).
//
// The rule: a percentage has at most one decimal, a mark at most two (marks are kept to two decimals), both
// rounded half away from zero — 37.45 → 37.5, 37.5 % stays 37.5 %, never "38 %" on one screen and "37.5 %" on
// another; trailing zeros are dropped (75, not 75.0). Latin digits in Arabic too, as the rest of the app writes
// numbers; the Arabic percent sign "٪" in Arabic. A score is "4 / 11" in English and "4 من 11" in Arabic: in a
// right-to-left line "4 / 11" would be laid out as "11 / 4", and "من" reads as Arabic does.
import type { TLanguage } from "./limits";

export const PERCENT_DECIMALS = 1;
export const MARK_DECIMALS = 2;

/** Half away from zero, to `places` decimals; 1.005 → 1.01 (the product is read to 15 digits first). */
export function roundHalfAway(n: number, places: number): number {
  const f = 10 ** places;
  const r = Math.round(Number((Math.abs(n) * f).toPrecision(15))) / f;
  return r === 0 ? 0 : Math.sign(n) * r;
}

/** A percentage rounded by the rule: the figure a report stores and a screen shows. */
export const roundPercent = (n: number) => roundHalfAway(n, PERCENT_DECIMALS);

/** earned / possible as a percentage, rounded by the rule; 0 when there is nothing possible. */
export function percentOf(earned: number, possible: number): number {
  return possible > 0 ? roundPercent((earned / possible) * 100) : 0;
}

/** 9.5 → "9.5", 3 → "3", 2.255 → "2.26": a mark. */
export function markText(n: number): string {
  return String(roundHalfAway(n, MARK_DECIMALS));
}

/** 16.666 → "16.7%" / "16.7٪". */
export function percentText(lang: TLanguage, n: number): string {
  return `${roundPercent(n)}${lang === "ar" ? "٪" : "%"}`;
}

/** 3.5 of 11 → "3.5 / 11" / "3.5 من 11". */
export function scoreText(lang: TLanguage, earned: number, total: number): string {
  return lang === "ar" ? `${markText(earned)} من ${markText(total)}` : `${markText(earned)} / ${markText(total)}`;
}
