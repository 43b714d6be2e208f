// One bank item in either language (issue 34): a version's question, options and key (staff see the key), its
// pictures and clips, its passage; its versions (any one can be shown) and its uses; "Edit", "Copy to my school",
// and "Retire" (after a confirmation) or "Restore" for those the server lets change it. Failures are the server's
// bilingual messages, as toasts; after an action the focus goes to the status line that says what happened.
import { Archive, ArchiveRestore, Copy, Eye, FileDown, LoaderCircle, Check, PencilLine } from "lucide-react";
import { useRef, useState } from "react";
import type { TBankItemDetail } from "@shared/schemas/bank";
import { RichText } from "@web/components/rich-text";
import { ContentLanguageSwitch } from "@web/components/content-language-switch";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDate, formatNumber, formatPercent, pick, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { imageUrl, PictureMissingNote, usePictureMissing } from "@web/components/exam-image";
import { useBankAction, useBankItem } from "./api";
import { ItemEditor } from "./item-editor";
import { ItemCalibrations } from "./item-calibrations";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

export function ItemPreview({ itemId, onOpenChange, onExport }: { itemId: string | null; onOpenChange: (open: boolean) => void; /** "Export as QTI" of this item. */ onExport?: (id: string) => void }) {
  const { t, lang: uiLang } = useBankT();
  const [lang, setLang] = useState<TLang>(uiLang);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const statusRef = useRef<HTMLParagraphElement>(null);
  const item = useBankItem(itemId);
  const action = useBankAction();
  const data = item.data;
  const said = (text: string) => {
    setStatus(text);
    // The button pressed may be gone (Retire becomes Restore): the focus goes to what happened, not to the page.
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const run = (kind: "copy" | "retire" | "restore") =>
    data &&
    action.mutate(
      { id: data.id, action: kind },
      {
        onSuccess: () => {
          const key = kind === "copy" ? "toast.copied" : kind === "retire" ? "toast.retired" : "toast.restored";
          bankSuccess(key);
          setConfirmRetire(false);
          said(t(key));
        },
        onError: (error) => bankFailure(error, kind === "copy" ? "toast.copyFailed" : kind === "retire" ? "toast.retireFailed" : "toast.restoreFailed"),
      },
    );

  return (
    <Dialog
      open={!!itemId}
      onOpenChange={(open) => {
        if (!open) {
          setShown(null);
          setStatus("");
        }
        onOpenChange(open);
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-3xl gap-0 overflow-y-auto p-0" data-testid="bank-item-preview">
        <DialogHeader className="gap-3 border-b border-border p-5 pe-12 sm:p-6 sm:pe-14">
          <div className="flex items-center gap-2">
            <Eye aria-hidden="true" className="size-5 text-primary" />
            <DialogTitle>{t("preview.title")}</DialogTitle>
          </div>
          <DialogDescription className="sr-only">{t("description")}</DialogDescription>
          <ContentLanguageSwitch label={t("preview.language")} lang={lang} onChange={setLang} testIdPrefix="bank-preview-lang" />
        </DialogHeader>
        <div className="flex flex-col gap-5 p-5 sm:p-6">
          {item.isPending ? (
            <LoadingState testId="bank-preview-loading" />
          ) : item.isError || !data ? (
            <ErrorState title={t("preview.loadFailed")} error={item.error} onRetry={() => void item.refetch()} testId="bank-preview-error" />
          ) : (
            <ItemBody item={data} lang={lang} uiLang={uiLang} shown={shown} onShow={setShown} />
          )}
        </div>
        {data && (
          <DialogFooter className="sticky bottom-0 flex-row flex-wrap items-center gap-2 border-t border-border bg-card p-4 sm:justify-end sm:p-5">
            <p ref={statusRef} tabIndex={-1} role="status" className="w-full text-sm text-muted-foreground outline-none empty:hidden focus-visible:ring-2 focus-visible:ring-ring sm:me-auto sm:w-auto" data-testid="bank-preview-status">
              {status}
            </p>
            {data.editable && !data.retiredAt && (
              <Button variant="outline" onClick={() => setEditing(true)} data-testid="bank-edit">
                <PencilLine aria-hidden="true" />
                {t("actions.edit")}
              </Button>
            )}
            {onExport && (
              <Button variant="outline" onClick={() => onExport(data.id)} data-testid="bank-export-one">
                <FileDown aria-hidden="true" />
                {t("actions.exportOne")}
              </Button>
            )}
            <Button variant="outline" disabled={action.isPending} onClick={() => run("copy")} data-testid="bank-copy">
              {action.isPending && action.variables?.action === "copy" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Copy aria-hidden="true" />}
              {t("actions.copy")}
            </Button>
            {data.editable &&
              (data.retiredAt ? (
                <Button variant="outline" disabled={action.isPending} onClick={() => run("restore")} data-testid="bank-restore">
                  <ArchiveRestore aria-hidden="true" />
                  {t("actions.restore")}
                </Button>
              ) : (
                <Button variant="destructive" disabled={action.isPending} onClick={() => setConfirmRetire(true)} data-testid="bank-retire">
                  <Archive aria-hidden="true" />
                  {t("actions.retire")}
                </Button>
              ))}
          </DialogFooter>
        )}
      </DialogContent>
      <ConfirmDialog
        open={confirmRetire}
        onOpenChange={setConfirmRetire}
        title={t("confirmRetire.title")}
        description={t("confirmRetire.description")}
        confirmLabel={t("confirmRetire.confirm")}
        pendingLabel={t("confirmRetire.pending")}
        pending={action.isPending}
        onConfirm={() => run("retire")}
        testId="bank-confirm-retire"
      />
      <ItemEditor
        open={editing}
        item={data ?? null}
        onOpenChange={setEditing}
        onSaved={(saved) => {
          setEditing(false);
          setShown(null);
          said(saved.currentVersion > (data?.currentVersion ?? 0) ? t("toast.newVersion", { n: formatNumber(uiLang, saved.currentVersion) }) : t("toast.saved"));
        }}
      />
    </Dialog>
  );
}

type TImage = { id: string; altAr: string; altEn: string } | null | undefined;

/** A picture of the item; the server serves it to whoever may read the item (decision 0036). */
function Picture({ image, lang, className }: { image: TImage; lang: TLang; className?: string }) {
  const picture = usePictureMissing();
  if (!image) return null;
  const alt = lang === "ar" ? image.altAr || image.altEn : image.altEn || image.altAr;
  if (picture.missing) return <PictureMissingNote lang={lang} alt={alt} className={className} />;
  return <img src={imageUrl(image.id)} alt={alt} loading="lazy" onError={picture.onError} className={cn("max-h-64 w-auto max-w-full self-start rounded-lg border border-border bg-white object-contain", className)} data-testid="bank-preview-image" />;
}

function Clip({ audio, lang }: { audio: { id: string; transcriptAr: string; transcriptEn: string } | null; lang: TLang }) {
  const { t } = useBankT();
  if (!audio) return null;
  const transcript = pick(lang, audio.transcriptAr, audio.transcriptEn);
  return (
    <div className="flex flex-col gap-1">
      <audio controls preload="none" src={imageUrl(audio.id)} className="w-full max-w-md" aria-label={t("preview.clip")} data-testid="bank-preview-audio" />
      {transcript && <p className="text-xs text-muted-foreground">{transcript}</p>}
    </div>
  );
}

function ItemBody({ item, lang, uiLang, shown, onShow }: { item: TBankItemDetail; lang: TLang; uiLang: TLang; shown: number | null; onShow: (n: number | null) => void }) {
  const { t } = useBankT();
  const version = item.versions.find((v) => v.version === (shown ?? item.currentVersion)) ?? item.versions[0];
  const c = version?.content;
  const old = version && version.version !== item.currentVersion;
  return (
    <>
      {old && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm" data-testid="bank-preview-old">
          <span>{t("preview.showingOld", { n: formatNumber(uiLang, version.version) })}</span>
          <Button size="sm" variant="outline" onClick={() => onShow(null)}>
            {t("preview.backToNewest")}
          </Button>
        </p>
      )}
      {c?.passage && (
        <section className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4">
          <h3 className="text-sm font-semibold text-muted-foreground">{pick(lang, c.passage.titleAr, c.passage.titleEn) || t("preview.passage")}</h3>
          <RichText lang={lang} doc={lang === "ar" ? c.passage.docAr : c.passage.docEn} text={pick(lang, c.passage.textAr, c.passage.textEn)} className="text-sm" />
          <Picture image={c.passage.image} lang={lang} />
          <Clip audio={c.passage.audio} lang={lang} />
        </section>
      )}
      {c && (
        <section className="flex flex-col gap-3" data-testid="bank-preview-question">
          <RichText lang={lang} doc={lang === "ar" ? c.questionDocAr : c.questionDocEn} text={pick(lang, c.questionTextAr, c.questionTextEn)} className="font-medium" />
          <Picture image={c.image} lang={lang} />
          <Clip audio={c.audio} lang={lang} />
          {c.options.length > 0 && (
            <ul className="flex flex-col gap-2">
              {c.options.map((o, i) => (
                <li key={i} className={cn("flex items-center gap-2 rounded-lg border p-3", o.isCorrect ? "border-success-border bg-success text-success-foreground" : "border-border")}>
                  <div className="flex flex-1 flex-col gap-2">
                    <RichText inline lang={lang} doc={lang === "ar" ? o.optionDocAr : o.optionDocEn} text={pick(lang, o.optionTextAr, o.optionTextEn)} />
                    <Picture image={o.image} lang={lang} className="max-h-32" />
                  </div>
                  {o.isCorrect && (
                    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold">
                      <Check aria-hidden="true" className="size-4" />
                      {t("preview.correct")}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {c.matchingPairs.length > 0 && (
            <ul className="flex flex-col gap-2">
              {c.matchingPairs.map((p, i) => (
                <li key={i} className="grid grid-cols-2 gap-3 rounded-lg border border-border p-3 text-sm" lang={lang} dir={lang === "ar" ? "rtl" : "ltr"}>
                  <span className="flex flex-col gap-2">
                    {pick(lang, p.premise_ar, p.premise_en)}
                    <Picture image={p.premiseImage} lang={lang} className="max-h-32" />
                  </span>
                  <span className="flex flex-col gap-2 font-medium">
                    {pick(lang, p.response_ar, p.response_en)}
                    <Picture image={p.responseImage} lang={lang} className="max-h-32" />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {c.correctAnswerText && (
            <p className="text-sm">
              <span className="font-semibold">{t("preview.answer")}: </span>
              <bdi>{c.correctAnswerText}</bdi>
            </p>
          )}
        </section>
      )}
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t("preview.versions")}</h3>
        <ul className="flex flex-wrap gap-2" data-testid="bank-preview-versions">
          {item.versions.map((v) => {
            const line = t("preview.versionBy", { n: formatNumber(uiLang, v.version), date: formatDate(uiLang, v.createdAt), author: v.authorName ?? "—" });
            const current = v.version === version?.version;
            return (
              <li key={v.version}>
                <Button
                  size="sm"
                  variant={current ? "default" : "outline"}
                  aria-pressed={current}
                  aria-label={`${t("preview.showVersion", { n: formatNumber(uiLang, v.version) })}: ${line}${v.seen ? ` · ${t("preview.seen")}` : ""}`}
                  onClick={() => onShow(v.version === item.currentVersion ? null : v.version)}
                  className="h-auto py-1.5 text-xs font-medium"
                  data-testid={`bank-version-${v.version}`}
                >
                  {line}
                  {v.seen && ` · ${t("preview.seen")}`}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="flex flex-col gap-2" data-testid="bank-preview-uses">
        <h3 className="text-sm font-semibold">{t("preview.uses")}</h3>
        {item.uses.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("preview.usesEmpty")}</p>
        ) : (
          <ul className="flex flex-col gap-1.5 text-sm">
            {item.uses.map((u) => (
              <li key={`${u.examId}-${u.version}`} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">{pick(uiLang, u.titleAr, u.titleEn)}</span>
                <span className="text-muted-foreground tabular-nums">
                  {t("preview.useLine", {
                    version: formatNumber(uiLang, u.version),
                    students: formatNumber(uiLang, u.students),
                    facility: u.facility === null ? t("noFacility") : t("facility", { value: formatPercent(uiLang, u.facility * 100) }),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ItemCalibrations itemId={item.id} uiLang={uiLang} />
    </>
  );
}
