// Upload (staff only): a file input that is a real <input type="file"> (keyboard and screen readers use it as
// is; the dashed zone is its label and a drop target), the chosen file's name and size, an optional set of
// students to assign it to, the skills it helps with, and a progress bar while it goes up. Cancel aborts a running upload.
import { CloudUpload, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError } from "@web/components/ui/use-toast";
import { cn } from "@web/lib/utils";
import { isAbortError, useUploadFile } from "../api";
import { formatBytes, formatPercent, successToast, useFilesT } from "../lib/use-files";
import { FileIcon } from "./file-icon";
import { SkillPicker } from "./skill-picker";
import { StudentPicker } from "./student-picker";

export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts empty. */}
      {open && <UploadForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function UploadForm({ onDone }: { onDone: () => void }) {
  const { t, lang } = useFilesT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [studentIds, setStudentIds] = useState<Set<string>>(() => new Set());
  const [skillIds, setSkillIds] = useState<Set<string>>(() => new Set());
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadFile();
  const busy = upload.isPending;

  // Leaving the page mid-upload stops it rather than finishing unseen.
  useEffect(() => () => abortRef.current?.abort(), []);

  const choose = (next: File | null) => {
    setFile(next);
    if (!next && inputRef.current) inputRef.current.value = "";
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file) {
      // SPEC §5: a file must be selected. The same words as the server's FILE_REQUIRED.
      toastError("FILE_REQUIRED");
      inputRef.current?.focus();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    upload.mutate(
      { file, studentIds: [...studentIds], skillIds: [...skillIds], onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          successToast("toast.uploaded");
          onDone();
        },
        onError: (error) => {
          setProgress(null);
          if (!isAbortError(error)) toastError(error);
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  };

  const cancel = () => {
    abortRef.current?.abort();
    onDone();
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = e.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  const inputId = `${id}-file`;
  const infoId = `${id}-info`;
  const studentsHeadingId = `${id}-students`;
  const skillsHeadingId = `${id}-skills`;
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <DialogContent
      className="max-w-[560px]"
      data-testid="file-upload-dialog"
      showClose={!busy}
      // A running upload ends only through Cancel, never through a stray click or Escape.
      onInteractOutside={(e) => busy && e.preventDefault()}
      onEscapeKeyDown={(e) => busy && e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{t("uploadDialog.title")}</DialogTitle>
        <DialogDescription>{t("uploadDialog.description")}</DialogDescription>
      </DialogHeader>

      <form id={`${id}-form`} onSubmit={submit} className="flex min-w-0 flex-col gap-5" noValidate>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">{t("uploadDialog.fileLabel")}</span>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            className="peer sr-only"
            disabled={busy}
            aria-describedby={file ? infoId : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="file-input"
          />
          <label
            htmlFor={inputId}
            onDragOver={(e) => {
              e.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 border-dashed border-input-border bg-background/60 px-4 text-center transition-colors hover:border-primary hover:bg-muted/60",
              "peer-focus-visible:border-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring/40 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
              file ? "py-4" : "py-8",
              dragging && "border-primary bg-accent/40",
            )}
          >
            <CloudUpload aria-hidden="true" className={cn("text-primary", file ? "size-6" : "size-8")} />
            <span className="text-sm font-semibold text-link">{file ? t("uploadDialog.chooseAnother") : t("uploadDialog.choose")}</span>
            <span className="text-xs text-muted-foreground">{t("uploadDialog.dropHint")}</span>
          </label>

          {file && (
            <div id={infoId} className="flex items-center gap-3 rounded-xl border border-border bg-card p-3" data-testid="file-chosen">
              <FileIcon name={file.name} contentType={file.type || null} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="sr-only">{t("uploadDialog.selected")}:</span>
                <span className="text-sm font-semibold [overflow-wrap:anywhere]">
                  <bdi>{file.name}</bdi>
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">{formatBytes(lang, file.size)}</span>
              </div>
              {!busy && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  onClick={() => {
                    choose(null);
                    inputRef.current?.focus();
                  }}
                  aria-label={t("uploadDialog.remove")}
                  title={t("uploadDialog.remove")}
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <div className="flex flex-col gap-0.5">
            <span id={studentsHeadingId} className="text-sm font-medium">
              {t("uploadDialog.studentsLabel")} <span className="font-normal text-muted-foreground">{t("uploadDialog.optional")}</span>
            </span>
            <span className="text-xs text-muted-foreground">{t("uploadDialog.studentsHint")}</span>
          </div>
          <StudentPicker selected={studentIds} onChange={setStudentIds} disabled={busy} labelledBy={studentsHeadingId} />
        </div>

        <div className="flex flex-col gap-2">
          <div className="flex flex-col gap-0.5">
            <span id={skillsHeadingId} className="text-sm font-medium">
              {t("uploadDialog.skillsLabel")} <span className="font-normal text-muted-foreground">{t("uploadDialog.optional")}</span>
            </span>
            <span className="text-xs text-muted-foreground">{t("uploadDialog.skillsHint")}</span>
          </div>
          <SkillPicker selected={skillIds} onChange={setSkillIds} disabled={busy} labelledBy={skillsHeadingId} />
        </div>

        {percent !== null && (
          <div className="flex flex-col gap-1.5" data-testid="upload-progress">
            <div className="flex items-center justify-between text-xs text-muted-foreground">
              <span>{t("uploadDialog.uploading")}</span>
              <span className="tabular-nums">{formatPercent(lang, percent / 100)}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t("uploadDialog.progress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={formatPercent(lang, percent / 100)}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
      </form>

      <DialogFooter>
        <Button variant="outline" onClick={cancel}>
          {t("uploadDialog.cancel")}
        </Button>
        <Button type="submit" form={`${id}-form`} disabled={busy} data-testid="file-upload-submit">
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <CloudUpload aria-hidden="true" />}
          {busy ? t("uploadDialog.uploading") : t("uploadDialog.submit")}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
