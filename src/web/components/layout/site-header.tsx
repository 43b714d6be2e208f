import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NAV_LINKS, type TNavLink } from "@web/app/nav-links";
import { Button } from "@web/components/ui/button";
import { currentLanguage } from "@web/lib/i18n";
import { isCurrentPath, SiteLink, useSiteNav } from "@web/lib/site-nav";
import { cn } from "@web/lib/utils";
import { AccountArea, AccountLinks } from "./account-menu";
import { Brand, BrandStripe } from "./brand";
import { DisclosureLinks } from "./disclosure-links";
import { disclosureLinksOf, navLabel } from "./nav-label";
import { LanguageToggle, ThemeToggle } from "./toggles";

const HEADER_LINKS = NAV_LINKS.filter((link) => link.inHeader && link.id !== "login");
const MOBILE_MENU_ID = "mobile-menu";

const desktopLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-lg px-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground lg:px-3.5";

function isActive(link: TNavLink, pathname: string): boolean {
  return [link.path, ...(link.children ?? []).map((c) => c.path)].some((p) => isCurrentPath(p, pathname));
}

function DesktopNavItem({ link }: { link: TNavLink }) {
  const lang = currentLanguage();
  const { pathname } = useSiteNav();
  if (!link.children?.length) {
    return (
      <SiteLink to={link.path} markCurrent className={desktopLinkClass}>
        {navLabel(link, lang)}
      </SiteLink>
    );
  }
  return (
    <DisclosureLinks
      label={navLabel(link, lang)}
      links={disclosureLinksOf(link.children, lang, true)}
      listClassName="w-72"
      triggerVariant={null}
      triggerSize={null}
      triggerClassName={desktopLinkClass}
      current={isActive(link, pathname)}
    />
  );
}

const mobileLinkClass =
  "flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground";

function MobileMenu({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <nav
      id={MOBILE_MENU_ID}
      hidden={!open}
      aria-label={t("header.mobileNav")}
      className="max-h-[calc(100dvh-4.25rem)] overflow-y-auto border-t border-border bg-card px-4 pb-6 pt-3 shadow-lg md:hidden"
    >
      <ul className="flex flex-col gap-1">
        {HEADER_LINKS.map((link) => {
          const Icon = link.icon;
          return (
            <li key={link.id}>
              <SiteLink to={link.path} markCurrent className={mobileLinkClass} onClick={onNavigate}>
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {navLabel(link, lang)}
              </SiteLink>
              {link.children?.length ? (
                <ul className="ms-8 flex flex-col gap-1 border-s border-border ps-3">
                  {link.children.map((child) => (
                    <li key={child.id}>
                      <SiteLink to={child.path} markCurrent className={cn(mobileLinkClass, "py-2 text-sm")} onClick={onNavigate}>
                        {navLabel(child, lang)}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-3 border-t border-border pt-3">
        <AccountLinks onNavigate={onNavigate} />
      </div>
    </nav>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useSiteNav();
  // The menu belongs to the page it was opened on: navigating anywhere closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 shadow-xs backdrop-blur supports-[backdrop-filter]:bg-card/90">
      <BrandStripe />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label={t("header.mainNav")} className="ms-3 hidden items-center gap-0.5 md:flex lg:ms-8">
          {HEADER_LINKS.map((link) => (
            <DesktopNavItem key={link.id} link={link} />
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="me-1 hidden md:block">
            <AccountArea />
          </div>
          <LanguageToggle />
          <ThemeToggle />
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
            data-testid="mobile-menu-button"
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onNavigate={() => setOpenOn(null)} />
    </header>
  );
}
