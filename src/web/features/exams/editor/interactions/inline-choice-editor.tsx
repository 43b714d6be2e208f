// Inline choice (issue 36, docs/decisions/0058): the text with its gaps, then a card per gap with its list of 2–10
// choices in Arabic and English, exactly one marked right (a radio), and how it is scored.
import { Plus, X } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { MIN_CHOICE_OPTIONS } from "@shared/limits";
import { MAX_INTERACTION_ENTRIES } from "@shared/item-types/common";
import { GAP_SCORING } from "@shared/item-types/gap-fill";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import { gapMarker, newChoiceGap, type TChoiceGapForm } from "../../lib/gap-form";
import { newChoice } from "../../lib/interaction-form";
import { formatNumber, useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { GapTextEditor } from "./gap-text-editor";
import { EntryRow, EntryText, ScoringSelect, type TInteractionPath } from "./shared";

export function InlineChoiceEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t } = useExamsT();
  const { control } = useFormContext();
  const gaps = (useWatch({ control, name: `${base}.gaps` }) as TChoiceGapForm[] | undefined) ?? [];
  return (
    <div className="flex flex-col gap-5">
      <GapTextEditor base={base} index={index} fresh={newChoiceGap} />
      <section className="flex flex-col gap-3" aria-label={t("interactions.gaps.choicesLegend")} data-testid={`question-${index}-gaps`}>
        <h4 className="text-sm font-semibold">{t("interactions.gaps.choicesLegend")}</h4>
        {gaps.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-3 text-sm text-muted-foreground" data-testid={`question-${index}-no-gaps`}>
            {t("interactions.gaps.none")}
          </p>
        ) : (
          gaps.map((g, i) => <ChoiceGapCard key={g.id} path={`${base}.gaps.${i}`} gap={g} index={index} />)
        )}
        <FieldMessage path={`${base}.gaps`} />
      </section>
      <ScoringSelect path={`${base}.scoring`} options={GAP_SCORING} hintKey="hintGaps" testId={`question-${index}-scoring`} />
    </div>
  );
}

function ChoiceGapCard({ path, gap, index }: { path: string; gap: TChoiceGapForm; index: number }) {
  const { t, lang } = useExamsT();
  const { setValue, getValues, setFocus } = useFormContext();
  const list = `${path}.choices`;
  const hintId = `${list.replace(/\./g, "-")}-hint`;
  const a11y = useFieldA11y(list, hintId);
  const testId = `question-${index}-gap-${gap.id}`;
  const count = gap.choices.length;
  const choose = (j: number) => gap.choices.forEach((_, k) => setValue(`${list}.${k}.correct`, k === j, { shouldDirty: true }));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-border p-3" aria-describedby={a11y["aria-describedby"]} data-testid={testId}>
      <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-medium">
        {t("interactions.gaps.gap", { gap: gap.id })}
        <code className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground" dir="ltr">
          {gapMarker(gap.id)}
        </code>
      </legend>
      <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
        {t("interactions.gaps.choicesHint")}
      </p>
      {gap.choices.map((c, j) => {
        const m = formatNumber(lang, j + 1);
        const p = `${list}.${j}`;
        return (
          <EntryRow key={c.id} correct={c.correct} testId={`${testId}-choice-${j}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium text-muted-foreground">{t("interactions.choices.choice", { m })}</span>
              <div className="flex flex-wrap items-center gap-2">
                <label
                  className={cn(
                    "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    c.correct ? "border-success-border bg-success text-success-foreground" : "border-input-border hover:bg-muted",
                  )}
                >
                  <input type="radio" name={`${testId}-right`} className="size-4 accent-primary outline-none" checked={c.correct} onChange={() => choose(j)} data-testid={`${testId}-choice-${j}-correct`} />
                  {t("interactions.gaps.right")}
                  <span className="sr-only"> {t("interactions.choices.which", { m })}</span>
                </label>
                {count > MIN_CHOICE_OPTIONS && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive-text hover:bg-destructive/10"
                    onClick={() => {
                      const now = getValues(list) as TChoiceGapForm["choices"];
                      setValue(list, now.filter((_, k) => k !== j), { shouldDirty: true });
                      requestAnimationFrame(() => setFocus(`${list}.${Math.max(0, j - 1)}.textAr`));
                    }}
                    data-testid={`${testId}-choice-${j}-remove`}
                  >
                    <X aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("interactions.choices.remove")}</span>
                    <span className="sr-only"> {t("interactions.choices.which", { m })}</span>
                  </Button>
                )}
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <EntryText path={`${p}.textAr`} lang="ar" label={t("interactions.choices.textAr", { m })} testId={`${testId}-choice-${j}-ar`} errorPath={p} />
              <EntryText path={`${p}.textEn`} lang="en" label={t("interactions.choices.textEn", { m })} testId={`${testId}-choice-${j}-en`} errorPath={p} />
            </div>
            <FieldMessage path={p} />
          </EntryRow>
        );
      })}
      <FieldMessage path={list} />
      {count < MAX_INTERACTION_ENTRIES && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setValue(list, [...(getValues(list) as TChoiceGapForm["choices"]), newChoice()], { shouldDirty: true });
            requestAnimationFrame(() => setFocus(`${list}.${count}.textAr`));
          }}
          data-testid={`${testId}-add-choice`}
        >
          <Plus aria-hidden="true" />
          {t("interactions.choices.add")}
        </Button>
      )}
    </fieldset>
  );
}
