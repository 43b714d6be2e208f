import type { TLanguage } from "@shared/limits";
import type { TNavLink } from "@web/app/nav-links";

export function navLabel(link: Pick<TNavLink, "labelAr" | "labelEn">, lang: TLanguage): string {
  return lang === "ar" ? link.labelAr : link.labelEn;
}

export function navDescription(link: Pick<TNavLink, "descriptionAr" | "descriptionEn">, lang: TLanguage): string | undefined {
  return lang === "ar" ? link.descriptionAr : link.descriptionEn;
}
