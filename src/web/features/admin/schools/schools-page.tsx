// /dashboard/schools (super_admin): the schools by name with their user counts, Add New School, the
// create/edit dialog, and a confirmed delete that the server refuses while users belong to the school.
import { KeyRound, Pencil, Plus, School, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import type { TSchool } from "@shared/schemas/school";
import { Button } from "@web/components/ui/button";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { pick, pickOrNull } from "@web/lib/format";
import { useDeleteSchool, useSchools } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, type TColumn } from "../components/data-table";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { failureToast, formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { SchoolDialog } from "./school-dialog";
import { usePasswordSignIn } from "../identity-providers/api";
import { Badge } from "../components/badge";

type TDialog = { mode: "create" } | { mode: "edit"; school: TSchool } | null;

export default function SchoolsPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAdminT();
  useDocumentTitle(t("schools.title"));
  const schools = useSchools();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [deleting, setDeleting] = useState<TSchool | null>(null);
  const [turningOff, setTurningOff] = useState<TSchool | null>(null);
  const remove = useDeleteSchool();
  const passwordSignIn = usePasswordSignIn();
  const name = (s: TSchool) => pick(lang, s.nameAr, s.nameEn);
  // By name in the page's language (the server's order is the English names').
  const rows = [...(schools.data ?? [])].sort((a, b) => name(a).localeCompare(name(b), lang));

  const columns: TColumn<TSchool>[] = [
    {
      id: "id",
      header: t("schools.columns.id"),
      cell: (s) => (
        <bdi dir="ltr" className="font-mono text-[0.8125rem]">
          {s.id}
        </bdi>
      ),
    },
    {
      id: "name",
      header: t("schools.columns.name"),
      mobile: "title",
      cell: (s) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">
            <bdi data-testid="school-name">{name(s)}</bdi>
          </span>
          {/* The other language's name, so both can be checked at a glance (as the skills page does). */}
          <span className="text-xs text-muted-foreground">
            <bdi lang={lang === "ar" ? "en" : "ar"} data-testid="school-name-other">
              {lang === "ar" ? s.nameEn : s.nameAr}
            </bdi>
          </span>
        </span>
      ),
    },
    {
      id: "city",
      header: t("schools.columns.city"),
      cell: (s) => {
        const city = pickOrNull(lang, s.cityAr, s.cityEn);
        return city ? <bdi data-testid="school-city">{city}</bdi> : <span className="text-muted-foreground">{t("common.empty")}</span>;
      },
    },
    {
      id: "users",
      header: t("schools.columns.users"),
      className: "tabular-nums",
      cell: (s) => formatNumber(lang, s.userCount ?? 0),
    },
    {
      // Password sign-in off (issue 38): the school's people sign in only through its identity provider.
      id: "signIn",
      header: t("schools.signIn.column"),
      cell: (s) => (
        <span className="flex flex-col items-start gap-1.5">
          <Badge variant={s.passwordSignInOff ? "default" : "muted"} data-testid="school-sign-in">
            {s.passwordSignInOff ? t("schools.signIn.providerOnly") : t("schools.signIn.passwordToo")}
          </Badge>
          <Button
            size="sm"
            variant="ghost"
            className="h-auto min-h-9 px-2 text-link"
            disabled={passwordSignIn.isPending}
            onClick={() => (s.passwordSignInOff ? setPasswordSignIn(s, false) : setTurningOff(s))}
            aria-label={s.passwordSignInOff ? t("schools.signIn.turnOnFor", { name: name(s) }) : t("schools.signIn.turnOffFor", { name: name(s) })}
            data-testid="school-sign-in-toggle"
          >
            <KeyRound aria-hidden="true" />
            {s.passwordSignInOff ? t("schools.signIn.turnOn") : t("schools.signIn.turnOff")}
          </Button>
        </span>
      ),
    },
    {
      id: "actions",
      header: t("common.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (s) => (
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button size="sm" variant="outline" aria-label={t("common.editItem", { name: name(s) })} onClick={() => setDialog({ mode: "edit", school: s })}>
            <Pencil aria-hidden="true" />
            {t("common.edit")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive-text hover:bg-destructive/10"
            aria-label={t("common.deleteItem", { name: name(s) })}
            onClick={() => setDeleting(s)}
          >
            <Trash2 aria-hidden="true" />
            {t("common.delete")}
          </Button>
        </div>
      ),
    },
  ];

  const setPasswordSignIn = (school: TSchool, off: boolean) => {
    passwordSignIn.mutate(
      { schoolId: school.id, off },
      {
        onSuccess: () => {
          successToast(off ? "schools.signIn.toast.off" : "schools.signIn.toast.on");
          setTurningOff(null);
        },
        onError: (error) => {
          failureToast(error, "schools.signIn.toast.failed");
          setTurningOff(null);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        successToast("toast.schoolDeleted");
        setDeleting(null);
      },
      onError: (error) => {
        // "Cannot Delete" (users still belong to it) comes from the server with its own title.
        failureToast(error, "toast.failedDeleteSchool");
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="schools-page">
      <SectionHeader
        icon={School}
        title={t("schools.title")}
        description={t("schools.description")}
        actions={
          <Button onClick={() => setDialog({ mode: "create" })}>
            <Plus aria-hidden="true" />
            {t("schools.add")}
          </Button>
        }
      />

      {schools.isPending ? (
        <LoadingState />
      ) : schools.isError ? (
        <ErrorState title={t("schools.loadFailed")} error={schools.error} onRetry={() => void schools.refetch()} />
      ) : schools.data.length === 0 ? (
        <EmptyState icon={School}>{t("schools.empty")}</EmptyState>
      ) : (
        <>
          <DataTable
            label={t("schools.tableLabel")}
            columns={columns}
            rows={rows}
            rowKey={(s) => s.id}
            rowProps={(s) => ({ "data-testid": `school-row-${s.id}` })}
            testId="schools-table"
          />
          <p className="text-sm text-muted-foreground tabular-nums">{t("common.total", { total: formatNumber(lang, schools.data.length) })}</p>
        </>
      )}

      {dialog && (
        <SchoolDialog
          key={dialog.mode === "edit" ? dialog.school.id : "new"}
          school={dialog.mode === "edit" ? dialog.school : null}
          onClose={() => setDialog(null)}
        />
      )}

      <ConfirmDialog
        open={turningOff !== null}
        onOpenChange={(open) => !open && setTurningOff(null)}
        title={t("schools.signIn.confirmTitle")}
        description={t("schools.signIn.confirmMessage")}
        confirmLabel={t("schools.signIn.turnOff")}
        pending={passwordSignIn.isPending}
        onConfirm={() => turningOff && setPasswordSignIn(turningOff, true)}
        testId="password-sign-in-dialog"
      >
        {turningOff && (
          <p className="rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{name(turningOff)}</bdi>
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("schools.delete.title")}
        description={t("schools.delete.message")}
        confirmLabel={t("schools.delete.confirm")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="delete-school-dialog"
      >
        {deleting && (
          <p className="rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{name(deleting)}</bdi>{" "}
            <bdi dir="ltr" className="font-mono text-muted-foreground">
              ({deleting.id})
            </bdi>
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
