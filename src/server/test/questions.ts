// Question fixtures shared by the API tests: one definition instead of a copy per test file.

/** A true/false question's two options, the first correct: the smallest item an IRT test can calibrate. */
export const TRUE_FALSE = [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
];
