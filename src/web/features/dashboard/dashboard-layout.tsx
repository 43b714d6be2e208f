import { LogOut } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { DASHBOARD_TITLE_KEY, dashboardSectionsFor, type TDashboardSection } from "@shared/permissions";
import { SiteFooter } from "@web/components/layout/site-footer";
import { SiteHeader } from "@web/components/layout/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "@web/components/layout/skip-link";
import { useSession, useSignOut } from "@web/lib/session";
import { cn } from "@web/lib/utils";
import { sectionIcon } from "./section-icons";

function SectionLink({ section, compact = false }: { section: TDashboardSection; compact?: boolean }) {
  const { t } = useTranslation();
  const Icon = sectionIcon(section.icon);
  return (
    <NavLink
      to={`/dashboard/${section.path}`}
      className={cn(
        "flex items-center gap-3 rounded-lg text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground",
        compact ? "shrink-0 px-3 py-2" : "px-3 py-2.5",
      )}
    >
      <Icon aria-hidden="true" className="size-4.5 shrink-0" />
      <span className="whitespace-nowrap">{t(section.labelKey)}</span>
    </NavLink>
  );
}

/** The signed-in frame: header, the role's side menu (a scrollable strip on phones), the page, a slim footer. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);

  // Keep the current section visible in the phone strip.
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active || !strip.current || strip.current.scrollWidth <= strip.current.clientWidth) return;
    active.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);

  if (!user) return null; // RequireAuth renders this only with a user.

  const sections = dashboardSectionsFor(user.role).filter((s) => s.inMenu);
  const logoutClass =
    "flex items-center gap-3 rounded-lg text-sm font-medium text-destructive-text transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring";

  return (
    <div className="flex min-h-dvh flex-col">
      {/* Nothing of the frame is printed: a dashboard page prints as its own content (display: contents keeps the
          header sticky against the whole page). */}
      <div className="contents print:hidden">
        <SkipLink />
        <SiteHeader />
      </div>

      {/* Phones: the side menu becomes a horizontal, scrollable strip. */}
      <nav aria-label={t("dashboard.sideNav")} className="border-b border-border bg-card md:hidden print:hidden">
        <ul ref={strip} className="flex gap-1 overflow-x-auto px-3 py-2 [scrollbar-width:thin]">
          {sections.map((section) => (
            <li key={section.id} className="flex">
              <SectionLink section={section} compact />
            </li>
          ))}
          <li className="flex">
            <button type="button" className={cn(logoutClass, "shrink-0 px-3 py-2")} onClick={() => void signOut("/")}>
              <LogOut aria-hidden="true" className="size-4.5 rtl:-scale-x-100" />
              <span className="whitespace-nowrap">{t("dashboard.menu.logout")}</span>
            </button>
          </li>
        </ul>
      </nav>

      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-[minmax(0,1fr)] gap-8 px-4 py-6 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)] md:py-8 lg:px-8 print:block print:max-w-none print:p-0">
        <aside className="hidden md:block print:hidden">
          <nav
            aria-label={t("dashboard.sideNav")}
            className="sticky top-24 flex flex-col gap-1 rounded-2xl border border-border bg-card p-3 shadow-sm"
          >
            <div className="mb-2 border-b border-border px-3 pb-3 pt-1">
              <p className="truncate text-sm font-semibold">
                <bdi>{user.name || user.username}</bdi>
              </p>
              <p className="text-xs text-muted-foreground">{t(`dashboard.roles.${user.role}`)}</p>
            </div>
            <ul className="flex flex-col gap-0.5">
              {sections.map((section) => (
                <li key={section.id}>
                  <SectionLink section={section} />
                </li>
              ))}
            </ul>
            <div className="mt-2 border-t border-border pt-2">
              <button type="button" className={cn(logoutClass, "w-full px-3 py-2.5")} onClick={() => void signOut("/")}>
                <LogOut aria-hidden="true" className="size-4.5 rtl:-scale-x-100" />
                {t("dashboard.menu.logout")}
              </button>
            </div>
          </nav>
        </aside>

        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-6 outline-none">
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold text-link">{t("dashboard.label")}</p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-title">
              {t(DASHBOARD_TITLE_KEY[user.role])}
            </h1>
          </div>
          <Outlet />
        </main>
      </div>

      <div className="print:hidden">
        <SiteFooter compact />
      </div>
    </div>
  );
}
