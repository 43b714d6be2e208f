import { Outlet } from "react-router";
import { SiteFooter } from "@web/components/layout/site-footer";
import { SiteHeader } from "@web/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "@web/components/layout/skip-link";

/** Header + <main> + footer around every public page (and the sign-in pages). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
