// The partners section of the home page (SPEC §2: five educational publishers / testing bodies).
// Names are proper nouns and stay in their Latin form in both languages; the role line is translated
// (public namespace: partners.<id>). Before launch, keep this list in step with the signed agreements.

/** `monogram`: the short mark shown in place of a logo (logos need each partner's approval). */
export type TPartner = { id: string; name: string; monogram: string; url: string };

export const PARTNERS: readonly TPartner[] = [
  { id: "cambridge", name: "Cambridge University Press & Assessment", monogram: "CUP", url: "https://www.cambridge.org" },
  { id: "pearson", name: "Pearson", monogram: "P", url: "https://www.pearson.com" },
  { id: "oxford", name: "Oxford University Press", monogram: "OUP", url: "https://global.oup.com" },
  { id: "ets", name: "ETS", monogram: "ETS", url: "https://www.ets.org" },
  { id: "collegeboard", name: "College Board", monogram: "CB", url: "https://www.collegeboard.org" },
];
