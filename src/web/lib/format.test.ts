// Every screen writes scores and percentages through these two (one rule, src/shared/format.ts).
import { describe, expect, it } from "vitest";
import { formatPercent, formatScore } from "./format";

describe("a score and a percentage on screen", () => {
  it("English: '3.5 / 11', one decimal, half away from zero", () => {
    expect(formatScore("en", 3.5, 11)).toBe("3.5 / 11");
    expect(formatScore("en", 6, 16)).toBe("6 / 16");
    expect([formatPercent("en", 37.5), formatPercent("en", 37.45), formatPercent("en", 16.666), formatPercent("en", 100)]).toEqual(["37.5%", "37.5%", "16.7%", "100%"]);
  });

  it("Arabic: '3.5 من 11' and '٪', in Latin digits as the rest of the app", () => {
    expect(formatScore("ar", 3.5, 11)).toBe("3.5 من 11");
    expect(formatScore("ar", 4, 11)).toBe("4 من 11");
    expect([formatPercent("ar", 37.5), formatPercent("ar", 16.666)]).toEqual(["37.5٪", "16.7٪"]);
  });
});
