// Gap fill (issue 36, docs/decisions/0058): the text with its gaps, then a card per gap with its accepted answers
// (one list for both languages; any one of them is right, Arabic diacritics and letter forms folded), and how it is
// scored.
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { MAX_SHORT_TEXT_LENGTH } from "@shared/limits";
import { MAX_INTERACTION_ENTRIES } from "@shared/item-types/common";
import { GAP_SCORING } from "@shared/item-types/gap-fill";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { gapMarker, newFillGap, type TFillGapForm } from "../../lib/gap-form";
import { formatNumber, useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { GapTextEditor } from "./gap-text-editor";
import { EntryRow, ScoringSelect, type TInteractionPath } from "./shared";

export function GapFillEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t } = useExamsT();
  const { control } = useFormContext();
  const gaps = (useWatch({ control, name: `${base}.gaps` }) as TFillGapForm[] | undefined) ?? [];
  return (
    <div className="flex flex-col gap-5">
      <GapTextEditor base={base} index={index} fresh={newFillGap} />
      <section className="flex flex-col gap-3" aria-label={t("interactions.gaps.answersLegend")} data-testid={`question-${index}-gaps`}>
        <h4 className="text-sm font-semibold">{t("interactions.gaps.answersLegend")}</h4>
        {gaps.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-3 text-sm text-muted-foreground" data-testid={`question-${index}-no-gaps`}>
            {t("interactions.gaps.none")}
          </p>
        ) : (
          gaps.map((g, i) => <FillGapCard key={g.id} path={`${base}.gaps.${i}`} gap={g} index={index} />)
        )}
        <FieldMessage path={`${base}.gaps`} />
      </section>
      <ScoringSelect path={`${base}.scoring`} options={GAP_SCORING} hintKey="hintGaps" testId={`question-${index}-scoring`} />
    </div>
  );
}

function FillGapCard({ path, gap, index }: { path: string; gap: TFillGapForm; index: number }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { register, setValue, getValues } = useFormContext();
  const list = `${path}.accepted`;
  const a11y = useFieldA11y(list, `${uid}-hint`);
  const answers = gap.accepted;
  const testId = `question-${index}-gap-${gap.id}`;
  const set = (next: string[], focus?: number) => {
    setValue(list, next, { shouldDirty: true });
    if (focus !== undefined) requestAnimationFrame(() => document.getElementById(`${uid}-${focus}`)?.focus());
  };
  return (
    <EntryRow testId={testId}>
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={a11y["aria-describedby"]}>
        <legend className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {t("interactions.gaps.gap", { gap: gap.id })}
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground" dir="ltr">
            {gapMarker(gap.id)}
          </code>
        </legend>
        <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
          {t("interactions.gaps.acceptedHint")}
        </p>
        {answers.map((_, k) => {
          const m = formatNumber(lang, k + 1);
          return (
            <div key={k} className="flex flex-col gap-1">
              <div className="flex items-end gap-2">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Label htmlFor={`${uid}-${k}`} className="text-xs text-muted-foreground">
                    {t("interactions.gaps.accepted", { m, gap: gap.id })}
                  </Label>
                  <Input id={`${uid}-${k}`} dir="auto" maxLength={MAX_SHORT_TEXT_LENGTH} {...register(`${list}.${k}`)} data-testid={`${testId}-accepted-${k}`} />
                </div>
                {answers.length > 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive-text hover:bg-destructive/10"
                    onClick={() => {
                      const now = getValues(list) as string[];
                      set(now.filter((_, j) => j !== k), Math.max(0, k - 1));
                    }}
                    data-testid={`${testId}-accepted-${k}-remove`}
                  >
                    <X aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("interactions.gaps.removeAccepted")}</span>
                    <span className="sr-only"> {t("interactions.gaps.which", { m, gap: gap.id })}</span>
                  </Button>
                )}
              </div>
              <FieldMessage path={`${list}.${k}`} />
            </div>
          );
        })}
        <FieldMessage path={list} />
        {answers.length < MAX_INTERACTION_ENTRIES && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => set([...(getValues(list) as string[]), ""], answers.length)} data-testid={`${testId}-add-accepted`}>
            <Plus aria-hidden="true" />
            {t("interactions.gaps.addAccepted")}
          </Button>
        )}
      </fieldset>
    </EntryRow>
  );
}
