// "Skills" of a file already uploaded: the picker, starting from the file's tags, saved with PUT (the whole set
// replaces the old one).
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError } from "@web/components/ui/use-toast";
import { useSetFileSkills, type TFile } from "../api";
import { successToast, useFilesT } from "../lib/use-files";
import { FileIcon } from "./file-icon";
import { SkillPicker } from "./skill-picker";

export function SkillsDialog({ file, onClose }: { file: TFile | null; onClose: () => void }) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      {file && <SkillsForm key={file.id} file={file} onClose={onClose} />}
    </Dialog>
  );
}

function SkillsForm({ file, onClose }: { file: TFile; onClose: () => void }) {
  const { t } = useFilesT();
  const id = useId();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(file.skillIds));
  const save = useSetFileSkills();
  // The picker's own label: an id on DialogTitle would replace the one Radix names the dialog with.
  const headingId = `${id}-picker`;

  const submit = () => {
    save.mutate(
      { fileId: file.id, skillIds: [...selected] },
      {
        onSuccess: () => {
          successToast("toast.skillsSaved");
          onClose();
        },
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <DialogContent
      className="max-w-[560px]"
      data-testid="file-skills-dialog"
      showClose={!save.isPending}
      onInteractOutside={(e) => save.isPending && e.preventDefault()}
      onEscapeKeyDown={(e) => save.isPending && e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{t("skillsDialog.title")}</DialogTitle>
        <DialogDescription>{t("skillsDialog.description")}</DialogDescription>
      </DialogHeader>
      <span id={headingId} className="sr-only">
        {t("list.skills")}
      </span>

      <div className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-background/60 p-3">
        <FileIcon name={file.name} contentType={file.fileType} className="size-9" />
        <span className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere]">
          <bdi>{file.name}</bdi>
        </span>
      </div>

      <SkillPicker selected={selected} kept={file.skillIds} onChange={setSelected} disabled={save.isPending} labelledBy={headingId} />

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          {t("assignDialog.cancel")}
        </Button>
        <Button onClick={submit} disabled={save.isPending} data-testid="file-skills-save">
          {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {save.isPending ? t("assignDialog.saving") : t("assignDialog.save")}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
