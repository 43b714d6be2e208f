// The results list with the item analysis and the reports of the exam it is filtered by, put together here so that features do not
// import each other (ARCHITECTURE.md).
import type { TDashboardSection } from "@shared/permissions";
import ResultsListPage from "@web/features/results/pages/results-page";
import { BulkReports } from "@web/features/reports/components/bulk-reports";
import { ItemAnalysisLink } from "@web/features/analytics/components/item-analysis-link";
import { RosterImport } from "@web/features/lti/roster-import";
import { useSession } from "@web/lib/session";

/** /dashboard/results with the item analysis, the LTI course roster import (when a platform links the exam) and "generate for all graded attempts" when staff filter it by one exam. */
export default function ResultsWithBulkReports(props: { section: TDashboardSection }) {
  const { user } = useSession();
  const staff = !!user && user.role !== "student";
  return <ResultsListPage {...props} examTools={
        staff
          ? (examId) => (
              <>
                <ItemAnalysisLink examId={examId} />
                <BulkReports examId={examId} />
                <RosterImport examId={examId} />
              </>
            )
          : undefined
      } />;
}
