// "Import QTI" (issue 19; docs/decisions/0023): choose a package, see what it holds — each test in it, and each
// question understood (and as what) or skipped, with the reason in the page's language — choose each test's subject
// (and give a title to a test the package names none for), and only then create the draft exams (one per test, all
// or none). The button is enabled only when the server's preview says nothing is missing (issue 33), and while it is
// not, the reasons stand beside it. A single draft opens in the editor; several stay in the list.
import { CircleCheck, CircleSlash, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { FileChooser } from "@web/components/ui/file-chooser";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toErrorBody } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import { MAX_SHORT_TEXT_LENGTH } from "@shared/limits";
import type { TQtiPreviewTest } from "@shared/schemas/qti";
import { useImportQti, useQtiPreview, useSubjects } from "../api";
import { useImportQtiToBank } from "@web/features/bank/api";
import { failureToast, formatNumber, pick, successToast, useExamsT } from "../lib/use-exams-t";
import { SubjectItems } from "@web/components/subject-items";

/**
 * `bank`: the bank page's "Import QTI into the bank" (issue 34) — the same preview and subjects, no titles, and the
 * items filed in the bank of the importer's school; `onImported` is told how many.
 */
export function QtiImportDialog({ open, onOpenChange, bank }: { open: boolean; onOpenChange: (open: boolean) => void; bank?: { onImported: (count: number) => void } }) {
  const { t, lang } = useExamsT();
  const id = useId();
  const navigate = useNavigate();
  const preview = useQtiPreview();
  const toExams = useImportQti();
  const toBank = useImportQtiToBank();
  const create = bank ? toBank : toExams;
  const [file, setFile] = useState<File | null>(null);
  // The subject chosen for each test, by its place in the package.
  const [chosenSubjects, setChosenSubjects] = useState<Record<number, string>>({});
  // The title given to each test the package names none for.
  const [titles, setTitles] = useState<Record<number, string>>({});

  const reset = () => {
    setFile(null);
    setChosenSubjects({});
    setTitles({});
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
    // Choices belong to a package's tests, by their place: another package starts afresh.
    setChosenSubjects({});
    setTitles({});
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };

  const tests = preview.data?.tests ?? [];
  // The package's own subject when it names one of ours, until the author picks another.
  const subjectOf = (n: number) => chosenSubjects[n] || tests[n]?.subjectId || "";
  const understoodIn = (test: TQtiPreviewTest) => test.items.filter((i) => !i.skipped).length;
  // Tests with nothing understood become no exam; every other one needs a subject.
  const creating = tests.map((test, n) => ({ test, n })).filter(({ test }) => understoodIn(test) > 0);
  const titleOf = (n: number) => (!bank && tests[n]?.missing.includes("title") ? (titles[n] ?? "").trim() : "");
  // Why "Create" is not enabled yet, each thing in words: what the server's preview says is missing and not yet
  // given, or its refusal. Empty: ready.
  const needs: string[] = [];
  if (!preview.data && !preview.isPending) needs.push(t("qti.needFile"));
  else if (preview.data && !creating.length) needs.push(t("qti.needNothing"));
  for (const { test, n } of creating) {
    const own: string[] = [];
    if (!bank && test.missing.includes("title") && !titleOf(n)) own.push(t("qti.needTitle"));
    if (titleOf(n).length > MAX_SHORT_TEXT_LENGTH) own.push(t("qti.needShorterTitle", { max: formatNumber(lang, MAX_SHORT_TEXT_LENGTH) }));
    if (!subjectOf(n)) own.push(t("qti.needSubject"));
    if (test.problem) own.push(pick(lang, test.problem.ar, test.problem.en));
    needs.push(...own.map((need) => (tests.length > 1 ? t("qti.needTest", { n: formatNumber(lang, n + 1), need }) : need)));
  }
  const ready = !!preview.data && !preview.isPending && needs.length === 0;
  // A refused package (too large, not a package, unsafe, malformed): the server's words, in the page's language.
  const refusal = preview.isError ? toErrorBody(preview.error).message : null;

  const confirm = () => {
    if (!file || !ready) return;
    if (bank) {
      toBank.mutate(
        { file, subjectIds: tests.map((_, n) => subjectOf(n)) },
        {
          onSuccess: ({ itemIds }) => {
            reset();
            onOpenChange(false);
            bank.onImported(itemIds.length);
          },
          onError: (error) => failureToast(error, "toast.importFailed"),
        },
      );
      return;
    }
    toExams.mutate(
      { file, subjectIds: tests.map((_, n) => subjectOf(n)), titles: tests.map((_, n) => titleOf(n)) },
      {
        // The dialog closes first: while it is open the page behind it, toasts included, is hidden from screen readers.
        onSuccess: async ({ exams }) => {
          reset();
          onOpenChange(false);
          if (exams.length === 1) {
            await navigate(`/exams/edit/${exams[0]!.id}`);
            successToast("toast.imported");
          } else successToast("toast.importedMany", { count: exams.length });
        },
        onError: (error) => failureToast(error, "toast.importFailed"),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-[560px]" data-testid="qti-import-dialog">
        <DialogHeader>
          <DialogTitle>{bank ? t("qti.bankImportTitle") : t("qti.importTitle")}</DialogTitle>
          <DialogDescription>{bank ? t("qti.bankImportDescription") : t("qti.importDescription")}</DialogDescription>
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
          {tests.length > 1 && (
            <p className="text-sm" data-testid="qti-tests-summary">
              {t("qti.tests", { count: tests.length })}
            </p>
          )}
          {tests.length > 0 && (
            // Several tests are read with the dialog, which scrolls, rather than in nested scrolling boxes.
            <div className="flex flex-col gap-5">
              {tests.map((test, n) => (
                <TestPreview
                  key={n}
                  test={test}
                  n={n}
                  several={tests.length > 1}
                  subjectId={subjectOf(n)}
                  onSubject={(v) => setChosenSubjects((prev) => ({ ...prev, [n]: v }))}
                  title={titles[n] ?? ""}
                  onTitle={(v) => setTitles((prev) => ({ ...prev, [n]: v }))}
                  asksTitle={!bank && test.missing.includes("title")}
                />
              ))}
            </div>
          )}
        </div>
        {!ready && !create.isPending && needs.length > 0 && (
          <p id={`${id}-needs`} className="text-sm text-muted-foreground sm:text-end" data-testid="qti-needs">
            {t("qti.needs")} {needs.join(lang === "ar" ? "؛ " : "; ")}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            {t("common.cancel")}
          </Button>
          <Button onClick={confirm} disabled={!ready || create.isPending} aria-describedby={!ready && needs.length ? `${id}-needs` : undefined} data-testid="qti-confirm">
            {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {create.isPending ? t("qti.creating") : bank ? t("qti.bankConfirm") : tests.length > 1 ? t("qti.confirmMany", { count: creating.length }) : t("qti.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One test of the package: its title, grades, each question understood or skipped, and the subject of its draft. */
function TestPreview({
  test,
  n,
  several,
  subjectId,
  onSubject,
  title: given,
  onTitle,
  asksTitle,
}: {
  test: TQtiPreviewTest;
  n: number;
  several: boolean;
  subjectId: string;
  onSubject: (id: string) => void;
  title: string;
  onTitle: (title: string) => void;
  asksTitle: boolean;
}) {
  const { t, lang } = useExamsT();
  const id = useId();
  const subjects = useSubjects();
  const understood = test.items.filter((i) => !i.skipped).length;
  const title = pick(lang, test.titleAr, test.titleEn) || given.trim() || t("qti.untitled");
  return (
    <section aria-labelledby={`${id}-title`} className={cn("flex flex-col gap-3", several && "rounded-2xl border border-border p-3")} data-testid="qti-test">
      <h3 id={`${id}-title`} className="font-semibold">
        {several && `${t("qti.testNumber", { n: formatNumber(lang, n + 1) })} `}
        <bdi>{title}</bdi>
      </h3>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground tabular-nums" aria-live="polite">
        <span>{t("qti.summary", { understood: formatNumber(lang, understood), total: formatNumber(lang, test.items.length) })}</span>
        {test.passageCount > 0 && <span data-testid="qti-passages">{t("qti.passages", { count: test.passageCount })}</span>}
        {test.grades.length > 0 && <span data-testid="qti-grades">{t("qti.gradesOf", { grades: test.grades.map((g) => formatNumber(lang, g)).join(lang === "ar" ? "، " : ", ") })}</span>}
      </p>
      {/* Alone, it scrolls: a Tab stop, so a keyboard can scroll it too. Among several tests, the dialog scrolls. */}
      <ul
        aria-label={several ? `${t("qti.itemsLabel")} — ${title}` : t("qti.itemsLabel")}
        tabIndex={several ? undefined : 0}
        className={cn("flex flex-col gap-2", !several && "max-h-72 overflow-y-auto rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring")}
        data-testid="qti-items"
      >
        {test.items.map((item) => (
          <li key={item.identifier} className="flex items-start gap-2 rounded-xl border border-border px-3 py-2 text-sm" data-skipped={item.skipped}>
            {item.skipped ? <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" /> : <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-foreground" />}
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              {/* Its words in the page's language (the other's when it has only those, marked), else its file's title. */}
              <span className="font-medium">
                <bdi>{pick(lang, item.textAr, item.textEn) || item.title}</bdi>
              </span>
              {item.onlyIn && item.onlyIn !== lang && (
                <span className="w-fit rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium" data-testid="qti-only-in">
                  {t(item.onlyIn === "ar" ? "qti.onlyAr" : "qti.onlyEn")}
                </span>
              )}
              {item.passage && (
                <span className="text-muted-foreground">
                  {t("qti.passageOf")} <bdi>{pick(lang, item.passage.titleAr, item.passage.titleEn)}</bdi>
                </span>
              )}
              <span className="text-muted-foreground">
                {item.skipped ? t("qti.skipped") : t("qti.understood")}
                {item.type && ` · ${t(`types.${item.type}`)}`}
              </span>
              {item.reason && <span>{pick(lang, item.reason.ar, item.reason.en)}</span>}
            </div>
          </li>
        ))}
      </ul>
      {understood > 0 && asksTitle && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-given-title`} className="text-sm font-medium">
            {t("qti.title")}
          </label>
          <Input
            id={`${id}-given-title`}
            value={given}
            onChange={(e) => onTitle(e.target.value)}
            aria-describedby={`${id}-title-hint`}
            aria-invalid={given.trim().length > MAX_SHORT_TEXT_LENGTH || undefined}
            dir="auto"
            data-testid="qti-title"
          />
          <p id={`${id}-title-hint`} className="text-sm text-muted-foreground">
            {t("qti.titleHint")}
          </p>
        </div>
      )}
      {understood > 0 && (
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-subject`} className="text-sm font-medium">
            {t("qti.subject")}
          </span>
          <Select value={subjectId} onValueChange={onSubject}>
            <SelectTrigger aria-labelledby={several ? `${id}-subject ${id}-title` : `${id}-subject`} data-testid="qti-subject">
              <SelectValue placeholder={t("qti.chooseSubject")} />
            </SelectTrigger>
            <SelectContent>
              <SubjectItems subjects={subjects.data} />
            </SelectContent>
          </Select>
        </div>
      )}
    </section>
  );
}
