// /dashboard/skills (super_admin): the skill catalogue that questions and files are tagged with and that
// reports and plans are written from (issue 14). Add, rename and reword a skill, retire it (confirmed: it stays
// on the questions, files and reports that carry it) and restore it. A skill is never deleted.
import { useQuery } from "@tanstack/react-query";
import { ArchiveRestore, Archive, Pencil, Plus, Target } from "lucide-react";
import { useId, useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { skillsQuery, subjectsQuery, type TSkill } from "@web/lib/catalogue";
import { skillStatus } from "@shared/schemas/skill";
import { formatNumber, pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { Badge } from "../components/badge";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, type TColumn } from "../components/data-table";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { useAdminT } from "../lib/use-admin";
import { useUpdateSkill } from "./api";
import { SkillDialog } from "./skill-dialog";
import { skillsFailureToast, skillsToast, useSkillsT } from "./use-skills-t";
import { SubjectItems } from "@web/components/subject-items";

const ALL = "all";
type TDialog = { mode: "create" } | { mode: "edit"; skill: TSkill } | null;

export default function SkillsPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useSkillsT();
  const { t: ta } = useAdminT();
  useDocumentTitle(t("title"));
  const uid = useId();
  const skills = useQuery(skillsQuery());
  const subjects = useQuery(subjectsQuery);
  const [subjectId, setSubjectId] = useState(ALL);
  const [showRetired, setShowRetired] = useState(false);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [retiring, setRetiring] = useState<TSkill | null>(null);
  const update = useUpdateSkill();

  const name = (s: { nameAr: string; nameEn: string }) => pick(lang, s.nameAr, s.nameEn);
  const subjectName = (id: string) => {
    const subject = subjects.data?.find((s) => s.id === id);
    return subject ? name(subject) : id;
  };
  const usage = (s: TSkill) => ({ questions: t("usage.questions", { count: s.questionCount }), files: t("usage.files", { count: s.fileCount }) });

  const setRetired = (skill: TSkill, retired: boolean) => {
    update.mutate(
      { id: skill.id, retired },
      {
        onSuccess: (saved) => {
          skillsToast(retired ? "toast.retired" : "toast.restored", saved);
          setRetiring(null);
        },
        onError: (error) => {
          skillsFailureToast(error, "toast.failedUpdate");
          setRetiring(null);
        },
      },
    );
  };

  const all = skills.data ?? [];
  const inSubject = all.filter((s) => subjectId === ALL || s.subjectId === subjectId);
  const retiredCount = inSubject.filter((s) => s.retired).length;
  const subjectOrder = (id: string) => subjects.data?.findIndex((s) => s.id === id) ?? 0;
  const rows = inSubject
    .filter((s) => showRetired || !s.retired)
    .sort((a, b) => subjectOrder(a.subjectId) - subjectOrder(b.subjectId) || name(a).localeCompare(name(b), lang));

  const columns: TColumn<TSkill>[] = [
    {
      id: "name",
      header: t("columns.name"),
      mobile: "title",
      cell: (s) => (
        <span className="flex min-w-0 flex-col">
          {/* Inline <bdi>s in blocks: each name keeps its own direction, the lines align with the page. */}
          <span className="font-semibold">
            <bdi data-testid="skill-name">{name(s)}</bdi>
          </span>
          {/* The other language's name, so both can be checked at a glance. */}
          <span className="text-xs text-muted-foreground">
            <bdi lang={lang === "ar" ? "en" : "ar"}>{lang === "ar" ? s.nameEn : s.nameAr}</bdi>
          </span>
        </span>
      ),
    },
    { id: "subject", header: t("columns.subject"), cell: (s) => <span className="whitespace-nowrap">{subjectName(s.subjectId)}</span> },
    {
      id: "guidance",
      header: t("columns.guidance"),
      className: "md:max-w-80",
      cell: (s) => {
        const text = pick(lang, s.guidanceAr ?? "", s.guidanceEn ?? "");
        return text ? <span className="line-clamp-2 text-muted-foreground">{text}</span> : <span className="text-muted-foreground italic">{t("noGuidance")}</span>;
      },
    },
    {
      id: "usage",
      header: t("columns.usage"),
      className: "whitespace-nowrap tabular-nums",
      cell: (s) => {
        const u = usage(s);
        return (
          <span className="flex flex-col text-sm" data-testid="skill-usage">
            <span>{u.questions}</span>
            <span className="text-muted-foreground">{u.files}</span>
          </span>
        );
      },
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: (s) => {
        const status = skillStatus(s);
        return (
          <Badge variant={status === "inUse" ? "success" : "muted"} data-testid="skill-status">
            {t(`status.${status}`)}
          </Badge>
        );
      },
    },
    {
      id: "actions",
      header: ta("common.actions"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (s) => (
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <Button size="sm" variant="outline" aria-label={ta("common.editItem", { name: name(s) })} onClick={() => setDialog({ mode: "edit", skill: s })} data-testid="skill-edit">
            <Pencil aria-hidden="true" />
            {ta("common.edit")}
          </Button>
          {s.retired ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={t("restoreItem", { name: name(s) })}
              disabled={update.isPending}
              onClick={() => setRetired(s, false)}
              data-testid="skill-restore"
            >
              <ArchiveRestore aria-hidden="true" />
              {t("restore")}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              className="text-destructive-text hover:bg-destructive/10"
              aria-label={t("retireItem", { name: name(s) })}
              onClick={() => setRetiring(s)}
              data-testid="skill-retire"
            >
              <Archive aria-hidden="true" />
              {t("retire")}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="skills-page">
      <SectionHeader
        icon={Target}
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setDialog({ mode: "create" })} data-testid="skill-add">
            <Plus aria-hidden="true" />
            {t("add")}
          </Button>
        }
      />

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex w-full flex-col gap-2 sm:w-64">
          <label htmlFor={`${uid}-subject`} className="text-sm font-medium">
            {t("filter.subject")}
          </label>
          <Select value={subjectId} onValueChange={setSubjectId}>
            <SelectTrigger id={`${uid}-subject`} data-testid="skills-subject-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("filter.allSubjects")}</SelectItem>
              <SubjectItems subjects={subjects.data} />
            </SelectContent>
          </Select>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={showRetired}
            onChange={(e) => setShowRetired(e.target.checked)}
            className="size-4.5 accent-primary"
            data-testid="skills-show-retired"
          />
          <span className="tabular-nums">{t("filter.showRetired", { count: retiredCount })}</span>
        </label>
      </div>

      {skills.isPending ? (
        <LoadingState />
      ) : skills.isError ? (
        <ErrorState title={t("loadFailed")} error={skills.error} onRetry={() => void skills.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Target} hint={t("emptyHint")}>
          {t("empty")}
        </EmptyState>
      ) : (
        <>
          <DataTable
            label={t("tableLabel")}
            columns={columns}
            rows={rows}
            rowKey={(s) => s.id}
            rowProps={(s) => ({ "data-testid": `skill-row-${s.id}`, className: s.retired ? "opacity-75" : undefined })}
            testId="skills-table"
          />
          <p className="text-sm text-muted-foreground tabular-nums">{ta("common.total", { total: formatNumber(lang, rows.length) })}</p>
        </>
      )}

      {dialog && (
        <SkillDialog
          key={dialog.mode === "edit" ? dialog.skill.id : "new"}
          skill={dialog.mode === "edit" ? dialog.skill : null}
          subjects={subjects.data ?? []}
          defaultSubjectId={subjectId === ALL ? "" : subjectId}
          onClose={() => setDialog(null)}
        />
      )}

      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => !open && setRetiring(null)}
        title={t("retireDialog.title")}
        description={t("retireDialog.message")}
        confirmLabel={t("retireDialog.confirm")}
        pendingLabel={t("retireDialog.pending")}
        pending={update.isPending}
        onConfirm={() => retiring && setRetired(retiring, true)}
        testId="retire-skill-dialog"
      >
        {retiring && (
          <div className="rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{name(retiring)}</bdi>
            <p className="text-muted-foreground">{t("retireDialog.usage", usage(retiring))}</p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
