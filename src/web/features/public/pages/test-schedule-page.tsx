import { BookOpenCheck, CalendarRange, ClipboardCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Trans } from "react-i18next";
import { SiteLink } from "@web/lib/site-nav";
import { SUBJECTS } from "@shared/subjects";
import { TEST_CYCLES } from "@shared/content/test-calendar";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { PageHeader, Section } from "../components/layout";
import { formatDay, formatRange } from "../lib/dates";
import { usePublicT } from "../lib/use-public";

export function TestSchedulePage() {
  const { t, lang } = usePublicT();
  useDocumentTitle(t("meta.schedule"));
  const subjectName = (id: string) => {
    const s = SUBJECTS.find((x) => x.id === id);
    return s ? (lang === "ar" ? s.nameAr : s.nameEn) : id;
  };
  return (
    <>
      <PageHeader eyebrow={t("schedule.eyebrow")} title={<Trans t={t} i18nKey="schedule.title" components={{ ltr: <bdi dir="ltr" /> }} />}>
        <p>{t("schedule.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("schedule.title")}>
        <ol className="grid gap-5 lg:grid-cols-3">
          {TEST_CYCLES.map((cycle, i) => (
            <li key={cycle.id} data-testid={`cycle-${cycle.id}`}>
              <Card className="flex h-full flex-col overflow-hidden">
                <div className="border-b border-border bg-secondary/60 px-6 py-5">
                  <p className="text-xs font-semibold text-secondary-foreground tabular-nums">
                    {t("schedule.cycleOf", { n: i + 1, total: TEST_CYCLES.length })}
                  </p>
                  <h2 className="mt-1 text-xl font-bold">{t(`schedule.cycles.${cycle.id}.title`)}</h2>
                  <p className="mt-0.5 text-sm text-muted-foreground">{t(`schedule.cycles.${cycle.id}.purpose`)}</p>
                </div>
                <div className="flex flex-1 flex-col gap-5 p-6">
                  <dl className="space-y-4 text-sm">
                    <Row icon={<CalendarRange className="text-amber-700 dark:text-amber-300" />} term={t("schedule.registration")}>
                      <time dateTime={cycle.registration.start}>{formatRange(lang, cycle.registration)}</time>
                    </Row>
                    <Row icon={<ClipboardCheck className="text-primary" />} term={t("schedule.testing")}>
                      <time dateTime={cycle.testing.start}>{formatRange(lang, cycle.testing)}</time>
                    </Row>
                    <Row icon={<BookOpenCheck className="text-primary" />} term={t("schedule.subjects")}>
                      <ul className="mt-1 space-y-1.5">
                        {cycle.sittings.map((s) => (
                          <li key={s.subject} className="flex flex-wrap justify-between gap-x-3">
                            <span className="font-medium text-foreground">{subjectName(s.subject)}</span>
                            <time dateTime={s.day}>{formatDay(lang, s.day, { weekday: true, year: false })}</time>
                          </li>
                        ))}
                      </ul>
                    </Row>
                  </dl>
                  <div className="rounded-xl bg-muted/70 p-4">
                    <h3 className="flex items-center gap-2 text-sm font-semibold">
                      <Info aria-hidden="true" className="size-4 text-primary" />
                      {t("schedule.notesTitle")}
                    </h3>
                    <ul className="mt-2 list-disc space-y-1.5 ps-5 text-sm text-muted-foreground marker:text-primary">
                      {Array.from({ length: cycle.noteCount }, (_, n) => (
                        <li key={n}>{t(`schedule.cycleNotes.${cycle.id}.${n}`)}</li>
                      ))}
                    </ul>
                  </div>
                  <SiteLink
                    to={`/qias-documents/calendar#${cycle.id}`}
                    className="mt-auto text-sm font-semibold text-link underline-offset-4 hover:underline"
                  >
                    {t("schedule.calendarLink")}
                    <span className="sr-only">: {t(`schedule.cycles.${cycle.id}.title`)}</span>
                  </SiteLink>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

function Row({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative ps-7">
      <dt className="font-medium">
        <span aria-hidden="true" className="absolute start-0 top-0.5 [&_svg]:size-4">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}
