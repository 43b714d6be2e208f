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

/** A place in an exam where a field holds the other language's script: what it is (numbered from 1) and which language the field is for. */
export type TScriptSlip = { meantFor: "ar" | "en"; where: "title" | "passage" | "question" | "option" | "pair"; n?: number; m?: number };

type TBilingualExam = {
  titleAr: string;
  titleEn: string;
  passages: { titleAr?: string; titleEn?: string; textAr: string; textEn: string }[];
  questions: { questionTextAr: string; questionTextEn: string; options: { optionTextAr: string; optionTextEn: string }[]; matchingPairs: { premise_ar: string; premise_en: string; response_ar: string; response_en: string }[] }[];
};

/**
 * Every place in an exam whose Arabic field holds no Arabic letter, or whose English field only Arabic ones (the
 * editor warns before publishing: an imported bank in one language, or a paste into the wrong box). Each place once
 * per language, however many of its fields slip.
 */
export function scriptSlips(exam: TBilingualExam): TScriptSlip[] {
  const out: TScriptSlip[] = [];
  const check = (where: TScriptSlip["where"], pairs: [string | undefined, string | undefined][], n?: number, m?: number) => {
    for (const meantFor of ["ar", "en"] as const) {
      if (pairs.some(([ar, en]) => wrongScript((meantFor === "ar" ? ar : en) ?? "", meantFor))) out.push({ meantFor, where, ...(n ? { n } : {}), ...(m ? { m } : {}) });
    }
  };
  check("title", [[exam.titleAr, exam.titleEn]]);
  exam.passages.forEach((p, i) => check("passage", [[p.titleAr, p.titleEn], [p.textAr, p.textEn]], i + 1));
  exam.questions.forEach((q, i) => {
    check("question", [[q.questionTextAr, q.questionTextEn]], i + 1);
    q.options.forEach((o, j) => check("option", [[o.optionTextAr, o.optionTextEn]], i + 1, j + 1));
    q.matchingPairs.forEach((p, j) => check("pair", [[p.premise_ar, p.premise_en], [p.response_ar, p.response_en]], i + 1, j + 1));
  });
  return out;
}
