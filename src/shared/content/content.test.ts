// The public site's data modules agree with themselves and with the public site's translations ("public" and
// "pages" namespaces, which the pages read as one: see use-public.ts).
import { describe, expect, it } from "vitest";
import pagesAr from "../i18n/pages.ar.json";
import pagesEn from "../i18n/pages.en.json";
import publicAr from "../i18n/public.ar.json";
import publicEn from "../i18n/public.en.json";
import { SUBJECTS } from "../subjects";
import { PARTNERS } from "./partners";
import { DIGITAL_CONTENT, EXTERNAL_TESTS, FEATURES, KEY_FEATURES, SERVICES, SERVICE_POINT_COUNT } from "./site-content";
import { dayKind, isDayInRange, monthGrid, parseIsoDay, TEST_CYCLES, toIsoDay } from "./test-calendar";

const ar = { ...publicAr, ...pagesAr };
const en = { ...publicEn, ...pagesEn };

const get = (o: unknown, key: string): unknown => key.split(".").reduce<unknown>((a, k) => (a as Record<string, unknown>)?.[k], o);
const expectText = (key: string) => {
  for (const [lang, dict] of [
    ["ar", ar],
    ["en", en],
  ] as const) {
    const value = get(dict, key);
    expect(typeof value === "string" && value.trim() !== "", `${lang}: ${key}`).toBe(true);
  }
};

describe("test calendar", () => {
  it("holds the three cycles of SPEC §2: September 2025, February 2026, May 2026", () => {
    expect(TEST_CYCLES.map((c) => [c.id, c.year, c.month])).toEqual([
      ["september", 2025, 9],
      ["february", 2026, 2],
      ["may", 2026, 5],
    ]);
  });

  for (const cycle of TEST_CYCLES) {
    it(`${cycle.id}: registration, then testing, both inside the month, every subject sat on a testing day`, () => {
      const month = `${cycle.year}-${String(cycle.month).padStart(2, "0")}`;
      for (const day of [cycle.registration.start, cycle.registration.end, cycle.testing.start, cycle.testing.end]) {
        expect(day.startsWith(month), day).toBe(true);
        expect(toIsoDay(parseIsoDay(day))).toBe(day); // a real date
      }
      expect(cycle.registration.start <= cycle.registration.end).toBe(true);
      expect(cycle.registration.end < cycle.testing.start).toBe(true);
      expect(cycle.testing.start <= cycle.testing.end).toBe(true);
      expect(cycle.sittings.map((s) => s.subject).sort()).toEqual(SUBJECTS.map((s) => s.id).sort());
      for (const s of cycle.sittings) {
        expect(isDayInRange(s.day, cycle.testing), s.day).toBe(true);
        // The school week is Sunday to Thursday.
        expect(parseIsoDay(s.day).getUTCDay(), s.day).toBeLessThanOrEqual(4);
      }
      expect(dayKind(cycle, cycle.testing.start)).toBe("testing");
      expect(dayKind(cycle, cycle.registration.end)).toBe("registration");
      expect(dayKind(cycle, `${month}-28`)).toBeNull();
    });

    it(`${cycle.id}: has its title, purpose and ${cycle.noteCount} notes in both languages`, () => {
      expectText(`schedule.cycles.${cycle.id}.title`);
      expectText(`schedule.cycles.${cycle.id}.purpose`);
      for (let n = 0; n < cycle.noteCount; n++) expectText(`schedule.cycleNotes.${cycle.id}.${n}`);
      expect(get(en, `schedule.cycleNotes.${cycle.id}.${cycle.noteCount}`)).toBeUndefined();
    });
  }

  it("lays a month out in Sunday-first weeks", () => {
    // September 2025 starts on a Monday and has 30 days.
    const weeks = monthGrid(2025, 9);
    expect(weeks[0]).toEqual([null, "2025-09-01", "2025-09-02", "2025-09-03", "2025-09-04", "2025-09-05", "2025-09-06"]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // February 2026 starts on a Sunday: four full weeks.
    expect(monthGrid(2026, 2)).toHaveLength(4);
  });
});

describe("page lists", () => {
  it("has the counts the spec asks for", () => {
    expect(FEATURES).toHaveLength(7);
    expect(SERVICES).toHaveLength(4);
    expect(KEY_FEATURES).toHaveLength(3);
    expect(DIGITAL_CONTENT).toHaveLength(4);
    expect(DIGITAL_CONTENT.every((d) => !d.available)).toBe(true);
    expect(EXTERNAL_TESTS.map((x) => x.name)).toEqual(["SAT", "IELTS", "TOEFL", "GMAT"]);
    expect(EXTERNAL_TESTS.every((x) => x.url.startsWith("https://"))).toBe(true);
    expect(PARTNERS).toHaveLength(5);
  });

  it("every card has its words in both languages", () => {
    for (const id of FEATURES) ["title", "description"].forEach((f) => expectText(`features.${id}.${f}`));
    for (const id of KEY_FEATURES) ["title", "description"].forEach((f) => expectText(`home.keyFeatures.${id}.${f}`));
    for (const id of SERVICES) {
      ["title", "description"].forEach((f) => expectText(`services.${id}.${f}`));
      for (let i = 0; i < SERVICE_POINT_COUNT; i++) expectText(`services.${id}.points.${i}`);
    }
    for (const d of DIGITAL_CONTENT) ["title", "description"].forEach((f) => expectText(`digital.${d.id}.${f}`));
    for (const x of EXTERNAL_TESTS) expectText(`external.${x.id}.description`);
    for (const p of PARTNERS) expectText(`partners.${p.id}`);
    for (const s of SUBJECTS) expectText(`subjectDescriptions.${s.id}`);
  });

  it("the spec's contact texts are word for word", () => {
    expect(en.contact.success.title).toBe("Message Sent Successfully!");
    expect(en.contact.success.description).toBe("Thank you for contacting us. We will get back to you as soon as possible.");
    expect(en.contact.details.hoursValue).toBe("Sunday to Thursday, 9 AM to 5 PM");
    expect(en.contact.details.locationValue).toBe("Dubai, UAE");
  });
});
