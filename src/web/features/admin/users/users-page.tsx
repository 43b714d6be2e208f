// One user-management page, parameterised by group (SPEC §2 "User management card"): /dashboard/users/admins,
// /teachers and /students. A server-side search and pager keep a school of thousands fast; what a role may
// change comes from shared/permissions.ts (a teacher sees students read-only; a school_admin only their school).
import { Eye, FileSpreadsheet, GraduationCap, Pencil, Plus, ShieldCheck, ShieldOff, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { Navigate } from "react-router";
import { can, scopeOf, type TDashboardSection } from "@shared/permissions";
import { GROUP_CAPABILITY, USER_GROUPS, type TUser, type TUserGroup } from "@shared/schemas/user";
import { Button } from "@web/components/ui/button";
import { GradeItems } from "@web/components/grade-items";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { gradeClassLabel, pick, pickOrNull } from "@web/lib/format";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useSchools, useUsers } from "../api";
import { Badge } from "../components/badge";
import { DataTable, type TColumn } from "../components/data-table";
import { Pagination } from "@web/components/ui/pagination";
import { SearchInput } from "../components/search-input";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatNumber, useAdminT } from "../lib/use-admin";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { DeleteUserDialog } from "./delete-user-dialog";
import { ImportDialog } from "./import-dialog";
import { PasswordRuleCard } from "./password-rule";
import { ResetTwoFactorDialog, TwoFactorRuleCard } from "./two-factor-rule";
import { UserDialog } from "./user-dialog";

export const USERS_PAGE_SIZE = 50;
const ALL_SCHOOLS = "__all";
const ALL_GRADES = "__all";
const ICONS = { admins: ShieldCheck, teachers: Users, students: GraduationCap } as const;

function isGroup(id: string): id is TUserGroup {
  return Object.prototype.hasOwnProperty.call(USER_GROUPS, id);
}

export default function UsersPage({ section }: { section: TDashboardSection }) {
  if (!isGroup(section.id)) return <Navigate to="/dashboard/overview" replace />;
  return <UserManagement key={section.id} group={section.id} />;
}

type TDialog = { mode: "create" } | { mode: "edit"; user: TUser } | null;

export function UserManagement({ group }: { group: TUserGroup }) {
  const { t, lang } = useAdminT();
  const { user: viewer } = useSession();
  useDocumentTitle(t(`users.groups.${group}.title`));
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [schoolFilter, setSchoolFilter] = useState(ALL_SCHOOLS);
  const [gradeFilter, setGradeFilter] = useState(ALL_GRADES);
  const [classSearch, setClassSearch] = useState("");
  const className = useDebouncedValue(classSearch.trim(), 300);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const [resetting, setResetting] = useState<TUser | null>(null);
  const [importing, setImporting] = useState(false);

  const capability = GROUP_CAPABILITY[group];
  const canWrite = can(viewer, capability, undefined, { write: true });
  const scope = viewer ? scopeOf(viewer, capability) : false;
  const isSuperAdmin = viewer?.role === "super_admin";
  const schools = useSchools(canWrite || isSuperAdmin);
  const showSchoolFilter = isSuperAdmin && group !== "admins" && (schools.data?.length ?? 0) > 1;
  const isStudents = group === "students";
  const grade = isStudents && gradeFilter !== ALL_GRADES ? Number(gradeFilter) : undefined;

  const list = useUsers({
    group,
    q: q || undefined,
    schoolId: showSchoolFilter && schoolFilter !== ALL_SCHOOLS ? schoolFilter : undefined,
    grade,
    className: grade !== undefined && className ? className : undefined,
    page,
    pageSize: USERS_PAGE_SIZE,
  });

  if (!viewer) return null;
  const Icon = ICONS[group];
  const roleLabel = (r: TUser["role"]) => t(`dashboard.roles.${r}`, { ns: "translation" });

  const columns: TColumn<TUser>[] = [
    { id: "name", header: t("users.columns.name"), mobile: "title", cell: (u) => <bdi className="font-medium">{u.name}</bdi> },
    { id: "username", header: t("users.columns.username"), cell: (u) => <bdi>{u.username}</bdi> },
    {
      id: "email",
      header: t("users.columns.email"),
      cell: (u) => (
        <bdi dir="ltr" className="break-words">
          {u.email}
        </bdi>
      ),
    },
    ...(group === "admins"
      ? [
          {
            id: "role",
            header: t("users.columns.role"),
            cell: (u: TUser) => <Badge variant={u.role === "super_admin" ? "gold" : "default"}>{roleLabel(u.role)}</Badge>,
          },
        ]
      : []),
    {
      id: "school",
      header: t("users.columns.school"),
      cell: (u) => (u.schoolNameAr !== null ? <bdi>{pickOrNull(lang, u.schoolNameAr, u.schoolNameEn)}</bdi> : <span className="text-muted-foreground">{t("users.noSchool")}</span>),
    },
    ...(isStudents
      ? [
          {
            id: "class",
            header: t("users.columns.class"),
            cell: (u: TUser) => {
              const label = gradeClassLabel(t, u.grade, u.className);
              return label ? <bdi className="whitespace-nowrap">{label}</bdi> : <span className="text-muted-foreground">{t("common.empty")}</span>;
            },
          },
        ]
      : []),
    ...(canWrite
      ? [
          {
            id: "actions",
            header: t("common.actions"),
            mobile: "actions" as const,
            headerClassName: "text-end",
            className: "md:text-end",
            cell: (u: TUser) => (
              <div className="flex flex-wrap gap-2 md:justify-end">
                <Button size="sm" variant="outline" aria-label={t("common.editItem", { name: u.name })} onClick={() => setDialog({ mode: "edit", user: u })}>
                  <Pencil aria-hidden="true" />
                  {t("common.edit")}
                </Button>
                {isSuperAdmin && u.role !== "student" && u.id !== viewer.id && (
                  <Button size="sm" variant="outline" aria-label={t("twoFactorRule.resetItem", { name: u.name })} onClick={() => setResetting(u)} data-testid="reset-two-factor">
                    <ShieldOff aria-hidden="true" />
                    {t("twoFactorRule.reset")}
                  </Button>
                )}
                {u.id !== viewer.id && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-destructive-text hover:bg-destructive/10"
                    aria-label={t("common.deleteItem", { name: u.name })}
                    onClick={() => setDeleting(u)}
                  >
                    <Trash2 aria-hidden="true" />
                    {t("common.delete")}
                  </Button>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  const canImport = canWrite && group !== "admins";
  const data = list.data;

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid={`users-page-${group}`}>
      <SectionHeader
        icon={Icon}
        title={t(`users.groups.${group}.title`)}
        description={t(`users.groups.${group}.description`)}
        actions={
          canWrite ? (
            <>
              {canImport && (
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <FileSpreadsheet aria-hidden="true" />
                  {t("import.open")}
                </Button>
              )}
              <Button onClick={() => setDialog({ mode: "create" })}>
                <Plus aria-hidden="true" />
                {t(`users.groups.${group}.add`)}
              </Button>
            </>
          ) : undefined
        }
      />

      {(!canWrite || scope === "own_school") && (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted-foreground" data-testid="scope-note">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {canWrite ? t("users.ownSchool") : t("users.readOnly")}
        </p>
      )}

      {/* The staff password rule sits with the accounts of those who set it (decision 0031). */}
      {group === "admins" && isSuperAdmin && <PasswordRuleCard />}
      {group === "admins" && isSuperAdmin && <TwoFactorRuleCard />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          id={`search-${group}`}
          label={t("users.search")}
          placeholder={t("users.searchPlaceholder")}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          className="sm:max-w-sm sm:flex-1"
        />
        {showSchoolFilter && (
          <div className="flex items-center gap-2">
            <label htmlFor={`school-filter-${group}`} className="text-sm font-medium whitespace-nowrap">
              {t("users.schoolFilter")}
            </label>
            <Select
              value={schoolFilter}
              onValueChange={(value) => {
                setSchoolFilter(value);
                setPage(1);
              }}
            >
              <SelectTrigger id={`school-filter-${group}`} className="h-10 min-w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_SCHOOLS}>{t("users.allSchools")}</SelectItem>
                {schools.data?.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    <bdi>{pick(lang, s.nameAr, s.nameEn)}</bdi>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        {isStudents && (
          <div className="flex items-center gap-2">
            <label htmlFor="grade-filter" className="text-sm font-medium whitespace-nowrap">
              {t("users.gradeFilter")}
            </label>
            <Select
              value={gradeFilter}
              onValueChange={(value) => {
                setGradeFilter(value);
                setPage(1);
              }}
            >
              <SelectTrigger id="grade-filter" className="h-10 min-w-32" data-testid="grade-filter">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_GRADES}>{t("users.allGrades")}</SelectItem>
                <GradeItems />
              </SelectContent>
            </Select>
            {grade !== undefined && (
              <>
                <label htmlFor="class-filter" className="text-sm font-medium whitespace-nowrap">
                  {t("users.classFilter")}
                </label>
                <Input
                  id="class-filter"
                  className="h-10 w-28"
                  maxLength={20}
                  placeholder={t("users.classFilterPlaceholder")}
                  value={classSearch}
                  onChange={(e) => {
                    setClassSearch(e.target.value);
                    setPage(1);
                  }}
                  data-testid="class-filter"
                />
              </>
            )}
          </div>
        )}
      </div>

      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !data ? (
        <ErrorState title={t("users.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={Icon}>{q ? t("users.noMatches", { q }) : t(`users.groups.${group}.empty`)}</EmptyState>
      ) : (
        <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"} aria-busy={list.isFetching || undefined}>
          <DataTable
            label={t("users.tableLabel")}
            columns={columns}
            rows={data.items}
            rowKey={(u) => u.id}
            rowProps={(u) => ({ "data-testid": `user-row-${u.email}` })}
            testId="users-table"
          />
        </div>
      )}

      {data && data.items.length > 0 && (
        <div className="flex flex-col gap-3">
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={setPage} />
          {data.total <= data.pageSize && (
            <p className="text-sm text-muted-foreground tabular-nums">{t("common.total", { total: formatNumber(lang, data.total) })}</p>
          )}
        </div>
      )}

      {dialog && (
        <UserDialog
          key={dialog.mode === "edit" ? dialog.user.id : "new"}
          group={group}
          user={dialog.mode === "edit" ? dialog.user : null}
          viewer={viewer}
          schools={schools.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteUserDialog group={group} user={deleting} onClose={() => setDeleting(null)} />
      <ResetTwoFactorDialog user={resetting} onClose={() => setResetting(null)} />
      {importing && group !== "admins" && <ImportDialog group={group} viewer={viewer} onClose={() => setImporting(false)} />}
    </section>
  );
}
