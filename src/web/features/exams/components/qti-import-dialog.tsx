// "Import QTI" (issue 19; docs/decisions/0023): choose a package, see what it holds — each question understood
// (and as what) or skipped, with the reason in the page's language — choose the subject, and only then create the
// draft exam, which opens in the editor.
import { CircleCheck, CircleSlash, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { FileChooser } from "@web/components/ui/file-chooser";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toErrorBody } from "@web/lib/errors";
import { useImportQti, useQtiPreview, useSubjects } from "../api";
import { failureToast, formatNumber, pick, successToast, useExamsT } from "../lib/use-exams-t";

export function QtiImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, lang } = useExamsT();
  const id = useId();
  const navigate = useNavigate();
  const subjects = useSubjects();
  const preview = useQtiPreview();
  const create = useImportQti();
  const [file, setFile] = useState<File | null>(null);
  const [chosenSubject, setChosenSubject] = useState("");

  const reset = () => {
    setFile(null);
    setChosenSubject("");
    preview.reset();
    create.reset();
  };
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };

  const data = preview.data;
  // The package's own subject when it names one of ours, until the author picks another.
  const subjectId = chosenSubject || data?.subjectId || "";
  const understood = data ? data.items.filter((i) => !i.skipped).length : 0;
  // A refused package (too large, not a package, unsafe, malformed): the server's words, in the page's language.
  const refusal = preview.isError ? toErrorBody(preview.error).message : null;

  const confirm = () => {
    if (!file || !subjectId) return;
    create.mutate(
      { file, subjectId },
      {
        // The dialog closes first: while it is open the page behind it, toasts included, is hidden from screen readers.
        onSuccess: async (exam) => {
          reset();
          onOpenChange(false);
          await navigate(`/exams/edit/${exam.id}`);
          successToast("toast.imported");
        },
        onError: (error) => failureToast(error, "toast.importFailed"),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-[560px]" data-testid="qti-import-dialog">
        <DialogHeader>
          <DialogTitle>{t("qti.importTitle")}</DialogTitle>
          <DialogDescription>{t("qti.importDescription")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              {t("qti.file")}
            </label>
            <FileChooser
              id={`${id}-file`}
              accept=".zip,application/zip"
              disabled={create.isPending}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = ""; // choosing the same (now corrected) package again fires change again
              }}
              browseLabel={t("qti.browse")}
              fileName={file?.name ?? null}
              noFileLabel={t("qti.noFile")}
              invalid={!!refusal}
              testId="qti-file"
            />
          </div>
          {preview.isPending && (
            <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              {t("qti.reading")}
            </p>
          )}
          {refusal && (
            <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="qti-error">
              {pick(lang, refusal.ar, refusal.en)}
            </p>
          )}
          {data && (
            <>
              <p className="font-semibold">
                <bdi>{pick(lang, data.titleAr, data.titleEn)}</bdi>
              </p>
              <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
                {t("qti.summary", { understood: formatNumber(lang, understood), total: formatNumber(lang, data.items.length) })}
              </p>
              {/* It scrolls: a Tab stop, so a keyboard can scroll it too. */}
              <ul
                aria-label={t("qti.itemsLabel")}
                tabIndex={0}
                className="flex max-h-72 flex-col gap-2 overflow-y-auto rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="qti-items"
              >
                {data.items.map((item) => (
                  <li key={item.identifier} className="flex items-start gap-2 rounded-xl border border-border px-3 py-2 text-sm" data-skipped={item.skipped}>
                    {item.skipped ? <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" /> : <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-foreground" />}
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <span className="font-medium">
                        <bdi>{item.title}</bdi>
                      </span>
                      <span className="text-muted-foreground">
                        {item.skipped ? t("qti.skipped") : t("qti.understood")}
                        {item.type && ` · ${t(`types.${item.type}`)}`}
                      </span>
                      {item.reason && <span>{pick(lang, item.reason.ar, item.reason.en)}</span>}
                    </div>
                  </li>
                ))}
              </ul>
              <div className="flex flex-col gap-1.5">
                <span id={`${id}-subject`} className="text-sm font-medium">
                  {t("qti.subject")}
                </span>
                <Select value={subjectId} onValueChange={setChosenSubject}>
                  <SelectTrigger aria-labelledby={`${id}-subject`} data-testid="qti-subject">
                    <SelectValue placeholder={t("qti.chooseSubject")} />
                  </SelectTrigger>
                  <SelectContent>
                    {(subjects.data ?? []).map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {pick(lang, s.nameAr, s.nameEn)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            {t("common.cancel")}
          </Button>
          <Button onClick={confirm} disabled={!data || understood === 0 || !subjectId || create.isPending} data-testid="qti-confirm">
            {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {create.isPending ? t("qti.creating") : t("qti.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
