// Fairness (DIF) in item analysis (issue 35; docs/decisions/0046): a grouping picker, the questions flagged B or C
// first (the rest behind a disclosure), and the groups too small to test, named with their sizes. The smallest
// group tested comes from the address (?difMin=N, 20–10,000), so a small pilot can be looked at on purpose.
import { useQuery, keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { DIF_GROUPINGS, DIF_MIN_GROUP, type TDifGroup, type TDifGrouping, type TDifItem, type TDifReport } from "@shared/schemas/fairness";
import { Button } from "@web/components/ui/button";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { api } from "@web/lib/api";
import { useSession } from "@web/lib/session";
import { cn } from "@web/lib/utils";
import { formatCoefficient, formatNumber, pick, useAnalyticsT } from "../lib/use-analytics-t";

/** The flagged comparisons first; every one only when asked (by school at a ministry's year: 32,000 rows, 6.5 MB). */
function useDif(examId: string, grouping: TDifGrouping, minGroupSize: number, showAll: boolean) {
  const show = showAll ? "all" : "flagged";
  return useQuery({
    queryKey: ["analytics", "dif", examId, grouping, minGroupSize, show] as const,
    queryFn: ({ signal }) =>
      api<TDifReport>(`/api/analytics/exams/${encodeURIComponent(examId)}/dif?grouping=${grouping}&minGroupSize=${minGroupSize}&show=${show}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function minimumFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= DIF_MIN_GROUP.min && n <= DIF_MIN_GROUP.max ? n : DIF_MIN_GROUP.default;
}

export function FairnessSection({ examId }: { examId: string }) {
  const { t, lang } = useAnalyticsT();
  const { user } = useSession();
  const [params] = useSearchParams();
  const minGroupSize = minimumFrom(params.get("difMin"));
  // Schools are compared only by someone who sees every school (the server refuses anyone else).
  const groupings = DIF_GROUPINGS.filter((g) => g !== "school" || user?.role === "super_admin");
  const [grouping, setGrouping] = useState<TDifGrouping>("gender");
  const [showAll, setShowAll] = useState(false);
  const query = useDif(examId, grouping, minGroupSize, showAll);

  return (
    <section aria-labelledby="ia-fairness" className="flex flex-col gap-3" data-testid="fairness-section">
      <div className="flex flex-col gap-1">
        <h2 id="ia-fairness" className="text-lg font-bold">
          {t("fairness.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("fairness.intro", { min: formatNumber(lang, minGroupSize) })}</p>
      </div>
      <div role="group" aria-label={t("fairness.groupingLabel")} className="flex flex-wrap gap-2 print:hidden" data-testid="fairness-groupings">
        {groupings.map((g) => (
          <Button key={g} size="sm" variant={grouping === g ? "default" : "outline"} aria-pressed={grouping === g} onClick={() => setGrouping(g)} data-testid={`fairness-grouping-${g}`}>
            {t(`fairness.groupings.${g}`)}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <LoadingState testId="fairness-loading" />
      ) : query.isError ? (
        <ErrorState title={t("fairness.error")} error={query.error} onRetry={() => void query.refetch()} testId="fairness-error" />
      ) : (
        <DifView report={query.data} showAll={showAll} loadingAll={showAll && query.isPlaceholderData} onShowAll={setShowAll} />
      )}
    </section>
  );
}

function useGroupName() {
  const { t, lang } = useAnalyticsT();
  return (g: TDifGroup, grouping: TDifGrouping) =>
    grouping === "school" ? pick(lang, g.nameAr ?? g.group, g.nameEn ?? g.group) : t(`fairness.groups.${grouping}.${g.group}`, { defaultValue: g.group });
}

function DifView({ report, showAll, loadingAll, onShowAll }: { report: TDifReport; showAll: boolean; loadingAll: boolean; onShowAll: (all: boolean) => void }) {
  const { t, lang } = useAnalyticsT();
  const name = useGroupName();
  const flagged = report.items.filter((i) => i.etsClass !== "A");
  const shown = showAll ? report.items : flagged;
  const reference = report.reference;

  return (
    <div className="flex flex-col gap-3">
      {reference && (report.tested.length > 0 || report.withheld.length > 0) ? (
        <p className="text-sm" data-testid="fairness-reference">
          {t("fairness.reference", { group: name(reference, report.grouping), students: t("fairness.students", { count: reference.n, n: formatNumber(lang, reference.n) }) })}
        </p>
      ) : (
        <p className="rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm text-muted-foreground" data-testid="fairness-no-groups">
          {t("fairness.noGroups")}
        </p>
      )}
      {report.withheld.length > 0 && (
        <div className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="fairness-withheld">
          <p className="font-medium">{t("fairness.withheld", { min: formatNumber(lang, report.minGroupSize) })}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {report.withheld.map((g) => (
              <li key={g.group}>
                <bdi>{name(g, report.grouping)}</bdi>: {t("fairness.students", { count: g.n, n: formatNumber(lang, g.n) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.tested.length > 0 && (
        <>
          <p className={cn("text-sm", flagged.length ? "font-medium" : "text-muted-foreground")} data-testid="fairness-flagged">
            {flagged.length ? t("fairness.flagged", { count: flagged.length, n: formatNumber(lang, flagged.length) }) : t("fairness.noneFlagged")}
          </p>
          {shown.length > 0 && <DifTable report={report} items={shown} />}
          {report.comparisons > flagged.length && (
            <Button
              variant="outline"
              size="sm"
              className="self-start print:hidden"
              aria-expanded={showAll}
              aria-busy={loadingAll}
              disabled={loadingAll}
              onClick={() => onShowAll(!showAll)}
              data-testid="fairness-show-all"
            >
              {showAll ? t("fairness.showFlagged") : t("fairness.showAll", { n: formatNumber(lang, report.comparisons) })}
            </Button>
          )}
        </>
      )}
      {report.nExcluded > 0 && <p className="text-xs text-muted-foreground">{t("fairness.excluded", { n: formatNumber(lang, report.nExcluded) })}</p>}
      <p className="text-xs leading-relaxed text-muted-foreground">{t("fairness.explain")}</p>
    </div>
  );
}

const CLASS_STYLE = { A: "bg-muted text-muted-foreground", B: "bg-gold/15 text-foreground", C: "bg-destructive/15 text-destructive-text" } as const;

function DifTable({ report, items }: { report: TDifReport; items: TDifItem[] }) {
  const { t, lang } = useAnalyticsT();
  const name = useGroupName();
  const groupOf = new Map(report.tested.map((g) => [g.group, g]));
  const words = (item: TDifItem) => {
    const focal = groupOf.get(item.focal);
    const focalName = focal ? name(focal, report.grouping) : item.focal;
    const referenceName = report.reference ? name(report.reference, report.grouping) : "";
    if (item.favours === "neither") return t("fairness.favoursNeither");
    return t("fairness.favours", { group: item.favours === "focal" ? focalName : referenceName, other: item.favours === "focal" ? referenceName : focalName });
  };
  return (
    <div role="region" aria-label={t("fairness.tableLabel")} tabIndex={0} className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full min-w-[40rem] text-sm" data-testid="fairness-table">
        <thead className="bg-muted/50 text-start text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">{t("fairness.columns.question")}</th>
            <th scope="col" className="px-3 py-2 text-start font-medium">{t("fairness.columns.class")}</th>
            <th scope="col" className="px-3 py-2 text-start font-medium">{t("fairness.columns.dDif")}</th>
            <th scope="col" className="px-3 py-2 text-start font-medium">{t("fairness.columns.se")}</th>
            <th scope="col" className="px-3 py-2 text-start font-medium">{t("fairness.columns.meaning")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.questionId}:${item.focal}`} className="border-t border-border" data-testid="fairness-row">
              <td className="px-3 py-2 font-medium tabular-nums">{t("fairness.question", { n: formatNumber(lang, item.number) })}</td>
              <td className="px-3 py-2">
                <span className={cn("inline-flex rounded-md px-2 py-0.5 text-xs font-semibold", CLASS_STYLE[item.etsClass])} title={t(`fairness.classes.${item.etsClass}`)}>
                  {t("fairness.classBadge", { c: item.etsClass })}
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums" dir="ltr">{formatCoefficient(lang, item.dDif)}</td>
              <td className="px-3 py-2 tabular-nums" dir="ltr">{formatCoefficient(lang, item.se)}</td>
              <td className="px-3 py-2">{words(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
