// The exam's passages (issue 18): texts several questions share — a reading passage, a source, a case — each with a
// title and a formatted text in Arabic and/or English. Questions are linked to a passage from their own card; a
// passage's questions then stand together in the exam, right after it.
import { BookOpenText, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFormContext, useWatch, type UseFieldArrayReturn } from "react-hook-form";
import { MAX_PASSAGES } from "@shared/schemas/exam";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ConfirmDialog } from "../components/confirm-dialog";
import { newPassage, type TExamForm } from "../lib/exam-form";
import { formatNumber, useExamsT } from "../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "./field-message";
import { FormRichText } from "./form-rich-text";
import { ImageField } from "./image-field";
import { AudioField } from "./audio-field";

type TPassages = UseFieldArrayReturn<TExamForm, "passages", "rowKey">;

export function PassagesCard({ passages, onRemoved, max = MAX_PASSAGES }: { passages: TPassages; onRemoved: (n: number, unlinked: number) => void; /** The bank's item editor: one. */ max?: number }) {
  const { t } = useExamsT();
  const { getValues, setValue } = useFormContext<TExamForm>();
  const [removing, setRemoving] = useState<number | null>(null);
  const linkedTo = (i: number) => {
    const key = getValues(`passages.${i}.key`);
    return getValues("questions").filter((q) => q.passageKey === key).length;
  };

  const remove = (i: number) => {
    const key = getValues(`passages.${i}.key`);
    let unlinked = 0;
    getValues("questions").forEach((q, j) => {
      if (q.passageKey !== key) return;
      unlinked++;
      setValue(`questions.${j}.passageKey`, "", { shouldDirty: true });
    });
    passages.remove(i);
    onRemoved(i + 1, unlinked);
  };

  const add = () => {
    const i = passages.fields.length;
    passages.append(newPassage(), { shouldFocus: false });
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="passage-${i}-title-ar"]`)?.focus());
  };

  return (
    <Card data-testid="passages-card">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2">
          <BookOpenText aria-hidden="true" className="size-5 text-primary" />
          {t("passages.title")}
        </CardTitle>
        <CardDescription>{t("passages.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {passages.fields.map((field, i) => (
          <PassageFields key={field.rowKey} index={i} onRemove={() => (linkedTo(i) ? setRemoving(i) : remove(i))} />
        ))}
        <Button variant="secondary" className="self-start" onClick={add} disabled={passages.fields.length >= max} data-testid="add-passage">
          <Plus aria-hidden="true" />
          {t("passages.add")}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("passages.removeConfirm.title", { n: removing === null ? "" : removing + 1 })}
        description={t("passages.removeConfirm.message", { count: removing === null ? 0 : linkedTo(removing) })}
        confirmLabel={t("passages.removeConfirm.confirm")}
        onConfirm={() => {
          if (removing !== null) remove(removing);
          setRemoving(null);
        }}
        testId="remove-passage-dialog"
      />
    </Card>
  );
}

function PassageFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { register, control } = useFormContext<TExamForm>();
  const key = useWatch({ control, name: `passages.${index}.key` });
  const questions = useWatch({ control, name: "questions" }) ?? [];
  const linked = questions.flatMap((q, j) => (q.passageKey && q.passageKey === key ? [formatNumber(lang, j + 1)] : []));
  const base = `passages.${index}` as const;
  const n = formatNumber(lang, index + 1);
  const ownA11y = useFieldA11y(base);
  const titleArA11y = useFieldA11y(`${base}.titleAr`);
  const titleEnA11y = useFieldA11y(`${base}.titleEn`);
  return (
    <section aria-labelledby={`${uid}-h`} className="flex flex-col gap-4 rounded-xl border border-border bg-muted/30 p-4" data-testid={`passage-${index}`} {...ownA11y}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h3 id={`${uid}-h`} className="font-semibold">
            {t("passages.heading", { n })}
          </h3>
          <p className="text-sm text-muted-foreground" data-testid={`passage-${index}-linked`}>
            {linked.length ? t("passages.linked", { count: linked.length, list: linked.join(lang === "ar" ? "، " : ", ") }) : t("passages.noneLinked")}
          </p>
        </div>
        <Button size="sm" variant="ghost" className="text-destructive-text hover:bg-destructive/10" onClick={onRemove} data-testid={`passage-${index}-remove`}>
          <Trash2 aria-hidden="true" />
          <span className="max-sm:sr-only">{t("passages.remove")}</span>
          <span className="sr-only"> {t("passages.which", { n })}</span>
        </Button>
      </div>
      <FieldMessage path={base} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-tar`}>{t("passages.titleAr")}</Label>
          <Input id={`${uid}-tar`} dir="rtl" lang="ar" {...titleArA11y} {...register(`${base}.titleAr`)} data-testid={`passage-${index}-title-ar`} />
          <FieldMessage path={`${base}.titleAr`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-ten`}>{t("passages.titleEn")}</Label>
          <Input id={`${uid}-ten`} dir="ltr" lang="en" {...titleEnA11y} {...register(`${base}.titleEn`)} data-testid={`passage-${index}-title-en`} />
          <FieldMessage path={`${base}.titleEn`} />
        </div>
      </div>
      <p className="-mb-2 text-xs text-muted-foreground">{t("passages.textHint")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <FormRichText textPath={`${base}.textAr`} docPath={`${base}.docAr`} lang="ar" tall label={t("passages.textAr")} testId={`passage-${index}-text-ar`} />
          <FieldMessage path={`${base}.textAr`} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <FormRichText textPath={`${base}.textEn`} docPath={`${base}.docEn`} lang="en" tall label={t("passages.textEn")} testId={`passage-${index}-text-en`} />
          <FieldMessage path={`${base}.textEn`} />
        </div>
      </div>
      <ImageField path={`${base}.image`} testId={`passage-${index}-image`} />
      <AudioField path={`${base}.audio`} testId={`passage-${index}-audio`} />
    </section>
  );
}
