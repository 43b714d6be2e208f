// The score distribution as an SVG bar chart (Recharts, decision 0013): bars per tenth of the scale, the axis
// mirrored in Arabic, colours from the theme (so dark mode follows), no animation. The table beside it carries the
// same figures for screen readers and paper. On paper it is drawn at a width that fits the page (lib/print.ts).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PRINT_CHART_WIDTH, usePrinting } from "@web/lib/print";
import { formatNumber, useAnalyticsT } from "../lib/use-analytics-t";

const HEIGHT = 256; // h-64

export type TBin = { label: string; count: number };

/** `label` names the chart for a screen reader; `valueName` the bars' figure in the tooltip; `printWidth` its width
 * on paper when it shares the page's width with something beside it. */
export function HistogramChart({ bins, label, valueName, printWidth = PRINT_CHART_WIDTH }: { bins: readonly TBin[]; label?: string; valueName?: string; printWidth?: number }) {
  const { t, lang } = useAnalyticsT();
  const rtl = lang === "ar";
  const tick = { fill: "var(--color-muted-foreground)", fontSize: 11 };
  const printing = usePrinting();
  return (
    // The chart is a picture to a screen reader; the table next to it is what it reads.
    <div role="img" aria-label={label ?? t("itemAnalysis.distribution.chart")} className="h-64 w-full" dir="ltr" data-testid="histogram-chart">
      <ResponsiveContainer width={printing ? printWidth : "100%"} height={HEIGHT}>
        {/* The labels slant towards the start of the axis: in Arabic it is mirrored and the first label (90–100%) sits at
            the left edge with no y-axis beside it, so that side keeps room for it (it read "-100%" at 390 px). */}
        <BarChart data={[...bins]} margin={{ top: 8, right: 8, bottom: 4, left: rtl ? 44 : 8 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="label" reversed={rtl} tick={tick} interval={0} angle={-35} textAnchor="end" height={52} stroke="var(--color-border)" />
          <YAxis orientation={rtl ? "right" : "left"} allowDecimals={false} tick={tick} width={32} stroke="var(--color-border)" tickFormatter={(v: number) => formatNumber(lang, v)} />
          <Tooltip
            cursor={{ fill: "var(--color-muted)" }}
            contentStyle={{ background: "var(--color-card)", border: "1px solid var(--color-border)", borderRadius: 12, color: "var(--color-foreground)" }}
            formatter={(v) => [formatNumber(lang, Number(v)), valueName ?? t("itemAnalysis.distribution.attempts")]}
          />
          <Bar dataKey="count" fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
