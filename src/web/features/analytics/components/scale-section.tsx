// The dashboard on the reporting scale (issue 35, decision 0053): for the chosen subject and grade, the share of
// students at each proficiency level — everyone, the dashboard's groups (schools or classes), genders and language
// backgrounds — as bars stacked from the start side, the consistency of the classification at each cut, and the
// mean scale score school year by school year. A group under the minimum is named with its count, its shares
// withheld. Level names and groups come from the server; colours follow the levels' order.
import { Ruler } from "lucide-react";
import type { TDashboard, TDashboardGroup } from "@shared/schemas/dashboard";
import type { TDashboardScale } from "@shared/schemas/scale";
import { Card } from "@web/components/ui/card";
import { formatNumber, formatShare, pick, useAnalyticsT } from "../lib/use-analytics-t";

/** One colour per level position, lowest first: warm to cool, each distinct in light and dark. */
const LEVEL_COLOURS = ["bg-rose-500", "bg-amber-400", "bg-teal-500", "bg-sky-600", "bg-indigo-500", "bg-violet-500", "bg-fuchsia-500", "bg-lime-500", "bg-cyan-500", "bg-stone-500"];

type TRow = { key: string; label: string; count: number; withheld: boolean; shares: number[]; meanScore?: number | null };

function StackedBar({ shares, names, label }: { shares: readonly number[]; names: readonly string[]; label: string }) {
  const { lang } = useAnalyticsT();
  const described = shares.map((s, k) => `${names[k]} ${formatShare(lang, s)}`).join(lang === "ar" ? "، " : ", ");
  return (
    <div role="img" aria-label={`${label}: ${described}`} className="flex h-5 w-full min-w-24 overflow-hidden rounded-md bg-muted print:border print:border-black" data-testid="scale-bar">
      {shares.map((s, k) =>
        s > 0 ? <span key={k} className={`${LEVEL_COLOURS[k % LEVEL_COLOURS.length]} h-full print:border-e print:border-black`} style={{ width: `${s * 100}%` }} title={`${names[k]}: ${formatShare(lang, s)}`} /> : null,
      )}
    </div>
  );
}

function RowsTable({ caption, rows, names, minimum, testId }: { caption: string; rows: TRow[]; names: string[]; minimum: number; testId: string }) {
  const { t, lang } = useAnalyticsT();
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums" data-testid={testId}>
        <caption className="mb-2 text-start font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="p-2 text-start font-medium">{t("dashboard.scale.group")}</th>
            <th scope="col" className="p-2 text-end font-medium">{t("dashboard.scale.students")}</th>
            <th scope="col" className="p-2 text-end font-medium">{t("dashboard.scale.mean")}</th>
            <th scope="col" className="w-1/2 p-2 text-start font-medium">{t("dashboard.scale.levels")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border/60 last:border-0" data-testid="scale-row">
              <th scope="row" className="p-2 text-start font-medium">
                <bdi>{r.label}</bdi>
              </th>
              <td className="p-2 text-end">{formatNumber(lang, r.count)}</td>
              <td className="p-2 text-end">{r.withheld || r.meanScore === null || r.meanScore === undefined ? "—" : formatNumber(lang, Math.round(r.meanScore))}</td>
              <td className="p-2">
                {r.withheld ? (
                  <span className="text-muted-foreground italic">{t("dashboard.scale.withheld", { minimum: formatNumber(lang, minimum) })}</span>
                ) : (
                  <StackedBar shares={r.shares} names={names} label={r.label} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ScaleSection({ data, scale, nameOf }: { data: TDashboard; scale: TDashboardScale; nameOf: (g: TDashboardGroup) => string }) {
  const { t, lang } = useAnalyticsT();
  const names = scale.levels.map((l) => pick(lang, l.nameAr, l.nameEn));
  const groupName = (key: string | null) => {
    const g = data.groups.find((x) => x.key === key);
    return g ? nameOf(g) : (key ?? t("dashboard.scale.notRecorded"));
  };
  const label = (kind: "gender" | "languageBackground", key: string | null) => (key === null ? t("dashboard.scale.notRecorded") : t(`dashboard.scale.${kind}.${key}`, { defaultValue: key }));
  const rows = (kind: "groups" | "gender" | "languageBackground"): TRow[] =>
    scale[kind].map((g) => ({ key: g.key ?? "__none", label: kind === "groups" ? groupName(g.key) : label(kind, g.key), count: g.count, withheld: g.withheld, shares: g.shares, meanScore: g.meanScore }));
  const everyone: TRow = { key: "__all", label: t("dashboard.scale.everyone"), count: scale.attempts, withheld: scale.overall.length === 0, shares: scale.overall, meanScore: scale.meanScore };
  const yearLabel = (year: number) => `${year}–${String((year + 1) % 100).padStart(2, "0")}`;

  return (
    <section aria-labelledby="dashboard-scale" className="flex min-w-0 flex-col gap-3 break-inside-avoid" data-testid="dashboard-scale">
      <div className="flex items-center gap-2">
        <Ruler aria-hidden="true" className="size-5 text-primary" />
        <h2 id="dashboard-scale" className="text-lg font-bold">
          {t("dashboard.scale.title")}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("dashboard.scale.description", { scale: pick(lang, scale.nameAr, scale.nameEn), minimum: formatNumber(lang, scale.minimum) })}
      </p>
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={t("dashboard.scale.legend")} data-testid="scale-legend">
          {scale.levels.map((l, k) => (
            <li key={l.position} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-3 rounded-sm ${LEVEL_COLOURS[k % LEVEL_COLOURS.length]}`} />
              <bdi>{names[k]}</bdi>
              {l.minScore !== null && (
                <bdi dir="ltr" className="text-muted-foreground tabular-nums">
                  ≥ {formatNumber(lang, l.minScore)}
                </bdi>
              )}
            </li>
          ))}
        </ul>
        <RowsTable caption={t(`dashboard.scale.by_${data.level}`)} rows={[everyone, ...(data.level === "student" ? [] : rows("groups"))]} names={names} minimum={scale.minimum} testId="scale-groups" />
        <RowsTable caption={t("dashboard.scale.byGender")} rows={rows("gender")} names={names} minimum={scale.minimum} testId="scale-gender" />
        <RowsTable caption={t("dashboard.scale.byLanguage")} rows={rows("languageBackground")} names={names} minimum={scale.minimum} testId="scale-language" />
        {scale.cuts.length > 0 && (
          <div className="flex flex-col gap-1 text-sm" data-testid="scale-cuts">
            <p className="font-semibold">{t("dashboard.scale.consistency")}</p>
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground">
              {scale.cuts.map((c) => (
                <li key={c.position}>
                  <bdi>{names[scale.levels.findIndex((l) => l.position === c.position)]}</bdi>:{" "}
                  {c.consistency === null ? "—" : t("dashboard.scale.agreement", { value: formatShare(lang, c.consistency) })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      {scale.years.length > 0 && (
        <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="scale-years">
          <p className="font-semibold">{t("dashboard.scale.yearsTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("dashboard.scale.yearsCaption")}</p>
          <table className="w-full max-w-2xl text-sm tabular-nums">
            <thead>
              <tr className="border-b border-border text-muted-foreground">
                <th scope="col" className="p-2 text-start font-medium">{t("dashboard.scale.year")}</th>
                <th scope="col" className="p-2 text-end font-medium">{t("dashboard.scale.students")}</th>
                <th scope="col" className="p-2 text-end font-medium">{t("dashboard.scale.mean")}</th>
              </tr>
            </thead>
            <tbody>
              {scale.years.map((y) => (
                <tr key={y.year} className="border-b border-border/60 last:border-0" data-testid="scale-year">
                  <th scope="row" className="p-2 text-start font-medium">
                    <bdi dir="ltr">{yearLabel(y.year)}</bdi>
                  </th>
                  <td className="p-2 text-end">{formatNumber(lang, y.attempts)}</td>
                  <td className="p-2 text-end">
                    {y.withheld || y.meanScore === null ? (
                      <span className="text-muted-foreground italic">{t("dashboard.scale.withheldShort")}</span>
                    ) : (
                      <span className="inline-flex gap-[0.3em]" dir="ltr">
                        <span>{formatNumber(lang, Math.round(y.meanScore))}</span>
                        {y.se !== null && <span className="text-muted-foreground">± {formatNumber(lang, Math.round(y.se * 10) / 10)}</span>}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
