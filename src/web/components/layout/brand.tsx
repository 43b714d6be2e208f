import { useTranslation } from "react-i18next";
import { SiteLink } from "@web/lib/site-nav";
import { cn } from "@web/lib/utils";

/** The Qias mark: three rising bars, as in the favicon. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn("size-9 shrink-0", className)}>
      <rect width="64" height="64" rx="16" fill="#0f766e" />
      <path d="M18 44V26h6v18zm11 0V20h6v24zm11 0V14h6v30z" fill="#fff" />
      <path d="M14 49h36" stroke="#f5b54a" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Logo + name + tagline, linking home. `tone="inverted"` for dark backgrounds. */
export function Brand({ tone = "default", className }: { tone?: "default" | "inverted"; className?: string }) {
  const { t } = useTranslation();
  return (
    <SiteLink
      to="/"
      className={cn(
        "flex shrink-0 items-center gap-2.5 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
    >
      <BrandMark />
      <span className="flex flex-col leading-tight">
        <span className={cn("text-lg font-bold", tone === "inverted" ? "text-brand-deep-foreground" : "text-foreground")}>
          {t("common.siteName")}
        </span>
        <span
          className={cn(
            "hidden text-xs sm:block",
            tone === "inverted" ? "text-brand-deep-muted" : "text-muted-foreground",
          )}
        >
          {t("common.siteTagline")}
        </span>
      </span>
    </SiteLink>
  );
}

/** The two-colour stripe along the top of every header. */
export function BrandStripe() {
  return (
    <div aria-hidden="true" className="flex h-1">
      <span className="w-16 bg-gold sm:w-28" />
      <span className="flex-1 bg-primary" />
    </div>
  );
}
