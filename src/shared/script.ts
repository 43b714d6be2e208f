// Which script a text is written in (issue 33): the one check behind the QTI preview's "only in Arabic" and the exam
// editor's warning, at publishing, that a field meant for Arabic holds no Arabic letter (or one meant for English
// only Arabic letters) — a package or a paste that put one language in both fields.

/** A letter of the script: digits (Arabic-Indic ones included) and punctuation (، ؟) are neither. */
const ARABIC = /(?=\p{L})\p{Script=Arabic}/u;
const LATIN = /(?=\p{L})\p{Script=Latin}/u;

export const hasArabic = (text: string) => ARABIC.test(text);
export const hasLatin = (text: string) => LATIN.test(text);

/**
 * Whether a text is in the wrong script for its field: one meant for Arabic with letters but none Arabic, or one
 * meant for English whose letters are all Arabic. Empty text, numbers or a formula (no letters) is never wrong.
 */
export function wrongScript(text: string, meantFor: "ar" | "en"): boolean {
  if (meantFor === "ar") return !hasArabic(text) && hasLatin(text);
  return hasArabic(text) && !hasLatin(text);
}

/** The language a text is written in when only one script shows: "ar", "en", or null (both, or no letters). */
export function scriptOf(text: string): "ar" | "en" | null {
  const ar = hasArabic(text);
  const en = hasLatin(text);
  return ar && !en ? "ar" : en && !ar ? "en" : null;
}
