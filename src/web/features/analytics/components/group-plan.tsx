// A group development plan on the dashboard (issue 15), for the chosen exam and class (or school): the skills the
// group has not mastered, its students grouped by shared weakness, and each group's plan — read like the
// individual plan (the same view), printed with the page. Generated on demand, again whenever wanted, by anyone
// of the school who may see the class.
import { LoaderCircle, RefreshCw, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import type { TPlanView } from "@shared/schemas/report";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { errorText } from "@web/lib/errors";
import { formatDate } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { PlanView } from "@web/features/reports/components/plan-view";
import { resultPath } from "@web/features/results/lib/paths";
import { useGenerateGroupPlan, useGroupPlan, type TGroupPlan, type TGroupPlanParams } from "../api";
// The heatmap's scale, which keeps its order and contrast in dark mode too (issue 33).
import { cellStyle, HEATMAP_CELL } from "../lib/heatmap-colours";
import { formatNumber, formatPercent, pick, useAnalyticsT } from "../lib/use-analytics-t";


export function GroupPlanSection({ params, scopeLabel }: { params: TGroupPlanParams; scopeLabel: string }) {
  const { t, lang } = useAnalyticsT();
  const query = useGroupPlan(params);
  const generate = useGenerateGroupPlan(params);
  const view = query.data;
  const plan = view?.plan ?? null;
  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => toast({ variant: "success", title: t("dashboard.groupPlan.generated") }),
      onError: (error) => toastError(error),
    });

  return (
    <section aria-labelledby="dashboard-group-plan" className="flex min-w-0 flex-col gap-3 print:break-before-page" data-testid="group-plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="dashboard-group-plan" className="text-lg font-bold">
            {t("dashboard.groupPlan.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("dashboard.groupPlan.description", { scope: scopeLabel })}</p>
        </div>
        {view && !view.cannotGenerate && (
          <Button onClick={onGenerate} disabled={generate.isPending} variant={plan ? "outline" : "default"} className="print:hidden" data-testid="group-plan-generate">
            {generate.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : plan ? <RefreshCw aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
            {generate.isPending ? t("dashboard.groupPlan.generating") : plan ? t("dashboard.groupPlan.regenerate") : t("dashboard.groupPlan.generate")}
          </Button>
        )}
      </div>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState title={t("dashboard.groupPlan.loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {view?.cannotGenerate && (
            <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="group-plan-cannot">
              {errorText(view.cannotGenerate, lang).message}
            </p>
          )}
          {plan ? (
            <PlanBody plan={plan} />
          ) : (
            !view?.cannotGenerate && (
              <p className="rounded-xl border border-dashed border-border bg-card px-4 py-6 text-center text-sm text-muted-foreground" data-testid="group-plan-empty">
                {t("dashboard.groupPlan.empty")}
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}

function PlanBody({ plan }: { plan: TGroupPlan }) {
  const { t, lang } = useAnalyticsT();
  const notMastered = plan.skills.filter((s) => s.level !== "mastered");
  const skillName = (id: string) => {
    const s = plan.skills.find((x) => x.skillId === id);
    return s ? pick(lang, s.nameAr, s.nameEn) : id;
  };
  const list = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(lang === "ar" ? "، " : ", ")}${lang === "ar" ? " و" : " and "}${names.at(-1)}`);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-xs text-muted-foreground" data-testid="group-plan-meta">
        {t("dashboard.groupPlan.meta", {
          count: plan.students,
          students: formatNumber(lang, plan.students),
          by: plan.generatedBy ? `\u2068${plan.generatedBy.name}\u2069` : t("dashboard.groupPlan.someone"),
          date: formatDate(lang, plan.generatedAt),
        })}
      </p>
      <Card className="flex flex-col gap-2 p-4 print:break-inside-avoid">
        <h3 className="text-sm font-semibold">{t("dashboard.groupPlan.notMastered")}</h3>
        {notMastered.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dashboard.groupPlan.allMastered")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="group-plan-skills">
            {notMastered.map((s) => (
              <li key={s.skillId} className={cn("rounded-lg px-2.5 py-1 text-sm print:[print-color-adjust:exact]", HEATMAP_CELL)} style={cellStyle(s.level)}>
                <bdi>{pick(lang, s.nameAr, s.nameEn)}</bdi> · <bdi dir="ltr">{formatPercent(lang, s.percent)}</bdi>
                <span className="sr-only"> {t(`dashboard.level.${s.level}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ol className="flex flex-col gap-4">
        {plan.groups.map((g, i) => {
          const title = g.skillIds.length
            ? t("dashboard.groupPlan.group", { count: g.students.length, students: formatNumber(lang, g.students.length), skills: list(g.skillIds.map(skillName)) })
            : t("dashboard.groupPlan.groupMastered", { count: g.students.length, students: formatNumber(lang, g.students.length) });
          const asPlanView: TPlanView = {
            id: `${plan.id}-${i}`,
            attemptId: "",
            content: g.plan,
            generatedByAi: g.generator === "llm",
            // A group plan has no versions (yet): it is shown as it is.
            version: 1,
            stale: false,
            generator: g.generator,
            model: g.model,
            fallbackReason: g.fallbackReason,
            generatedBy: plan.generatedBy,
            createdAt: plan.generatedAt,
          };
          return (
            <li key={g.skillIds.join("+") || "mastered"}>
              <Card className="flex flex-col gap-4 p-4" data-testid="group-plan-group">
                <h3 className="flex items-center gap-2 text-base font-bold" data-testid="group-plan-title">
                  <Users aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  {title}
                </h3>
                <details className="group text-sm" open={g.students.length <= 6}>
                  <summary className="cursor-pointer text-link print:hidden">{t("dashboard.groupPlan.members")}</summary>
                  <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" data-testid="group-plan-members">
                    {g.students.map((s) => (
                      <li key={s.id}>
                        <Link to={resultPath(s.attemptId)} className="underline-offset-4 hover:underline">
                          <bdi>{s.name}</bdi>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
                <PlanView plan={asPlanView} />
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
