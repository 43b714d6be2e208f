// Ordering (issue 36): the items in their right order — added, removed and moved with buttons (keyboard operable;
// the paper shuffles them, so the editor needs no dragging) — and how it is scored.
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { MAX_INTERACTION_ENTRIES } from "@shared/item-types/common";
import { ORDERING_SCORING } from "@shared/item-types/ordering";
import { Button } from "@web/components/ui/button";
import { newEntry } from "../../lib/interaction-form";
import { formatNumber, useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { EntryRow, EntryText, ScoringSelect, type TInteractionPath } from "./shared";

/** The fewest items an order can have (shared/item-types/ordering.ts asks for two). */
const MIN_ITEMS = 2;

export function OrderingEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, setFocus } = useFormContext();
  const list = `${base}.items`;
  const items = useFieldArray({ control, name: list });
  const listA11y = useFieldA11y(list, `${uid}-hint`);
  const box = useRef<HTMLFieldSetElement>(null);
  const [announce, setAnnounce] = useState("");
  const count = items.fields.length;

  // The moved item keeps the focus on the button that moved it (or its other one at the end of the list), so the
  // keyboard can move it again; the new place is said aloud.
  const move = (from: number, to: number) => {
    items.move(from, to);
    setAnnounce(t("interactions.ordering.moved", { m: formatNumber(lang, to + 1) }));
    requestAnimationFrame(() => {
      const dir = to < from ? "up" : "down";
      const at = (d: string) => box.current?.querySelector<HTMLButtonElement>(`[data-testid="question-${index}-item-${to}-${d}"]`);
      const button = at(dir);
      (button && !button.disabled ? button : at(dir === "up" ? "down" : "up"))?.focus();
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <fieldset ref={box} className="flex flex-col gap-3" aria-describedby={listA11y["aria-describedby"]} data-testid={`question-${index}-items`}>
        <legend className="mb-1 text-sm font-semibold">{t("interactions.ordering.legend")}</legend>
        <p id={`${uid}-hint`} className="-mt-2 text-xs text-muted-foreground">
          {t("interactions.ordering.hint")}
        </p>
        <ol className="flex flex-col gap-3">
          {items.fields.map((field, j) => {
            const m = formatNumber(lang, j + 1);
            const p = `${list}.${j}`;
            return (
              <li key={field.id}>
                <EntryRow testId={`question-${index}-item-${j}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                      <span aria-hidden="true" className="grid size-6 place-items-center rounded-md bg-accent text-xs font-bold text-accent-foreground tabular-nums">
                        {m}
                      </span>
                      {t("interactions.ordering.item", { m })}
                    </span>
                    <div className="flex flex-wrap items-center gap-1">
                      <Button size="sm" variant="ghost" disabled={j === 0} onClick={() => move(j, j - 1)} data-testid={`question-${index}-item-${j}-up`}>
                        <ArrowUp aria-hidden="true" />
                        <span className="max-sm:sr-only">{t("interactions.ordering.moveUp")}</span>
                        <span className="sr-only"> {t("interactions.ordering.which", { m })}</span>
                      </Button>
                      <Button size="sm" variant="ghost" disabled={j === count - 1} onClick={() => move(j, j + 1)} data-testid={`question-${index}-item-${j}-down`}>
                        <ArrowDown aria-hidden="true" />
                        <span className="max-sm:sr-only">{t("interactions.ordering.moveDown")}</span>
                        <span className="sr-only"> {t("interactions.ordering.which", { m })}</span>
                      </Button>
                      {count > MIN_ITEMS && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-destructive-text hover:bg-destructive/10"
                          onClick={() => {
                            items.remove(j);
                            requestAnimationFrame(() => setFocus(`${list}.${Math.max(0, j - 1)}.textAr`));
                          }}
                          data-testid={`question-${index}-item-${j}-remove`}
                        >
                          <X aria-hidden="true" />
                          <span className="max-sm:sr-only">{t("interactions.ordering.remove")}</span>
                          <span className="sr-only"> {t("interactions.ordering.which", { m })}</span>
                        </Button>
                      )}
                    </div>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <EntryText path={`${p}.textAr`} lang="ar" label={t("interactions.ordering.textAr", { m })} testId={`question-${index}-item-${j}-ar`} errorPath={p} />
                    <EntryText path={`${p}.textEn`} lang="en" label={t("interactions.ordering.textEn", { m })} testId={`question-${index}-item-${j}-en`} errorPath={p} />
                  </div>
                  <FieldMessage path={p} />
                </EntryRow>
              </li>
            );
          })}
        </ol>
        <p role="status" aria-live="polite" className="sr-only">
          {announce}
        </p>
        <FieldMessage path={list} />
        {count < MAX_INTERACTION_ENTRIES && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => items.append(newEntry(), { focusName: `${list}.${count}.textAr` })} data-testid={`question-${index}-add-item`}>
            <Plus aria-hidden="true" />
            {t("interactions.ordering.add")}
          </Button>
        )}
      </fieldset>
      <ScoringSelect path={`${base}.scoring`} options={ORDERING_SCORING} hintKey="hintOrder" testId={`question-${index}-scoring`} />
    </div>
  );
}
