import type { ReactNode } from "react";
import { SiteFooter } from "@web/components/layout/site-footer";
import { SiteHeader } from "@web/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "@web/components/layout/skip-link";
import { cn } from "@web/lib/utils";

/** The frame of the pages outside the dashboard (taking an exam, a result, a school report): the site header, the
 * page, a slim footer (none of it printed). */
export function PageFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {/* display: contents, so the header stays sticky against the whole page. */}
      <div className="contents print:hidden">
        <SkipLink />
        <SiteHeader />
      </div>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn("mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6 md:py-8 lg:px-8 print:max-w-none print:p-0", className)}
      >
        {children}
      </main>
      <div className="print:hidden">
        <SiteFooter compact />
      </div>
    </div>
  );
}
