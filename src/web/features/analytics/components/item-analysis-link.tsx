// The way into an exam's item analysis from the results list filtered by that exam (composed in app/).
import { ChartColumnBig } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { useAnalyticsT } from "../lib/use-analytics-t";

export function ItemAnalysisLink({ examId }: { examId: string }) {
  const { t } = useAnalyticsT();
  return (
    <Button variant="outline" className="w-fit" asChild>
      <Link to={`/exams/${encodeURIComponent(examId)}/analysis`} data-testid="item-analysis-link">
        <ChartColumnBig aria-hidden="true" />
        {t("itemAnalysis.open")}
      </Link>
    </Button>
  );
}
