// /dashboard/exams (super_admin: every exam; teacher: their own — the server decides): search, filters by
// subject and status, a row per exam with Edit/Questions, its QTI package and a confirmed delete, and Import QTI
// beside Create. Exams ticked in the list leave together as one QTI package. An exam students have taken cannot be
// deleted; the dialog says so and offers to archive it instead.
import { Archive, CalendarClock, ChartColumnBig, FileDown, FileText, FileUp, ListChecks, LoaderCircle, Pencil, Plus, School, SearchX, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EXAM_STATUSES, type TExamStatus, type TExamSummary } from "@shared/schemas/exam";
import type { TDashboardSection } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { isApiError } from "@web/lib/api";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { qtiExportUrl, useArchiveExam, useDeleteExam, useExams, useExportQtiSelection, useSubjects } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { QtiImportDialog } from "../components/qti-import-dialog";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { StatusBadge } from "../components/status-badge";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { failureToast, formatDate, formatNumber, pick, successToast, useExamsT } from "../lib/use-exams-t";
import { useSubjectsFailureToast } from "../lib/use-subjects-toast";
import { SubjectItems } from "@web/components/subject-items";

const ALL = "__all";
const HEADING_ID = "exams-heading";

type TDeleting = { exam: TExamSummary; hasAttempts: boolean } | null;

export default function ExamsListPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useExamsT();
  const { user } = useSession();
  useDocumentTitle(t("list.title"));

  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [subjectId, setSubjectId] = useState(ALL);
  const [status, setStatus] = useState<TExamStatus | typeof ALL>(ALL);
  const filtered = q !== "" || subjectId !== ALL || status !== ALL;

  const subjects = useSubjects();
  useSubjectsFailureToast(subjects.error);
  const list = useExams({ q: q || undefined, subjectId: subjectId === ALL ? undefined : subjectId, status: status === ALL ? undefined : status });

  const [deleting, setDeleting] = useState<TDeleting>(null);
  const [importing, setImporting] = useState(false);
  // Ticked exams; only those the list shows now are exported (a filter hides the others from the count too).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const exportSelection = useExportQtiSelection();
  const remove = useDeleteExam();
  const archive = useArchiveExam();

  const clearFilters = () => {
    setSearch("");
    setSubjectId(ALL);
    setStatus(ALL);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.exam.id, {
      onSuccess: () => {
        successToast("toast.deleted");
        setDeleting(null);
      },
      onError: (error) => {
        // Someone took the exam since the list was loaded: say so here and offer archiving.
        if (isApiError(error, "EXAM_HAS_ATTEMPTS")) setDeleting({ exam: deleting.exam, hasAttempts: true });
        else {
          failureToast(error, "toast.deleteFailed");
          setDeleting(null);
        }
      },
    });
  };

  const confirmArchive = () => {
    if (!deleting) return;
    archive.mutate(deleting.exam.id, {
      onSuccess: () => {
        successToast("toast.archived");
        setDeleting(null);
      },
      onError: (error) => {
        failureToast(error, "toast.archiveFailed");
        setDeleting(null);
      },
    });
  };

  const createButton = (
    <Button asChild>
      <Link to="/exams/create" data-testid="create-exam">
        <Plus aria-hidden="true" />
        {t("list.create")}
      </Link>
    </Button>
  );

  const items = list.data ?? [];
  const chosen = items.filter((e) => selected.has(e.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const exportChosen = () => exportSelection.mutate(chosen.map((e) => e.id), { onError: (error) => failureToast(error, "toast.exportFailed") });
  const deletingTitle = deleting ? pick(lang, deleting.exam.titleAr, deleting.exam.titleEn) : "";

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-6" data-testid="exams-page">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
            <FileText aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col">
            <h2 id={HEADING_ID} className="text-xl font-bold">
              {t("list.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{user?.role === "super_admin" ? t("list.descriptionAll") : t("list.descriptionOwn")}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)} data-testid="import-qti">
            <FileUp aria-hidden="true" />
            {t("qti.import")}
          </Button>
          {createButton}
        </div>
      </div>

      <div role="search" aria-label={t("list.filters")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor="exam-search" className="text-sm font-medium">
            {t("list.search")}
          </label>
          <Input
            id="exam-search"
            type="search"
            dir="auto"
            autoComplete="off"
            value={search}
            placeholder={t("list.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
            className="text-start"
            data-testid="exam-search"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <span id="filter-subject-label" className="text-sm font-medium">
            {t("list.subject")}
          </span>
          <Select value={subjectId} onValueChange={setSubjectId}>
            <SelectTrigger aria-labelledby="filter-subject-label" data-testid="filter-subject">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.allSubjects")}</SelectItem>
              <SubjectItems subjects={subjects.data} />
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <span id="filter-status-label" className="text-sm font-medium">
            {t("list.status")}
          </span>
          <Select value={status} onValueChange={(v) => setStatus(v as TExamStatus | typeof ALL)}>
            <SelectTrigger aria-labelledby="filter-status-label" data-testid="filter-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("list.allStatuses")}</SelectItem>
              {EXAM_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState title={t("list.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            action={
              <Button variant="outline" onClick={clearFilters}>
                {t("list.clearFilters")}
              </Button>
            }
          >
            {t("list.noMatches")}
          </EmptyState>
        ) : (
          <EmptyState icon={FileText} action={createButton}>
            {t("list.empty")}
          </EmptyState>
        )
      ) : (
        <>
          <SelectionBar
            shown={items.length}
            count={chosen.length}
            pending={exportSelection.isPending}
            onAll={(on) => setSelected(on ? new Set(items.map((e) => e.id)) : new Set())}
            onExport={exportChosen}
          />
          <ExamsTable
            exams={items}
            selected={selected}
            onSelect={toggle}
            showSchools={user?.role === "super_admin"}
            busy={list.isFetching && list.isPlaceholderData}
            onDelete={(exam) => setDeleting({ exam, hasAttempts: exam.attemptCount > 0 })}
          />
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {t("list.count", { count: items.length, formatted: formatNumber(lang, items.length) })}
          </p>
        </>
      )}

      <QtiImportDialog open={importing} onOpenChange={setImporting} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.hasAttempts ? t("delete.cannotTitle") : t("delete.title")}
        description={
          deleting?.hasAttempts ? (deleting.exam.status === "archived" ? t("delete.hasAttemptsArchived") : t("delete.hasAttempts")) : t("delete.message")
        }
        confirmLabel={t("delete.confirm")}
        pendingLabel={t("delete.deleting")}
        pending={remove.isPending || archive.isPending}
        onConfirm={confirmDelete}
        cancelLabel={deleting?.hasAttempts && deleting.exam.status === "archived" ? t("common.close") : undefined}
        actions={
          deleting?.hasAttempts ? (
            deleting.exam.status === "archived" ? (
              <></>
            ) : (
              <Button onClick={confirmArchive} disabled={archive.isPending} data-testid="archive-instead">
                <Archive aria-hidden="true" />
                {archive.isPending ? t("delete.archiving") : t("delete.archiveInstead")}
              </Button>
            )
          ) : undefined
        }
        testId="delete-exam-dialog"
      >
        {deleting && (
          <div className="flex flex-col gap-1 rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{deletingTitle}</bdi>
            <span className="text-muted-foreground">
              {t("delete.counts", {
                questions: formatNumber(lang, deleting.exam.questionCount),
                attempts: formatNumber(lang, deleting.exam.attemptCount),
              })}
            </span>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}

/**
 * Above the list: tick every exam shown, how many are ticked, and "Export selected as QTI" (one package, a test per
 * exam). A native checkbox: Space ticks it, and its mixed state says "some".
 */
function SelectionBar({ shown, count, pending, onAll, onExport }: { shown: number; count: number; pending: boolean; onAll: (on: boolean) => void; onExport: () => void }) {
  const { t } = useExamsT();
  return (
    <div role="group" aria-label={t("qti.selectionLabel")} className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="exam-selection">
      <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          ref={(el) => {
            if (el) el.indeterminate = count > 0 && count < shown;
          }}
          checked={count > 0 && count === shown}
          onChange={(e) => onAll(e.target.checked)}
          className={CHECKBOX}
          data-testid="select-all-exams"
        />
        {t("qti.selectAll")}
      </label>
      <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="selected-count">
        {t("qti.selected", { count })}
      </span>
      {count > 0 && (
        <div className="flex flex-wrap gap-2 sm:ms-auto">
          <Button size="sm" onClick={onExport} disabled={pending} data-testid="export-selected-qti">
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <FileDown aria-hidden="true" />}
            {pending ? t("qti.exporting") : t("qti.exportSelected")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onAll(false)} disabled={pending}>
            <X aria-hidden="true" />
            {t("qti.clearSelection")}
          </Button>
        </div>
      )}
    </div>
  );
}

const CHECKBOX = "size-4.5 shrink-0 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

function ExamsTable({
  exams,
  selected,
  onSelect,
  showSchools,
  busy,
  onDelete,
}: {
  exams: TExamSummary[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  showSchools: boolean;
  busy: boolean;
  onDelete: (exam: TExamSummary) => void;
}) {
  const { t, lang } = useExamsT();
  const headers = [
    t("list.columns.title"),
    t("list.columns.subject"),
    t("list.columns.status"),
    t("list.columns.creator"),
    t("list.columns.date"),
  ];
  // Below md each row becomes a card; explicit ARIA roles keep the table semantics when the display changes.
  const field = "max-md:flex max-md:items-baseline max-md:gap-2";
  const mobileLabel = (text: string) => (
    <span aria-hidden="true" className="w-24 shrink-0 text-xs font-medium text-muted-foreground md:hidden">
      {text}
    </span>
  );
  return (
    <div
      role="region"
      aria-label={t("list.tableLabel")}
      aria-busy={busy}
      tabIndex={0}
      className={cn(
        "rounded-2xl outline-none transition-opacity focus-visible:ring-2 focus-visible:ring-ring md:overflow-x-auto md:border md:border-border md:bg-card md:shadow-sm",
        busy && "opacity-70",
      )}
      data-testid="exams-table"
    >
      <table role="table" className="w-full border-collapse text-sm max-md:block">
        <thead role="rowgroup" className="max-md:sr-only">
          <tr role="row" className="border-b border-border bg-muted/50">
            {headers.map((h) => (
              <th key={h} role="columnheader" scope="col" className="px-4 py-3 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground">
                {h}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3 text-end text-xs font-semibold whitespace-nowrap text-muted-foreground">
              {t("list.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
          {exams.map((exam) => {
            const title = pick(lang, exam.titleAr, exam.titleEn);
            return (
              <tr
                key={exam.id}
                role="row"
                data-testid={`exam-row-${exam.id}`}
                className="border-b border-border transition-colors last:border-b-0 md:hover:bg-muted/40 max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-2xl max-md:border max-md:bg-card max-md:p-4 max-md:shadow-sm max-md:last:border-b"
              >
                <td role="cell" className="px-4 py-3 align-middle max-md:order-first max-md:p-0">
                  <div className="flex min-w-0 items-start gap-3">
                    <input
                      type="checkbox"
                      checked={selected.has(exam.id)}
                      onChange={(e) => onSelect(exam.id, e.target.checked)}
                      aria-label={t("qti.selectItem", { title })}
                      className={cn(CHECKBOX, "mt-0.5")}
                      data-testid="select-exam"
                    />
                    <div className="flex min-w-0 flex-col gap-1 md:min-w-40 md:max-w-xs">
                      <bdi className="font-semibold max-md:text-base" data-testid="exam-title">
                        {title}
                      </bdi>
                      <span className="inline-flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                        <span>{exam.durationMinutes === null ? t("list.noTimeLimit") : t("list.minutes", { count: exam.durationMinutes })}</span>
                        <span aria-hidden="true">·</span>
                        <span className="inline-flex items-center gap-1" data-testid="exam-question-count">
                          <ListChecks aria-hidden="true" className="size-3.5" />
                          {t("list.questionCount", { count: exam.questionCount })}
                        </span>
                        {exam.grades.length > 0 && (
                          <>
                            <span aria-hidden="true">·</span>
                            <span data-testid="exam-grades">{t("list.grades", { grades: exam.grades.map((g) => formatNumber(lang, g)).join(lang === "ar" ? "، " : ", ") })}</span>
                          </>
                        )}
                      </span>
                      {showSchools && (
                        // A super_admin sees every school's exams: whose students each is for (issue 15).
                        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="exam-schools">
                          <School aria-hidden="true" className="size-3.5 shrink-0" />
                          {exam.schools.length === 0 ? t("list.everySchool") : exam.schools.map((sc, i) => <bdi key={sc.id}>{(i > 0 ? (lang === "ar" ? "، " : ", ") : "") + pick(lang, sc.nameAr, sc.nameEn)}</bdi>)}
                        </span>
                      )}
                    </div>
                  </div>
                </td>
                <td role="cell" className={cn("px-4 py-3 align-middle max-md:p-0", field)}>
                  {mobileLabel(headers[1]!)}
                  <bdi className="md:whitespace-nowrap">{pick(lang, exam.subject.nameAr, exam.subject.nameEn)}</bdi>
                </td>
                <td role="cell" className={cn("px-4 py-3 align-middle max-md:p-0", field)}>
                  {mobileLabel(headers[2]!)}
                  <StatusBadge status={exam.status} />
                </td>
                <td role="cell" className={cn("px-4 py-3 align-middle max-md:p-0", field)}>
                  {mobileLabel(headers[3]!)}
                  {exam.creator ? <bdi>{exam.creator.name}</bdi> : <span className="text-muted-foreground italic">{t("list.deletedUser")}</span>}
                </td>
                <td role="cell" className={cn("px-4 py-3 align-middle whitespace-nowrap tabular-nums max-md:p-0", field)}>
                  {mobileLabel(headers[4]!)}
                  <time dateTime={exam.createdAt}>{formatDate(lang, exam.createdAt)}</time>
                </td>
                <td role="cell" className="px-4 py-3 align-middle max-md:order-last max-md:mt-1 max-md:border-t max-md:border-border max-md:p-0 max-md:pt-3">
                  <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                    {/* Beside the sidebar (md to 2xl) the table is too narrow for the edit button's words: an icon there too. */}
                    <Button size="sm" variant="outline" className="md:max-2xl:w-9 md:max-2xl:px-0" asChild>
                      <Link to={`/exams/edit/${exam.id}`} aria-label={t("list.editItem", { title })} title={t("list.edit")} data-testid="edit-exam">
                        <Pencil aria-hidden="true" />
                        <span className="md:max-2xl:sr-only">{t("list.edit")}</span>
                      </Link>
                    </Button>
                    <Button size="sm" variant="outline" className="md:w-9 md:px-0" asChild>
                      <Link to={`/exams/${exam.id}/sittings`} aria-label={t("list.sittingsItem", { title })} title={t("list.sittings")} data-testid="exam-sittings">
                        <CalendarClock aria-hidden="true" />
                        <span className="md:sr-only">{t("list.sittings")}</span>
                      </Link>
                    </Button>
                    <Button size="sm" variant="outline" className="md:w-9 md:px-0" asChild>
                      <a href={qtiExportUrl(exam.id)} download aria-label={t("qti.exportItem", { title })} title={t("qti.export")} data-testid="export-qti">
                        <FileDown aria-hidden="true" />
                        <span className="md:sr-only">{t("qti.export")}</span>
                      </a>
                    </Button>
                    {exam.attemptCount > 0 && (
                      <Button size="sm" variant="outline" className="md:w-9 md:px-0" asChild>
                        <Link to={`/exams/${exam.id}/analysis`} aria-label={t("list.analysisItem", { title })} title={t("list.analysis")} data-testid="exam-analysis">
                          <ChartColumnBig aria-hidden="true" />
                          <span className="md:sr-only">{t("list.analysis")}</span>
                        </Link>
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-destructive-text hover:bg-destructive/10 md:w-9 md:px-0"
                      aria-label={t("list.deleteItem", { title })}
                      title={t("list.delete")}
                      onClick={() => onDelete(exam)}
                      data-testid="delete-exam"
                    >
                      <Trash2 aria-hidden="true" />
                      <span className="md:sr-only">{t("list.delete")}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
