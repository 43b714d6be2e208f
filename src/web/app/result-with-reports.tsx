// A result with its report and plan, put together here so that features do not import each other
// (ARCHITECTURE.md); the plan's files open through the files feature.
import { Download } from "lucide-react";
import { useState } from "react";
import type { TResult } from "@shared/schemas/attempt";
import { Button } from "@web/components/ui/button";
import { toastError } from "@web/components/ui/use-toast";
import { downloadFile } from "@web/features/files/api";
import { ResultsPage as AttemptResultPage } from "@web/features/taking/pages/results-page";
import { AttemptReports } from "@web/features/reports/components/attempt-reports";
import type { TFileAction } from "@web/features/reports/components/plan-view";
import { useReportsT } from "@web/features/reports/lib/use-reports-t";
import { AttemptTrail } from "@web/features/sittings/components/attempt-trail";
import { useSession } from "@web/lib/session";
function DownloadButton({ fileId, name }: { fileId: string; name: string }) {
  const { t } = useReportsT();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("plan.downloadItem", { name })}
      title={t("plan.download")}
      disabled={busy}
      data-testid="plan-file-download"
      onClick={() => {
        setBusy(true);
        downloadFile({ id: fileId, name })
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden="true" />
    </Button>
  );
}

const fileAction: TFileAction = (r) => <DownloadButton fileId={r.fileId} name={r.title.en || r.title.ar} />;

/** /student/exam/:id/results with the attempt's report and plan below the score, and for staff its event trail. */
export function ResultWithReports() {
  const { user } = useSession();
  const staff = !!user && user.role !== "student";
  return (
    <AttemptResultPage
      belowScore={(result: TResult) => (
        <>
          {result.attempt.status === "graded" && <AttemptReports attemptId={result.attempt.id} studentSchoolId={result.student.schoolId} fileAction={fileAction} />}
          {staff && <AttemptTrail attemptId={result.attempt.id} />}
        </>
      )}
    />
  );
}
