// The files as a table from lg up, and below it the same rows laid out as cards (explicit ARIA roles keep the
// table semantics when the display changes), so a 390 px phone needs no sideways scrolling.
import { Download, LoaderCircle, Tags, Trash2, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { can, type TSessionUser } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import type { TFile } from "../api";
import { extensionOf } from "../lib/file-kind";
import { formatBytes, formatDate, formatDateTime, useFilesT } from "../lib/use-files";
import { FileIcon } from "./file-icon";
import { useSkillNames } from "./skill-picker";

type TColumn = {
  id: string;
  header: string;
  cell: (file: TFile) => ReactNode;
  /** Below lg: "title" heads the card, "actions" is its foot, "field" a "label: value" line. */
  mobile: "title" | "field" | "actions";
  className?: string;
};

export function FileList({
  files,
  user,
  downloadingId,
  onDownload,
  onAssign,
  onSkills,
  onDelete,
}: {
  files: readonly TFile[];
  user: TSessionUser;
  downloadingId: string | null;
  onDownload: (file: TFile) => void;
  onAssign: (file: TFile) => void;
  onSkills: (file: TFile) => void;
  onDelete: (file: TFile) => void;
}) {
  const { t, lang } = useFilesT();
  const isStaff = can(user, "files.upload");
  const canManage = (file: TFile) => can(user, "files.delete", { ownerId: file.uploader?.id ?? null });
  // Staff read the skill catalogue; a student's list shows no tags.
  const skillName = useSkillNames(isStaff);

  const columns: TColumn[] = [
    {
      id: "name",
      header: t("list.name"),
      mobile: "title",
      cell: (file) => {
        const ext = extensionOf(file.name);
        return (
          <span className="flex min-w-0 items-center gap-3">
            <FileIcon name={file.name} contentType={file.fileType} />
            <span className="flex min-w-0 flex-col">
              {/* An inline <bdi> in a block: the name keeps its own direction, the lines align with the page. */}
              <span className="font-semibold [overflow-wrap:anywhere]">
                <bdi data-testid="file-name">{file.name}</bdi>
              </span>
              {ext && <span className="text-xs font-medium text-muted-foreground uppercase">{ext}</span>}
              {isStaff && file.skillIds.length > 0 && (
                <span className="mt-1.5 flex flex-wrap gap-1" aria-label={t("list.skills")} data-testid="file-skills">
                  {file.skillIds.map((id) => {
                    const name = skillName(id);
                    return name ? (
                      <span key={id} className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground" data-testid="file-skill">
                        {name}
                      </span>
                    ) : null;
                  })}
                </span>
              )}
            </span>
          </span>
        );
      },
    },
    {
      id: "uploader",
      header: t("list.uploader"),
      mobile: "field",
      className: "lg:whitespace-nowrap",
      cell: (file) =>
        file.uploader ? (
          <bdi>{file.uploader.name}</bdi>
        ) : (
          <span className="text-muted-foreground italic">{t("list.deletedUser")}</span>
        ),
    },
    {
      id: "size",
      header: t("list.size"),
      mobile: "field",
      className: "lg:whitespace-nowrap",
      cell: (file) => (
        <span className="tabular-nums">{file.sizeBytes === null ? t("list.unknownSize") : formatBytes(lang, file.sizeBytes)}</span>
      ),
    },
    {
      id: "date",
      header: t("list.date"),
      mobile: "field",
      className: "lg:whitespace-nowrap",
      cell: (file) => (
        <time dateTime={file.createdAt} title={formatDateTime(lang, file.createdAt)}>
          {formatDate(lang, file.createdAt)}
        </time>
      ),
    },
    ...(isStaff
      ? [
          {
            id: "assigned",
            header: t("list.assigned"),
            mobile: "field",
            className: "lg:whitespace-nowrap",
            cell: (file: TFile) => {
              const n = file.assignedCount ?? 0;
              return (
                <span className={cn("tabular-nums", n === 0 && "text-muted-foreground")} data-testid="file-assigned">
                  {t("list.assignedCount", { count: n })}
                </span>
              );
            },
          } satisfies TColumn,
        ]
      : []),
    {
      id: "actions",
      header: t("list.actions"),
      mobile: "actions",
      className: "lg:w-px",
      cell: (file) => {
        const downloading = downloadingId === file.id;
        return (
          <span className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-end lg:gap-1">
            <Button
              variant="outline"
              size="sm"
              className="max-lg:flex-1 lg:size-9 lg:px-0 xl:w-auto xl:px-3"
              onClick={() => onDownload(file)}
              disabled={downloading}
              aria-label={t("actions.downloadItem", { name: file.name })}
              title={t("actions.download")}
              data-testid="file-download"
            >
              {downloading ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Download aria-hidden="true" />}
              <span className="lg:sr-only xl:not-sr-only">{downloading ? t("actions.downloading") : t("actions.download")}</span>
            </Button>
            {canManage(file) && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="max-lg:flex-1 max-lg:border max-lg:border-input-border lg:size-9 lg:px-0"
                  onClick={() => onAssign(file)}
                  aria-label={t("actions.assignItem", { name: file.name })}
                  title={t("actions.assign")}
                  data-testid="file-assign"
                >
                  <UserPlus aria-hidden="true" />
                  <span className="lg:sr-only">{t("actions.assignShort")}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="max-lg:flex-1 max-lg:border max-lg:border-input-border lg:size-9 lg:px-0"
                  onClick={() => onSkills(file)}
                  aria-label={t("actions.skillsItem", { name: file.name })}
                  title={t("actions.skills")}
                  data-testid="file-skills-edit"
                >
                  <Tags aria-hidden="true" />
                  <span className="lg:sr-only">{t("actions.skills")}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive-text hover:bg-destructive/10 max-lg:flex-1 max-lg:border max-lg:border-input-border lg:size-9 lg:px-0"
                  onClick={() => onDelete(file)}
                  aria-label={t("actions.deleteItem", { name: file.name })}
                  title={t("actions.delete")}
                  data-testid="file-delete"
                >
                  <Trash2 aria-hidden="true" />
                  <span className="lg:sr-only">{t("actions.delete")}</span>
                </Button>
              </>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <div
      role="region"
      aria-label={t("list.label")}
      tabIndex={0}
      className="rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-ring lg:overflow-x-auto lg:border lg:border-border lg:bg-card lg:shadow-sm"
      data-testid="files-list"
    >
      <table role="table" className="w-full border-collapse text-sm max-lg:block">
        <thead role="rowgroup" className="max-lg:sr-only">
          <tr role="row" className="border-b border-border bg-muted/50">
            {columns.map((col) => (
              <th
                key={col.id}
                role="columnheader"
                scope="col"
                className={cn("px-4 py-3 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground", col.id === "actions" && "text-end")}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:grid max-lg:gap-3 md:max-lg:grid-cols-2">
          {files.map((file) => (
            <tr
              key={file.id}
              role="row"
              data-testid="file-row"
              data-file-id={file.id}
              className={cn(
                "border-b border-border transition-colors last:border-b-0 lg:hover:bg-muted/40",
                "max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:rounded-2xl max-lg:border max-lg:bg-card max-lg:p-4 max-lg:shadow-sm max-lg:last:border-b",
              )}
            >
              {columns.map((col) => (
                <td
                  key={col.id}
                  role="cell"
                  className={cn(
                    "px-4 py-3 align-middle max-lg:p-0",
                    col.mobile === "title" && "max-lg:mb-1 max-lg:text-base",
                    col.mobile === "field" && "max-lg:flex max-lg:items-baseline max-lg:gap-2",
                    col.mobile === "actions" && "max-lg:mt-auto max-lg:border-t max-lg:border-border max-lg:pt-3",
                    col.id === "name" && "lg:min-w-56",
                    col.className,
                  )}
                >
                  {col.mobile === "field" && (
                    <span aria-hidden="true" className="w-24 shrink-0 text-xs font-medium text-muted-foreground lg:hidden">
                      {col.header}
                    </span>
                  )}
                  {col.mobile === "field" ? <span className="min-w-0 break-words">{col.cell(file)}</span> : col.cell(file)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
