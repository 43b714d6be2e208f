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

const ARABIC_DECIMAL = "\u066B"; // ٫
const ARABIC_THOUSANDS = "\u066C"; // ٬

/**
 * A number as a student types it, in Latin, Arabic-Indic (٣٫٥) or Persian (۳٫۵) digits, or null when it is not one
 * (issue 36, numeric entry). The Arabic decimal separator ٫ and a dot are the decimal point; ٬ separates thousands.
 * A comma is ambiguous — "1,000" in the Gulf, "3,5" in the Maghreb and in Europe — so commas that group the digits
 * in threes ("12,345", "1,234.5") separate thousands and a single other comma ("3,5", "0,25") is the decimal point.
 * The Arabic comma ، is read as a comma. Bidi marks an Arabic keyboard adds are ignored; spaces inside are not a
 * number ("3 5" is refused, not read as 35).
 */
export function parseLocaleNumber(input: string): number | null {
  let s = stripBidiControls(input.normalize("NFKC"))
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u2212\u2012\u2013]/g, "-")
    .replace(/\u060C/g, ",")
    .replaceAll(ARABIC_DECIMAL, ".")
    .replaceAll(ARABIC_THOUSANDS, ",");
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replaceAll(",", "");
  else if (/^[+-]?\d*,\d+$/.test(s)) s = s.replace(",", ".");
  if (!/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
