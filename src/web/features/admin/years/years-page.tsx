// /dashboard/years (super_admin; issue 39, docs/decisions/0059): the school years, one added, one closed (confirmed,
// naming what happens and how much) or reopened. The server refuses a close while students are still sitting.
import { CalendarRange, Lock, LockOpen, Plus } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import type { TYear } from "@shared/schemas/year";
import { Button } from "@web/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDate, pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { Badge } from "../components/badge";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, type TColumn } from "../components/data-table";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { failureToast, formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { useYearAction, useYears } from "./api";
import { YearDialog } from "./year-dialog";

/** A date column (YYYY-MM-DD) shown as that calendar day wherever the browser is. */
const dayIso = (d: string) => `${d}T12:00:00`;

export default function YearsPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAdminT();
  useDocumentTitle(t("years.title"));
  const years = useYears();
  const action = useYearAction();
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<{ year: TYear; action: "close" | "reopen" } | null>(null);
  const name = (y: TYear) => pick(lang, y.nameAr, y.nameEn);
  const n = (x: number) => formatNumber(lang, x);

  const run = () => {
    if (!confirm) return;
    const { year, action: which } = confirm;
    action.mutate(
      { id: year.id, action: which },
      {
        onSuccess: () => {
          successToast(which === "close" ? "years.toast.closed" : "years.toast.reopened");
          setConfirm(null);
        },
        onError: (error) => {
          failureToast(error, which === "close" ? "years.toast.failedClose" : "years.toast.failedReopen");
          setConfirm(null);
        },
      },
    );
  };

  const columns: TColumn<TYear>[] = [
    {
      id: "name",
      header: t("years.columns.name"),
      mobile: "title",
      cell: (y) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-semibold">
            <bdi data-testid="year-name">{name(y)}</bdi>
          </span>
          <span className="text-xs text-muted-foreground">
            <bdi lang={lang === "ar" ? "en" : "ar"}>{lang === "ar" ? y.nameEn : y.nameAr}</bdi>
          </span>
        </span>
      ),
    },
    {
      id: "dates",
      header: t("years.columns.dates"),
      className: "whitespace-nowrap tabular-nums",
      cell: (y) => t("years.dates", { start: formatDate(lang, dayIso(y.startsOn)), end: formatDate(lang, dayIso(y.endsOn)) }),
    },
    { id: "exams", header: t("years.columns.exams"), className: "tabular-nums", cell: (y) => n(y.exams) },
    {
      id: "attempts",
      header: t("years.columns.attempts"),
      className: "tabular-nums",
      cell: (y) => (
        <span className="flex flex-col">
          <span>{n(y.attempts)}</span>
          {y.inProgress > 0 && <span className="text-xs text-amber-700 dark:text-amber-300">{t("years.inProgress", { count: y.inProgress })}</span>}
        </span>
      ),
    },
    {
      id: "status",
      header: t("years.columns.status"),
      cell: (y) => (
        <span className="flex flex-col gap-1">
          <Badge variant={y.status === "open" ? "success" : "muted"} data-testid="year-status" className="w-fit">
            {t(`years.status.${y.status}`)}
          </Badge>
          {y.closedAt && (
            <span className="text-xs text-muted-foreground">
              {y.closedByName ? t("years.closedBy", { date: formatDate(lang, y.closedAt), name: y.closedByName }) : t("years.closedOn", { date: formatDate(lang, y.closedAt) })}
            </span>
          )}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("common.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (y) =>
        y.status === "open" ? (
          <Button size="sm" variant="outline" className="text-destructive-text hover:bg-destructive/10" aria-label={t("years.closeItem", { name: name(y) })} onClick={() => setConfirm({ year: y, action: "close" })} data-testid="year-close">
            <Lock aria-hidden="true" />
            {t("years.close")}
          </Button>
        ) : (
          <Button size="sm" variant="outline" aria-label={t("years.reopenItem", { name: name(y) })} onClick={() => setConfirm({ year: y, action: "reopen" })} data-testid="year-reopen">
            <LockOpen aria-hidden="true" />
            {t("years.reopen")}
          </Button>
        ),
    },
  ];

  const target = confirm?.year;
  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="years-page">
      <SectionHeader
        icon={CalendarRange}
        title={t("years.title")}
        description={t("years.description")}
        actions={
          <Button onClick={() => setAdding(true)} data-testid="year-add">
            <Plus aria-hidden="true" />
            {t("years.add")}
          </Button>
        }
      />
      {years.isPending ? (
        <LoadingState />
      ) : years.isError ? (
        <ErrorState title={t("years.loadFailed")} error={years.error} onRetry={() => void years.refetch()} />
      ) : years.data.length === 0 ? (
        <EmptyState icon={CalendarRange} hint={t("years.emptyHint")}>
          {t("years.empty")}
        </EmptyState>
      ) : (
        <DataTable label={t("years.tableLabel")} columns={columns} rows={years.data} rowKey={(y) => y.id} rowProps={(y) => ({ "data-testid": `year-row-${y.id}` })} testId="years-table" />
      )}

      {adding && <YearDialog onClose={() => setAdding(false)} />}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.action === "reopen" ? t("years.reopenDialog.title") : t("years.closeDialog.title")}
        description={confirm?.action === "reopen" ? t("years.reopenDialog.message") : t("years.closeDialog.message")}
        confirmLabel={confirm?.action === "reopen" ? t("years.reopenDialog.confirm") : t("years.closeDialog.confirm")}
        pendingLabel={confirm?.action === "reopen" ? t("years.reopenDialog.pending") : t("years.closeDialog.pending")}
        pending={action.isPending}
        confirmDisabled={confirm?.action === "close" && (target?.inProgress ?? 0) > 0}
        onConfirm={run}
        testId="year-confirm-dialog"
      >
        {target && (
          <div className="flex flex-col gap-2 rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm" data-testid="year-confirm-details">
            <bdi className="font-semibold">{name(target)}</bdi>
            {confirm.action === "close" && (
              <>
                <ul className="list-disc ps-5 text-muted-foreground">
                  <li>{t("years.closeDialog.archive", { exams: n(target.exams) })}</li>
                  <li>{t("years.closeDialog.move", { answers: n(target.answers), attempts: n(target.attempts) })}</li>
                  <li>{t("years.closeDialog.keep")}</li>
                </ul>
                {target.awaitingMarks > 0 && <p className="text-amber-700 dark:text-amber-300">{t("years.closeDialog.awaiting", { count: target.awaitingMarks })}</p>}
                {target.inProgress > 0 ? (
                  <p className="font-medium text-destructive-text" role="alert">
                    {t("years.closeDialog.busy")}
                  </p>
                ) : (
                  <p className="text-muted-foreground">{t("years.closeDialog.reopenable")}</p>
                )}
              </>
            )}
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
