// /dashboard/results, every role (SPEC §2 has a placeholder; issue 7 makes it real): the attempts the user may
// see — a student their own, a teacher those on their exams and by their school's students, a school_admin their
// school's, a super_admin all — filtered by exam and status, paged on the server, exportable as CSV.
// Filters and page live in the address, so coming back from a result restores the list.
import { useQuery } from "@tanstack/react-query";
import { BarChart3, Download, FilterX, PenLine, School, Search, SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import { GRADES, MAX_CLASS_NAME_LENGTH } from "@shared/limits";
import { PASS_PERCENT } from "@shared/schemas/attempt";
import { Button } from "@web/components/ui/button";
import { Figures } from "@web/components/ui/figures";
import { GradeItems } from "@web/components/grade-items";
import { Input } from "@web/components/ui/input";
import { subjectsQuery } from "@web/lib/catalogue";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { ATTEMPT_STATUSES, exportUrl, RESULT_SORTS, useExamChoices, useResults, useSchoolChoices, type TAttemptStatus, type TResultPage, type TResultRow, type TResultSort } from "../api";
import { CursorPager } from "../components/cursor-pager";
import { ResultsTable, type TColumn } from "../components/results-table";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { AttemptStatusBadge } from "../components/status-badge";
import { formatDateTime, formatNumber, pick, useResultsT } from "../lib/format";
import { formatPercent, formatScore, gradeClassLabel, pickOrNull } from "@web/lib/format";
import { ScaleScoreLine } from "@web/components/scale-score";
import { cn } from "@web/lib/utils";
import { gradingPath, resultPath, schoolReportPath, takePath } from "../lib/paths";
import { SubjectItems } from "@web/components/subject-items";

export const RESULTS_PAGE_SIZE = 25;
const ALL = "all";

const isStatus = (v: string | null): v is TAttemptStatus => (ATTEMPT_STATUSES as readonly string[]).includes(v ?? "");
const isSort = (v: string | null): v is TResultSort => (RESULT_SORTS as readonly string[]).includes(v ?? "");

/** `examTools`: what another feature shows for the exam the list is filtered by (composed in app/). */
export default function ResultsPage({ examTools }: { section: TDashboardSection; examTools?: (examId: string) => ReactNode }) {
  const { t, lang } = useResultsT();
  useDocumentTitle(t("list.title"));
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const examId = params.get("exam") || undefined;
  const statusParam = params.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  // Keyset paging (issue 39): a cursor to the rows after (or before) a page, and the page's number as a label.
  const after = params.get("after") || undefined;
  const before = (!after && params.get("before")) || undefined;
  const page = after || before ? Math.max(2, Number.parseInt(params.get("page") ?? "2", 10) || 2) : 1;
  const q = params.get("q")?.trim() || undefined;
  const schoolId = params.get("school") || undefined;
  const subjectId = params.get("subject") || undefined;
  const gradeParam = Number(params.get("grade"));
  const grade = GRADES.includes(gradeParam) ? gradeParam : undefined;
  const className = (grade !== undefined && params.get("class")?.trim()) || undefined;
  // A form belongs to one exam: the filter stands only with an exam chosen.
  const formParam = Number(params.get("form"));
  const form = examId && Number.isInteger(formParam) && formParam >= 1 ? formParam : undefined;
  const sortParam = params.get("sort");
  const sort = isSort(sortParam) ? sortParam : undefined;
  const filters = { examId, status, q, schoolId, subjectId, grade, className, form };
  const list = useResults({ ...filters, sort, after, before, pageSize: RESULTS_PAGE_SIZE });
  const choices = useExamChoices(user?.role);
  const staffView = !!user && user.role !== "student";
  const subjects = useQuery({ ...subjectsQuery, enabled: staffView });
  const schoolChoices = useSchoolChoices(user?.role === "super_admin");
  const examFilterId = useId();
  const statusFilterId = useId();
  const searchId = useId();
  const subjectFilterId = useId();
  const schoolFilterId = useId();
  const sortId = useId();
  const gradeFilterId = useId();
  const classFilterId = useId();
  const formFilterId = useId();
  const filtersId = useId();
  const exportHintId = useId();
  // What is typed goes to the address (and the server) once typing pauses.
  const [typed, setTyped] = useState(q ?? "");
  useEffect(() => setTyped(q ?? ""), [q]);
  const [typedClass, setTypedClass] = useState(className ?? "");
  useEffect(() => setTypedClass(className ?? ""), [className]);
  // On a phone the filters fold away behind one button, so the list starts on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);

  if (!user) return null;
  const role = user.role;
  const isStudent = role === "student";
  const canGrade = role === "super_admin" || role === "teacher";
  const opensSchoolReport = role === "super_admin" || role === "school_admin";

  // Any filter or sort changed goes back to the first page: a cursor belongs to its filters and sort.
  const update = (next: { exam?: string; status?: string; q?: string; school?: string; subject?: string; grade?: string; class?: string; form?: string; sort?: string }) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const k of ["page", "after", "before"]) p.delete(k);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === "" || v === ALL) p.delete(k);
          else p.set(k, String(v));
        }
        return p;
      },
      { replace: true },
    );
  };
  /** To the page beside this one: its cursor and number in the address (pushed, so Back returns), the first page bare. */
  const goTo = (cursor: { after?: string; before?: string }, number: number) => {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const k of ["page", "after", "before"]) p.delete(k);
      if (number > 1) {
        for (const [k, v] of Object.entries(cursor)) if (v) p.set(k, v);
        p.set("page", String(number));
      }
      return p;
    });
  };

  const examTitle = (r: Pick<TResultRow, "examTitleAr" | "examTitleEn">) => pick(lang, r.examTitleAr, r.examTitleEn);
  const exams = [...choices.exams];
  const current = list.data?.items.find((r) => r.examId === examId);
  if (examId && !exams.some((e) => e.id === examId) && current) exams.push({ id: examId, titleAr: current.examTitleAr, titleEn: current.examTitleEn });
  exams.sort((a, b) => pick(lang, a.titleAr, a.titleEn).localeCompare(pick(lang, b.titleAr, b.titleEn), lang));

  const columns: TColumn<TResultRow>[] = [];
  if (!isStudent) {
    columns.push({
      id: "student",
      header: t("list.columns.student"),
      mobile: "title",
      className: "md:min-w-44",
      cell: (r) => {
        const klass = gradeClassLabel(t, r.grade, r.className);
        return (
          <span className="flex flex-col items-start">
            <bdi className="font-medium" data-testid="result-student">
              {r.studentName}
            </bdi>
            {klass && (
              <bdi className="text-xs text-muted-foreground" data-testid="result-class">
                {klass}
              </bdi>
            )}
          </span>
        );
      },
    });
  }
  if (role === "super_admin") {
    columns.push({
      id: "school",
      header: t("list.columns.school"),
      className: "md:min-w-36",
      cell: (r) => (r.schoolNameAr !== null ? <bdi>{pickOrNull(lang, r.schoolNameAr, r.schoolNameEn)}</bdi> : <span className="text-muted-foreground">{t("list.noSchool")}</span>),
    });
  }
  columns.push(
    {
      id: "exam",
      header: t("list.columns.exam"),
      mobile: isStudent ? "title" : "field",
      className: "md:min-w-52",
      cell: (r) => (
        <span className="flex flex-col items-start">
          <bdi className={isStudent ? "font-medium" : undefined} data-testid="result-exam">
            {examTitle(r)}
          </bdi>
          {r.form !== null && !isStudent && (
            <span className="text-xs font-medium text-muted-foreground" data-testid="result-form">
              {t("list.form", { n: formatNumber(lang, r.form) })}
            </span>
          )}
          <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
            {r.completedAt ? (
              <>
                {t("list.submittedAt")} <time dateTime={r.completedAt}>{formatDateTime(lang, r.completedAt)}</time>
              </>
            ) : (
              t("list.notSubmitted")
            )}
          </span>
        </span>
      ),
    },
    {
      // Status and score in one column, the submission time under the exam: five columns fit 1280 px with the
      // menu beside them, for real names and titles (issue 15).
      id: "result",
      header: t("list.columns.result"),
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => (
        <span className="flex flex-col items-start gap-1">
          {r.status === "graded" && r.score !== null ? (
            <span className="font-semibold" data-testid="result-score">
              {formatScore(lang, r.score, r.totalPossibleScore)}
            </span>
          ) : null}
          {r.scaleScore && <ScaleScoreLine value={r.scaleScore} />}
          <AttemptStatusBadge status={r.status} />
        </span>
      ),
    },
    {
      id: "actions",
      header: t("list.columns.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-2 md:flex-nowrap md:justify-end">
          {opensSchoolReport && r.status === "graded" && (
            <Button size="sm" variant="ghost" asChild>
              <Link to={schoolReportPath(r.attemptId)} aria-label={t("list.schoolReportItem", { student: r.studentName, exam: examTitle(r) })} data-testid="result-school-report">
                <School aria-hidden="true" />
                {t("list.schoolReport")}
              </Link>
            </Button>
          )}
          {canGrade && r.status === "completed" && (
            <Button size="sm" variant="ghost" asChild>
              <Link to={gradingPath(r.examId)} aria-label={t("list.gradeItem", { exam: examTitle(r) })}>
                <PenLine aria-hidden="true" />
                {t("list.grade")}
              </Link>
            </Button>
          )}
          {isStudent && r.status === "in_progress" ? (
            <Button size="sm" asChild>
              <Link to={takePath(r.examId)} aria-label={t("list.continueItem", { exam: examTitle(r) })}>
                {t("list.continue")}
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant="outline" asChild>
              <Link
                to={resultPath(r.attemptId)}
                aria-label={isStudent ? t("list.viewItem", { exam: examTitle(r) }) : t("list.viewItemOf", { student: r.studentName, exam: examTitle(r) })}
                data-testid="result-view"
              >
                {t("list.view")}
              </Link>
            </Button>
          )}
        </span>
      ),
    },
  );

  const activeFilters = Object.values(filters).filter((v) => v !== undefined).length;
  const filtered = activeFilters > 0;
  const data = list.data;

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="results-page">
      <SectionHeader
        icon={BarChart3}
        title={t("list.title")}
        description={t(`list.description.${role}`)}
        actions={
          <>
            <Button variant="outline" asChild>
              <a href={exportUrl(filters, lang)} download aria-describedby={exportHintId} data-testid="results-export">
                <Download aria-hidden="true" />
                {t("list.export")}
              </a>
            </Button>
            <Button variant="outline" asChild>
              <a href={exportUrl(filters, lang, "xlsx")} download aria-describedby={exportHintId} data-testid="results-export-xlsx">
                <Download aria-hidden="true" />
                {t("list.exportXlsx")}
              </a>
            </Button>
            <span id={exportHintId} className="sr-only">
              {t("list.exportHint")}
            </span>
          </>
        }
      />

      <Button
        variant="outline"
        className="w-fit sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
        data-testid="results-filters-toggle"
      >
        <SlidersHorizontal aria-hidden="true" />
        {activeFilters > 0 ? t("list.filters.toggleActive", { count: activeFilters }) : t("list.filters.toggle")}
      </Button>
      <div
        id={filtersId}
        role="group"
        aria-label={t("list.filters.label")}
        className={cn("flex-col gap-3 sm:flex sm:flex-row sm:flex-wrap sm:items-end", filtersOpen ? "flex" : "hidden")}
      >
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-72">
          <Label htmlFor={examFilterId}>{t("list.filters.exam")}</Label>
          <Select value={examId ?? ALL} onValueChange={(v) => update({ exam: v, form: undefined })}>
            <SelectTrigger id={examFilterId} className="h-10" data-testid="results-exam-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.filters.allExams")}</SelectItem>
              {exams.map((e) => (
                <SelectItem key={e.id} value={e.id}>
                  <bdi>{pick(lang, e.titleAr, e.titleEn)}</bdi>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {!!examId && !!list.data?.forms?.length && (
          <div className="flex min-w-0 flex-col gap-1.5 sm:w-40">
            <Label htmlFor={formFilterId}>{t("list.filters.form")}</Label>
            <Select value={form ? String(form) : ALL} onValueChange={(v) => update({ form: v })}>
              <SelectTrigger id={formFilterId} className="h-10" data-testid="results-form-filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("list.filters.allForms")}</SelectItem>
                {list.data.forms.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {t("list.form", { n: formatNumber(lang, n) })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-56">
          <Label htmlFor={statusFilterId}>{t("list.filters.status")}</Label>
          <Select value={status ?? ALL} onValueChange={(v) => update({ status: v })}>
            <SelectTrigger id={statusFilterId} className="h-10" data-testid="results-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.filters.allStatuses")}</SelectItem>
              {ATTEMPT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {staffView && (
          <>
            <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
              <Label htmlFor={searchId}>{t("list.filters.search")}</Label>
              <form
                role="search"
                className="relative"
                onSubmit={(e) => {
                  e.preventDefault();
                  update({ q: typed.trim() });
                }}
              >
                <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id={searchId}
                  type="search"
                  value={typed}
                  maxLength={100}
                  placeholder={t("list.filters.searchPlaceholder")}
                  className="h-10 ps-9"
                  onChange={(e) => setTyped(e.target.value)}
                  onBlur={() => typed.trim() !== (q ?? "") && update({ q: typed.trim() })}
                  data-testid="results-search"
                />
              </form>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5 sm:w-52">
              <Label htmlFor={subjectFilterId}>{t("list.filters.subject")}</Label>
              <Select value={subjectId ?? ALL} onValueChange={(v) => update({ subject: v })}>
                <SelectTrigger id={subjectFilterId} className="h-10" data-testid="results-subject-filter">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{t("list.filters.allSubjects")}</SelectItem>
                  <SubjectItems subjects={subjects.data} />
                </SelectContent>
              </Select>
            </div>
            <div className="flex min-w-0 flex-col gap-1.5 sm:w-36">
              <Label htmlFor={gradeFilterId}>{t("list.filters.grade")}</Label>
              <Select value={grade === undefined ? ALL : String(grade)} onValueChange={(v) => update({ grade: v, class: v === ALL ? "" : undefined })}>
                <SelectTrigger id={gradeFilterId} className="h-10" data-testid="results-grade-filter">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{t("list.filters.allGrades")}</SelectItem>
                  <GradeItems />
                </SelectContent>
              </Select>
            </div>
            {grade !== undefined && (
              <div className="flex min-w-0 flex-col gap-1.5 sm:w-32">
                <Label htmlFor={classFilterId}>{t("list.filters.class")}</Label>
                <Input
                  id={classFilterId}
                  value={typedClass}
                  maxLength={MAX_CLASS_NAME_LENGTH}
                  placeholder={t("list.filters.classPlaceholder")}
                  className="h-10"
                  onChange={(e) => setTypedClass(e.target.value)}
                  onBlur={() => typedClass.trim() !== (className ?? "") && update({ class: typedClass.trim() })}
                  onKeyDown={(e) => e.key === "Enter" && update({ class: typedClass.trim() })}
                  data-testid="results-class-filter"
                />
              </div>
            )}
            {role === "super_admin" && (
              <div className="flex min-w-0 flex-col gap-1.5 sm:w-56">
                <Label htmlFor={schoolFilterId}>{t("list.filters.school")}</Label>
                <Select value={schoolId ?? ALL} onValueChange={(v) => update({ school: v })}>
                  <SelectTrigger id={schoolFilterId} className="h-10" data-testid="results-school-filter">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>{t("list.filters.allSchools")}</SelectItem>
                    {(schoolChoices.data ?? []).map((sc) => (
                      <SelectItem key={sc.id} value={sc.id}>
                        <bdi>{pick(lang, sc.nameAr, sc.nameEn)}</bdi>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
            <div className="flex min-w-0 flex-col gap-1.5 sm:w-48">
              <Label htmlFor={sortId}>{t("list.filters.sort")}</Label>
              <Select value={sort ?? "recent"} onValueChange={(v) => update({ sort: v === "recent" ? undefined : v })}>
                <SelectTrigger id={sortId} className="h-10" data-testid="results-sort">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {RESULT_SORTS.map((so) => (
                    <SelectItem key={so} value={so}>
                      {t(`list.sorts.${so}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </>
        )}
        {filtered && (
          <Button variant="ghost" className="w-fit" onClick={() => update({ exam: ALL, status: ALL, q: "", school: ALL, subject: ALL, grade: ALL, class: "" })}>
            <FilterX aria-hidden="true" />
            {t("list.filters.clear")}
          </Button>
        )}
      </div>

      {staffView && data?.summary && data.summary.attempts > 0 && <Summary summary={data.summary} />}

      {examId && examTools?.(examId)}

      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !data ? (
        <ErrorState title={t("list.fetchFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={BarChart3}>{filtered ? t("list.emptyFiltered") : isStudent ? t("list.emptyStudent") : t("list.empty")}</EmptyState>
      ) : (
        <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"} aria-busy={list.isPlaceholderData || undefined}>
          <ResultsTable label={t("list.tableLabel")} columns={columns} rows={data.items} rowKey={(r) => r.attemptId} rowTestId="result-row" testId="results-table" />
        </div>
      )}

      {data && data.items.length > 0 && (
        <CursorPager
          page={page}
          pageSize={RESULTS_PAGE_SIZE}
          shown={data.items.length}
          total={data.total}
          capped={!!data.summary?.capped}
          hasPrev={page > 1 && !!data.prev}
          hasNext={!!data.next}
          onPrev={() => goTo({ before: data.prev ?? undefined }, page - 1)}
          onNext={() => goTo({ after: data.next ?? undefined }, page + 1)}
        />
      )}
    </section>
  );
}

/**
 * What the filtered attempts add up to (staff): attempts, graded, and the graded ones' mean, standard deviation and
 * pass rate. Past the count cap (a name searched over a whole year) it says "More than 10,000" and no more.
 */
function Summary({ summary }: { summary: NonNullable<TResultPage["summary"]> }) {
  const { t, lang } = useResultsT();
  const percent = (v: number | null) => (v === null ? "—" : formatPercent(lang, v));
  const items = [
    ["attempts", summary.capped ? t("list.summary.moreThan", { n: formatNumber(lang, summary.attempts) }) : formatNumber(lang, summary.attempts)],
    ["graded", formatNumber(lang, summary.graded)],
    ["mean", percent(summary.meanPercent)],
    ["sd", percent(summary.sdPercent)],
    ["passRate", percent(summary.passRate === null ? null : summary.passRate * 100)],
  ] as const;
  return (
    <Figures
      label={t("list.summary.label")}
      testId="results-summary"
      className="sm:grid-cols-3 lg:grid-cols-5"
      items={items.map(([key, value]) => ({ key, value, label: t(`list.summary.${key}`, { percent: PASS_PERCENT }) }))}
    />
  );
}
