import { describe, expect, it } from "vitest";
import { formatDay, formatRange, monthYear, weekdayNames } from "./dates";

describe("public page dates", () => {
  it("uses Arabic month names with Latin digits, and English month names", () => {
    expect(monthYear("ar", 2025, 9)).toBe("سبتمبر 2025");
    expect(monthYear("ar", 2026, 2)).toBe("فبراير 2026");
    expect(monthYear("ar", 2026, 5)).toBe("مايو 2026");
    expect(monthYear("en", 2025, 9)).toBe("September 2025");
  });

  it("writes ranges within a month and across months", () => {
    expect(formatRange("ar", { start: "2025-09-01", end: "2025-09-11" })).toBe("من 1 إلى 11 سبتمبر 2025");
    expect(formatRange("en", { start: "2025-09-01", end: "2025-09-11" })).toBe("1–11 September 2025");
    expect(formatRange("en", { start: "2025-09-28", end: "2025-10-02" })).toBe("28 September – 2 October 2025");
    expect(formatRange("ar", { start: "2025-12-28", end: "2026-01-02" })).toBe("من 28 ديسمبر 2025 إلى 2 يناير 2026");
  });

  it("names the weekday, Sunday first", () => {
    expect(formatDay("ar", "2025-09-21", { weekday: true, year: false })).toBe("الأحد، 21 سبتمبر");
    expect(formatDay("en", "2025-09-21", { weekday: true })).toBe("Sunday 21 September 2025");
    expect(weekdayNames("en", "short")[0]).toBe("Sun");
    expect(weekdayNames("ar", "long")[4]).toBe("الخميس");
  });
});
