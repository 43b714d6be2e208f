// The results page's "Report and development plan" (issue 14): staff generate the report and the plan of a graded
// attempt (SPEC §4: once, staff only), or read them once they exist; the student reads their own. Why generating
// is not possible yet (not graded, the exam still open elsewhere) is said rather than hidden. One whose figures
// have changed since is marked, staff may generate it again, and earlier versions stay readable (decision 0032).
import { ClipboardList, FileBarChart2, History, LoaderCircle, NotebookPen, RefreshCw, School, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { can } from "@shared/permissions";
import { ERRORS, isErrorCode } from "@shared/errors";
import type { TAttemptReports, TPlanView, TReportView } from "@shared/schemas/report";
import { fieldClasses } from "@web/components/ui/input";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { ErrorState } from "@web/components/ui/states";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { cn } from "@web/lib/utils";
import { schoolReportPath, useAttemptReports, useGenerate } from "../api";
import { bi, formatDate, formatNumber, reportsText, useReportsT } from "../lib/use-reports-t";
import { PlanView, type TFileAction } from "./plan-view";
import { ReportView } from "./report-view";

export function AttemptReports({
  attemptId,
  studentSchoolId,
  fileAction,
  hideSchoolReportLink = false,
}: {
  attemptId: string;
  studentSchoolId: string | null;
  fileAction?: TFileAction;
  /** On the school report page itself. */
  hideSchoolReportLink?: boolean;
}) {
  const { t } = useReportsT();
  const { user } = useSession();
  const reports = useAttemptReports(attemptId);
  const isStudent = user?.role === "student";
  const opensSchoolReport = !hideSchoolReportLink && !!user && can(user, "schoolReport.view", { schoolId: studentSchoolId });

  let body: React.ReactNode;
  if (reports.isPending) {
    body = (
      <div className="grid min-h-24 place-items-center" data-testid="reports-loading">
        <Spinner label={t("section.loading")} />
      </div>
    );
  } else if (reports.isError) {
    body = <ErrorState title={t("section.loadFailed")} error={reports.error} onRetry={() => void reports.refetch()} testId="reports-error" />;
  } else {
    body = <Documents attemptId={attemptId} data={reports.data} isStudent={isStudent} fileAction={fileAction} />;
  }

  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-4" data-testid="attempt-reports">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="reports-heading" className="text-lg font-semibold">
            {t("section.title")}
          </h2>
          <p className="text-sm text-muted-foreground print:hidden">{t("section.description")}</p>
        </div>
        {opensSchoolReport && (
          <Button variant="outline" size="sm" asChild className="print:hidden">
            <Link to={schoolReportPath(attemptId)} data-testid="open-school-report">
              <School aria-hidden="true" />
              {t("section.openSchoolReport")}
            </Link>
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}

function Documents({ attemptId, data, isStudent, fileAction }: { attemptId: string; data: TAttemptReports; isStudent: boolean; fileAction?: TFileAction }) {
  const { t, lang } = useReportsT();
  const mayGenerate = !isStudent && data.cannotGenerate === null;
  // Staff who could generate but not yet (not graded, key withheld) are told why, in the catalogue's words.
  const reason = !isStudent && data.cannotGenerate && data.cannotGenerate !== "REPORT_FORBIDDEN" && isErrorCode(data.cannotGenerate) ? bi(lang, ERRORS[data.cannotGenerate].message) : null;

  if (!data.report && !data.plan) {
    return (
      <Card className="flex flex-col gap-4 border-dashed p-6" data-testid="reports-empty">
        <p className="text-muted-foreground">{isStudent ? t("section.noneStudent") : t("section.noneStaff")}</p>
        {reason && (
          <p className="text-sm text-gold" data-testid="reports-blocked">
            {reason}
          </p>
        )}
        {mayGenerate && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <GenerateButton attemptId={attemptId} kind="report" />
            <GenerateButton attemptId={attemptId} kind="plan" />
          </div>
        )}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 p-5 sm:p-6 print:shadow-none" data-testid="report-card">
        <h3 className="flex items-center gap-2 text-base font-bold text-primary print:text-black">
          <FileBarChart2 aria-hidden="true" className="size-5" />
          {t("report.title")}
        </h3>
        {data.report ? (
          <Versions attemptId={attemptId} kind="report" latest={data.report} earlier={data.earlierReports} mayGenerate={mayGenerate}>
            {(doc) => <ReportView report={doc} />}
          </Versions>
        ) : mayGenerate ? (
          <GenerateButton attemptId={attemptId} kind="report" />
        ) : (
          <p className="text-sm text-muted-foreground">{t("section.noneStaff")}</p>
        )}
      </Card>
      <Card className="flex flex-col gap-4 p-5 sm:p-6 print:shadow-none" data-testid="plan-card">
        <h3 className="flex items-center gap-2 text-base font-bold text-primary print:text-black">
          <NotebookPen aria-hidden="true" className="size-5" />
          {t("plan.title")}
        </h3>
        {data.plan ? (
          <Versions attemptId={attemptId} kind="plan" latest={data.plan} earlier={data.earlierPlans} mayGenerate={mayGenerate}>
            {(doc) => <PlanView plan={doc} fileAction={fileAction} />}
          </Versions>
        ) : mayGenerate ? (
          <GenerateButton attemptId={attemptId} kind="plan" />
        ) : (
          <p className="text-sm text-muted-foreground">{isStudent ? t("section.noneStudent") : t("section.noneStaff")}</p>
        )}
      </Card>
    </div>
  );
}

/**
 * The latest version of a report or plan, or an earlier one picked from the list; the one shown says when its
 * figures are no longer today's (and staff may generate it again), or that it is not the latest.
 */
function Versions<T extends TReportView | TPlanView>({
  attemptId,
  kind,
  latest,
  earlier,
  mayGenerate,
  children,
}: {
  attemptId: string;
  kind: "report" | "plan";
  latest: T;
  earlier: T[];
  mayGenerate: boolean;
  children: (doc: T) => React.ReactNode;
}) {
  const { t, lang } = useReportsT();
  const pickerId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const all = [latest, ...earlier];
  // A version chosen before the latest changed (generated again) falls back to the latest when it is gone.
  const shown = all.find((d) => d.version === chosen) ?? latest;
  const isLatest = shown.version === latest.version;
  return (
    <div className="flex flex-col gap-4" data-testid={`${kind}-versions`} data-version={shown.version}>
      {earlier.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm print:hidden">
          <label htmlFor={pickerId} className="flex items-center gap-1.5 text-muted-foreground">
            <History aria-hidden="true" className="size-4" />
            {t("versions.label")}
          </label>
          <select
            id={pickerId}
            className={cn(fieldClasses, "h-10 w-full py-1 sm:w-auto sm:min-w-72")}
            value={shown.version}
            onChange={(e) => setChosen(Number(e.target.value))}
            data-testid={`${kind}-version-picker`}
          >
            {all.map((d) => (
              <option key={d.version} value={d.version}>
                {t(d.version === latest.version ? "versions.latest" : "versions.option", { version: formatNumber(lang, d.version), date: formatDate(lang, d.createdAt) })}
              </option>
            ))}
          </select>
        </div>
      )}
      {!isLatest && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-muted p-3 text-sm" role="status" data-testid={`${kind}-earlier-notice`}>
          <span>{t("versions.earlier", { version: formatNumber(lang, shown.version), latest: formatNumber(lang, latest.version) })}</span>
          <Button variant="outline" size="sm" onClick={() => setChosen(null)} className="print:hidden" data-testid={`${kind}-show-latest`}>
            {t("versions.showLatest")}
          </Button>
        </div>
      )}
      {isLatest && shown.stale && (
        <div className="flex flex-col gap-3 rounded-xl border border-gold/50 bg-muted p-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid={`${kind}-stale`}>
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
            <span>{t(kind === "report" ? "versions.staleReport" : "versions.stalePlan")}</span>
          </p>
          {mayGenerate && <GenerateButton attemptId={attemptId} kind={kind} again />}
        </div>
      )}
      {children(shown)}
    </div>
  );
}

function GenerateButton({ attemptId, kind, again = false }: { attemptId: string; kind: "report" | "plan"; again?: boolean }) {
  const { t } = useReportsT();
  const generate = useGenerate(attemptId, kind, again);
  const Icon = again ? RefreshCw : kind === "report" ? FileBarChart2 : ClipboardList;
  return (
    <Button
      className="w-fit print:hidden"
      variant={kind === "report" || again ? "default" : "outline"}
      size={again ? "sm" : undefined}
      disabled={generate.isPending}
      aria-busy={generate.isPending || undefined}
      data-testid={`generate-${kind}${again ? "-again" : ""}`}
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: () => toast({ variant: "success", title: reportsText(kind === "report" ? "section.reportReady" : "section.planReady") }),
          // SPEC §8: "Failed to generate report." / "Failed to generate development plan.", the server's reason below.
          onError: (error) => toast({ variant: "destructive", title: reportsText(kind === "report" ? "section.reportFailed" : "section.planFailed"), description: toErrorBody(error).message }),
        })
      }
    >
      {generate.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Icon aria-hidden="true" />}
      {generate.isPending ? t("section.generating") : again ? t("versions.again") : t(kind === "report" ? "section.generateReport" : "section.generatePlan")}
    </Button>
  );
}
