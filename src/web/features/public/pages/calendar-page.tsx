import { CalendarRange, ClipboardCheck } from "lucide-react";
import { Trans } from "react-i18next";
import { SiteLink } from "@web/lib/site-nav";
import { TEST_CYCLES } from "@shared/content/test-calendar";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { PageHeader, Section } from "../components/layout";
import { CalendarLegend, MonthCalendar } from "../components/month-calendar";
import { formatRange, monthYear } from "../lib/dates";
import { usePublicT } from "../lib/use-public";

export function CalendarPage() {
  const { t, lang } = usePublicT();
  useDocumentTitle(t("meta.calendar"));
  return (
    <>
      <PageHeader eyebrow={t("calendar.eyebrow")} title={<Trans t={t} i18nKey="calendar.title" components={{ ltr: <bdi dir="ltr" /> }} />}>
        <p>{t("calendar.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("calendar.title")}>
        <CalendarLegend />
        <div className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {TEST_CYCLES.map((cycle) => (
            <Card key={cycle.id} id={cycle.id} className="scroll-mt-24 p-5" data-testid={`calendar-${cycle.id}`}>
              <h2 className="text-lg font-bold">{monthYear(lang, cycle.year, cycle.month)}</h2>
              <p className="text-sm text-muted-foreground">{t(`schedule.cycles.${cycle.id}.title`)}</p>
              <div className="mt-4">
                <MonthCalendar cycle={cycle} />
              </div>
              <dl className="mt-4 space-y-3 border-t border-border pt-4 text-sm">
                <div className="relative ps-7">
                  <dt className="font-medium">
                    <CalendarRange aria-hidden="true" className="absolute start-0 top-0.5 size-4 text-amber-700 dark:text-amber-300" />
                    {t("calendar.registration")}
                  </dt>
                  <dd className="text-muted-foreground">
                    <time dateTime={cycle.registration.start}>{formatRange(lang, cycle.registration)}</time>
                  </dd>
                </div>
                <div className="relative ps-7">
                  <dt className="font-medium">
                    <ClipboardCheck aria-hidden="true" className="absolute start-0 top-0.5 size-4 text-primary" />
                    {t("calendar.testing")}
                  </dt>
                  <dd className="text-muted-foreground">
                    <time dateTime={cycle.testing.start}>{formatRange(lang, cycle.testing)}</time>
                  </dd>
                </div>
              </dl>
            </Card>
          ))}
        </div>
        <p className="mt-8">
          <SiteLink to="/qias-documents/test-schedule" className="font-semibold text-link underline-offset-4 hover:underline">
            {t("calendar.scheduleLink")}
          </SiteLink>
        </p>
      </Section>
    </>
  );
}
