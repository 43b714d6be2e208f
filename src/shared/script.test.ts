import { describe, expect, it } from "vitest";
import { scriptOf, scriptSlips, wrongScript } from "./script";

describe("wrongScript", () => {
  it("flags an Arabic field with letters but none Arabic, and an English field of Arabic letters only", () => {
    expect(wrongScript("Geography of the Arab World", "ar")).toBe(true);
    expect(wrongScript("جغرافيا الوطن العربي", "ar")).toBe(false);
    expect(wrongScript("اختبار QTI", "ar")).toBe(false);
    expect(wrongScript("جغرافيا الوطن العربي", "en")).toBe(true);
    expect(wrongScript("The word «صدق»", "en")).toBe(false);
    expect(wrongScript("Ésope", "ar")).toBe(true);
  });
  it("never flags a text without letters: empty, numbers, a formula", () => {
    for (const text of ["", "  ", "3 + 4 = ?", "٣ + ٤", "2026"]) {
      expect(wrongScript(text, "ar"), text).toBe(false);
      expect(wrongScript(text, "en"), text).toBe(false);
    }
  });
});

describe("scriptOf", () => {
  it("names the one script a text shows, or none", () => {
    expect(scriptOf("الصدق منجاة.")).toBe("ar");
    expect(scriptOf("Honesty saves.")).toBe("en");
    expect(scriptOf("QTI حزمة")).toBe(null);
    expect(scriptOf("42")).toBe(null);
  });
});

describe("scriptSlips", () => {
  it("names each place whose Arabic field holds no Arabic letter or whose English field only Arabic ones", () => {
    const exam = {
      titleAr: "Geography",
      titleEn: "Geography",
      passages: [{ titleAr: "النيل", titleEn: "The Nile", textAr: "نهر طويل.", textEn: "نهر طويل." }],
      questions: [
        { questionTextAr: "ما عاصمة مصر؟", questionTextEn: "What is the capital of Egypt?", options: [{ optionTextAr: "Cairo", optionTextEn: "Cairo" }, { optionTextAr: "٤", optionTextEn: "4" }], matchingPairs: [] },
        { questionTextAr: "صل", questionTextEn: "Match", options: [], matchingPairs: [{ premise_ar: "مصر", premise_en: "Egypt", response_ar: "القاهرة", response_en: "القاهرة" }] },
      ],
    };
    expect(scriptSlips(exam)).toEqual([
      { meantFor: "ar", where: "title" },
      { meantFor: "en", where: "passage", n: 1 },
      { meantFor: "ar", where: "option", n: 1, m: 1 },
      { meantFor: "en", where: "pair", n: 2, m: 1 },
    ]);
    expect(scriptSlips({ ...exam, titleAr: "الجغرافيا", passages: [], questions: [] })).toEqual([]);
  });
});
