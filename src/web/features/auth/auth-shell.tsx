import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "@web/components/layout/brand";
import { cn } from "@web/lib/utils";

/** The frame of the sign-in pages: a brand panel (large screens) beside the form card. */
export function AuthShell({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className="qias-grid-bg flex flex-1 items-start justify-center px-4 py-8 sm:py-12 lg:items-center">
      <div className="grid w-full max-w-5xl overflow-hidden rounded-3xl border border-border bg-card shadow-xl shadow-primary/5 lg:grid-cols-[1fr_1.1fr]">
        <aside className="relative hidden flex-col justify-between gap-10 overflow-hidden bg-brand-deep p-10 text-brand-deep-foreground lg:flex">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-primary/30 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-28 -start-20 size-72 rounded-full bg-primary/15 blur-3xl"
          />
          <div className="relative flex items-center gap-3">
            <BrandMark className="size-11" />
            <span className="text-sm font-semibold tracking-wide text-brand-deep-muted">{t("auth.panel.eyebrow")}</span>
          </div>
          <div className="relative flex flex-col gap-6">
            <p className="text-3xl font-bold leading-snug">{t("auth.panel.title")}</p>
            <ul className="flex flex-col gap-3.5 text-sm text-brand-deep-foreground/90">
              {(["point1", "point2", "point3"] as const).map((key) => (
                <li key={key} className="flex items-start gap-3">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-300" />
                  <span>{t(`auth.panel.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <p className="relative text-xs text-brand-deep-muted">{t("common.siteTagline")}</p>
        </aside>
        <div className={cn("flex flex-col gap-6 p-6 sm:p-10", className)}>{children}</div>
      </div>
    </div>
  );
}
