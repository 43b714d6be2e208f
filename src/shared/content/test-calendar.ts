// The Qias test year in one place: the three cycles of SPEC §2 with their registration and testing periods,
// the day each subject is sat, and the notes shown with them. The calendar page and the test-schedule page
// both read this module; no date is written anywhere else. Dates are calendar days (no time zone): "YYYY-MM-DD".

import { SUBJECTS } from "../subjects";

export type TQiasSubject = (typeof SUBJECTS)[number]["id"];

export type TIsoDay = string;
export type TDayRange = { start: TIsoDay; end: TIsoDay };

export type TTestCycle = {
  id: "september" | "february" | "may";
  /** The month the cycle is held in, shown as one calendar. */
  year: number;
  /** 1–12 */
  month: number;
  registration: TDayRange;
  testing: TDayRange;
  /** Which subject is sat on which day of the testing period. */
  sittings: { subject: TQiasSubject; day: TIsoDay }[];
  /** Number of notes for this cycle in the "public" i18n namespace (schedule.cycleNotes.<id>.0 …). */
  noteCount: number;
};

export const TEST_CYCLES: readonly TTestCycle[] = [
  {
    id: "september",
    year: 2025,
    month: 9,
    registration: { start: "2025-09-01", end: "2025-09-11" },
    testing: { start: "2025-09-21", end: "2025-09-25" },
    sittings: [
      { subject: "arabic", day: "2025-09-21" },
      { subject: "islamic", day: "2025-09-23" },
      { subject: "social", day: "2025-09-24" },
    ],
    noteCount: 3,
  },
  {
    id: "february",
    year: 2026,
    month: 2,
    registration: { start: "2026-02-01", end: "2026-02-05" },
    testing: { start: "2026-02-08", end: "2026-02-12" },
    sittings: [
      { subject: "arabic", day: "2026-02-08" },
      { subject: "islamic", day: "2026-02-10" },
      { subject: "social", day: "2026-02-11" },
    ],
    noteCount: 3,
  },
  {
    id: "may",
    year: 2026,
    month: 5,
    registration: { start: "2026-05-03", end: "2026-05-14" },
    testing: { start: "2026-05-17", end: "2026-05-21" },
    sittings: [
      { subject: "arabic", day: "2026-05-17" },
      { subject: "islamic", day: "2026-05-19" },
      { subject: "social", day: "2026-05-20" },
    ],
    noteCount: 3,
  },
];

/** Parses "YYYY-MM-DD" as a UTC midnight, so formatting with timeZone "UTC" never shifts the day. */
export function parseIsoDay(day: TIsoDay): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

export function toIsoDay(date: Date): TIsoDay {
  return date.toISOString().slice(0, 10);
}

export function isDayInRange(day: TIsoDay, range: TDayRange): boolean {
  // ISO days compare correctly as strings.
  return day >= range.start && day <= range.end;
}

export type TDayKind = "registration" | "testing" | null;

export function dayKind(cycle: TTestCycle, day: TIsoDay): TDayKind {
  if (isDayInRange(day, cycle.testing)) return "testing";
  if (isDayInRange(day, cycle.registration)) return "registration";
  return null;
}

/**
 * The weeks of a month as rows of seven cells (null = a day of the neighbouring month), weeks starting on
 * Sunday — the first day of the school week in the region, and of the working week shown on the contact page.
 */
export function monthGrid(year: number, month: number): (TIsoDay | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (TIsoDay | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(toIsoDay(new Date(Date.UTC(year, month - 1, d))));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (TIsoDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The locale tag used for every date on the public site. Latin digits in both languages (as on UAE school
 * documents) and the Gregorian calendar, pinned so that Node at build time and the browser agree exactly —
 * the prerendered HTML is hydrated, and a different digit set would be a mismatch.
 */
export function dateLocale(language: string): string {
  return language === "ar" ? "ar-AE-u-nu-latn-ca-gregory" : "en-GB-u-ca-gregory";
}
