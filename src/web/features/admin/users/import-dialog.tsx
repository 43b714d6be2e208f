// Roster import (students or teachers): download the template, choose an Excel or CSV file, see every row checked
// by the server (bad rows with their reason in the current language), import when no row is bad, then download
// the credentials once. The file goes as its own bytes (base64 in JSON): the server tells .xlsx from CSV and the
// CSV's encoding and separator (issue 19), so a roster saved by Excel in an Arabic locale reads right.
import { CircleCheck, Download, KeyRound, LoaderCircle, TriangleAlert, Upload } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import type { TSessionUser } from "@shared/permissions";
import type { TImportPreview, TImportResult, TImportRow } from "@shared/schemas/user";
import { IMPORT_MAX_FILE_BYTES, importColumnsFor, type TImportColumn } from "@shared/schemas/user";
import { Button } from "@web/components/ui/button";
import { FileChooser } from "@web/components/ui/file-chooser";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { toastError } from "@web/components/ui/use-toast";
import { cn } from "@web/lib/utils";
import { gradeClassLabel } from "@web/lib/format";
import { importTemplateUrl, usePreviewImport, useRunImport, type TImportRole } from "../api";
import { Badge } from "../components/badge";
import { DataTable, type TColumn } from "../components/data-table";
import { downloadCsv, downloadXlsx } from "../lib/download";
import { formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";

/** Columns shown only to staff, never written on a student's credentials slip. */
const STAFF_ONLY_COLUMNS: readonly TImportColumn[] = ["gender", "language_background", "read_aloud", "high_contrast", "text_size"];

const SPREADSHEET = /\.(csv|tsv|txt|xlsx)$/i;
const MAX_ROWS_SHOWN = 300;

type TCredential = TImportResult["credentials"][number];

/** A file's bytes in base64 (a data: URL without its prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}

export function ImportDialog({ group, viewer, onClose }: { group: "students" | "teachers"; viewer: TSessionUser; onClose: () => void }) {
  const { t, lang } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const role: TImportRole = group === "students" ? "student" : "teacher";
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [result, setResult] = useState<TImportResult | null>(null);
  const check = usePreviewImport();
  const run = useRunImport();
  const busy = check.isPending || run.isPending;

  const runPreview = (data: string) => {
    setPreview(null);
    check.mutate(
      { role, file: data },
      {
        onSuccess: (data) => {
          setPreview(data);
          setOnlyErrors(data.invalid > 0 && data.rows.length > MAX_ROWS_SHOWN);
        },
        onError: (error) => toastError(error),
      },
    );
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ""; // choosing the same (now corrected) file again fires change again
    setFileProblem(null);
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    if (!SPREADSHEET.test(chosen.name) && chosen.type !== "text/csv") return setFileProblem("import.notCsv");
    if (chosen.size > IMPORT_MAX_FILE_BYTES) return setFileProblem("import.fileTooLarge");
    const data = await base64Of(chosen);
    setFile({ name: chosen.name, data });
    runPreview(data);
  };

  const onImport = () => {
    if (!file) return;
    run.mutate(
      { role, file: file.data },
      {
        onSuccess: (data) => {
          setResult(data);
          successToast("toast.importDone", "import.done.created", { count: data.created });
        },
        onError: (error) => {
          toastError(error);
          runPreview(file.data); // show what changed since the preview (e.g. an email taken meanwhile)
        },
      },
    );
  };

  const downloadCredentials = (format: "csv" | "xlsx") => {
    if (!result) return;
    // A credentials slip goes out to the student: it carries no gender or language background (staff only, issue 35)
    // and no accommodations (staff only, issue 37).
    const columns = importColumnsFor(role).filter((c) => !STAFF_ONLY_COLUMNS.includes(c));
    const rows = [
      [...columns],
      ...result.credentials.map((c) => {
        // Under the template's own headers, so the file can be read back as a roster.
        const cells: Partial<Record<TImportColumn, string>> = {
          email: c.email,
          username: c.username,
          name: c.name,
          password: c.password,
          school_id: c.schoolId ?? "",
          grade: String(c.grade ?? ""),
          class: c.className ?? "",
          email_language: c.emailLang,
        };
        return columns.map((column) => cells[column] ?? "");
      }),
    ];
    if (format === "csv") return downloadCsv(`qias-${group}-credentials.csv`, rows);
    downloadXlsx(`qias-${group}-credentials.xlsx`, rows, lang === "ar").catch((error: unknown) => toastError(error));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-5xl" data-testid="import-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{result ? t("import.done.title") : t(`import.title.${group}`)}</DialogTitle>
          <DialogDescription>{result ? t("import.done.created", { count: formatNumber(lang, result.created) }) : t("import.description")}</DialogDescription>
        </DialogHeader>

        {result ? (
          <ImportResultView result={result} onDownload={downloadCredentials} />
        ) : (
          <div className="flex flex-col gap-5">
            <div className="grid gap-4 md:grid-cols-2">
              <div className="flex flex-col gap-2 rounded-xl border border-border p-4">
                <p className="text-sm font-semibold">{t("import.step1")}</p>
                {/* Each column by its name in the page's language, with the header the file carries (the template's keys). */}
                <div className="flex flex-col gap-1.5 text-xs text-muted-foreground">
                  <span id={`${inputId}-columns`}>{t("import.columnsLabel")}</span>
                  <ul aria-labelledby={`${inputId}-columns`} className="flex flex-wrap gap-1.5" data-testid="import-columns">
                    {importColumnsFor(role).map((c) => (
                      <li key={c} className="inline-flex items-center gap-1.5 rounded-md bg-muted px-1.5 py-0.5 text-foreground" data-testid={`import-column-${c}`}>
                        <span>{t(`import.columnNames.${c}`)}</span>{" "}
                        <code dir="ltr" lang="en" className="font-mono text-[0.75rem] text-muted-foreground">
                          {c}
                        </code>
                      </li>
                    ))}
                  </ul>
                </div>
                <p className="text-xs leading-relaxed text-muted-foreground">{t(`import.templateHint.${group}`)}</p>
                {role === "student" && <p className="text-xs leading-relaxed text-muted-foreground">{t("import.classHint")}</p>}
                <p className="text-xs leading-relaxed text-muted-foreground">{t("import.emailLangHint")}</p>
                {role === "student" && <p className="text-xs leading-relaxed text-muted-foreground">{t("import.fairnessHint")}</p>}
                {role === "student" && <p className="text-xs leading-relaxed text-muted-foreground">{t("import.readingHint")}</p>}
                {viewer.role !== "super_admin" && viewer.schoolId && (
                  <p className="text-xs leading-relaxed text-muted-foreground">
                    {t("import.schoolHint")}{" "}
                    <bdi dir="ltr" className="font-mono">
                      ({viewer.schoolId})
                    </bdi>
                  </p>
                )}
                <div className="mt-1 flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={importTemplateUrl(role)} download={`qias-${group}-template.csv`} data-testid="import-template">
                      <Download aria-hidden="true" />
                      {t("import.template")}
                    </a>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a href={importTemplateUrl(role, "xlsx")} download={`qias-${group}-template.xlsx`} data-testid="import-template-xlsx">
                      <Download aria-hidden="true" />
                      {t("import.templateXlsx")}
                    </a>
                  </Button>
                </div>
              </div>
              <div className="flex flex-col gap-2 rounded-xl border border-border p-4">
                <label htmlFor={inputId} className="text-sm font-semibold">
                  {t("import.step2")}
                </label>
                <p id={`${inputId}-hint`} className="text-xs leading-relaxed text-muted-foreground">
                  {t("import.fileHint")}
                </p>
                <FileChooser
                  id={inputId}
                  accept=".xlsx,.csv,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  disabled={busy}
                  onChange={(e) => void onFile(e)}
                  describedBy={cn(`${inputId}-hint`, fileProblem && `${inputId}-error`)}
                  invalid={!!fileProblem}
                  browseLabel={t("import.browse")}
                  fileName={file?.name ?? null}
                  noFileLabel={t("import.noFile")}
                  testId="import-file"
                />
                {fileProblem && (
                  <p id={`${inputId}-error`} className="text-sm font-medium text-destructive-text">
                    {t(fileProblem)}
                  </p>
                )}
              </div>
            </div>

            {check.isPending && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                {t("import.checking")}
              </p>
            )}

            {preview && <PreviewView preview={preview} onlyErrors={onlyErrors} onOnlyErrors={setOnlyErrors} />}
          </div>
        )}

        <DialogFooter>
          {result ? (
            <DialogClose asChild>
              <Button>{t("import.done.close")}</Button>
            </DialogClose>
          ) : (
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  {t("common.cancel")}
                </Button>
              </DialogClose>
              <Button onClick={onImport} disabled={!preview || preview.invalid > 0 || preview.valid === 0 || busy} data-testid="import-submit">
                {run.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Upload aria-hidden="true" />}
                {run.isPending ? t("import.importing") : t("import.submit")}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewView({
  preview,
  onlyErrors,
  onOnlyErrors,
}: {
  preview: TImportPreview;
  onlyErrors: boolean;
  onOnlyErrors: (value: boolean) => void;
}) {
  const { t, lang } = useAdminT();
  const rows = onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows;
  const shown = rows.slice(0, MAX_ROWS_SHOWN);
  const checkboxId = useId();

  const columns: TColumn<TImportRow>[] = [
    { id: "line", header: t("import.columns.line"), className: "tabular-nums text-muted-foreground", cell: (r) => formatNumber(lang, r.line) },
    {
      id: "email",
      header: t("import.columns.email"),
      mobile: "title",
      cell: (r) => (
        <bdi dir="ltr" className="[overflow-wrap:anywhere]">
          {r.email || t("common.empty")}
        </bdi>
      ),
    },
    { id: "username", header: t("import.columns.username"), cell: (r) => <bdi>{r.username || t("common.empty")}</bdi> },
    { id: "name", header: t("import.columns.name"), cell: (r) => <bdi>{r.name || t("common.empty")}</bdi> },
    {
      id: "school",
      header: t("import.columns.school"),
      cell: (r) => (
        <bdi dir="ltr" className="font-mono text-xs">
          {r.schoolId ?? t("common.empty")}
        </bdi>
      ),
    },
    ...(preview.rows.some((r) => r.grade !== null)
      ? [{ id: "class", header: t("users.columns.class"), cell: (r: TImportRow) => <bdi className="whitespace-nowrap">{gradeClassLabel(t, r.grade, r.className) ?? t("common.empty")}</bdi> }]
      : []),
    {
      id: "password",
      header: t("import.columns.password"),
      cell: (r) => (r.passwordGenerated ? t("import.passwordGenerated") : t("import.passwordGiven")),
    },
    {
      id: "status",
      header: t("import.columns.status"),
      className: "min-w-56",
      cell: (r) =>
        r.errors.length === 0 ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            {t("import.rowOk")}
          </Badge>
        ) : (
          <ul className="flex flex-col gap-1 text-destructive-text" data-testid="import-row-errors">
            {r.errors.map((e, i) => (
              <li key={i} className="flex items-start gap-1.5">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                <span>{e.message[lang]}</span>
              </li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-3" data-testid="import-preview">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <Badge variant="success" data-testid="import-valid">
          {t("import.validRows", { count: formatNumber(lang, preview.valid) })}
        </Badge>
        <Badge variant={preview.invalid > 0 ? "destructive" : "muted"} data-testid="import-invalid">
          {t("import.invalidRows", { count: formatNumber(lang, preview.invalid) })}
        </Badge>
      </div>
      {preview.invalid > 0 && (
        <div className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
            {t("import.fixFirst")}
          </p>
          <label htmlFor={checkboxId} className="flex shrink-0 cursor-pointer items-center gap-2 font-medium">
            <input
              id={checkboxId}
              type="checkbox"
              checked={onlyErrors}
              onChange={(e) => onOnlyErrors(e.target.checked)}
              className="size-4 accent-primary"
            />
            {t("import.onlyErrors")}
          </label>
        </div>
      )}
      <DataTable
        label={t("import.previewLabel")}
        columns={columns}
        rows={shown}
        rowKey={(r) => String(r.line)}
        rowProps={(r) => ({
          "data-testid": `import-row-${r.line}`,
          className: r.errors.length > 0 ? "bg-destructive/5 max-md:border-destructive/40 max-md:bg-destructive/5" : undefined,
        })}
        className="md:max-h-[45dvh] md:overflow-y-auto"
      />
      {rows.length > shown.length && (
        <p className="text-xs text-muted-foreground">
          {t("import.truncated", { shown: formatNumber(lang, shown.length), total: formatNumber(lang, rows.length) })}
        </p>
      )}
    </div>
  );
}

function ImportResultView({ result, onDownload }: { result: TImportResult; onDownload: (format: "csv" | "xlsx") => void }) {
  const { t, lang } = useAdminT();
  const columns: TColumn<TCredential>[] = [
    {
      id: "email",
      header: t("import.columns.email"),
      mobile: "title",
      cell: (c) => (
        <bdi dir="ltr" className="[overflow-wrap:anywhere]">
          {c.email}
        </bdi>
      ),
    },
    { id: "username", header: t("import.columns.username"), cell: (c) => <bdi>{c.username}</bdi> },
    { id: "name", header: t("import.columns.name"), cell: (c) => <bdi>{c.name}</bdi> },
    {
      id: "password",
      header: t("import.columns.password"),
      cell: (c) => (
        <bdi dir="ltr" className="font-mono">
          {c.password}
        </bdi>
      ),
    },
    {
      id: "school",
      header: t("import.columns.school"),
      cell: (c) => (
        <bdi dir="ltr" className="font-mono text-xs">
          {c.schoolId ?? t("common.empty")}
        </bdi>
      ),
    },
  ];
  const shown = result.credentials.slice(0, MAX_ROWS_SHOWN);
  return (
    <div className="flex flex-col gap-4" data-testid="import-result">
      <div className="flex items-start gap-3 rounded-xl border border-gold/50 bg-gold/10 p-4 text-sm">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
        <p className="font-medium">{t("import.done.warning")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onDownload("csv")} data-testid="download-credentials">
          <Download aria-hidden="true" />
          {t("import.done.download")}
        </Button>
        <Button variant="outline" onClick={() => onDownload("xlsx")} data-testid="download-credentials-xlsx">
          <Download aria-hidden="true" />
          {t("import.done.downloadXlsx")}
        </Button>
      </div>
      <DataTable
        label={t("import.done.credentialsLabel")}
        columns={columns}
        rows={shown}
        rowKey={(c) => c.email}
        className="md:max-h-[40dvh] md:overflow-y-auto"
      />
      {result.credentials.length > shown.length && (
        <p className="text-xs text-muted-foreground">
          {t("import.truncated", { shown: formatNumber(lang, shown.length), total: formatNumber(lang, result.credentials.length) })}
        </p>
      )}
    </div>
  );
}
