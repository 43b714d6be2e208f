import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dashboardSectionsFor, type TDashboardSection } from "@shared/permissions";
import { BrandMark } from "@web/components/layout/brand";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { InvitationsCard } from "@web/features/standard-setting/invitations-card";
import { sectionIcon } from "./section-icons";

/** The Foundation's overview: a welcome and a card per section the role may open. */
export default function OverviewPage({ section }: { section: TDashboardSection }) {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t(section.labelKey));
  if (!user) return null;
  const role = t(`dashboard.roles.${user.role}`);
  // Every section has a description in both languages (checked by src/shared/i18n/i18n.test.ts).
  const description = (id: string) => t(`dashboard.sections.${id}`);
  const cards = dashboardSectionsFor(user.role).filter((s) => s.inMenu && s.id !== section.id);

  return (
    <>
      <section
        aria-labelledby="welcome-heading"
        className="relative overflow-hidden rounded-2xl bg-brand-deep p-6 text-brand-deep-foreground shadow-sm sm:p-8"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -end-16 -top-20 size-64 rounded-full bg-primary/30 blur-3xl" />
        <div className="relative flex items-center gap-4">
          <BrandMark className="hidden size-12 sm:block" />
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id="welcome-heading" className="text-xl font-bold sm:text-2xl" data-testid="welcome-heading">
              {t("dashboard.overview.welcome", { name: user.name || user.username })}
            </h2>
            <p className="text-brand-deep-muted">{t("dashboard.overview.signedInAs", { role })}</p>
          </div>
        </div>
      </section>

      <InvitationsCard enabled={user.role === "teacher" || user.role === "school_admin"} />

      <section aria-labelledby="sections-heading" className="flex flex-col gap-4">
        <h2 id="sections-heading" className="text-lg font-semibold">
          {t("dashboard.overview.sectionsHeading")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => {
            const Icon = sectionIcon(card.icon);
            return (
              <li key={card.id} className="flex">
                <Link
                  to={`/dashboard/${card.path}`}
                  className="group flex w-full items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm transition-all outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:items-stretch sm:gap-3 sm:p-5 sm:hover:-translate-y-0.5"
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-semibold">{t(card.labelKey)}</span>
                    {description(card.id) && (
                      <span className="text-sm text-muted-foreground">{description(card.id)}</span>
                    )}
                  </span>
                  <span className="inline-flex items-center gap-1 text-sm font-semibold text-link sm:mt-auto">
                    <span className="sr-only sm:not-sr-only">{t("dashboard.overview.open")}</span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 transition-transform rtl:rotate-180 group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
                    />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
