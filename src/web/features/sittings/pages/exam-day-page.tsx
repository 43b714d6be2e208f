// /dashboard/sittings (issue 16): the staff's "Exam day" — every sitting they may watch, from a week ago on,
// with where each stands, a way into its live view, and (for the exam's authors) to its schedule.
import { CalendarClock, CalendarRange, MonitorPlay } from "lucide-react";
import { Link } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { SectionHeader } from "@web/features/results/components/section-header";
import { examSittingsPath, livePath, phaseOf, useMySittings, type TMySitting } from "../api";
import { PhaseBadge, ScopeLabel, SittingTimes } from "../components/sitting-bits";
import { pick, useSittingsT } from "../lib/use-sittings-t";

export default function ExamDayPage(_props: { section: TDashboardSection }) {
  const { t } = useSittingsT();
  const query = useMySittings();
  return (
    <div className="flex flex-col gap-6" data-testid="exam-day">
      <SectionHeader icon={CalendarClock} title={t("day.title")} description={t("day.description")} />
      {query.data ? (
        query.data.items.length === 0 ? (
          <EmptyState icon={CalendarRange} hint={t("day.emptyHint")} testId="exam-day-empty">
            {t("day.empty")}
          </EmptyState>
        ) : (
          <SittingList items={query.data.items} offsetMs={Date.parse(query.data.serverNow) - query.dataUpdatedAt} />
        )
      ) : query.isError ? (
        <ErrorState title={t("day.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="exam-day-error" />
      ) : (
        <LoadingState label={t("day.loading")} testId="exam-day-loading" />
      )}
    </div>
  );
}

function SittingList({ items, offsetMs }: { items: TMySitting[]; offsetMs: number }) {
  const { t, lang } = useSittingsT();
  const now = Date.now() + offsetMs;
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-border">
        {items.map((s) => {
          const title = pick(lang, s.titleAr, s.titleEn);
          const phase = phaseOf(s, now);
          return (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-testid="exam-day-sitting" data-sitting-id={s.id}>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div className="flex flex-wrap items-center gap-2">
                  <PhaseBadge phase={phase} />
                  <span className="min-w-0 font-semibold">
                    <bdi>{title}</bdi>
                  </span>
                </div>
                <p className="text-sm text-muted-foreground">
                  <ScopeLabel schoolNameAr={s.schoolNameAr} schoolNameEn={s.schoolNameEn} grade={s.grade} />
                </p>
                <p className="text-sm">
                  <SittingTimes {...s} />
                </p>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                <Button size="sm" variant={phase === "open" || phase === "entryClosed" ? "default" : "outline"} asChild>
                  <Link to={livePath(s.id)} aria-label={t("day.liveItem", { title })} data-testid="open-live">
                    <MonitorPlay aria-hidden="true" />
                    {t("day.live")}
                  </Link>
                </Button>
                {s.canManage && (
                  <Button size="sm" variant="outline" asChild>
                    <Link to={examSittingsPath(s.examId)} aria-label={t("day.manageItem", { title })}>
                      <CalendarRange aria-hidden="true" />
                      {t("day.manage")}
                    </Link>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
