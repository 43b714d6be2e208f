import { Mail, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SiteLink } from "@web/lib/site-nav";
import { NAV_LINKS } from "@web/app/nav-links";
import { currentLanguage } from "@web/lib/i18n";
import { usePublicConfig } from "@web/lib/public-config";
import { Brand } from "./brand";
import { navLabel } from "./nav-label";

const QUICK_LINKS = NAV_LINKS.slice(0, 4);

function FooterBottom() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const domain = config.data?.siteDomain;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm text-brand-deep-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
      <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      <p>
        {domain ? (
          <>
            {t("footer.domainNote", { domain: "\u2068" + domain + "\u2069" })}
          </>
        ) : (
          t("footer.domainNoteGeneric")
        )}
      </p>
    </div>
  );
}

/** SPEC §2: site name, the first four navigation links, phone and email, © year, the publishing domain. */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const config = usePublicConfig();

  if (compact) {
    return (
      <footer className="border-t border-border bg-brand-deep">
        <FooterBottom />
      </footer>
    );
  }

  const linkClass =
    "rounded-sm text-brand-deep-foreground/90 underline-offset-4 outline-none hover:text-brand-deep-foreground hover:underline focus-visible:ring-2 focus-visible:ring-brand-deep-foreground";

  return (
    <footer className="bg-brand-deep text-brand-deep-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.6fr_1fr_1.2fr] lg:px-8">
        <div className="flex max-w-sm flex-col gap-4">
          <Brand tone="inverted" className="focus-visible:ring-brand-deep-foreground focus-visible:ring-offset-brand-deep" />
          <p className="text-sm leading-relaxed text-brand-deep-muted">{t("footer.description")}</p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-4 text-sm font-semibold text-brand-deep-foreground">
            {t("footer.quickLinks")}
          </h2>
          <ul className="flex flex-col gap-2.5 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.id}>
                <SiteLink to={link.path} className={linkClass}>
                  {navLabel(link, lang)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-4 text-sm font-semibold text-brand-deep-foreground">{t("footer.contact")}</h2>
          <ul className="flex flex-col gap-3 text-sm">
            <li className="flex items-center gap-2.5">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-brand-deep-muted" />
              <span className="sr-only">{t("footer.phone")}: </span>
              {config.data?.contactPhone ? (
                <a href={`tel:${config.data.contactPhone.replace(/[^\d+]/g, "")}`} dir="ltr" className={linkClass}>
                  {config.data.contactPhone}
                </a>
              ) : (
                <span aria-hidden="true" className="text-brand-deep-muted">
                  —
                </span>
              )}
            </li>
            <li className="flex items-center gap-2.5">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-brand-deep-muted" />
              <span className="sr-only">{t("footer.email")}: </span>
              {config.data?.contactEmail ? (
                <a href={`mailto:${config.data.contactEmail}`} dir="ltr" className={linkClass}>
                  {config.data.contactEmail}
                </a>
              ) : (
                <span aria-hidden="true" className="text-brand-deep-muted">
                  —
                </span>
              )}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <FooterBottom />
      </div>
    </footer>
  );
}
