// The dashboard on the reporting scale (issue 35; docs/decisions/0053): when the dashboard's subject and grade have a
// scale with approved levels, the mean scale score, the share at each level by the dashboard's groups as stacked bars
// (and by gender and language background for those who may see them), the classification consistency at each cut,
// and the mean per school year with its SE. Every figure is the server's (modules/scales/levels-by-group.ts); the
// charts are Recharts as the dashboard's others (decision 0013), each beside a table with the same figures.
import { Bar, BarChart, CartesianGrid, ErrorBar, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TDashboardScale } from "@shared/schemas/dashboard-scale";
import type { TLevelsByGroup } from "@shared/schemas/scale";
import { Card } from "@web/components/ui/card";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { PRINT_CHART_WIDTH, usePrinting } from "@web/lib/print";
import { useScalesT } from "@web/features/scales/use-scales-t";
import { useDashboardScale, type TDashboardParams } from "../api";
import { formatNumber, formatPercent, formatShare, pick, useAnalyticsT, type TLang } from "../lib/use-analytics-t";

const TOOLTIP = { background: "var(--color-card)", border: "1px solid var(--color-border)", borderRadius: 12, color: "var(--color-foreground)" };
const tick = { fill: "var(--color-muted-foreground)", fontSize: 11 };
/** Lowest level first: warm to cool to green, each distinct from the light and the dark card. */
const PALETTE = ["#f97066", "#fdb022", "#7cd4fd", "#2e90fa", "#32d583", "#099250"];
export const levelColour = (position: number, count: number) => PALETTE[count <= 1 ? 0 : Math.round((position * (PALETTE.length - 1)) / (count - 1))]!;

const scoreText = (lang: TLang, n: number | null, decimals = 0) => (n === null ? "—" : new Intl.NumberFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB", { maximumFractionDigits: decimals + 1, minimumFractionDigits: decimals + 1 }).format(n));
/** "2024/25": the school year that starts in September 2024. */
const yearText = (year: number) => `${year}/${String((year + 1) % 100).padStart(2, "0")}`;

type TRow = { key: string; label: string; count: number; withheld: boolean; shares: number[]; mean: number | null; meanSe: number | null };

export function ScaleSection({ query }: { query: TDashboardParams }) {
  const { t, lang } = useAnalyticsT();
  const scale = useDashboardScale(query, lang);
  if (scale.isPending) return <LoadingState />;
  if (scale.isError) return <ErrorState title={t("dashboard.scale.loadFailed")} error={scale.error} onRetry={() => void scale.refetch()} testId="dashboard-scale-error" />;
  const data = scale.data;
  if (data.absent === "no_subject" || data.absent === "no_scale") return null;
  if (data.absent) {
    return (
      <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground print:hidden" data-testid="dashboard-scale-hint">
        {t(`dashboard.scale.absent.${data.absent}`)}
      </p>
    );
  }
  return <ScaleFigures data={data} />;
}

function ScaleFigures({ data }: { data: TDashboardScale }) {
  const { t, lang } = useAnalyticsT();
  const s = useScalesT();
  const scale = data.scale!;
  const levels = data.levels!;
  const decimals = scale.decimals;
  const levelNames = scale.levels.map((l) => pick(lang, l.nameAr, l.nameEn));
  const overall: TRow = { key: "__all", label: t("dashboard.overall"), count: levels.attempts, withheld: levels.overall.length === 0, shares: levels.overall, mean: levels.mean, meanSe: levels.meanSe };
  const rowsOf = (kind: keyof TLevelsByGroup["groups"]): TRow[] =>
    levels.groups[kind].map((g) => ({
      ...g,
      key: g.key ?? "__none",
      label:
        g.key === null
          ? s.t("groups.notRecorded")
          : kind === "gender"
            ? s.t(`groups.genders.${g.key}`)
            : kind === "languageBackground"
              ? s.t(`groups.backgrounds.${g.key}`)
              : kind === "class"
                ? (g.label?.split(" — ").pop() ?? g.key)
                : (g.label ?? g.key),
    }));
  const kinds = [...(data.groupsBy ? [data.groupsBy] : []), ...(data.fairness ? (["gender", "languageBackground"] as const) : [])];
  return (
    <section aria-labelledby="dashboard-scale" className="flex min-w-0 flex-col gap-3" data-testid="dashboard-scale">
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-scale" className="text-lg font-bold">
          {t("dashboard.scale.title")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("dashboard.scale.description", { scale: pick(lang, scale.nameAr, scale.nameEn), minimum: formatNumber(lang, levels.minimum) })}
        </p>
      </div>
      {levels.attempts === 0 ? (
        <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground" data-testid="dashboard-scale-empty">
          {t("dashboard.scale.empty")}
        </p>
      ) : (
        <>
          <Card className="flex min-w-0 flex-col gap-4 p-4 print:break-inside-avoid">
            <p className="text-base font-semibold" data-testid="dashboard-scale-mean">
              {overall.mean === null
                ? t("dashboard.scale.meanWithheld", { minimum: formatNumber(lang, levels.minimum) })
                : t("dashboard.scale.mean", { mean: scoreText(lang, overall.mean, decimals), se: scoreText(lang, overall.meanSe, decimals), count: formatNumber(lang, overall.count) })}
            </p>
            {kinds.map((kind) => (
              <LevelsByGroup key={kind} title={t(`dashboard.scale.by.${kind}`)} rows={[...rowsOf(kind), overall]} levelNames={levelNames} minimum={levels.minimum} decimals={decimals} testId={`dashboard-scale-${kind}`} />
            ))}
            {kinds.length === 0 && <LevelsByGroup title={t("dashboard.scale.by.all")} rows={[overall]} levelNames={levelNames} minimum={levels.minimum} decimals={decimals} testId="dashboard-scale-all" />}
          </Card>
          <Consistency data={levels} levelNames={levelNames} />
        </>
      )}
      <ScaleTrend data={data} />
    </section>
  );
}

function LevelsByGroup({ title, rows, levelNames, minimum, decimals, testId }: { title: string; rows: TRow[]; levelNames: string[]; minimum: number; decimals: number; testId: string }) {
  const { t, lang } = useAnalyticsT();
  const rtl = lang === "ar";
  const printing = usePrinting();
  const shown = rows.filter((r) => !r.withheld);
  const chart = shown.map((r) => ({ name: r.label, ...Object.fromEntries(r.shares.map((x, k) => [`l${k}`, Math.round(x * 1000) / 10])) }));
  const height = Math.max(90, shown.length * 34 + 40);
  return (
    <div className="flex min-w-0 flex-col gap-3 print:break-inside-avoid" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {shown.length > 0 && (
        // The levels' key in the page's own direction, lowest first (Recharts' legend would sort them by name).
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true" data-testid="dashboard-scale-legend">
          {levelNames.map((n, k) => (
            <li key={k} className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm print:[print-color-adjust:exact]" style={{ background: levelColour(k, levelNames.length) }} />
              <bdi>{n}</bdi>
            </li>
          ))}
        </ul>
      )}
      {shown.length > 0 && (
        <div role="img" aria-label={t("dashboard.scale.chartLabel", { title })} className="w-full" style={{ height }} dir="ltr" data-testid="dashboard-scale-chart">
          <ResponsiveContainer width={printing ? PRINT_CHART_WIDTH : "100%"} height={height}>
            <BarChart data={chart} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }}>
              <CartesianGrid horizontal={false} stroke="var(--color-border)" />
              {/* In Arabic the bars grow from the right: the axis is reversed and the names stand on the right. */}
              <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} reversed={rtl} tick={tick} stroke="var(--color-border)" tickFormatter={(v: number) => formatPercent(lang, v, 0)} />
              <YAxis type="category" dataKey="name" orientation={rtl ? "right" : "left"} width={120} tick={tick} stroke="var(--color-border)" interval={0} />
              <Tooltip cursor={{ fill: "var(--color-muted)" }} contentStyle={TOOLTIP} formatter={(v, name) => [formatPercent(lang, Number(v)), String(name)]} />
              {levelNames.map((n, k) => (
                <Bar key={k} dataKey={`l${k}`} name={n} stackId="levels" fill={levelColour(k, levelNames.length)} isAnimationActive={false} barSize={18} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <div className="relative overflow-x-auto print:overflow-visible" role="region" aria-label={title} tabIndex={0}>
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="border-b border-border text-xs text-muted-foreground">
              <th scope="col" className="py-2 pe-3 text-start font-semibold">{t("dashboard.scale.group")}</th>
              <th scope="col" className="px-2 py-2 text-end font-semibold">{t("dashboard.scale.count")}</th>
              <th scope="col" className="px-2 py-2 text-end font-semibold whitespace-nowrap">{t("dashboard.scale.meanColumn")}</th>
              {levelNames.map((n, k) => (
                <th key={k} scope="col" className="px-2 py-2 text-end font-semibold">
                  <bdi>{n}</bdi>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.key === "__all" ? "bg-muted/50 font-semibold" : "border-b border-border/60"} data-testid="dashboard-scale-row">
                <th scope="row" className="min-w-28 py-2 pe-3 text-start font-medium">
                  <bdi>{r.label}</bdi>
                </th>
                <td className="px-2 py-2 text-end">{formatNumber(lang, r.count)}</td>
                {r.withheld ? (
                  <td colSpan={levelNames.length + 1} className="px-2 py-2 text-muted-foreground italic" data-testid="dashboard-scale-withheld">
                    {t("dashboard.scale.withheld", { minimum: formatNumber(lang, minimum) })}
                  </td>
                ) : (
                  <>
                    <td className="px-2 py-2 text-end whitespace-nowrap">
                      <bdi dir="ltr">{scoreText(lang, r.mean, decimals)}</bdi>
                      {r.meanSe !== null && (
                        <span className="text-xs text-muted-foreground">
                          {" "}
                          (<bdi dir="ltr">±{scoreText(lang, r.meanSe, decimals)}</bdi>)
                        </span>
                      )}
                    </td>
                    {r.shares.map((x, k) => (
                      <td key={k} className="px-2 py-2 text-end whitespace-nowrap">
                        <bdi dir="ltr">{formatShare(lang, x)}</bdi>
                      </td>
                    ))}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The classification at each cut, as the scale area's groups tab shows it. */
function Consistency({ data, levelNames }: { data: TLevelsByGroup; levelNames: string[] }) {
  const { lang } = useAnalyticsT();
  const s = useScalesT();
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 print:break-inside-avoid" data-testid="dashboard-scale-consistency">
      <h3 className="font-semibold">{s.t("groups.consistency")}</h3>
      <p className="text-sm text-muted-foreground">{s.t("groups.consistencyHint")}</p>
      <table className="w-full max-w-xl text-sm tabular-nums">
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="p-2 text-start font-semibold">{s.t("groups.cut")}</th>
            <th scope="col" className="p-2 text-end font-semibold">{s.t("groups.accuracy")}</th>
            <th scope="col" className="p-2 text-end font-semibold">{s.t("groups.agreement")}</th>
          </tr>
        </thead>
        <tbody>
          {data.cuts.map((c) => (
            <tr key={c.position} className="border-b border-border/60 last:border-0">
              <th scope="row" className="p-2 text-start font-medium">
                <bdi>{levelNames[c.position]}</bdi> {/* "≥ 450" keeps its direction: in a right-to-left line ≥ would mirror. */}
                <bdi dir="ltr">≥ {formatNumber(lang, c.minScore)}</bdi>
              </th>
              <td className="p-2 text-end">
                <bdi dir="ltr">{formatShare(lang, c.accuracy)}</bdi>
              </td>
              <td className="p-2 text-end">
                <bdi dir="ltr">{formatShare(lang, c.consistency)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.overallAccuracy !== null && <p className="text-sm">{s.t("groups.overallAccuracy", { value: formatShare(lang, data.overallAccuracy) })}</p>}
    </Card>
  );
}

function ScaleTrend({ data }: { data: TDashboardScale }) {
  const { t, lang } = useAnalyticsT();
  const rtl = lang === "ar";
  const printing = usePrinting();
  const decimals = data.scale!.decimals;
  const minimum = data.levels!.minimum;
  const points = data.trend.map((y) => ({ name: yearText(y.year), mean: y.mean, se: y.meanSe === null ? null : [y.meanSe, y.meanSe] }));
  const shown = data.trend.filter((y) => y.mean !== null);
  const low = Math.min(...shown.map((y) => y.mean! - 2 * (y.meanSe ?? 0)));
  const high = Math.max(...shown.map((y) => y.mean! + 2 * (y.meanSe ?? 0)));
  const pad = Math.max(10, (high - low) * 0.2);
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 print:break-inside-avoid" data-testid="dashboard-scale-trend">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t("dashboard.scale.trend.title")}</h3>
        <p className="text-sm text-muted-foreground" data-testid="dashboard-scale-trend-caption">
          {t("dashboard.scale.trend.caption")}
        </p>
      </div>
      {data.trend.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("dashboard.scale.empty")}</p>
      ) : (
        <>
          {shown.length > 0 && (
            <div role="img" aria-label={t("dashboard.scale.trend.chartLabel")} className="h-64 w-full" dir="ltr" data-testid="dashboard-scale-trend-chart">
              <ResponsiveContainer width={printing ? PRINT_CHART_WIDTH : "100%"} height={256}>
                <LineChart data={points} margin={{ top: 8, right: 16, bottom: 4, left: 16 }}>
                  <CartesianGrid vertical={false} stroke="var(--color-border)" />
                  <XAxis dataKey="name" reversed={rtl} tick={tick} stroke="var(--color-border)" interval={0} padding={{ left: 40, right: 40 }} />
                  <YAxis
                    domain={[Math.floor((low - pad) / 10) * 10, Math.ceil((high + pad) / 10) * 10]}
                    orientation={rtl ? "right" : "left"}
                    tick={tick}
                    width={48}
                    stroke="var(--color-border)"
                    tickFormatter={(v: number) => formatNumber(lang, v)}
                  />
                  <Tooltip contentStyle={TOOLTIP} formatter={(v) => [Array.isArray(v) ? "" : scoreText(lang, v === null || v === undefined ? null : Number(v), decimals), t("dashboard.scale.trend.mean")]} />
                  <Line dataKey="mean" name={t("dashboard.scale.trend.mean")} stroke="var(--color-primary)" strokeWidth={3} dot={{ r: 4 }} isAnimationActive={false}>
                    <ErrorBar dataKey="se" width={10} strokeWidth={2} stroke="var(--color-foreground)" direction="y" />
                  </Line>
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          <div className="relative overflow-x-auto print:overflow-visible" role="region" aria-label={t("dashboard.scale.trend.title")} tabIndex={0}>
            <table className="w-full text-sm tabular-nums" data-testid="dashboard-scale-trend-table">
              <thead>
                <tr className="border-b border-border text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">{t("dashboard.scale.trend.year")}</th>
                  <th scope="col" className="px-2 py-2 text-end font-semibold">{t("dashboard.scale.count")}</th>
                  <th scope="col" className="px-2 py-2 text-end font-semibold">{t("dashboard.scale.trend.mean")}</th>
                  <th scope="col" className="px-2 py-2 text-end font-semibold">{t("dashboard.scale.trend.se")}</th>
                </tr>
              </thead>
              <tbody>
                {data.trend.map((y) => (
                  <tr key={y.year} className="border-b border-border/60 last:border-0" data-testid="dashboard-scale-year">
                    <th scope="row" className="py-2 pe-3 text-start font-medium">
                      <bdi dir="ltr">{yearText(y.year)}</bdi>
                    </th>
                    <td className="px-2 py-2 text-end">{formatNumber(lang, y.attempts)}</td>
                    {y.withheld ? (
                      <td colSpan={2} className="px-2 py-2 text-muted-foreground italic">
                        {t("dashboard.scale.withheld", { minimum: formatNumber(lang, minimum) })}
                      </td>
                    ) : (
                      <>
                        <td className="px-2 py-2 text-end">
                          <bdi dir="ltr">{scoreText(lang, y.mean, decimals)}</bdi>
                        </td>
                        <td className="px-2 py-2 text-end">
                          <bdi dir="ltr">{scoreText(lang, y.meanSe, decimals)}</bdi>
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
