// Dates on the public pages, in the page language. Month and weekday names come from Intl with the locale of
// shared/content/test-calendar.ts (Arabic month names, Latin digits, Gregorian calendar, in both languages).
// Ranges are put together here rather than with Intl's formatRange: its spacing and marks differ between ICU
// versions, and the prerendered HTML (Node) must match what the browser renders when it hydrates.
import { dateLocale, parseIsoDay, type TDayRange, type TIsoDay } from "@shared/content/test-calendar";

import type { TLang } from "@web/lib/format";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: TLang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), { ...options, timeZone: "UTC" });
    formatters.set(key, f);
  }
  return f;
}

export function monthName(lang: TLang, month: number): string {
  return formatter(lang, { month: "long" }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

export function monthYear(lang: TLang, year: number, month: number): string {
  return `${monthName(lang, month)} ${year}`;
}

/** Weekday names, Sunday first; `style` "narrow" gives one letter (ح ن ث … / S M T …). */
export function weekdayNames(lang: TLang, style: "long" | "short" | "narrow"): string[] {
  // 2024-09-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => formatter(lang, { weekday: style }).format(new Date(Date.UTC(2024, 8, 1 + i))));
}

function parts(day: TIsoDay) {
  const d = parseIsoDay(day);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), w: d.getUTCDay() };
}

/** "الأحد 21 سبتمبر 2025" / "Sunday 21 September 2025" (weekday optional). */
export function formatDay(lang: TLang, day: TIsoDay, options: { weekday?: boolean; year?: boolean } = {}): string {
  const p = parts(day);
  const text = `${p.d} ${monthName(lang, p.m)}${options.year === false ? "" : ` ${p.y}`}`;
  if (!options.weekday) return text;
  const weekday = weekdayNames(lang, "long")[p.w];
  return lang === "ar" ? `${weekday}، ${text}` : `${weekday} ${text}`;
}

/** "من 1 إلى 11 سبتمبر 2025" / "1–11 September 2025"; across months "28 September – 2 October 2025". */
export function formatRange(lang: TLang, range: TDayRange): string {
  const a = parts(range.start);
  const b = parts(range.end);
  if (a.y === b.y && a.m === b.m) {
    const my = `${monthName(lang, a.m)} ${a.y}`;
    return lang === "ar" ? `من ${a.d} إلى ${b.d} ${my}` : `${a.d}–${b.d} ${my}`;
  }
  const start = a.y === b.y ? `${a.d} ${monthName(lang, a.m)}` : formatDay(lang, range.start);
  const end = formatDay(lang, range.end);
  return lang === "ar" ? `من ${start} إلى ${end}` : `${start} – ${end}`;
}
