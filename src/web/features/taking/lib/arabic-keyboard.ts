// The on-screen Arabic keyboard's logic (issue 37, decision 0052): the layout, and what a key does to a text box's
// value and caret. Pure, so it is tested without a browser; the component sends the result through the answer's own
// change path, so autosave and the journal see a key like a typed letter.

/** The standard Arabic (101) layout's letters, row by row, then the hamza forms and punctuation. */
export const ARABIC_ROWS: readonly (readonly string[])[] = [
  ["ض", "ص", "ث", "ق", "ف", "غ", "ع", "ه", "خ", "ح", "ج", "د"],
  ["ش", "س", "ي", "ب", "ل", "ا", "ت", "ن", "م", "ك", "ط"],
  ["ئ", "ء", "ؤ", "ر", "لا", "ى", "ة", "و", "ز", "ظ", "ذ"],
  ["أ", "إ", "آ", "،", "؟", "؛"],
];

/** Short vowels and other marks (tashkeel), with their names: a lone combining mark has no name a reader can say. */
export const TASHKEEL: readonly { mark: string; name: string }[] = [
  { mark: "\u064E", name: "فتحة" },
  { mark: "\u064B", name: "تنوين فتح" },
  { mark: "\u064F", name: "ضمة" },
  { mark: "\u064C", name: "تنوين ضم" },
  { mark: "\u0650", name: "كسرة" },
  { mark: "\u064D", name: "تنوين كسر" },
  { mark: "\u0652", name: "سكون" },
  { mark: "\u0651", name: "شدة" },
];

export type TEdit = { value: string; caret: number };

/** `text` typed at the caret, replacing the selection [start, end); nothing past `maxLength` (what fits is kept out). */
export function insertText(value: string, start: number, end: number, text: string, maxLength = Infinity): TEdit {
  const [from, to] = clampRange(value, start, end);
  const room = maxLength - (value.length - (to - from));
  if (room < text.length) return { value, caret: to };
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}

/** Backspace: the selection goes, or else the one character (code point) before the caret. */
export function deleteBackward(value: string, start: number, end: number): TEdit {
  const [from, to] = clampRange(value, start, end);
  if (from !== to) return { value: value.slice(0, from) + value.slice(to), caret: from };
  if (from === 0) return { value, caret: 0 };
  const width = from >= 2 && /[\uDC00-\uDFFF]/.test(value[from - 1]!) && /[\uD800-\uDBFF]/.test(value[from - 2]!) ? 2 : 1;
  return { value: value.slice(0, from - width) + value.slice(from), caret: from - width };
}

function clampRange(value: string, start: number, end: number): [number, number] {
  const a = Math.max(0, Math.min(value.length, start));
  const b = Math.max(a, Math.min(value.length, end));
  return [a, b];
}

/** The key focus goes to from `index` of `count` keys on an arrow key (the row direction follows the page's), Home, End. */
export function nextKeyIndex(index: number, count: number, key: string, rtl: boolean): number | null {
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const backward = rtl ? "ArrowRight" : "ArrowLeft";
  if (key === forward || key === "ArrowDown") return (index + 1) % count;
  if (key === backward || key === "ArrowUp") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
