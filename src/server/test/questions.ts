// Question fixtures shared by the API tests: one definition instead of a copy per test file.

/** A true/false question's two options, "True" right when `correct` (the key a test wants), "False" otherwise. */
export const trueFalse = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];

/** A true/false question keyed "True": the smallest item an IRT test can calibrate. */
export const TRUE_FALSE = trueFalse(true);
