// The "public" i18n namespace plus the page language narrowed to "ar" | "en".
import { useTranslation } from "react-i18next";

export type TLang = "ar" | "en";

export function asLang(language: string | undefined): TLang {
  return language === "en" ? "en" : "ar";
}

export function usePublicT() {
  const { t, i18n } = useTranslation("public");
  return { t, lang: asLang(i18n.language), i18n };
}
