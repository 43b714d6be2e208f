// The public site's texts plus the page language narrowed to "ar" | "en". Two namespaces: "public" (the frame's
// and the home page's texts, bundled in Arabic) and "pages" (every other page's, loaded with the page: see
// pages.ts). The home page asks for "public" only, so it never loads the others' texts.
import { useTranslation } from "react-i18next";
import { asLang } from "@web/lib/format";

export function usePublicT(scope: "pages" | "home" = "pages") {
  const { t, i18n } = useTranslation(scope === "home" ? ["public"] : ["public", "pages"], { nsMode: "fallback" });
  return { t, lang: asLang(i18n.language), i18n };
}
