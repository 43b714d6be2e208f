// The results page's "Report and development plan" (issue 14): staff generate the report and the plan of a graded
// attempt (SPEC §4: once, staff only), or read them once they exist; the student reads their own. Why generating
// is not possible yet (not graded, the exam still open elsewhere) is said rather than hidden.
import { ClipboardList, FileBarChart2, LoaderCircle, NotebookPen, School } from "lucide-react";
import { Link } from "react-router";
import { can } from "@shared/permissions";
import { ERRORS, isErrorCode } from "@shared/errors";
import type { TAttemptReports } from "@shared/schemas/report";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { ErrorState } from "@web/components/ui/states";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { schoolReportPath, useAttemptReports, useGenerate } from "../api";
import { bi, reportsText, useReportsT } from "../lib/use-reports-t";
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
        {data.report ? <ReportView report={data.report} /> : mayGenerate ? <GenerateButton attemptId={attemptId} kind="report" /> : <p className="text-sm text-muted-foreground">{t("section.noneStaff")}</p>}
      </Card>
      <Card className="flex flex-col gap-4 p-5 sm:p-6 print:shadow-none" data-testid="plan-card">
        <h3 className="flex items-center gap-2 text-base font-bold text-primary print:text-black">
          <NotebookPen aria-hidden="true" className="size-5" />
          {t("plan.title")}
        </h3>
        {data.plan ? (
          <PlanView plan={data.plan} fileAction={fileAction} />
        ) : mayGenerate ? (
          <GenerateButton attemptId={attemptId} kind="plan" />
        ) : (
          <p className="text-sm text-muted-foreground">{isStudent ? t("section.noneStudent") : t("section.noneStaff")}</p>
        )}
      </Card>
    </div>
  );
}

function GenerateButton({ attemptId, kind }: { attemptId: string; kind: "report" | "plan" }) {
  const { t } = useReportsT();
  const generate = useGenerate(attemptId, kind);
  const Icon = kind === "report" ? FileBarChart2 : ClipboardList;
  return (
    <Button
      className="w-fit print:hidden"
      variant={kind === "report" ? "default" : "outline"}
      disabled={generate.isPending}
      aria-busy={generate.isPending || undefined}
      data-testid={`generate-${kind}`}
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: () => toast({ variant: "success", title: reportsText(kind === "report" ? "section.reportReady" : "section.planReady") }),
          // SPEC §8: "Failed to generate report." / "Failed to generate development plan.", the server's reason below.
          onError: (error) => toast({ variant: "destructive", title: reportsText(kind === "report" ? "section.reportFailed" : "section.planFailed"), description: toErrorBody(error).message }),
        })
      }
    >
      {generate.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Icon aria-hidden="true" />}
      {generate.isPending ? t("section.generating") : t(kind === "report" ? "section.generateReport" : "section.generatePlan")}
    </Button>
  );
}
