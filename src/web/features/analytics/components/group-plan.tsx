// A group development plan on the dashboard (issue 15), for the chosen exam and class (or school): the skills the
// group has not mastered, its students grouped by shared weakness, and each group's plan — read like the
// individual plan (the same view), printed with the page. Generated on demand by anyone of the school who may see
// the class; like a report (decision 0032), a plan whose figures have changed since is marked out of date and may
// be generated again as a new version, the earlier ones still readable.
import { History, LoaderCircle, RefreshCw, Sparkles, TriangleAlert, Users } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { TPlanView } from "@shared/schemas/report";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { fieldClasses } from "@web/components/ui/input";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { errorText } from "@web/lib/errors";
import { formatDate } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { PlanView } from "@web/features/reports/components/plan-view";
import { resultPath } from "@web/features/results/lib/paths";
import { useGenerateGroupPlan, useGroupPlan, type TGroupPlan, type TGroupPlanParams, type TGroupPlanView } from "../api";
// The heatmap's scale, which keeps its order and contrast in dark mode too (issue 33).
import { cellStyle, HEATMAP_CELL } from "../lib/heatmap-colours";
import { formatNumber, formatPercent, pick, useAnalyticsT } from "../lib/use-analytics-t";

/** The server's word that the latest version quotes today's figures: nothing to generate, and nothing to explain. */
const UP_TO_DATE = "GROUP_PLAN_UP_TO_DATE";

export function GroupPlanSection({ params, scopeLabel }: { params: TGroupPlanParams; scopeLabel: string }) {
  const { t, lang } = useAnalyticsT();
  // An earlier version picked from the list, for this scope only (another class starts from its latest).
  const scopeKey = JSON.stringify(params);
  const [chosen, setChosen] = useState<{ scope: string; version: number } | null>(null);
  const version = chosen?.scope === scopeKey ? chosen.version : undefined;
  const query = useGroupPlan(params, version);
  const generate = useGenerateGroupPlan(params);
  const view = query.data;
  const plan = view?.plan ?? null;
  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => {
        setChosen(null);
        toast({ variant: "success", title: t("dashboard.groupPlan.generated") });
      },
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
          {view?.cannotGenerate && view.cannotGenerate !== UP_TO_DATE && (
            <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="group-plan-cannot">
              {errorText(view.cannotGenerate, lang).message}
            </p>
          )}
          {plan && view ? (
            <>
              <Versions view={view} plan={plan} onPick={(v) => setChosen(v === null ? null : { scope: scopeKey, version: v })} />
              <PlanBody plan={plan} />
            </>
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

/** The list of versions (when there is more than one), and what the version shown is: earlier, or out of date. */
function Versions({ view, plan, onPick }: { view: TGroupPlanView; plan: TGroupPlan; onPick: (version: number | null) => void }) {
  const { t, lang } = useAnalyticsT();
  const pickerId = useId();
  const latest = view.versions[0]?.version ?? plan.version;
  return (
    <>
      {view.versions.length > 1 && (
        <div className="flex flex-wrap items-center gap-2 text-sm print:hidden">
          <label htmlFor={pickerId} className="flex items-center gap-1.5 text-muted-foreground">
            <History aria-hidden="true" className="size-4" />
            {t("dashboard.groupPlan.version")}
          </label>
          <select
            id={pickerId}
            className={cn(fieldClasses, "h-10 w-full py-1 sm:w-auto sm:min-w-72")}
            value={plan.version}
            onChange={(e) => onPick(Number(e.target.value) === latest ? null : Number(e.target.value))}
            data-testid="group-plan-version-picker"
          >
            {view.versions.map((v) => (
              <option key={v.version} value={v.version}>
                {t(v.version === latest ? "dashboard.groupPlan.versionLatest" : "dashboard.groupPlan.versionOption", { version: formatNumber(lang, v.version), date: formatDate(lang, v.generatedAt) })}
              </option>
            ))}
          </select>
        </div>
      )}
      {plan.version !== latest && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-muted p-3 text-sm" role="status" data-testid="group-plan-earlier">
          <span>{t("dashboard.groupPlan.earlier", { version: formatNumber(lang, plan.version), latest: formatNumber(lang, latest) })}</span>
          <Button variant="outline" size="sm" onClick={() => onPick(null)} className="print:hidden">
            {t("dashboard.groupPlan.showLatest")}
          </Button>
        </div>
      )}
      {plan.stale && (
        <p className="flex items-start gap-2 rounded-xl border border-gold/50 bg-muted p-3 text-sm" data-testid="group-plan-stale">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          <span>{t("dashboard.groupPlan.stale")}</span>
        </p>
      )}
    </>
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
            // Its version and staleness are the group plan's, said once above its groups.
            version: plan.version,
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
