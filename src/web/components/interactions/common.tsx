// What the item types' components share (issue 36, docs/decisions/0057): the texts of an entry in the reader's
// language, the classes of a row, and the marks a read-only view puts beside a response.
import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TPaperInteraction, TResponse } from "@shared/item-types";
import { pick, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";

export type TPaperEntry = { id: string; textAr: string; textEn: string };

/** The response of one type (the others are no answer to it). */
export type TResponseOf<T extends TResponse["type"]> = Extract<TResponse, { type: T }>;
export type TPaperOf<T extends TPaperInteraction["type"]> = Extract<TPaperInteraction, { type: T }>;

/** The components' texts in `lang`: the paper's language, or the preview's, which may differ from the interface's. */
export function useInteractionT(lang: TLang) {
  const { i18n } = useTranslation("taking");
  const t = i18n.getFixedT(lang, "taking");
  return (key: string, options?: Record<string, unknown>) => t(`interactions.${key}`, options ?? {});
}

/** An entry's text in the reader's language (the other if it is empty), with its own language for lang/dir. */
export function EntryText({ entry, lang, className }: { entry: TPaperEntry; lang: TLang; className?: string }) {
  const text = pick(lang, entry.textAr, entry.textEn);
  const own: TLang = (lang === "ar" ? entry.textAr : entry.textEn) ? lang : lang === "ar" ? "en" : "ar";
  return (
    <span lang={own} dir={own === "ar" ? "rtl" : "ltr"} className={cn("min-w-0 flex-1 text-start [overflow-wrap:anywhere]", className)}>
      {text}
    </span>
  );
}

export const entryText = (entry: TPaperEntry, lang: TLang) => pick(lang, entry.textAr, entry.textEn);

export const rowClass = "flex min-w-0 items-center gap-3 rounded-xl border border-border px-3.5 py-3";

/** Right or wrong, for staff (and a student after the exam when its answers are shown): an icon and its words. */
export function Verdict({ right, lang }: { right: boolean; lang: TLang }) {
  const t = useInteractionT(lang);
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1 text-xs font-semibold", right ? "text-success-foreground" : "text-destructive-text")}>
      {right ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
      {right ? t("right") : t("wrong")}
    </span>
  );
}
