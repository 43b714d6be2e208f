// Multiple response (issue 36): choices in Arabic and English, any number of them correct (checkboxes, where
// multiple choice has radios), and how it is scored.
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { MIN_CHOICE_OPTIONS } from "@shared/limits";
import { MAX_INTERACTION_ENTRIES } from "@shared/item-types/common";
import { MULTIPLE_RESPONSE_SCORING } from "@shared/item-types/multiple-response";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import { newChoice, type TChoiceForm } from "../../lib/interaction-form";
import { formatNumber, useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { EntryRow, EntryText, ScoringSelect, type TInteractionPath } from "./shared";

export function MultipleResponseEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, register, setFocus } = useFormContext();
  const list = `${base}.choices`;
  const choices = useFieldArray({ control, name: list });
  const values = (useWatch({ control, name: list }) as TChoiceForm[] | undefined) ?? [];
  const listA11y = useFieldA11y(list, `${uid}-hint`);
  const count = choices.fields.length;

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3" aria-describedby={listA11y["aria-describedby"]} data-testid={`question-${index}-choices`}>
        <legend className="mb-1 text-sm font-semibold">{t("interactions.choices.legend")}</legend>
        <p id={`${uid}-hint`} className="-mt-2 text-xs text-muted-foreground">
          {t("interactions.choices.hint")}
        </p>
        {choices.fields.map((field, j) => {
          const m = formatNumber(lang, j + 1);
          const p = `${list}.${j}`;
          const correct = !!values[j]?.correct;
          return (
            <EntryRow key={field.id} correct={correct} testId={`question-${index}-choice-${j}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium text-muted-foreground">{t("interactions.choices.choice", { m })}</span>
                <div className="flex flex-wrap items-center gap-2">
                  <label
                    className={cn(
                      "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      correct ? "border-success-border bg-success text-success-foreground" : "border-input-border hover:bg-muted",
                    )}
                  >
                    <input type="checkbox" className="size-4 accent-primary outline-none" {...register(`${p}.correct`)} data-testid={`question-${index}-choice-${j}-correct`} />
                    {t("interactions.choices.correct")}
                    <span className="sr-only"> {t("interactions.choices.which", { m })}</span>
                  </label>
                  {count > MIN_CHOICE_OPTIONS && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-destructive-text hover:bg-destructive/10"
                      onClick={() => {
                        choices.remove(j);
                        requestAnimationFrame(() => setFocus(`${list}.${Math.max(0, j - 1)}.textAr`));
                      }}
                      data-testid={`question-${index}-choice-${j}-remove`}
                    >
                      <X aria-hidden="true" />
                      <span className="max-sm:sr-only">{t("interactions.choices.remove")}</span>
                      <span className="sr-only"> {t("interactions.choices.which", { m })}</span>
                    </Button>
                  )}
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <EntryText path={`${p}.textAr`} lang="ar" label={t("interactions.choices.textAr", { m })} testId={`question-${index}-choice-${j}-ar`} errorPath={p} />
                <EntryText path={`${p}.textEn`} lang="en" label={t("interactions.choices.textEn", { m })} testId={`question-${index}-choice-${j}-en`} errorPath={p} />
              </div>
              <FieldMessage path={p} />
            </EntryRow>
          );
        })}
        <FieldMessage path={list} />
        {count < MAX_INTERACTION_ENTRIES && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => choices.append(newChoice(), { focusName: `${list}.${count}.textAr` })} data-testid={`question-${index}-add-choice`}>
            <Plus aria-hidden="true" />
            {t("interactions.choices.add")}
          </Button>
        )}
      </fieldset>
      <ScoringSelect path={`${base}.scoring`} options={MULTIPLE_RESPONSE_SCORING} hintKey="hintChoices" testId={`question-${index}-scoring`} />
    </div>
  );
}
