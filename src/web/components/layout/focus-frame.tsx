import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark, BrandStripe } from "@web/components/layout/brand";
import { MAIN_CONTENT_ID, SkipLink } from "@web/components/layout/skip-link";
import { LanguageToggle, ThemeToggle } from "@web/components/layout/toggles";
import { cn } from "@web/lib/utils";

/**
 * The frame of the take page in focus mode (issue 16): the brand without a link, the language and theme toggles,
 * and nothing else — no navigation, no account menu, no footer, no way out but the exam's own buttons.
 */
export function FocusFrame({ children, className, label, wide = false }: { children: ReactNode; className?: string; label?: ReactNode; wide?: boolean }) {
  const width = wide ? "max-w-[88rem]" : "max-w-6xl";
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col" data-testid="focus-frame">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b [@media(max-height:30rem)]:static border-border bg-card/95 shadow-xs backdrop-blur supports-[backdrop-filter]:bg-card/90">
        <BrandStripe />
        <div className={cn("mx-auto flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8", width)}>
          <span className="flex min-w-0 items-center gap-2.5">
            <BrandMark />
            <span className="text-lg font-bold">{t("common.siteName")}</span>
          </span>
          {label && <span className="min-w-0 truncate border-s border-border ps-3 text-sm text-muted-foreground max-sm:hidden">{label}</span>}
          <div className="ms-auto flex items-center gap-1">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn("mx-auto flex w-full flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6 md:py-8 lg:px-8", width, className)}
      >
        {children}
      </main>
    </div>
  );
}
