// /dashboard/lti-platforms (super_admin; issue 38, docs/decisions/0051): the learning platforms (Moodle, Canvas,
// Blackboard…) that launch Qias by LTI 1.3 — each serves one school — with the tool's addresses to give the LMS,
// and the grade sends that have not reached their LMS yet, with a retry for a failed one. Removing a platform
// removes its exam links and the links of the people it launched (confirmed); their accounts and results stay.
import { Pencil, Plug, Plus, RotateCw, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { LTI_JWKS_PATH, LTI_LAUNCH_PATH, LTI_LOGIN_PATH, type TLtiPlatform } from "@shared/schemas/lti";
import { Button } from "@web/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDateTime, pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useSchools } from "../api";
import { Badge } from "../components/badge";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, type TColumn } from "../components/data-table";
import { CopyableAddress } from "../components/copyable-address";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { failureToast, formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { useDeletePlatform, usePassbacks, usePlatforms, useRetryPassback, type TPassback } from "./api";
import { PlatformDialog } from "./platform-dialog";

type TDialog = { mode: "create" } | { mode: "edit"; platform: TLtiPlatform } | null;

function Passbacks() {
  const { t, lang } = useAdminT();
  const passbacks = usePassbacks();
  const retry = useRetryPassback();
  // The list holds the last sends; the ones that arrived need nothing from anyone.
  const open = passbacks.data?.filter((p) => p.status !== "done") ?? [];
  const columns: TColumn<TPassback>[] = [
    {
      id: "student",
      header: t("lti.passbacks.student"),
      mobile: "title",
      cell: (p) => (
        <span className="flex min-w-0 flex-col">
          <bdi className="font-semibold">{p.studentName ?? t("common.empty")}</bdi>
          <bdi className="text-xs text-muted-foreground">{p.examTitleAr !== null && p.examTitleEn !== null ? pick(lang, p.examTitleAr, p.examTitleEn) : t("common.empty")}</bdi>
        </span>
      ),
    },
    { id: "platform", header: t("lti.passbacks.platform"), cell: (p) => <bdi>{p.platformName ?? t("common.empty")}</bdi> },
    {
      id: "status",
      header: t("lti.passbacks.status"),
      cell: (p) => (
        <span className="flex flex-col gap-1">
          <Badge variant={p.status === "failed" ? "destructive" : "muted"} data-testid="passback-status">
            {t(p.status === "failed" ? "lti.passbacks.failed" : "lti.passbacks.pending")}
          </Badge>
          <span className="text-xs text-muted-foreground tabular-nums">{t("lti.passbacks.attempts", { count: p.attempts, formatted: formatNumber(lang, p.attempts) })}</span>
        </span>
      ),
    },
    {
      id: "error",
      header: t("lti.passbacks.lastError"),
      className: "md:max-w-72",
      cell: (p) => (
        <bdi dir="ltr" className="block break-words text-sm text-muted-foreground">
          {p.lastError ?? t("common.empty")}
        </bdi>
      ),
    },
    { id: "when", header: t("lti.passbacks.when"), className: "whitespace-nowrap tabular-nums", cell: (p) => formatDateTime(lang, p.finishedAt ?? p.createdAt) },
    {
      id: "actions",
      header: t("common.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (p) =>
        p.status === "failed" ? (
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            aria-label={t("lti.passbacks.retryFor", { name: p.studentName ?? "" })}
            onClick={() =>
              retry.mutate(p.id, {
                onSuccess: () => successToast("lti.toast.retried"),
                onError: (error) => failureToast(error, "lti.toast.failedRetry"),
              })
            }
            data-testid="passback-retry"
          >
            <RotateCw aria-hidden="true" />
            {t("lti.passbacks.retry")}
          </Button>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="lti-passbacks-heading" className="flex flex-col gap-3" data-testid="lti-passbacks">
      <div className="flex flex-col gap-1">
        <h2 id="lti-passbacks-heading" className="text-lg font-semibold">
          {t("lti.passbacks.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("lti.passbacks.description")}</p>
      </div>
      {passbacks.isPending ? (
        <LoadingState testId="passbacks-loading" />
      ) : passbacks.isError ? (
        <ErrorState title={t("lti.passbacks.loadFailed")} error={passbacks.error} onRetry={() => void passbacks.refetch()} testId="passbacks-error" />
      ) : open.length === 0 ? (
        <EmptyState icon={Send}>{t("lti.passbacks.empty")}</EmptyState>
      ) : (
        <DataTable label={t("lti.passbacks.title")} columns={columns} rows={open} rowKey={(p) => p.id} rowProps={(p) => ({ "data-testid": `passback-row-${p.id}` })} testId="passbacks-table" />
      )}
    </section>
  );
}

export default function LtiPlatformsPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAdminT();
  useDocumentTitle(t("lti.title"));
  const platforms = usePlatforms();
  const schools = useSchools();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [deleting, setDeleting] = useState<TLtiPlatform | null>(null);
  const remove = useDeletePlatform();
  const schoolName = (id: string) => {
    const school = schools.data?.find((s) => s.id === id);
    return school ? pick(lang, school.nameAr, school.nameEn) : id;
  };
  const origin = window.location.origin;

  const columns: TColumn<TLtiPlatform>[] = [
    {
      id: "name",
      header: t("lti.columns.name"),
      mobile: "title",
      cell: (p) => (
        <span className="flex min-w-0 flex-col">
          <bdi className="font-semibold" data-testid="lti-platform-name">
            {p.name}
          </bdi>
          <bdi dir="ltr" className="truncate text-xs text-muted-foreground">
            {p.issuer}
          </bdi>
        </span>
      ),
    },
    { id: "school", header: t("lti.columns.school"), cell: (p) => <bdi>{schoolName(p.schoolId)}</bdi> },
    {
      id: "client",
      header: t("lti.columns.client"),
      className: "md:max-w-64",
      cell: (p) => (
        <span className="flex min-w-0 flex-col gap-0.5 text-sm">
          <bdi dir="ltr" className="truncate font-mono text-[0.8125rem]">
            {p.clientId}
          </bdi>
          <span className="truncate text-xs text-muted-foreground">
            {t("lti.columns.deployments")}: <bdi dir="ltr">{p.deploymentIds.join(", ")}</bdi>
          </span>
        </span>
      ),
    },
    {
      id: "jwks",
      header: t("lti.columns.jwks"),
      className: "md:max-w-64",
      cell: (p) => (
        <bdi dir="ltr" className="block truncate text-xs text-muted-foreground">
          {p.jwksUrl}
        </bdi>
      ),
    },
    {
      id: "actions",
      header: t("common.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (p) => (
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <Button size="sm" variant="outline" aria-label={t("common.editItem", { name: p.name })} onClick={() => setDialog({ mode: "edit", platform: p })} data-testid="lti-platform-edit">
            <Pencil aria-hidden="true" />
            {t("common.edit")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive-text hover:bg-destructive/10"
            aria-label={t("common.deleteItem", { name: p.name })}
            onClick={() => setDeleting(p)}
            data-testid="lti-platform-delete"
          >
            <Trash2 aria-hidden="true" />
            {t("common.delete")}
          </Button>
        </div>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        successToast("lti.toast.deleted");
        setDeleting(null);
      },
      onError: (error) => {
        failureToast(error, "lti.toast.failedDelete");
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="lti-platforms-page">
      <SectionHeader
        icon={Plug}
        title={t("lti.title")}
        description={t("lti.description")}
        actions={
          <Button onClick={() => setDialog({ mode: "create" })} data-testid="lti-platform-add">
            <Plus aria-hidden="true" />
            {t("lti.add")}
          </Button>
        }
      />

      <div className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2" data-testid="lti-tool-addresses">
        <div className="flex flex-col gap-1 sm:col-span-2">
          <h2 className="text-base font-semibold">{t("lti.register.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("lti.register.hint")}</p>
        </div>
        <CopyableAddress label={t("lti.register.login")} value={`${origin}${LTI_LOGIN_PATH}`} testId="lti-login-url" />
        <CopyableAddress label={t("lti.register.launch")} value={`${origin}${LTI_LAUNCH_PATH}`} testId="lti-launch-url" />
        <CopyableAddress label={t("lti.register.deepLinking")} value={`${origin}${LTI_LAUNCH_PATH}`} testId="lti-deep-linking-url" />
        <CopyableAddress label={t("lti.register.jwks")} value={`${origin}${LTI_JWKS_PATH}`} testId="lti-jwks-url" />
        <p className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm sm:col-span-2" data-testid="lti-new-window">
          {t("lti.register.newWindow")}
        </p>
      </div>

      {platforms.isPending ? (
        <LoadingState />
      ) : platforms.isError ? (
        <ErrorState title={t("lti.loadFailed")} error={platforms.error} onRetry={() => void platforms.refetch()} />
      ) : platforms.data.length === 0 ? (
        <EmptyState icon={Plug} hint={t("lti.emptyHint")}>
          {t("lti.empty")}
        </EmptyState>
      ) : (
        <>
          <DataTable label={t("lti.tableLabel")} columns={columns} rows={platforms.data} rowKey={(p) => p.id} rowProps={(p) => ({ "data-testid": `lti-platform-row-${p.id}` })} testId="lti-platforms-table" />
          <p className="text-sm text-muted-foreground tabular-nums">{t("common.total", { total: formatNumber(lang, platforms.data.length) })}</p>
        </>
      )}

      <Passbacks />

      {dialog && (
        <PlatformDialog
          key={dialog.mode === "edit" ? dialog.platform.id : "new"}
          platform={dialog.mode === "edit" ? dialog.platform : null}
          schools={schools.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("lti.delete.title")}
        description={t("lti.delete.message")}
        confirmLabel={t("lti.delete.confirm")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="delete-lti-platform-dialog"
      >
        {deleting && (
          <div className="rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{deleting.name}</bdi>
            <p className="text-muted-foreground">
              <bdi>{schoolName(deleting.schoolId)}</bdi>
            </p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
