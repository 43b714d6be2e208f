// A new-type question's answer on the paper (issue 36): the question text as the group's legend, then the type's own
// field (components/interactions). Its changes go through the same path as every answer (autosave and journal).
import { useId, type ReactNode } from "react";
import type { TPaperInteraction } from "@shared/item-types";
import type { TImageRef } from "@shared/schemas/exam";
import { InteractionField } from "@web/components/interactions";
import { EMPTY_ANSWER, type TAnswerValue } from "../lib/answer-sync";
import type { TLang } from "../lib/use-taking-t";
import { ArabicKeyboard } from "./arabic-keyboard";
import type { TAnswerChange } from "./question-card";

export function InteractionInput({
  questionId,
  paper,
  value,
  onChange,
  disabled,
  lang,
  legend,
  figure,
  struck,
  onToggleStrike,
  image,
}: {
  questionId: string;
  paper: TPaperInteraction;
  value: TAnswerValue | undefined;
  onChange: TAnswerChange;
  disabled?: boolean | undefined;
  lang: TLang;
  /** The question's text, with its own lang and dir. */
  legend: ReactNode;
  figure: ReactNode;
  struck?: readonly string[] | undefined;
  onToggleStrike?: ((questionId: string, optionId: string) => void) | undefined;
  /** The question's picture, for a hotspot (its field shows it, with the areas over it). */
  image?: TImageRef | undefined;
}) {
  const legendId = useId();
  const hintId = useId();
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3" aria-describedby={paper.type === "numeric" ? undefined : hintId}>
      <legend id={legendId} className="mb-1 w-full">
        {legend}
      </legend>
      {figure}
      <InteractionField
        paper={paper}
        response={value?.response}
        onChange={(response, options) => onChange(questionId, { ...EMPTY_ANSWER, response }, options)}
        lang={lang}
        labelledBy={legendId}
        hintId={hintId}
        disabled={disabled}
        struck={struck}
        onToggleStrike={onToggleStrike && ((id) => onToggleStrike(questionId, id))}
        // As under a written answer: only on the Arabic paper (an answer to the English one is typed in English).
        keyboard={lang === "ar" ? (target, onValue) => <ArabicKeyboard target={target} onValue={onValue} disabled={!!disabled} /> : undefined}
        image={image}
      />
    </fieldset>
  );
}
