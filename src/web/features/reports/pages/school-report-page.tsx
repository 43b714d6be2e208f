// /school/report/:studentExamId (SPEC §2, §6 "School report page"): super_admins and the school_admin of the
// student's school. A school-branded, printable page (A4, Arabic or English): who, which exam, the score and
// level, mastery per skill as a chart with a table beside it, the report and the plan. 403 for another school and
// 404 are said in a toast, then back to the dashboard (SPEC §8).
import { ArrowLeft, GraduationCap, Printer } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { TSchoolReport } from "@shared/schemas/school-report";
import { BAND_LABELS } from "@shared/schemas/report";
import { ScaleScoreCard } from "@web/components/scale-score";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toastError } from "@web/components/ui/use-toast";
import { isApiError } from "@web/lib/api";
import { formatDateTime } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useSchoolReport } from "../api";
import { AttemptReports } from "../components/attempt-reports";
import { percentOf } from "@shared/format";
import { bi, formatPercent, formatScore, pick, useReportsT } from "../lib/use-reports-t";
import { pickOrNull } from "@web/lib/format";

export function SchoolReportPage() {
  const { studentExamId = "" } = useParams();
  return (
    <PageFrame className="max-w-4xl">
      <SchoolReport key={studentExamId} attemptId={studentExamId} />
    </PageFrame>
  );
}

export default SchoolReportPage;

function SchoolReport({ attemptId }: { attemptId: string }) {
  const { t } = useReportsT();
  const navigate = useNavigate();
  const query = useSchoolReport(attemptId);
  const redirects = ["SCHOOL_REPORT_OTHER_SCHOOL", "RESULT_NOT_FOUND", "FORBIDDEN"].some((code) => isApiError(query.error, code));
  const handled = useRef(false);
  useEffect(() => {
    if (!query.isError || handled.current || !redirects) return;
    handled.current = true;
    toastError(query.error);
    void navigate("/dashboard", { replace: true });
  }, [query.isError, query.error, redirects, navigate]);

  if (query.data) return <SchoolReportView data={query.data} />;
  if (query.isError && !redirects) return <ErrorState title={t("school.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="school-report-error" />;
  return <LoadingState label={t("school.loading")} testId="school-report-loading" />;
}

function SchoolReportView({ data }: { data: TSchoolReport }) {
  const { t, lang } = useReportsT();
  const title = pick(lang, data.exam.titleAr, data.exam.titleEn);
  const city = data.school ? pickOrNull(lang, data.school.cityAr, data.school.cityEn) : null;
  useDocumentTitle(`${data.student.name} — ${t("school.pageTitle")}`);
  const { attempt } = data;
  const band = data.report ? BAND_LABELS[data.report.analysis.band] : null;
  const percent = attempt.score !== null && attempt.totalPossibleScore > 0 ? percentOf(attempt.score, attempt.totalPossibleScore) : null;

  return (
    <article className="flex flex-col gap-6" data-testid="school-report" data-attempt-id={attempt.id}>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button variant="ghost" size="sm" asChild className="-ms-2">
          <Link to="/dashboard/results">
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t("school.back")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="print-school-report">
          <Printer aria-hidden="true" />
          {t("school.print")}
        </Button>
      </div>

      {/* The school's letterhead: printed at the top of the first page. */}
      <header className="flex items-center gap-4 border-b-2 border-primary pb-4" data-testid="school-letterhead">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-primary text-primary-foreground print:[print-color-adjust:exact]">
          <GraduationCap aria-hidden="true" className="size-8" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="text-xl font-bold" data-testid="school-name">
            <bdi>{data.school ? pick(lang, data.school.nameAr, data.school.nameEn) : "—"}</bdi>
          </p>
          {city && (
            <p className="text-sm text-muted-foreground">
              <bdi>{city}</bdi>
            </p>
          )}
        </div>
        <div className="text-end">
          <p className="text-sm font-semibold text-primary">{t("school.pageTitle")}</p>
          <p className="text-xs text-muted-foreground">{t("school.preparedWith")}</p>
        </div>
      </header>

      <h1 className="text-2xl leading-snug font-bold">
        <bdi>{data.student.name}</bdi>
      </h1>

      <dl className="grid gap-3 rounded-2xl border border-border p-4 text-sm sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3" data-testid="school-report-facts">
        <Fact label={t("school.exam")}>
          <bdi>{title}</bdi>
        </Fact>
        <Fact label={t("school.subject")}>{pick(lang, data.exam.subject.nameAr, data.exam.subject.nameEn)}</Fact>
        <Fact label={t("school.submitted")}>{attempt.completedAt ? <bdi>{formatDateTime(lang, attempt.completedAt)}</bdi> : "—"}</Fact>
        <Fact label={t("school.score")}>
          {attempt.status === "graded" && attempt.score !== null ? (
            <span className="tabular-nums" data-testid="school-report-score">
              <bdi>
                {formatScore(lang, attempt.score, attempt.totalPossibleScore)}
              </bdi>
              {percent !== null && <span className="text-muted-foreground"> · {formatPercent(lang, percent)}</span>}
            </span>
          ) : (
            "—"
          )}
        </Fact>
        {band && <Fact label={t("report.level")}>{bi(lang, band)}</Fact>}
      </dl>
      {attempt.status === "graded" && attempt.scaleScore && <ScaleScoreCard value={attempt.scaleScore} />}

      {attempt.status !== "graded" ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-muted-foreground" data-testid="school-report-not-graded">
          {t("school.notGraded")}
        </p>
      ) : (
        <AttemptReports attemptId={attempt.id} studentSchoolId={data.school?.id ?? null} hideSchoolReportLink />
      )}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}
