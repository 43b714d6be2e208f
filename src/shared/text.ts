// Rules for text people type that other people then read (names above all), in one place for the server and the forms.

/**
 * The bidi controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069): invisible, yet they reorder what
 * follows them, so "abc\u202Egnp.exe" shows as "abcexe.png" (issue 33 item 23). The joiners (U+200C, U+200D),
 * which shape Arabic script and emoji, are not among them.
 */
const BIDI_CLASS = "\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069";
/** Whether a text holds a bidi control (not global: safe to `.test` again and again). */
export const BIDI_CONTROLS = new RegExp(`[${BIDI_CLASS}]`, "u");
const ALL_BIDI_CONTROLS = new RegExp(`[${BIDI_CLASS}]`, "gu");

/**
 * The text without its bidi controls. Names are stripped, not refused: a name pasted from a document, a chat or
 * a spreadsheet often carries marks its owner never typed and cannot see, so an error about them could not be
 * fixed by looking; and Arabic and English names read correctly without them (the page isolates each value).
 */
export function stripBidiControls(text: string): string {
  return text.replace(ALL_BIDI_CONTROLS, "");
}
