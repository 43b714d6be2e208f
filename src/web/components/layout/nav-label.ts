import type { TLanguage } from "@shared/limits";
import type { TNavLink } from "@web/app/nav-links";
import type { TDisclosureLink } from "./disclosure-links";

export function navLabel(link: Pick<TNavLink, "labelAr" | "labelEn">, lang: TLanguage): string {
  return lang === "ar" ? link.labelAr : link.labelEn;
}

export function navDescription(link: Pick<TNavLink, "descriptionAr" | "descriptionEn">, lang: TLanguage): string | undefined {
  return lang === "ar" ? link.descriptionAr : link.descriptionEn;
}

/** Links of the nav list as the items of a DisclosureLinks, in `lang`, with their icons if asked. */
export function disclosureLinksOf(links: readonly TNavLink[], lang: TLanguage, withIcons = false): TDisclosureLink[] {
  return links.map((link) => ({
    id: link.id,
    to: link.path,
    label: navLabel(link, lang),
    description: navDescription(link, lang),
    icon: withIcons ? link.icon : undefined,
  }));
}
