// The dashboard's two charts (Recharts, decision 0013): each group's mean score as bars, and the mean of each exam
// of a subject as lines — everyone's, and each group's. Axes mirror in Arabic, colours come from the theme, no
// animation; each is one labelled picture, and the page puts the same figures in a table beside it. On paper they
// are drawn at a width that fits the page (lib/print.ts).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PRINT_CHART_WIDTH, usePrinting } from "@web/lib/print";
import { formatPercent, useAnalyticsT } from "../lib/use-analytics-t";

const TOOLTIP = { background: "var(--color-card)", border: "1px solid var(--color-border)", borderRadius: 12, color: "var(--color-foreground)" };
const tick = { fill: "var(--color-muted-foreground)", fontSize: 11 };
/** Distinct lines in both themes; the first is everyone's. */
const SERIES = ["var(--color-foreground)", "var(--color-primary)", "var(--color-gold)", "var(--color-destructive-text)", "var(--color-success-border)", "var(--color-link)", "var(--color-muted-foreground)"];
export const TREND_MAX_GROUPS = SERIES.length - 1;

export function GroupMeansChart({ rows, label }: { rows: readonly { name: string; mean: number }[]; label: string }) {
  const { lang } = useAnalyticsT();
  const rtl = lang === "ar";
  const height = Math.max(120, rows.length * 34 + 40);
  const printing = usePrinting();
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }} dir="ltr" data-testid="group-chart">
      <ResponsiveContainer width={printing ? PRINT_CHART_WIDTH : "100%"} height={height}>
        <BarChart data={[...rows]} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
          <CartesianGrid horizontal={false} stroke="var(--color-border)" />
          <XAxis type="number" domain={[0, 100]} reversed={rtl} tick={tick} stroke="var(--color-border)" tickFormatter={(v: number) => formatPercent(lang, v, 0)} />
          <YAxis type="category" dataKey="name" orientation={rtl ? "right" : "left"} width={140} tick={tick} stroke="var(--color-border)" interval={0} />
          <Tooltip cursor={{ fill: "var(--color-muted)" }} contentStyle={TOOLTIP} formatter={(v) => [formatPercent(lang, Number(v)), ""]} />
          <Bar dataKey="mean" fill="var(--color-primary)" radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false} barSize={18} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const TREND_HEIGHT = 288; // h-72

export type TTrendPoint = { name: string } & Record<string, number | string | null>;

export function TrendChart({ points, series, label }: { points: readonly TTrendPoint[]; series: readonly { key: string; name: string }[]; label: string }) {
  const { lang } = useAnalyticsT();
  const rtl = lang === "ar";
  const printing = usePrinting();
  return (
    <div role="img" aria-label={label} className="h-72 w-full" dir="ltr" data-testid="trend-chart">
      <ResponsiveContainer width={printing ? PRINT_CHART_WIDTH : "100%"} height={TREND_HEIGHT}>
        <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 4, left: 16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="name" reversed={rtl} tick={tick} stroke="var(--color-border)" interval={0} height={40} />
          <YAxis domain={[0, 100]} orientation={rtl ? "right" : "left"} tick={tick} width={44} stroke="var(--color-border)" tickFormatter={(v: number) => formatPercent(lang, v, 0)} />
          <Tooltip contentStyle={TOOLTIP} formatter={(v, name) => [v === null || v === undefined ? "—" : formatPercent(lang, Number(v)), String(name)]} />
          <Legend wrapperStyle={{ fontSize: 12, color: "var(--color-foreground)" }} />
          {series.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stroke={SERIES[i % SERIES.length]}
              strokeWidth={i === 0 ? 3 : 2}
              strokeDasharray={i === 0 ? undefined : i % 2 ? "6 3" : undefined}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

