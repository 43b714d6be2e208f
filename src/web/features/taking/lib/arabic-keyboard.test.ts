// The on-screen Arabic keyboard (issue 37): a key inserts at the caret, replaces a selection, keeps within the
// box's limit; backspace removes the selection or one character; arrow keys move between keys in the page's direction.
import { describe, expect, it } from "vitest";
import { ARABIC_ROWS, TASHKEEL, deleteBackward, insertText, nextKeyIndex } from "./arabic-keyboard";

describe("the Arabic keyboard's insertion", () => {
  it("inserts at the caret and moves the caret after what was inserted", () => {
    expect(insertText("", 0, 0, "ب")).toEqual({ value: "ب", caret: 1 });
    expect(insertText("كتب", 1, 1, "ا")).toEqual({ value: "كاتب", caret: 2 });
    expect(insertText("كتب", 3, 3, "لا")).toEqual({ value: "كتبلا", caret: 5 });
  });

  it("replaces a selection, and keeps a caret out of range within the text", () => {
    expect(insertText("قلم أحمر", 4, 8, "أزرق")).toEqual({ value: "قلم أزرق", caret: 8 });
    expect(insertText("قلم", 9, 12, "ٌ")).toEqual({ value: "قلمٌ", caret: 4 });
    expect(insertText("قلم", 2, 1, "ا")).toEqual({ value: "قلام", caret: 3 });
  });

  it("inserts nothing that would pass the box's limit", () => {
    expect(insertText("abc", 3, 3, "د", 3)).toEqual({ value: "abc", caret: 3 });
    expect(insertText("abc", 0, 1, "د", 3)).toEqual({ value: "دbc", caret: 1 });
    expect(insertText("ab", 2, 2, "لا", 3)).toEqual({ value: "ab", caret: 2 });
  });

  it("backspace removes the selection, or the one character before the caret, and nothing at the start", () => {
    expect(deleteBackward("كتاب", 4, 4)).toEqual({ value: "كتا", caret: 3 });
    expect(deleteBackward("كتاب", 1, 3)).toEqual({ value: "كب", caret: 1 });
    expect(deleteBackward("كتاب", 0, 0)).toEqual({ value: "كتاب", caret: 0 });
    // A mark is its own character: backspace after كَ takes the fatha and leaves the letter.
    expect(deleteBackward("كَ", 2, 2)).toEqual({ value: "ك", caret: 1 });
    // A character outside the basic plane goes whole.
    expect(deleteBackward("a😀", 3, 3)).toEqual({ value: "a", caret: 1 });
  });

  it("has every letter of the standard layout once, the hamza forms, taa marbuta, alif maqsura and named marks", () => {
    const keys = ARABIC_ROWS.flat();
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of ["أ", "إ", "آ", "ء", "ؤ", "ئ", "ة", "ى", "،", "؟"]) expect(keys).toContain(k);
    expect(TASHKEEL.every((m) => m.name.length > 1 && /^\p{Mn}$/u.test(m.mark))).toBe(true);
  });
});

describe("moving between keys", () => {
  it("follows the page's direction, wraps, and goes to the ends with Home and End", () => {
    expect(nextKeyIndex(0, 5, "ArrowLeft", true)).toBe(1);
    expect(nextKeyIndex(0, 5, "ArrowRight", false)).toBe(1);
    expect(nextKeyIndex(0, 5, "ArrowRight", true)).toBe(4);
    expect(nextKeyIndex(4, 5, "ArrowDown", false)).toBe(0);
    expect(nextKeyIndex(2, 5, "Home", true)).toBe(0);
    expect(nextKeyIndex(2, 5, "End", true)).toBe(4);
    expect(nextKeyIndex(2, 5, "a", true)).toBeNull();
  });
});
