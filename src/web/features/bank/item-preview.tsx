// One bank item in either language (issue 34): its newest version's question, options and key (staff see the key),
// its passage, its versions and its uses; "Copy to my school", and "Retire" (after a confirmation) or "Restore" for
// those the server lets change it. Failures are the server's bilingual messages, as toasts.
import { Archive, ArchiveRestore, Copy, Eye, LoaderCircle, Check } from "lucide-react";
import { useState } from "react";
import type { TBankItemDetail } from "@shared/schemas/bank";
import { RichText } from "@web/components/rich-text";
import { ContentLanguageSwitch } from "@web/components/content-language-switch";
import { Badge } from "@web/features/admin/components/badge";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDate, formatNumber, formatPercent, pick, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { useBankAction, useBankItem } from "./api";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

export function ItemPreview({ itemId, onOpenChange }: { itemId: string | null; onOpenChange: (open: boolean) => void }) {
  const { t, lang: uiLang } = useBankT();
  const [lang, setLang] = useState<TLang>(uiLang);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const item = useBankItem(itemId);
  const action = useBankAction();
  const data = item.data;

  const run = (kind: "copy" | "retire" | "restore") =>
    data &&
    action.mutate(
      { id: data.id, action: kind },
      {
        onSuccess: () => {
          bankSuccess(kind === "copy" ? "toast.copied" : kind === "retire" ? "toast.retired" : "toast.restored");
          setConfirmRetire(false);
        },
        onError: (error) => bankFailure(error, kind === "copy" ? "toast.copyFailed" : kind === "retire" ? "toast.retireFailed" : "toast.restoreFailed"),
      },
    );

  return (
    <Dialog open={!!itemId} onOpenChange={onOpenChange}>
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
            <ItemBody item={data} lang={lang} uiLang={uiLang} />
          )}
        </div>
        {data && (
          <DialogFooter className="sticky bottom-0 flex-wrap gap-2 border-t border-border bg-card p-4 sm:p-5">
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
    </Dialog>
  );
}

function ItemBody({ item, lang, uiLang }: { item: TBankItemDetail; lang: TLang; uiLang: TLang }) {
  const { t } = useBankT();
  const newest = item.versions.find((v) => v.version === item.currentVersion) ?? item.versions.at(-1);
  const c = newest?.content;
  return (
    <>
      {c?.passage && (
        <section className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4">
          <h3 className="text-sm font-semibold text-muted-foreground">{pick(lang, c.passage.titleAr, c.passage.titleEn) || t("preview.passage")}</h3>
          <RichText lang={lang} doc={lang === "ar" ? c.passage.docAr : c.passage.docEn} text={pick(lang, c.passage.textAr, c.passage.textEn)} className="text-sm" />
        </section>
      )}
      {c && (
        <section className="flex flex-col gap-3" data-testid="bank-preview-question">
          <RichText lang={lang} doc={lang === "ar" ? c.questionDocAr : c.questionDocEn} text={pick(lang, c.questionTextAr, c.questionTextEn)} className="font-medium" />
          {c.options.length > 0 && (
            <ul className="flex flex-col gap-2">
              {c.options.map((o, i) => (
                <li key={i} className={cn("flex items-center gap-2 rounded-lg border p-3", o.isCorrect ? "border-success-border bg-success text-success-foreground" : "border-border")}>
                  <RichText inline lang={lang} doc={lang === "ar" ? o.optionDocAr : o.optionDocEn} text={pick(lang, o.optionTextAr, o.optionTextEn)} className="flex-1" />
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
                  <span>{pick(lang, p.premise_ar, p.premise_en)}</span>
                  <span className="font-medium">{pick(lang, p.response_ar, p.response_en)}</span>
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
        <ul className="flex flex-wrap gap-2">
          {item.versions.map((v) => (
            <li key={v.version}>
              <Badge variant={v.version === item.currentVersion ? "default" : "muted"}>
                {t("preview.versionLine", { n: formatNumber(uiLang, v.version), date: formatDate(uiLang, v.createdAt) })}
                {v.seen && ` · ${t("preview.seen")}`}
              </Badge>
            </li>
          ))}
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
    </>
  );
}
