// /exams/:examId/sittings (issue 16): when an exam is sat. Its authors add, move and delete sittings (a sitting
// students have started keeps its start and its students; its last entry and end may still move); the staff of
// a school it is offered to see their school's sittings. Each sitting opens its live view.
import { ArrowLeft, CalendarPlus, CalendarRange, MonitorPlay, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { toast } from "@web/components/ui/use-toast";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { livePath, phaseOf, useDeleteSitting, useExamSittings, type TSitting, type TSittingList } from "../api";
import { PhaseBadge, ScopeLabel, SittingTimes } from "../components/sitting-bits";
import { SittingDialog } from "../components/sitting-dialog";
import { pick, useSittingsT } from "../lib/use-sittings-t";

export function ExamSittingsPage() {
  const { examId = "" } = useParams();
  return (
    <PageFrame>
      <ExamSittings key={examId} examId={examId} />
    </PageFrame>
  );
}

export default ExamSittingsPage;

function BackLink() {
  const { t } = useSittingsT();
  const { user } = useSession();
  // The exams list is its authors'; everyone else came from Exam day.
  const back = user?.role === "school_admin" ? "/dashboard/sittings" : "/dashboard/exams";
  return (
    <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
      <Link to={back}>
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {user?.role === "school_admin" ? t("manage.backToDay") : t("manage.backToExams")}
      </Link>
    </Button>
  );
}

function ExamSittings({ examId }: { examId: string }) {
  const { t } = useSittingsT();
  const query = useExamSittings(examId);
  if (query.data) return <SittingsView list={query.data} />;
  if (query.isError)
    return (
      <>
        <BackLink />
        <ErrorState title={t("manage.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="sittings-error" />
      </>
    );
  return <LoadingState label={t("manage.loading")} testId="sittings-loading" />;
}

function SittingsView({ list }: { list: TSittingList }) {
  const { t, lang } = useSittingsT();
  const title = pick(lang, list.exam.titleAr, list.exam.titleEn);
  useDocumentTitle(t("manage.pageTitle", { exam: title }));
  const [editing, setEditing] = useState<TSitting | "new" | null>(null);
  const [deleting, setDeleting] = useState<TSitting | null>(null);
  const remove = useDeleteSitting();
  const now = Date.now();

  return (
    <div className="flex flex-col gap-6" data-testid="exam-sittings">
      <BackLink />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold">{t("manage.title")}</h1>
          <p className="text-lg font-medium">
            <bdi>{title}</bdi>
          </p>
          <p className="max-w-2xl text-sm text-muted-foreground">{t("manage.description")}</p>
        </div>
        {list.canManage && (
          <Button onClick={() => setEditing("new")} data-testid="add-sitting">
            <CalendarPlus aria-hidden="true" />
            {t("manage.add")}
          </Button>
        )}
      </header>
      {list.exam.status === "draft" && list.sittings.length > 0 && <p className="rounded-lg border border-gold/50 px-4 py-3 text-sm">{t("manage.draftNotice")}</p>}

      {list.sittings.length === 0 ? (
        <EmptyState icon={CalendarRange} hint={list.canManage ? t("manage.emptyHint") : undefined} testId="sittings-empty">
          {t("manage.empty")}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border">
            {list.sittings.map((s) => (
              <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-testid="sitting-row" data-sitting-id={s.id}>
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <PhaseBadge phase={phaseOf(s, now)} />
                    <span className="font-semibold">
                      <ScopeLabel schoolNameAr={s.schoolNameAr} schoolNameEn={s.schoolNameEn} grade={s.grade} />
                    </span>
                  </div>
                  <p className="text-sm">
                    <SittingTimes {...s} />
                  </p>
                  {s.attempts > 0 && <p className="text-xs text-muted-foreground">{t("manage.started", { count: s.attempts })}</p>}
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <Button size="sm" variant="outline" asChild>
                    <Link to={livePath(s.id)} data-testid="sitting-live">
                      <MonitorPlay aria-hidden="true" />
                      {t("day.live")}
                    </Link>
                  </Button>
                  {s.canManage && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setEditing(s)} data-testid="edit-sitting">
                        <Pencil aria-hidden="true" />
                        {t("manage.edit")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive-text hover:bg-destructive/10"
                        onClick={() => setDeleting(s)}
                        disabled={s.attempts > 0}
                        title={s.attempts > 0 ? t("manage.cannotDelete") : undefined}
                        data-testid="delete-sitting"
                      >
                        <Trash2 aria-hidden="true" />
                        {t("manage.delete")}
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {editing && <SittingDialog list={list} sitting={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t("manage.deleteTitle")}
        description={t("manage.deleteBody")}
        cancelLabel={t("common.cancel")}
        confirmLabel={t("manage.delete")}
        pendingLabel={t("manage.deleting")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ variant: "success", title: bilingual("sittings:toast.deleted") });
              setDeleting(null);
            },
            onError: (error) => toast({ variant: "destructive", title: bilingual("sittings:toast.deleteFailed"), description: toErrorBody(error).message }),
          })
        }
        testId="delete-sitting-dialog"
      />
    </div>
  );
}
