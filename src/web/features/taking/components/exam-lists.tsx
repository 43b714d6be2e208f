// The student's two lists (dashboard overview and My Exams): exams they can start or resume, and the exams
// they submitted with their status and score, each linking to its results page.
import { BookOpenCheck, CalendarCheck, CalendarClock, ClipboardList, Clock, FileQuestion, Hourglass, Medal, Play, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { TStudentExam } from "@shared/schemas/attempt";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/lib/utils";
import { resultsPath, takePath, useStudentOverview } from "../api";
import { failureToast, formatDateTime, formatNumber, pick, useTakingT } from "../lib/use-taking-t";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";

type THeading = "h2" | "h3";

export function StudentExamSections({ completedLimit, headingLevel: H = "h2" }: { completedLimit?: number; headingLevel?: THeading }) {
  const { t } = useTakingT();
  const overview = useStudentOverview();

  // SPEC §8: every failure is a toast too (once per failure).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!overview.isError || toasted.current === overview.error) return;
    toasted.current = overview.error;
    failureToast(overview.error, "overview.availableFailed");
  }, [overview.isError, overview.error]);

  const available = overview.data?.available ?? [];
  const completed = overview.data?.completed ?? [];
  const shown = completedLimit === undefined ? completed : completed.slice(0, completedLimit);

  return (
    <>
      <section aria-labelledby="available-heading" className="flex flex-col gap-4" data-testid="available-exams">
        <div className="flex flex-col gap-1">
          <H id="available-heading" className="text-lg font-semibold">
            {t("overview.availableTitle")}
          </H>
          <p className="text-sm text-muted-foreground">{t("overview.availableDescription")}</p>
        </div>
        {overview.isPending ? (
          <LoadingState />
        ) : overview.isError ? (
          <ErrorState title={t("overview.availableFailed")} error={overview.error} onRetry={() => void overview.refetch()} testId="available-error" />
        ) : available.length === 0 ? (
          <EmptyState icon={ClipboardList} testId="available-empty">
            {t("overview.emptyAvailable")}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {available.map((exam) => (
              <AvailableExamCard key={exam.examId} exam={exam} headingLevel={H === "h2" ? "h3" : "h4"} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="completed-heading" className="flex flex-col gap-4" data-testid="completed-exams">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex flex-col gap-1">
            <H id="completed-heading" className="text-lg font-semibold">
              {t("overview.completedTitle")}
            </H>
            <p className="text-sm text-muted-foreground">{t("overview.completedDescription")}</p>
          </div>
          {shown.length < completed.length && (
            <Button variant="link" asChild>
              <Link to="/dashboard/my-exams">{t("overview.viewAll", { count: completed.length })}</Link>
            </Button>
          )}
        </div>
        {overview.isPending ? (
          <LoadingState />
        ) : overview.isError ? (
          <ErrorState title={t("overview.completedFailed")} error={overview.error} onRetry={() => void overview.refetch()} testId="completed-error" />
        ) : completed.length === 0 ? (
          <EmptyState icon={BookOpenCheck} testId="completed-empty">
            {t("overview.emptyCompleted")}
          </EmptyState>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border">
              {shown.map((exam) => (
                <CompletedExamRow key={exam.attempt?.id ?? exam.examId} exam={exam} />
              ))}
            </ul>
          </Card>
        )}
      </section>
    </>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg bg-muted px-2.5 py-2">
      <dt className="flex items-center gap-1 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {label}
      </dt>
      <dd className="text-sm font-semibold leading-snug tabular-nums">{children}</dd>
    </div>
  );
}

function AvailableExamCard({ exam, headingLevel: H }: { exam: TStudentExam; headingLevel: "h3" | "h4" }) {
  const { t, lang } = useTakingT();
  const title = pick(lang, exam.titleAr, exam.titleEn);
  const inProgress = exam.attempt?.status === "in_progress";
  const titleId = `exam-${exam.examId}-title`;
  // Before its sitting's start the button leads to the waiting room (the device's clock is close enough for a label).
  const waits = !inProgress && !!exam.sitting && Date.parse(exam.sitting.startsAt) > Date.now();
  const entryClosed = !inProgress && !!exam.sitting && Date.parse(exam.sitting.entryClosesAt) < Date.now();
  return (
    <li className="flex" data-testid="available-exam" data-exam-id={exam.examId}>
      <Card className="flex w-full flex-col gap-4 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">{pick(lang, exam.subject.nameAr, exam.subject.nameEn)}</span>
          {inProgress && (
            <span className="inline-flex items-center gap-1 rounded-full border border-gold/50 px-2.5 py-0.5 text-xs font-semibold text-gold">
              <Hourglass aria-hidden="true" className="size-3" />
              {t("status.in_progress")}
            </span>
          )}
        </div>
        <H id={titleId} className="text-base leading-snug font-semibold">
          <bdi>{title}</bdi>
        </H>
        <dl className="grid grid-cols-3 gap-2">
          <Fact icon={Clock} label={t("overview.duration")}>
            {exam.durationMinutes ? t("common.minutes", { count: exam.durationMinutes }) : t("common.noTimeLimit")}
          </Fact>
          <Fact icon={FileQuestion} label={t("overview.questions")}>
            {formatNumber(lang, exam.questionCount)}
          </Fact>
          <Fact icon={Medal} label={t("overview.totalPoints")}>
            {formatNumber(lang, exam.totalPoints)}
          </Fact>
        </dl>
        {exam.sitting && !inProgress && (
          <p className="flex items-start gap-2 rounded-lg border border-border px-3 py-2 text-sm" data-testid="exam-sitting">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {t("overview.sittingStarts", { time: formatDateTime(lang, exam.sitting.startsAt) })}
              <span className="block text-xs text-muted-foreground">{t("overview.sittingLastEntry", { time: formatDateTime(lang, exam.sitting.entryClosesAt) })}</span>
            </span>
          </p>
        )}
        {entryClosed ? (
          <p className="mt-auto text-sm font-medium text-muted-foreground" data-testid="entry-closed-note">
            {t("overview.entryClosed")}
          </p>
        ) : (
          <Button asChild className="mt-auto w-full sm:w-auto sm:self-start" variant={inProgress ? "secondary" : "default"}>
            <Link to={takePath(exam.examId)} aria-describedby={titleId} data-testid={inProgress ? "resume-exam" : "start-exam"}>
              {inProgress ? <RotateCcw aria-hidden="true" /> : waits ? <Hourglass aria-hidden="true" /> : <Play aria-hidden="true" className="rtl:-scale-x-100" />}
              {inProgress ? t("overview.resume") : waits ? t("overview.waitingRoom") : t("overview.start")}
            </Link>
          </Button>
        )}
      </Card>
    </li>
  );
}

export function AttemptStatusBadge({ status, score, total, className }: { status: "in_progress" | "completed" | "graded"; score: number | null; total: number; className?: string }) {
  const { t, lang } = useTakingT();
  if (status === "graded") {
    return (
      <span className={cn("inline-flex items-center gap-1.5 rounded-full border border-success-border bg-success px-2.5 py-0.5 text-sm font-semibold text-success-foreground", className)} data-testid="attempt-status">
        <Medal aria-hidden="true" className="size-3.5" />
        <span>{t("status.graded")}</span>
        <span aria-hidden="true">·</span>
        <span dir="ltr" className="tabular-nums">
          {t("common.scoreOf", { score: formatNumber(lang, score ?? 0), total: formatNumber(lang, total) })}
        </span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold",
        status === "completed" ? "border-gold/50 text-gold" : "border-border text-muted-foreground",
        className,
      )}
      data-testid="attempt-status"
    >
      <Hourglass aria-hidden="true" className="size-3.5" />
      {status === "completed" ? t("status.completed") : t("status.in_progress")}
    </span>
  );
}

function CompletedExamRow({ exam }: { exam: TStudentExam }) {
  const { t, lang } = useTakingT();
  const attempt = exam.attempt;
  if (!attempt) return null;
  const title = pick(lang, exam.titleAr, exam.titleEn);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-testid="completed-exam" data-attempt-id={attempt.id}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">
          <bdi>{title}</bdi>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted-foreground">
          <span>{pick(lang, exam.subject.nameAr, exam.subject.nameEn)}</span>
          {attempt.completedAt && (
            <>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1">
                <CalendarCheck aria-hidden="true" className="size-3.5" />
                {t("overview.submittedOn", { date: formatDateTime(lang, attempt.completedAt) })}
              </span>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <AttemptStatusBadge status={attempt.status} score={attempt.score} total={attempt.totalPossibleScore} />
        <Button variant="outline" size="sm" asChild>
          <Link to={resultsPath(attempt.id)} data-testid="view-results">
            {t("overview.viewResults")}
            <span className="sr-only">
              {" — "}
              {title}
            </span>
          </Link>
        </Button>
      </div>
    </li>
  );
}
