// "Assign to students" for a file already uploaded: the picker, preloaded with GET /api/files/:id/students,
// saved with PUT (the whole set replaces the old one).
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, RotateCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { toastError } from "@web/components/ui/use-toast";
import { textIn, toErrorBody } from "@web/lib/errors";
import { fileStudentsQuery, useSetFileStudents, type TFile } from "../api";
import { successToast, useFilesT } from "../lib/use-files";
import { FileIcon } from "./file-icon";
import { StudentPicker } from "./student-picker";

export function AssignDialog({ file, onClose }: { file: TFile | null; onClose: () => void }) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      {file && <AssignForm key={file.id} file={file} onClose={onClose} />}
    </Dialog>
  );
}

function AssignForm({ file, onClose }: { file: TFile; onClose: () => void }) {
  const { t, lang } = useFilesT();
  const id = useId();
  const current = useQuery(fileStudentsQuery(file.id));
  // null until the user changes something: until then the loaded set is shown.
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const selected = edited ?? new Set(current.data?.studentIds ?? []);
  const save = useSetFileStudents();
  // The picker's own label: an id on DialogTitle would replace the one Radix names the dialog with.
  const headingId = `${id}-picker`;

  const submit = () => {
    save.mutate(
      { fileId: file.id, studentIds: [...selected] },
      {
        onSuccess: ({ studentIds }) => {
          successToast("toast.assigned", { key: "toast.assignedCount", options: { count: studentIds.length } });
          onClose();
        },
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <DialogContent
      className="max-w-[560px]"
      data-testid="file-assign-dialog"
      showClose={!save.isPending}
      onInteractOutside={(e) => save.isPending && e.preventDefault()}
      onEscapeKeyDown={(e) => save.isPending && e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{t("assignDialog.title")}</DialogTitle>
        <DialogDescription>{t("assignDialog.description")}</DialogDescription>
      </DialogHeader>
      <span id={headingId} className="sr-only">
        {t("picker.listLabel")}
      </span>

      <div className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-background/60 p-3">
        <FileIcon name={file.name} contentType={file.fileType} className="size-9" />
        <span className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere]">
          <bdi data-testid="file-assign-name">{file.name}</bdi>
        </span>
      </div>

      {current.isPending ? (
        <div className="grid min-h-40 place-items-center">
          <Spinner />
        </div>
      ) : current.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-destructive/40 p-4 text-sm">
          <p className="font-semibold text-destructive-text">{t("assignDialog.loadFailed")}</p>
          <p className="text-muted-foreground">{textIn(toErrorBody(current.error).message, lang)}</p>
          <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
            <RotateCw aria-hidden="true" />
            {t("picker.retry")}
          </Button>
        </div>
      ) : (
        <StudentPicker selected={selected} onChange={setEdited} disabled={save.isPending} labelledBy={headingId} />
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          {t("assignDialog.cancel")}
        </Button>
        <Button onClick={submit} disabled={save.isPending || !current.isSuccess} data-testid="file-assign-save">
          {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {save.isPending ? t("assignDialog.saving") : t("assignDialog.save")}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
