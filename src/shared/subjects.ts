// The three subjects Qias assesses (SPEC §1).
export const SUBJECTS = [
  { id: "arabic", nameAr: "اللغة العربية", nameEn: "Arabic Language" },
  { id: "islamic", nameAr: "التربية الإسلامية", nameEn: "Islamic Education" },
  { id: "social", nameAr: "الدراسات الاجتماعية", nameEn: "Social Studies" },
] as const;
