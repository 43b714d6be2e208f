// /dashboard/files, every role (SPEC §2 "Files screen", §6 visibility, §8 messages): the list with its per-role
// description, download for everyone, and for staff upload plus "Assign to students" and delete on the files
// they may manage (their own uploads; a super_admin any).
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CloudUpload, FolderOpen, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { can } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { toast, toastError } from "@web/components/ui/use-toast";
import { textIn, toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { downloadFile, filesQuery, useDeleteFile, type TFile } from "./api";
import { AssignDialog } from "./components/assign-dialog";
import { ConfirmDeleteDialog } from "./components/confirm-delete-dialog";
import { FileList } from "./components/file-list";
import { UploadDialog } from "./components/upload-dialog";
import { filesText, successToast, useFilesT } from "./lib/use-files";

const HEADING_ID = "files-heading";

export function FilesPage() {
  const { t, lang } = useFilesT();
  const { user } = useSession();
  useDocumentTitle(t("title"));
  const list = useQuery(filesQuery);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [assigning, setAssigning] = useState<TFile | null>(null);
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
        <Card className="grid min-h-40 place-items-center p-10" data-testid="files-loading">
          <Spinner />
        </Card>
      ) : list.isError ? (
        <Card role="alert" className="flex flex-col items-start gap-3 border-destructive/40 p-6" data-testid="files-error">
          <div className="flex items-start gap-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive-text" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold text-destructive-text">{t(fetchFailedKey)}</p>
              <p className="text-sm text-muted-foreground">{textIn(toErrorBody(list.error).message, lang)}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            {t("list.retry")}
          </Button>
        </Card>
      ) : list.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-12 text-center" data-testid="files-empty">
          <span className="grid size-12 place-items-center rounded-2xl bg-muted text-muted-foreground">
            <FolderOpen aria-hidden="true" className="size-6" />
          </span>
          <p className="text-lg font-semibold">{t("list.empty")}</p>
          <p className="max-w-md text-sm text-muted-foreground">{isStaff ? t("list.emptyStaffHint") : t("list.emptyStudentHint")}</p>
        </Card>
      ) : (
        <FileList
          files={list.data.items}
          user={user}
          downloadingId={downloadingId}
          onDownload={download}
          onAssign={setAssigning}
          onDelete={setDeleting}
        />
      )}

      {isStaff && (
        <>
          <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
          <AssignDialog file={assigning} onClose={() => setAssigning(null)} />
          <ConfirmDeleteDialog file={deleting} pending={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
        </>
      )}
    </section>
  );
}

/** The dashboard loads each section's page as a default export (app/dashboard-pages.tsx). */
export default FilesPage;
