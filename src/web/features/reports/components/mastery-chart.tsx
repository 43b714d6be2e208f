// Mastery per skill: a bar per skill (the 80% mastery line marked) and, beside it, the same figures as a table —
// the chart is for the eye (aria-hidden), the table for screen readers and for print.
import type { TAnalysis } from "@shared/schemas/report";
import { LEVEL_LABELS, MASTERED_PERCENT } from "@shared/schemas/report";
import { cn } from "@web/lib/utils";
import { percentOf } from "@shared/format";
import { formatNumber, formatPercent, formatScore, pick, useReportsT } from "../lib/use-reports-t";

const LEVEL_COLOUR = {
  mastered: "bg-success-border",
  developing: "bg-gold",
  not_yet: "bg-destructive-text",
} as const;

export function MasteryChart({ analysis }: { analysis: TAnalysis }) {
  const { t, lang } = useReportsT();
  const rows = analysis.skills;
  const untagged = analysis.untagged.possible > 0 ? analysis.untagged : null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] print:grid-cols-[3fr_2fr]" data-testid="mastery">
      <div aria-hidden="true" className="flex flex-col gap-3" data-testid="mastery-chart" title={t("report.masteryChart")}>
        {rows.map((s) => (
          <div key={s.skillId} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{pick(lang, s.nameAr, s.nameEn)}</span>
              <span className="text-muted-foreground tabular-nums">{formatPercent(lang, s.percent)}</span>
            </div>
            <div className="relative h-3 overflow-hidden rounded-full bg-muted print:border print:border-border">
              <div className={cn("h-full rounded-full print:[print-color-adjust:exact]", LEVEL_COLOUR[s.level])} style={{ width: `${Math.max(2, Math.min(100, s.percent))}%` }} />
              <div className="absolute inset-y-0 w-0.5 bg-foreground/60" style={{ insetInlineStart: `${MASTERED_PERCENT}%` }} />
            </div>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">{t("report.masteredAt", { percent: formatNumber(lang, MASTERED_PERCENT) })}</p>
      </div>
      <table className="w-full text-sm" data-testid="mastery-table">
        <caption className="pb-2 text-start text-xs text-muted-foreground">{t("report.masteryCaption")}</caption>
        <thead>
          <tr className="border-b border-border text-start text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 text-start font-medium">
              {t("report.skill")}
            </th>
            <th scope="col" className="py-1.5 text-end font-medium">
              {t("report.points")}
            </th>
            <th scope="col" className="py-1.5 text-end font-medium">
              {t("report.percent")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.skillId} className="border-b border-border/60">
              <th scope="row" className="py-1.5 text-start font-medium">
                {pick(lang, s.nameAr, s.nameEn)}
                <span className="block text-xs font-normal text-muted-foreground">{pick(lang, LEVEL_LABELS[s.level].ar, LEVEL_LABELS[s.level].en)}</span>
              </th>
              <td className="py-1.5 text-end tabular-nums">
                <bdi>
                  {formatScore(lang, s.earned, s.possible)}
                </bdi>
              </td>
              <td className="py-1.5 text-end tabular-nums">{formatPercent(lang, s.percent)}</td>
            </tr>
          ))}
          {untagged && (
            <tr className="text-muted-foreground">
              <th scope="row" className="py-1.5 text-start font-normal">
                {t("report.untagged")}
              </th>
              <td className="py-1.5 text-end tabular-nums">
                <bdi>
                  {formatScore(lang, untagged.earned, untagged.possible)}
                </bdi>
              </td>
              <td className="py-1.5 text-end tabular-nums">{formatPercent(lang, percentOf(untagged.earned, untagged.possible))}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
