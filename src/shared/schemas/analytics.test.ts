// The distractor rule the flag and the page share: a wrong option the strong choose more than the weak, or more
// than the key; never the key, the blanks, or an option no strong student chose.
import { describe, expect, it } from "vitest";
import { attractsStrong } from "./analytics";

const option = (id: string, isCorrect: boolean, upperShare: number | null, lowerShare: number | null) => ({ id, text: { ar: id, en: id }, isCorrect, share: 0, upperShare, lowerShare });

describe("attractsStrong", () => {
  const key = option("a", true, 0.6, 0.2);
  it("a wrong option chosen more by the top group than the bottom", () => {
    expect(attractsStrong(option("b", false, 0.3, 0.1), key)).toBe(true);
  });
  it("a wrong option the top group prefers to the key, even when the bottom group chose it more", () => {
    expect(attractsStrong(option("b", false, 0.7, 0.8), option("a", true, 0.2, 0.1))).toBe(true);
  });
  it("a healthy distractor (more weak than strong), the key itself, the blanks, no top chooser, no groups", () => {
    expect(attractsStrong(option("b", false, 0.1, 0.5), key)).toBe(false);
    expect(attractsStrong(key, key)).toBe(false);
    expect(attractsStrong(option("omitted", false, 0.5, 0.1), key)).toBe(false);
    expect(attractsStrong(option("c", false, 0, 0), key)).toBe(false);
    expect(attractsStrong(option("c", false, null, null), key)).toBe(false);
  });
});
