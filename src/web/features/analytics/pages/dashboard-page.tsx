// /dashboard/analytics (issue 15): how groups of students did. A super_admin starts with every school side by
// side, opens a school to see its classes, and a class to see its students; a school_admin and a teacher start at
// their school's classes. For the chosen subject or exam: the groups' means (chart and table), the score
// distribution, mastery of each skill as a heatmap (groups × skills), and the trend across the subject's exams.
// Everything is in the address, so a view can be bookmarked, printed and exported as CSV.
import { Download, FilterX, LayoutGrid, Printer } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { GRADES } from "@shared/limits";
import type { TDashboardSection } from "@shared/permissions";
import { PASS_PERCENT } from "@shared/schemas/attempt";
import type { TDashboardGroup } from "@shared/schemas/dashboard";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Figures } from "@web/components/ui/figures";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { useQuery } from "@tanstack/react-query";
import { subjectsQuery } from "@web/lib/catalogue";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { formatDate, gradeClassLabel } from "@web/lib/format";
import { resultPath } from "@web/features/results/lib/paths";
import { dashboardDownloadUrl, useDashboard, type TDashboard, type TDashboardParams } from "../api";
import { Distribution } from "../components/distribution";
import { GroupPlanSection } from "../components/group-plan";
import { SkillHeatmap } from "../components/skill-heatmap";
import { ScaleSection } from "../components/scale-section";
import { GroupMeansChart, TREND_MAX_GROUPS, TrendChart, type TTrendPoint } from "../components/dashboard-charts";
import { formatNumber, formatPercent, formatShare, pick, useAnalyticsT } from "../lib/use-analytics-t";
import { pickOrNull } from "@web/lib/format";
import { SubjectItems } from "@web/components/subject-items";

const ALL = "all";

export default function DashboardPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAnalyticsT();
  useDocumentTitle(t("dashboard.title"));
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const gradeParam = Number(params.get("grade"));
  const grade = GRADES.includes(gradeParam) ? gradeParam : undefined;
  const examId = params.get("exam") || undefined;
  const formParam = Number(params.get("form"));
  const query: TDashboardParams = {
    schoolId: user?.role === "super_admin" ? params.get("school") || undefined : undefined,
    subjectId: params.get("subject") || undefined,
    examId,
    // One parallel form of the chosen exam (issue 34); the server says which it has (choices.forms).
    form: examId && Number.isInteger(formParam) && formParam >= 1 ? formParam : undefined,
    grade,
    className: grade !== undefined ? params.get("class") || undefined : undefined,
  };
  const dashboard = useDashboard(query);
  const subjects = useQuery(subjectsQuery);
  const ids = { school: useId(), subject: useId(), exam: useId(), form: useId(), klass: useId() };

  if (!user) return null;
  const role = user.role === "super_admin" || user.role === "school_admin" ? user.role : "teacher";
  const update = (next: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === "" || v === ALL) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: false },
    );
  const data = dashboard.data;
  const filtered = [...params.keys()].length > 0;
  const classLabel = (g: number | null, c: string | null) => gradeClassLabel(t, g, c) ?? t("dashboard.noClass");
  const exams = (data?.choices.exams ?? []).filter((e) => !query.subjectId || e.subjectId === query.subjectId);
  const chosenExam = exams.find((e) => e.id === query.examId);

  return (
    <section aria-labelledby="dashboard-heading" className="flex min-w-0 flex-col gap-6" data-testid="analytics-dashboard">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary print:hidden">
            <LayoutGrid aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-col gap-0.5">
            <h2 id="dashboard-heading" className="text-xl font-bold">
              {t("dashboard.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t(`dashboard.description.${role}`)}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" asChild>
            <a href={dashboardDownloadUrl(query, lang)} download data-testid="dashboard-csv">
              <Download aria-hidden="true" />
              {t("dashboard.export")}
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={dashboardDownloadUrl(query, lang, "xlsx")} download data-testid="dashboard-xlsx">
              <Download aria-hidden="true" />
              {t("dashboard.exportXlsx")}
            </a>
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("dashboard.print")}
          </Button>
        </div>
      </header>

      {data && <Breadcrumb data={data} role={user.role} classLabel={classLabel} onGo={update} />}
      {data && (
        // On paper the filters are not printed: say what the page shows (the page's margin says when: lib/print.ts).
        <p className="hidden text-sm print:block" data-testid="dashboard-print-scope">
          {[
            pickOrNull(lang, data.scope.schoolNameAr, data.scope.schoolNameEn) ?? t("dashboard.breadcrumb.all"),
            subjectName(data, subjects.data, lang) || t("dashboard.filters.allSubjects"),
            chosenExam ? pick(lang, chosenExam.titleAr, chosenExam.titleEn) : t("dashboard.filters.allExams"),
            data.scope.form !== null ? t("itemAnalysis.forms.one", { n: formatNumber(lang, data.scope.form) }) : null,
            data.scope.grade !== null ? classLabel(data.scope.grade, data.scope.className) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}

      <div role="group" aria-label={t("dashboard.filters.label")} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end print:hidden">
        {user.role === "super_admin" && (
          <FilterSelect id={ids.school} label={t("dashboard.filters.school")} value={query.schoolId ?? ALL} testId="dashboard-school" onChange={(v) => update({ school: v, grade: undefined, class: undefined })}>
            <SelectItem value={ALL}>{t("dashboard.filters.allSchools")}</SelectItem>
            {(data?.choices.schools ?? []).map((s) => (
              <SelectItem key={s.id} value={s.id}>
                <bdi>{pick(lang, s.nameAr, s.nameEn)}</bdi>
              </SelectItem>
            ))}
          </FilterSelect>
        )}
        <FilterSelect id={ids.subject} label={t("dashboard.filters.subject")} value={query.subjectId ?? ALL} testId="dashboard-subject" onChange={(v) => update({ subject: v, exam: undefined, form: undefined })}>
          <SelectItem value={ALL}>{t("dashboard.filters.allSubjects")}</SelectItem>
          <SubjectItems subjects={subjects.data} />
        </FilterSelect>
        <FilterSelect id={ids.exam} label={t("dashboard.filters.exam")} value={query.examId ?? ALL} testId="dashboard-exam" wide onChange={(v) => update({ exam: v, form: undefined })}>
          <SelectItem value={ALL}>{t("dashboard.filters.allExams")}</SelectItem>
          {exams.map((e) => (
            <SelectItem key={e.id} value={e.id}>
              <bdi>{pick(lang, e.titleAr, e.titleEn)}</bdi>
            </SelectItem>
          ))}
        </FilterSelect>
        {data && data.scope.examId && data.choices.forms.length > 0 && (
          <FilterSelect id={ids.form} label={t("dashboard.filters.form")} value={query.form === undefined ? ALL : String(query.form)} testId="dashboard-form" onChange={(v) => update({ form: v })}>
            <SelectItem value={ALL}>{t("dashboard.filters.allForms")}</SelectItem>
            {data.choices.forms.map((n) => (
              <SelectItem key={n} value={String(n)}>
                {t("itemAnalysis.forms.one", { n: formatNumber(lang, n) })}
              </SelectItem>
            ))}
          </FilterSelect>
        )}
        {data && data.scope.schoolId && data.choices.classes.length > 0 && (
          <FilterSelect
            id={ids.klass}
            label={t("dashboard.filters.class")}
            value={query.grade === undefined ? ALL : `${query.grade}|${query.className ?? ""}`}
            testId="dashboard-class"
            onChange={(v) => {
              const [g, c] = v === ALL ? [undefined, undefined] : v.split("|");
              update({ grade: g, class: c || undefined });
            }}
          >
            <SelectItem value={ALL}>{t("dashboard.filters.allClasses")}</SelectItem>
            {data.choices.classes.map((c) => (
              <SelectItem key={`${c.grade}|${c.className ?? ""}`} value={`${c.grade}|${c.className ?? ""}`}>
                <bdi>{classLabel(c.grade, c.className)}</bdi>
              </SelectItem>
            ))}
          </FilterSelect>
        )}
        {filtered && (
          <Button variant="ghost" className="w-fit" onClick={() => setParams(new URLSearchParams())}>
            <FilterX aria-hidden="true" />
            {t("dashboard.filters.clear")}
          </Button>
        )}
      </div>

      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError && !data ? (
        <ErrorState title={t("dashboard.loadFailed")} error={dashboard.error} onRetry={() => void dashboard.refetch()} testId="dashboard-error" />
      ) : !data || data.overall.attempts === 0 ? (
        <EmptyState icon={LayoutGrid} hint={t("dashboard.emptyHint")}>
          {t("dashboard.empty")}
        </EmptyState>
      ) : (
        <div className={cn("flex min-w-0 flex-col gap-6 transition-opacity", dashboard.isPlaceholderData && "opacity-60")} aria-busy={dashboard.isFetching || undefined}>
          <Summary overall={data.overall} />
          <Groups data={data} classLabel={classLabel} onOpen={update} />
          <ScaleSection query={query} />
          <Distribution histogram={data.overall.histogram} id="dashboard-distribution" />
          <DashboardHeatmap data={data} classLabel={classLabel} />
          <Trend data={data} classLabel={classLabel} subjectName={subjectName(data, subjects.data, lang)} />
          {data.scope.examId && data.scope.schoolId && (
            <GroupPlanSection
              key={`${data.scope.examId}|${data.scope.schoolId}|${data.scope.grade}|${data.scope.className}`}
              params={{
                examId: data.scope.examId,
                schoolId: user.role === "super_admin" ? data.scope.schoolId : undefined,
                grade: data.scope.grade ?? undefined,
                className: data.scope.className ?? undefined,
              }}
              scopeLabel={data.scope.grade !== null ? classLabel(data.scope.grade, data.scope.className) : (pickOrNull(lang, data.scope.schoolNameAr, data.scope.schoolNameEn) ?? "")}
            />
          )}
        </div>
      )}
    </section>
  );
}

function subjectName(data: TDashboard, subjects: readonly { id: string; nameAr: string; nameEn: string }[] | undefined, lang: "ar" | "en"): string {
  const s = subjects?.find((x) => x.id === data.scope.subjectId);
  return s ? pick(lang, s.nameAr, s.nameEn) : "";
}

function FilterSelect(props: { id: string; label: string; value: string; testId: string; wide?: boolean; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", props.wide ? "sm:w-72" : "sm:w-56")}>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value} onValueChange={props.onChange}>
        <SelectTrigger id={props.id} className="h-10" data-testid={props.testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{props.children}</SelectContent>
      </Select>
    </div>
  );
}

type TClassLabel = (grade: number | null, className: string | null) => string;

/** Where the view is: all schools › a school › a class; each step above the last is a link back. */
function Breadcrumb({ data, role, classLabel, onGo }: { data: TDashboard; role: string; classLabel: TClassLabel; onGo: (next: Record<string, string | undefined>) => void }) {
  const { t, lang } = useAnalyticsT();
  const steps: { label: string; go?: () => void }[] = [];
  if (role === "super_admin") steps.push({ label: t("dashboard.breadcrumb.all"), go: () => onGo({ school: undefined, grade: undefined, class: undefined }) });
  const schoolName = pickOrNull(lang, data.scope.schoolNameAr, data.scope.schoolNameEn);
  if (schoolName) steps.push({ label: schoolName, go: () => onGo({ grade: undefined, class: undefined }) });
  if (data.scope.grade !== null) steps.push({ label: classLabel(data.scope.grade, data.scope.className) });
  if (steps.length < 2) return null;
  return (
    <nav aria-label={t("dashboard.breadcrumb.label")} className="print:hidden" data-testid="dashboard-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        {steps.map((s, i) => {
          const last = i === steps.length - 1;
          return (
            <li key={i} className="flex items-center gap-1.5">
              {last || !s.go ? (
                <bdi className="font-semibold" aria-current={last ? "page" : undefined}>
                  {s.label}
                </bdi>
              ) : (
                <button type="button" onClick={s.go} className="rounded text-link underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <bdi>{s.label}</bdi>
                </button>
              )}
              {!last && (
                <span aria-hidden="true" className="text-muted-foreground">
                  ›
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Summary({ overall }: { overall: TDashboardGroup }) {
  const { t, lang } = useAnalyticsT();
  const items = [
    ["attempts", formatNumber(lang, overall.attempts)],
    ["graded", formatNumber(lang, overall.graded)],
    ["mean", formatPercent(lang, overall.meanPercent)],
    ["passRate", formatShare(lang, overall.passRate)],
  ] as const;
  return (
    <Figures
      label={t("dashboard.summary.label")}
      testId="dashboard-summary"
      className="lg:grid-cols-4"
      items={items.map(([key, value]) => ({ key, value, label: t(`dashboard.summary.${key}`, { percent: PASS_PERCENT }) }))}
    />
  );
}

/** The skill heatmap (its own component), with the rows named as everywhere on the page. */
function DashboardHeatmap({ data, classLabel }: { data: TDashboard; classLabel: TClassLabel }) {
  return <SkillHeatmap data={data} nameOf={useGroupName(data, classLabel)} />;
}

/** A group's name as the tables and charts show it. */
function useGroupName(data: TDashboard, classLabel: TClassLabel) {
  const { t, lang } = useAnalyticsT();
  return (g: TDashboardGroup) =>
    data.level === "school" ? (pickOrNull(lang, g.schoolNameAr, g.schoolNameEn) ?? t("dashboard.noSchool")) : data.level === "class" ? classLabel(g.grade, g.className) : (g.studentName ?? "");
}

function Groups({ data, classLabel, onOpen }: { data: TDashboard; classLabel: TClassLabel; onOpen: (next: Record<string, string | undefined>) => void }) {
  const { t, lang } = useAnalyticsT();
  const nameOf = useGroupName(data, classLabel);
  const rows = data.groups.filter((g) => g.meanPercent !== null).map((g) => ({ name: nameOf(g), mean: Math.round(g.meanPercent! * 10) / 10 }));
  const open = (g: TDashboardGroup) =>
    data.level === "school" ? () => onOpen({ school: g.schoolId ?? undefined }) : data.level === "class" && g.grade !== null ? () => onOpen({ grade: String(g.grade), class: g.className ?? undefined }) : undefined;
  return (
    <section aria-labelledby="dashboard-groups" className="flex min-w-0 flex-col gap-3">
      <h2 id="dashboard-groups" className="text-lg font-bold">
        {t(`dashboard.groups.title_${data.level}`)}
      </h2>
      <Card className="flex min-w-0 flex-col gap-4 p-4 print:break-inside-avoid">
        {rows.length > 0 && (
          <GroupMeansChart rows={rows} label={t("dashboard.groups.chartLabel")} />
        )}
        <div className="relative overflow-x-auto print:overflow-visible" role="region" aria-labelledby="dashboard-groups" tabIndex={0}>
          <table className="w-full text-sm" data-testid="dashboard-groups-table">
            <thead>
              <tr className="border-b border-border text-xs text-muted-foreground">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t(`dashboard.columns.${data.level}`)}
                </th>
                {(["attempts", "graded", "mean", "passRate"] as const).map((c) => (
                  <th key={c} scope="col" className="px-2 py-2 text-end font-semibold whitespace-nowrap">
                    {t(`dashboard.columns.${c}`)}
                  </th>
                ))}
                <th scope="col" className="hidden ps-3 py-2 text-start font-semibold sm:table-cell print:table-cell">
                  {t("dashboard.columns.distribution")}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.groups, data.overall].map((g) => {
                const isAll = g.key === "all";
                const name = isAll ? t("dashboard.overall") : nameOf(g);
                const go = isAll ? undefined : open(g);
                return (
                  <tr key={g.key} className={cn("border-b border-border/60 last:border-0", isAll && "bg-muted/50 font-semibold")} data-testid="dashboard-group-row">
                    <th scope="row" className="min-w-28 py-2 pe-3 text-start font-medium">
                      {go ? (
                        <button type="button" onClick={go} className="rounded text-start text-link underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={t("dashboard.open", { name })}>
                          <bdi>{name}</bdi>
                        </button>
                      ) : g.attemptId ? (
                        <span className="flex flex-wrap items-center gap-x-2">
                          <bdi>{name}</bdi>
                          <Link to={resultPath(g.attemptId)} className="text-xs text-link underline-offset-4 hover:underline print:hidden">
                            {t("dashboard.viewResult")}
                          </Link>
                        </span>
                      ) : (
                        <bdi>{name}</bdi>
                      )}
                    </th>
                    <td className="px-2 py-2 text-end tabular-nums">{formatNumber(lang, g.attempts)}</td>
                    <td className="px-2 py-2 text-end tabular-nums">{formatNumber(lang, g.graded)}</td>
                    <td className="px-2 py-2 text-end whitespace-nowrap tabular-nums" data-testid="dashboard-group-mean">
                      <bdi dir="ltr">{formatPercent(lang, g.meanPercent)}</bdi>
                    </td>
                    <td className="px-2 py-2 text-end whitespace-nowrap tabular-nums">
                      <bdi dir="ltr">{formatShare(lang, g.passRate)}</bdi>
                    </td>
                    <td className="hidden ps-3 py-2 sm:table-cell print:table-cell">
                      <Sparkbars histogram={g.histogram} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
    </section>
  );
}

/** A group's histogram as ten small bars (its figures are in the distribution table and the CSV). */
function Sparkbars({ histogram }: { histogram: readonly number[] }) {
  const max = Math.max(1, ...histogram);
  return (
    <span aria-hidden="true" className="flex h-6 w-24 items-end gap-px rtl:flex-row-reverse" dir="ltr">
      {histogram.map((n, i) => (
        <span key={i} className="flex-1 rounded-t-sm bg-primary/70 print:[print-color-adjust:exact]" style={{ height: `${n ? Math.max(8, (n / max) * 100) : 0}%` }} />
      ))}
    </span>
  );
}

function Trend({ data, classLabel, subjectName }: { data: TDashboard; classLabel: TClassLabel; subjectName: string }) {
  const { t, lang } = useAnalyticsT();
  const nameOf = useGroupName(data, classLabel);
  // The table has every group; the chart the first few, so its lines stay readable.
  const series = [{ key: "all", name: t("dashboard.overall") }, ...data.groups.map((g) => ({ key: g.key, name: nameOf(g) }))];
  const charted = series.slice(0, TREND_MAX_GROUPS + 1);
  const points: TTrendPoint[] = data.trend.map((e) => ({
    name: pick(lang, e.titleAr, e.titleEn),
    all: e.meanPercent === null ? null : Math.round(e.meanPercent * 10) / 10,
    ...Object.fromEntries(data.groups.map((g) => [g.key, roundOrNull(e.groups.find((x) => x.key === g.key)?.meanPercent)])),
  }));
  return (
    <section aria-labelledby="dashboard-trend" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-trend" className="text-lg font-bold">
          {t("dashboard.trend.title")}
        </h2>
        {data.scope.subjectId && <p className="text-sm text-muted-foreground">{t("dashboard.trend.description", { subject: subjectName })}</p>}
      </div>
      {!data.scope.subjectId ? (
        <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground" data-testid="dashboard-trend-hint">
          {t("dashboard.trend.chooseSubject")}
        </p>
      ) : (
        <Card className="flex min-w-0 flex-col gap-4 p-4 print:break-inside-avoid">
          {data.trend.length > 1 ? (
            <TrendChart points={points} series={charted} label={t("dashboard.trend.chartLabel")} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("dashboard.trend.one")}</p>
          )}
          <div className="relative overflow-x-auto print:overflow-visible" role="region" aria-labelledby="dashboard-trend" tabIndex={0}>
            <table className="w-full text-sm" data-testid="dashboard-trend-table">
              <thead>
                <tr className="border-b border-border text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">
                    {t("dashboard.trend.exam")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-semibold">
                    {t("dashboard.trend.date")}
                  </th>
                  {series.map((s) => (
                    <th key={s.key} scope="col" className="px-2 py-2 text-end font-semibold whitespace-nowrap">
                      <bdi>{s.name}</bdi>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.trend.map((e, i) => (
                  <tr key={e.examId} className="border-b border-border/60 last:border-0">
                    <th scope="row" className="min-w-44 py-2 pe-3 text-start font-medium" data-testid="dashboard-trend-title">
                      <bdi>{pick(lang, e.titleAr, e.titleEn)}</bdi>
                    </th>
                    <td className="px-2 py-2 whitespace-nowrap tabular-nums">
                      <time dateTime={e.at}>{formatDate(lang, e.at)}</time>
                    </td>
                    {series.map((s) => (
                      <td key={s.key} className="px-2 py-2 text-end whitespace-nowrap tabular-nums">
                        <bdi dir="ltr">{formatPercent(lang, (points[i]![s.key] as number | null | undefined) ?? null)}</bdi>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </section>
  );
}

function roundOrNull(v: number | undefined): number | null {
  return v === undefined ? null : Math.round(v * 10) / 10;
}
