// The score distribution: a bar chart per tenth of the scale and the same figures as a table beside it (for
// screen readers and paper). Shared by the item analysis and the dashboard.
import { Card } from "@web/components/ui/card";
import { formatNumber, useAnalyticsT } from "../lib/use-analytics-t";
import { PRINT_CHART_WIDTH } from "@web/lib/print";
import { HistogramChart } from "./histogram-chart";

/** On paper the table stands beside the chart (12rem and a 1rem gap), so the two fit on the page together. */
const PRINT_WIDTH = PRINT_CHART_WIDTH - 13 * 16;

export function Distribution({ histogram, id = "ia-distribution" }: { histogram: readonly number[]; id?: string }) {
  const { t, lang } = useAnalyticsT();
  const bins = histogram.map((count, i) => ({
    label: t("itemAnalysis.distribution.range", { from: formatNumber(lang, i * 10), to: formatNumber(lang, i === 9 ? 100 : i * 10 + 9) }),
    count,
  }));
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg font-bold">
        {t("itemAnalysis.distribution.title")}
      </h2>
      <Card className="grid min-w-0 gap-4 p-4 lg:grid-cols-[1fr_14rem] print:break-inside-avoid print:grid-cols-[1fr_12rem]">
        <HistogramChart bins={bins} printWidth={PRINT_WIDTH} />
        <table className="w-full text-sm" data-testid="histogram-table">
          <caption className="sr-only">{t("itemAnalysis.distribution.chart")}</caption>
          <thead>
            <tr className="border-b border-border text-xs text-muted-foreground">
              <th scope="col" className="py-1.5 text-start font-semibold">
                {t("itemAnalysis.distribution.score")}
              </th>
              <th scope="col" className="py-1.5 text-end font-semibold">
                {t("itemAnalysis.distribution.attempts")}
              </th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.label} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1 text-start font-normal whitespace-nowrap tabular-nums">
                  <bdi>{b.label}</bdi>
                </th>
                <td className="py-1 text-end tabular-nums">{formatNumber(lang, b.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
