// /dashboard/sittings (issue 16): the staff's "Exam day" — every sitting they may watch, from a week ago on,
// with where each stands, a way into its live view, and (for those who schedule it) to its schedule. A school_admin
// also finds there the published exams offered to their school, to schedule a sitting of each — the first one too
// (decision 0028): they have no exams list, the exams being their authors'.
import { CalendarClock, CalendarPlus, CalendarRange, FileText, MonitorPlay } from "lucide-react";
import { Link } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { SectionHeader } from "@web/features/results/components/section-header";
import { useSession } from "@web/lib/session";
import { examSittingsPath, livePath, phaseOf, useMySittings, useOfferedExams, type TMySitting, type TOfferedExam } from "../api";
import { PhaseBadge, ScopeLabel, SittingTimes } from "../components/sitting-bits";
import { formatDateTime, formatNumber, pick, useSittingsT } from "../lib/use-sittings-t";

export default function ExamDayPage(_props: { section: TDashboardSection }) {
  const { t } = useSittingsT();
  const { user } = useSession();
  const query = useMySittings();
  return (
    <div className="flex flex-col gap-6" data-testid="exam-day">
      <SectionHeader icon={CalendarClock} title={t("day.title")} description={t("day.description")} />
      {query.data ? (
        query.data.items.length === 0 ? (
          <EmptyState icon={CalendarRange} hint={t(user?.role === "school_admin" ? "day.emptyHintSchool" : "day.emptyHint")} testId="exam-day-empty">
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
      {user?.role === "school_admin" && <OfferedExams />}
    </div>
  );
}

/** The published exams offered to the school, each with this school's next sitting and a way to schedule one. */
function OfferedExams() {
  const { t } = useSittingsT();
  const query = useOfferedExams();
  return (
    <section aria-labelledby="offered-exams" className="flex flex-col gap-3" data-testid="offered-exams">
      <div className="flex flex-col gap-1">
        <h3 id="offered-exams" className="text-lg font-bold">
          {t("offered.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("offered.description")}</p>
      </div>
      {query.data ? (
        query.data.items.length === 0 ? (
          <EmptyState icon={FileText} testId="offered-empty">
            {t("offered.empty")}
          </EmptyState>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border">
              {query.data.items.map((e) => (
                <OfferedExam key={e.id} exam={e} />
              ))}
            </ul>
          </Card>
        )
      ) : query.isError ? (
        <ErrorState title={t("offered.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="offered-error" />
      ) : (
        <LoadingState label={t("offered.loading")} testId="offered-loading" />
      )}
    </section>
  );
}

function OfferedExam({ exam }: { exam: TOfferedExam }) {
  const { t, lang } = useSittingsT();
  const title = pick(lang, exam.titleAr, exam.titleEn);
  const facts = [
    pick(lang, exam.subject.nameAr, exam.subject.nameEn),
    exam.durationMinutes === null ? t("offered.noLimit") : t("offered.minutes", { count: exam.durationMinutes }),
    exam.grades.length ? t("offered.grades", { count: exam.grades.length, grades: exam.grades.map((g) => formatNumber(lang, g)).join(lang === "ar" ? "، " : ", ") }) : t("scope.everyGrade"),
  ];
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-testid="offered-exam" data-exam-id={exam.id}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="min-w-0 font-semibold">
          <bdi>{title}</bdi>
        </span>
        <p className="text-sm text-muted-foreground">
          {facts.map((f, i) => (
            <span key={i}>
              {i > 0 && <span aria-hidden="true"> · </span>}
              <bdi>{f}</bdi>
            </span>
          ))}
        </p>
        <p className="text-sm tabular-nums" data-testid="offered-next">
          {exam.nextStartsAt ? t("offered.next", { count: exam.upcoming, date: formatDateTime(lang, exam.nextStartsAt) }) : <span className="text-muted-foreground">{t("offered.none")}</span>}
        </p>
      </div>
      <Button size="sm" variant={exam.upcoming ? "outline" : "default"} className="w-fit shrink-0" asChild>
        <Link to={examSittingsPath(exam.id)} aria-label={t("offered.scheduleItem", { title })} data-testid="offered-schedule">
          <CalendarPlus aria-hidden="true" />
          {t("offered.schedule")}
        </Link>
      </Button>
    </li>
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
