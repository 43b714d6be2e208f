// Numeric entry (issue 36): the answer as the author types it (in Latin or Arabic-Indic digits: the same reading as
// the marker's, parseLocaleNumber), a tolerance absolute or in per cent, and an optional unit in both languages.
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { NUMERIC_TOLERANCE_MODES } from "@shared/item-types/numeric";
import { parseLocaleNumber } from "@shared/text";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import type { TNumericForm } from "../../lib/interaction-form";
import { useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { EntryText, type TInteractionPath } from "./shared";

export function NumericEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t } = useExamsT();
  const uid = useId();
  const { control, register, setValue } = useFormContext();
  const value = useWatch({ control, name: base }) as TNumericForm | undefined;
  const answerA11y = useFieldA11y(`${base}.answer`, `${uid}-answer-hint`);
  const toleranceA11y = useFieldA11y(`${base}.tolerance`, `${uid}-tolerance-hint`);
  const mode = value?.toleranceMode ?? "absolute";
  // What the marker will read, said back to the author (in Latin digits, as the app shows numbers): "٣٫٥" is 3.5.
  const read = value?.answer.trim() ? parseLocaleNumber(value.answer) : null;

  return (
    <div className="flex flex-col gap-5" data-testid={`question-${index}-numeric`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${uid}-answer`}>{t("interactions.numeric.answer")}</Label>
          <Input id={`${uid}-answer`} inputMode="decimal" dir="ltr" className="text-start" autoComplete="off" {...answerA11y} {...register(`${base}.answer`)} data-testid={`question-${index}-numeric-answer`} />
          <p id={`${uid}-answer-hint`} className="text-xs text-muted-foreground">
            {t("interactions.numeric.answerHint")}
            {read !== null && (
              <span className="ms-1 font-medium text-foreground" data-testid={`question-${index}-numeric-read`}>
                {t("interactions.numeric.readAs", { value: String(read) })}
              </span>
            )}
          </p>
          <FieldMessage path={`${base}.answer`} />
        </div>
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-2 gap-3">
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${uid}-tolerance`}>{t("interactions.numeric.tolerance")}</Label>
              <Input
                id={`${uid}-tolerance`}
                inputMode="decimal"
                dir="ltr"
                className="text-start"
                autoComplete="off"
                {...toleranceA11y}
                {...register(`${base}.tolerance`, {
                  // An emptied tolerance is none, as a new question starts.
                  onBlur: (e: { target: HTMLInputElement }) => {
                    if (e.target.value.trim() === "") setValue(`${base}.tolerance`, "0", { shouldDirty: true });
                  },
                })}
                data-testid={`question-${index}-numeric-tolerance`}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${uid}-mode`}>{t("interactions.numeric.toleranceMode")}</Label>
              <Select value={mode} onValueChange={(v) => setValue(`${base}.toleranceMode`, v, { shouldDirty: true })}>
                <SelectTrigger id={`${uid}-mode`} aria-describedby={`${uid}-tolerance-hint`} data-testid={`question-${index}-numeric-mode`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {NUMERIC_TOLERANCE_MODES.map((m) => (
                    <SelectItem key={m} value={m}>
                      {t(`interactions.numeric.${m}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <p id={`${uid}-tolerance-hint`} className="text-xs text-muted-foreground">
            {t(`interactions.numeric.toleranceHint.${mode}`)}
          </p>
          <FieldMessage path={`${base}.tolerance`} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <div className="grid gap-3 sm:grid-cols-2">
          <EntryText path={`${base}.unitAr`} lang="ar" label={t("interactions.numeric.unitAr")} testId={`question-${index}-numeric-unit-ar`} errorPath={`${base}.unitAr`} />
          <EntryText path={`${base}.unitEn`} lang="en" label={t("interactions.numeric.unitEn")} testId={`question-${index}-numeric-unit-en`} errorPath={`${base}.unitEn`} />
        </div>
        <p className="text-xs text-muted-foreground">{t("interactions.numeric.unitHint")}</p>
        <FieldMessage path={`${base}.unitAr`} />
        <FieldMessage path={`${base}.unitEn`} />
      </div>
    </div>
  );
}
