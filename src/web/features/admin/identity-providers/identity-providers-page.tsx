// /dashboard/identity-providers (super_admin; issue 38, docs/decisions/0050): the school's identity providers —
// OpenID Connect by discovery (Entra ID, Google Workspace) and plain OAuth 2.0 (UAE PASS) — with the schools and
// roles each serves, whether a first sign-in creates students, and the addresses to register Qias with at the
// provider. The client secret is write-only: the list says only whether one is set. Removing a provider removes
// the links of the people signed in through it (confirmed, with their number); the server refuses it while a
// school signs in only through it.
import { KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { OIDC_CALLBACK_PATH, SIGNED_OUT_PATH, type TIdentityProvider } from "@shared/schemas/identity-provider";
import { Button } from "@web/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useSchools } from "../api";
import { Badge } from "../components/badge";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, type TColumn } from "../components/data-table";
import { CopyableAddress } from "../components/copyable-address";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { failureToast, formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { useDeleteProvider, useProviders } from "./api";
import { ProviderDialog } from "./provider-dialog";

type TDialog = { mode: "create" } | { mode: "edit"; provider: TIdentityProvider } | null;

export default function IdentityProvidersPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAdminT();
  useDocumentTitle(t("providers.title"));
  const providers = useProviders();
  const schools = useSchools();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [deleting, setDeleting] = useState<TIdentityProvider | null>(null);
  const remove = useDeleteProvider();
  const name = (p: { nameAr: string; nameEn: string }) => pick(lang, p.nameAr, p.nameEn);
  const schoolName = (id: string) => {
    const school = schools.data?.find((s) => s.id === id);
    return school ? name(school) : id;
  };
  const origin = window.location.origin;

  const columns: TColumn<TIdentityProvider>[] = [
    {
      id: "name",
      header: t("providers.columns.name"),
      mobile: "title",
      cell: (p) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-semibold">
            <bdi data-testid="provider-name">{name(p)}</bdi>
          </span>
          <bdi dir="ltr" className="truncate text-xs text-muted-foreground">
            {p.issuer}
          </bdi>
        </span>
      ),
    },
    {
      id: "kind",
      header: t("providers.columns.kind"),
      cell: (p) => <span className="whitespace-nowrap">{t(`providers.kind.${p.kind}`)}</span>,
    },
    {
      id: "serves",
      header: t("providers.columns.serves"),
      className: "md:max-w-72",
      cell: (p) => (
        <span className="flex flex-col gap-1 text-sm">
          <span>{p.roles.map((role) => t(`dashboard.roles.${role}`, { ns: "translation" })).join(t("providers.listSeparator"))}</span>
          <span className="text-muted-foreground">
            {p.schoolIds === null ? t("providers.allSchools") : p.schoolIds.map(schoolName).join(t("providers.listSeparator"))}
          </span>
          {p.createStudentsSchoolId && <span className="text-muted-foreground">{t("providers.createsStudents", { school: schoolName(p.createStudentsSchoolId) })}</span>}
        </span>
      ),
    },
    {
      id: "linked",
      header: t("providers.columns.linked"),
      className: "tabular-nums",
      cell: (p) => formatNumber(lang, p.linkedCount),
    },
    {
      id: "status",
      header: t("providers.columns.status"),
      cell: (p) => (
        <span className="flex flex-wrap gap-1.5">
          <Badge variant={p.enabled ? "success" : "muted"} data-testid="provider-status">
            {p.enabled ? t("providers.on") : t("providers.off")}
          </Badge>
          {!p.clientSecretSet && <Badge variant="muted">{t("providers.noSecret")}</Badge>}
        </span>
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
          <Button size="sm" variant="outline" aria-label={t("common.editItem", { name: name(p) })} onClick={() => setDialog({ mode: "edit", provider: p })} data-testid="provider-edit">
            <Pencil aria-hidden="true" />
            {t("common.edit")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive-text hover:bg-destructive/10"
            aria-label={t("common.deleteItem", { name: name(p) })}
            onClick={() => setDeleting(p)}
            data-testid="provider-delete"
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
        successToast("providers.toast.deleted");
        setDeleting(null);
      },
      onError: (error) => {
        failureToast(error, "providers.toast.failedDelete");
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="identity-providers-page">
      <SectionHeader
        icon={KeyRound}
        title={t("providers.title")}
        description={t("providers.description")}
        actions={
          <Button onClick={() => setDialog({ mode: "create" })} data-testid="provider-add">
            <Plus aria-hidden="true" />
            {t("providers.add")}
          </Button>
        }
      />

      <div className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2" data-testid="provider-addresses">
        <p className="text-sm text-muted-foreground sm:col-span-2">{t("providers.registerHint")}</p>
        <CopyableAddress label={t("providers.redirectUri")} value={`${origin}${OIDC_CALLBACK_PATH}`} testId="provider-redirect-uri" />
        <CopyableAddress label={t("providers.postLogoutUri")} value={`${origin}${SIGNED_OUT_PATH}`} testId="provider-post-logout-uri" />
      </div>

      {providers.isPending ? (
        <LoadingState />
      ) : providers.isError ? (
        <ErrorState title={t("providers.loadFailed")} error={providers.error} onRetry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <EmptyState icon={KeyRound} hint={t("providers.emptyHint")}>
          {t("providers.empty")}
        </EmptyState>
      ) : (
        <>
          <DataTable
            label={t("providers.tableLabel")}
            columns={columns}
            rows={providers.data}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ "data-testid": `provider-row-${p.id}`, className: p.enabled ? undefined : "opacity-75" })}
            testId="providers-table"
          />
          <p className="text-sm text-muted-foreground tabular-nums">{t("common.total", { total: formatNumber(lang, providers.data.length) })}</p>
        </>
      )}

      {dialog && (
        <ProviderDialog
          key={dialog.mode === "edit" ? dialog.provider.id : "new"}
          provider={dialog.mode === "edit" ? dialog.provider : null}
          schools={schools.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("providers.delete.title")}
        description={t("providers.delete.message")}
        confirmLabel={t("providers.delete.confirm")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="delete-provider-dialog"
      >
        {deleting && (
          <div className="rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{name(deleting)}</bdi>
            <p className="text-muted-foreground" data-testid="delete-provider-linked">
              {t("providers.delete.linked", { count: deleting.linkedCount, formatted: formatNumber(lang, deleting.linkedCount) })}
            </p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
