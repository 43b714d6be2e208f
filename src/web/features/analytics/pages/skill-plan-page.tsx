// /analytics/skills/:skillId?school=&grade=&class= (issue 33): a group's plan for one skill across every exam that
// measures it, opened from a weak cell of the dashboard's heatmap — the exams with the group's mastery in each, each
// student's mastery over the exams they sat (weakest first), and the plan for those who have not mastered it, read
// like the individual plan.
import { ArrowLeft, Printer, Target } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { GRADES } from "@shared/limits";
import type { TMasteryLevel, TPlanView } from "@shared/schemas/report";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDate, gradeClassLabel } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { PlanView } from "@web/features/reports/components/plan-view";
import { useSkillPlan, type TSkillPlan, type TSkillPlanScope } from "../api";
import { cellStyle, HEATMAP_CELL } from "../lib/heatmap-colours";
import { formatNumber, formatPercent, pick, useAnalyticsT } from "../lib/use-analytics-t";

export function SkillPlanPage() {
  const { skillId = "" } = useParams();
  const [params] = useSearchParams();
  const grade = Number(params.get("grade"));
  const scope: TSkillPlanScope = {
    schoolId: params.get("school") || undefined,
    grade: GRADES.includes(grade) ? grade : undefined,
    className: GRADES.includes(grade) ? params.get("class") || undefined : undefined,
  };
  return (
    <PageFrame>
      <SkillPlan skillId={skillId} scope={scope} />
    </PageFrame>
  );
}

export default SkillPlanPage;

/** The dashboard at the same group, to go back to. */
function backPath(scope: TSkillPlanScope): string {
  const q = new URLSearchParams();
  if (scope.schoolId) q.set("school", scope.schoolId);
  if (scope.grade !== undefined) q.set("grade", String(scope.grade));
  if (scope.className) q.set("class", scope.className);
  const s = q.toString();
  return `/dashboard/analytics${s ? `?${s}` : ""}`;
}

function SkillPlan({ skillId, scope }: { skillId: string; scope: TSkillPlanScope }) {
  const { t } = useAnalyticsT();
  const query = useSkillPlan(skillId, scope);
  const back = (
    <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit print:hidden">
      <Link to={backPath(scope)}>
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t("dashboard.skillPlan.back")}
      </Link>
    </Button>
  );
  if (query.data) return <SkillPlanView data={query.data} back={back} />;
  if (query.isError)
    return (
      <>
        {back}
        <ErrorState title={t("dashboard.skillPlan.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="skill-plan-error" />
      </>
    );
  return <LoadingState testId="skill-plan-loading" />;
}

function Share({ percent, level }: { percent: number; level: TMasteryLevel }) {
  const { t, lang } = useAnalyticsT();
  return (
    <span className={cn("inline-block min-w-16 rounded-md px-2 py-0.5 text-center font-semibold tabular-nums", HEATMAP_CELL)} style={cellStyle(level)} data-level={level}>
      <bdi dir="ltr">{formatPercent(lang, percent)}</bdi>
      <span className="sr-only"> {t(`dashboard.level.${level}`)}</span>
    </span>
  );
}

function SkillPlanView({ data, back }: { data: TSkillPlan; back: React.ReactNode }) {
  const { t, lang } = useAnalyticsT();
  const skill = pick(lang, data.skill.nameAr, data.skill.nameEn);
  useDocumentTitle(t("dashboard.skillPlan.title", { skill }));
  const schoolName = pick(lang, data.schoolNameAr, data.schoolNameEn);
  const scopeLabel = data.grade !== null ? `${schoolName} · ${gradeClassLabel(t, data.grade, data.className)}` : schoolName;
  const needing = data.students.filter((s) => s.level !== "mastered").length;
  const asPlanView: TPlanView | null = data.plan && {
    id: `skill-${data.skill.id}`,
    attemptId: "",
    content: data.plan,
    generatedByAi: false,
    // A skill plan is written afresh on each view: it has no versions and cannot be out of date.
    version: 1,
    stale: false,
    generator: "rules",
    model: null,
    fallbackReason: null,
    generatedBy: null,
    createdAt: new Date().toISOString(),
  };

  return (
    <article className="flex min-w-0 flex-col gap-6" data-testid="skill-plan">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t("dashboard.skillPlan.print")}
        </Button>
      </div>
      <header className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary print:hidden">
          <Target aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-xl font-bold" data-testid="skill-plan-title">
            {t("dashboard.skillPlan.title", { skill })}
          </h1>
          <p className="text-sm text-muted-foreground">{t("dashboard.skillPlan.description", { scope: scopeLabel })}</p>
        </div>
      </header>
      {data.withheldExams > 0 && (
        <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid="skill-plan-withheld">
          {t("dashboard.heatmap.withheld", { count: data.withheldExams })}
        </p>
      )}
      {data.exams.length === 0 || !data.overall ? (
        <EmptyState icon={Target}>{t("dashboard.skillPlan.empty")}</EmptyState>
      ) : (
        <>
          <section aria-labelledby="skill-plan-exams" className="flex min-w-0 flex-col gap-3">
            <h2 id="skill-plan-exams" className="text-lg font-bold">
              {t("dashboard.skillPlan.exams")}
            </h2>
            <Card className="min-w-0 p-4">
              <div className="overflow-x-auto" role="region" aria-labelledby="skill-plan-exams" tabIndex={0}>
                <table className="w-full text-sm" data-testid="skill-plan-exams">
                  <thead>
                    <tr className="border-b border-border text-xs text-muted-foreground">
                      <th scope="col" className="py-2 pe-3 text-start font-semibold">
                        {t("dashboard.skillPlan.exam")}
                      </th>
                      <th scope="col" className="hidden px-2 py-2 text-start font-semibold whitespace-nowrap sm:table-cell">
                        {t("dashboard.skillPlan.date")}
                      </th>
                      <th scope="col" className="px-2 py-2 text-end font-semibold whitespace-nowrap">
                        {t("dashboard.skillPlan.studentsColumn")}
                      </th>
                      <th scope="col" className="ps-2 py-2 text-end font-semibold whitespace-nowrap">
                        {t("dashboard.skillPlan.mastery")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.exams.map((e) => (
                      <tr key={e.id} className="border-b border-border/60">
                        <th scope="row" className="py-2 pe-3 text-start font-medium">
                          <bdi>{pick(lang, e.titleAr, e.titleEn)}</bdi>
                        </th>
                        <td className="hidden px-2 py-2 whitespace-nowrap tabular-nums sm:table-cell">
                          <time dateTime={e.at}>{formatDate(lang, e.at)}</time>
                        </td>
                        <td className="px-2 py-2 text-end tabular-nums">{formatNumber(lang, e.students)}</td>
                        <td className="ps-2 py-2 text-end">
                          <Share percent={e.percent} level={e.level} />
                        </td>
                      </tr>
                    ))}
                    <tr className="bg-muted/50 font-semibold">
                      <th scope="row" className="py-2 pe-3 text-start">
                        {t("dashboard.skillPlan.overall")}
                      </th>
                      <td className="hidden sm:table-cell" />
                      <td className="px-2 py-2 text-end tabular-nums">{formatNumber(lang, data.overall.students)}</td>
                      <td className="ps-2 py-2 text-end">
                        <Share percent={data.overall.percent} level={data.overall.level} />
                      </td>
                    </tr>
                  </tbody>
                </table>
              </div>
            </Card>
          </section>

          <section aria-labelledby="skill-plan-plan" className="flex min-w-0 flex-col gap-3">
            <h2 id="skill-plan-plan" className="text-lg font-bold">
              {t("dashboard.skillPlan.plan")}
            </h2>
            {asPlanView ? (
              <Card className="flex flex-col gap-3 p-4" data-testid="skill-plan-plan">
                <p className="text-sm text-muted-foreground">{t("dashboard.skillPlan.planFor", { count: needing, students: formatNumber(lang, needing) })}</p>
                <PlanView plan={asPlanView} />
              </Card>
            ) : (
              <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm" data-testid="skill-plan-mastered">
                {t("dashboard.skillPlan.allMastered")}
              </p>
            )}
          </section>

          <section aria-labelledby="skill-plan-students" className="flex min-w-0 flex-col gap-3">
            <h2 id="skill-plan-students" className="text-lg font-bold">
              {t("dashboard.skillPlan.students")}
            </h2>
            <Card className="min-w-0 p-4">
              <table className="w-full text-sm" data-testid="skill-plan-students">
                <thead>
                  <tr className="border-b border-border text-xs text-muted-foreground">
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t("dashboard.skillPlan.student")}
                    </th>
                    <th scope="col" className="px-2 py-2 text-end font-semibold whitespace-nowrap">
                      {t("dashboard.skillPlan.examsColumn")}
                    </th>
                    <th scope="col" className="ps-2 py-2 text-end font-semibold whitespace-nowrap">
                      {t("dashboard.skillPlan.mastery")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.students.map((s) => (
                    <tr key={s.id} className="border-b border-border/60 last:border-0" data-testid="skill-plan-student">
                      <th scope="row" className="py-2 pe-3 text-start font-medium">
                        <bdi>{s.name}</bdi>
                      </th>
                      <td className="px-2 py-2 text-end tabular-nums">{formatNumber(lang, s.exams)}</td>
                      <td className="ps-2 py-2 text-end">
                        <Share percent={s.percent} level={s.level} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </section>
        </>
      )}
    </article>
  );
}
