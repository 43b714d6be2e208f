import { describe, expect, it } from "vitest";
import { markText, percentOf, percentText, roundHalfAway, scoreText } from "./format";

describe("one way of writing a score and a percentage", () => {
  it("rounds half away from zero: percentages to one decimal, marks to two", () => {
    expect([roundHalfAway(37.45, 1), roundHalfAway(37.5, 1), roundHalfAway(-0.05, 1), roundHalfAway(1.005, 2), roundHalfAway(0.04, 1)]).toEqual([37.5, 37.5, -0.1, 1.01, 0]);
    expect([percentOf(3, 8), percentOf(1, 6), percentOf(2, 3), percentOf(1, 0)]).toEqual([37.5, 16.7, 66.7, 0]);
    expect([markText(3), markText(9.5), markText(2.255), markText(0)]).toEqual(["3", "9.5", "2.26", "0"]);
  });

  it("English: 3.5 / 11 and 37.5%", () => {
    expect(scoreText("en", 3.5, 11)).toBe("3.5 / 11");
    expect(percentText("en", 37.5)).toBe("37.5%");
    expect(percentText("en", 16.666)).toBe("16.7%");
    expect(percentText("en", 75)).toBe("75%");
  });

  it("Arabic: 3.5 من 11 and 37.5٪, in Latin digits as the app writes numbers", () => {
    expect(scoreText("ar", 3.5, 11)).toBe("3.5 من 11");
    expect(percentText("ar", 37.5)).toBe("37.5٪");
    expect(percentText("ar", 16.666)).toBe("16.7٪");
    expect(scoreText("ar", 4, 11)).not.toMatch(/[\u0660-\u0669]/);
  });
});
