import { LoaderCircle, TriangleAlert } from "lucide-react";
import { Trans } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import type { TFile } from "../api";
import { useFilesT } from "../lib/use-files";

/**
 * "Delete this file?" naming the file (SPEC §5: deleting a file asks for confirmation). Focus starts on Cancel
 * so Enter never deletes by accident; while the request runs the dialog stays open and cannot be dismissed.
 */
export function ConfirmDeleteDialog({
  file,
  pending,
  onCancel,
  onConfirm,
}: {
  file: TFile | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (file: TFile) => void;
}) {
  const { t } = useFilesT();
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-[440px]" role="alertdialog" data-testid="file-delete-dialog" showClose={!pending}>
        <DialogHeader className="flex-row items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-destructive/10 text-destructive-text">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <DialogTitle>{t("deleteDialog.title")}</DialogTitle>
            <DialogDescription className="break-words text-foreground/90">
              {file && (
                <Trans
                  t={t}
                  i18nKey="deleteDialog.description"
                  // The name is the element's own child, never parsed as part of the translation.
                  components={{ file: <bdi className="font-semibold" data-testid="file-delete-name">{file.name}</bdi> }}
                />
              )}
            </DialogDescription>
          </div>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" autoFocus onClick={onCancel} disabled={pending}>
            {t("deleteDialog.cancel")}
          </Button>
          <Button variant="destructive" onClick={() => file && onConfirm(file)} disabled={pending}>
            {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {pending ? t("deleteDialog.deleting") : t("deleteDialog.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
