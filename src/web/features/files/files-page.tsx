// /dashboard/files, every role (SPEC §2 "Files screen", §6 visibility, §8 messages): the list with its per-role
// description, download for everyone, and for staff upload plus "Assign to students", the skills a file helps
// with (issue 14) and delete on the files they may manage (their own uploads; a super_admin any).
import { useQuery } from "@tanstack/react-query";
import { CloudUpload, FolderOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { can } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { downloadFile, filesQuery, useDeleteFile, type TFile } from "./api";
import { AssignDialog } from "./components/assign-dialog";
import { ConfirmDeleteDialog } from "./components/confirm-delete-dialog";
import { FileList } from "./components/file-list";
import { SkillsDialog } from "./components/skills-dialog";
import { UploadDialog } from "./components/upload-dialog";
import { filesText, successToast, useFilesT } from "./lib/use-files";

const HEADING_ID = "files-heading";

export function FilesPage() {
  const { t } = useFilesT();
  const { user } = useSession();
  useDocumentTitle(t("title"));
  const list = useQuery(filesQuery);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [assigning, setAssigning] = useState<TFile | null>(null);
  const [tagging, setTagging] = useState<TFile | null>(null);
  const [deleting, setDeleting] = useState<TFile | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const remove = useDeleteFile();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const isStudent = user?.role === "student";
  const fetchFailedKey = isStudent ? "list.fetchMineFailed" : "list.fetchFailed";

  // SPEC §8: a failure is also a destructive toast ("Error fetching files" / "Error fetching your files").
  const { isError, error, errorUpdatedAt } = list;
  useEffect(() => {
    if (!isError) return;
    toast({ variant: "destructive", title: filesText(fetchFailedKey), description: toErrorBody(error).message });
  }, [isError, error, errorUpdatedAt, fetchFailedKey]);

  if (!user) return null; // The dashboard renders pages only with a user.
  const isStaff = can(user, "files.upload");

  const download = (file: TFile) => {
    setDownloadingId(file.id);
    downloadFile(file)
      .catch((err: unknown) => toastError(err))
      .finally(() => setDownloadingId((current) => (current === file.id ? null : current)));
  };

  const confirmDelete = (file: TFile) => {
    remove.mutate(file.id, {
      onSuccess: () => {
        successToast("toast.deleted");
        setDeleting(null);
        // The row and its buttons are gone; continue from the page's heading.
        headingRef.current?.focus();
      },
      onError: (err) => {
        toastError(err);
        setDeleting(null);
      },
    });
  };

  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)} data-testid="file-upload-open">
      <CloudUpload aria-hidden="true" />
      {t("upload")}
    </Button>
  );

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-6" data-testid="files-page">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
            <FolderOpen aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col">
            <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
              {t("title")}
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="files-description">
              {t(`description.${user.role}`)}
            </p>
          </div>
        </div>
        {isStaff && uploadButton}
      </div>

      {list.isPending ? (
        <LoadingState testId="files-loading" />
      ) : list.isError ? (
        <ErrorState title={t(fetchFailedKey)} error={list.error} onRetry={() => void list.refetch()} testId="files-error" />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={FolderOpen} hint={isStaff ? t("list.emptyStaffHint") : t("list.emptyStudentHint")} testId="files-empty">
          {t("list.empty")}
        </EmptyState>
      ) : (
        <FileList
          files={list.data.items}
          user={user}
          downloadingId={downloadingId}
          onDownload={download}
          onAssign={setAssigning}
          onSkills={setTagging}
          onDelete={setDeleting}
        />
      )}

      {isStaff && (
        <>
          <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
          <AssignDialog file={assigning} onClose={() => setAssigning(null)} />
          <SkillsDialog file={tagging} onClose={() => setTagging(null)} />
          <ConfirmDeleteDialog file={deleting} pending={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
        </>
      )}
    </section>
  );
}

/** The dashboard loads each section's page as a default export (app/dashboard-pages.tsx). */
export default FilesPage;
