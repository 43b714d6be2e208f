// The text with gaps of gap fill and inline choice (issue 36, docs/decisions/0058): a text per language, and "Insert
// gap", which writes the next marker `{{n}}` at the caret in BOTH texts (where the author last was in the other one,
// or at its end: they move it to its place there) and gives the focus back where it was. The gap cards below follow
// the markers (lib/gap-form.ts syncGaps); a gap not once in a text is named under that text.
import { TextCursorInput } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { MAX_LONG_TEXT_LENGTH } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { canInsertGap, gapMarker, gapProblems, insertMarker, nextGapId, syncGaps } from "../../lib/gap-form";
import { useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y, useIssues } from "../field-message";
import type { TInteractionPath } from "./shared";

type TLangKey = "ar" | "en";
const FIELD = { ar: "textAr", en: "textEn" } as const;

export function GapTextEditor<G extends { id: string }>({ base, index, fresh }: { base: TInteractionPath; index: number; fresh: (id: string) => G }) {
  const { t } = useExamsT();
  const uid = useId();
  const { control, getValues, setValue } = useFormContext();
  const [textAr = "", textEn = ""] = useWatch({ control, name: [`${base}.textAr`, `${base}.textEn`] }) as [string | undefined, string | undefined];
  const boxes = useRef<Record<TLangKey, HTMLTextAreaElement | null>>({ ar: null, en: null });
  const carets = useRef<Record<TLangKey, [number, number] | null>>({ ar: null, en: null });
  const last = useRef<TLangKey | null>(null);
  const aside = useRef(new Map<string, G>());
  const [said, setSaid] = useState("");

  // The cards follow the markers in the texts.
  useEffect(() => {
    const gaps = (getValues(`${base}.gaps`) as G[] | undefined) ?? [];
    const next = syncGaps(textAr, textEn, gaps, fresh, aside.current);
    if (next) setValue(`${base}.gaps`, next, { shouldDirty: true });
  }, [textAr, textEn, base, fresh, getValues, setValue]);

  const insert = () => {
    const ar = (getValues(`${base}.textAr`) as string | undefined) ?? "";
    const en = (getValues(`${base}.textEn`) as string | undefined) ?? "";
    const id = nextGapId(ar, en);
    const marker = gapMarker(id);
    for (const [k, text] of [["ar", ar], ["en", en]] as const) {
      const at = carets.current[k];
      const edit = insertMarker(text, at?.[0] ?? null, at?.[1] ?? null, marker);
      setValue(`${base}.${FIELD[k]}`, edit.value, { shouldDirty: true });
      carets.current[k] = [edit.caret, edit.caret];
    }
    setSaid(t("interactions.gaps.inserted", { gap: id }));
    const k = last.current;
    if (!k) return;
    requestAnimationFrame(() => {
      const box = boxes.current[k];
      const at = carets.current[k];
      box?.focus();
      if (box && at) box.setSelectionRange(at[0], at[1]);
    });
  };

  const problems = gapProblems(textAr, textEn);
  const full = !canInsertGap(textAr, textEn);
  return (
    <div className="flex flex-col gap-3" data-testid={`question-${index}-gap-text`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-semibold">{t("interactions.gaps.textLegend")}</span>
          <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
            {t("interactions.gaps.textHint", { marker: gapMarker("1") })}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          // The text keeps its focus and caret when the button is clicked (the keyboard's way goes back to it after).
          onMouseDown={(e) => e.preventDefault()}
          onClick={insert}
          disabled={full}
          data-testid={`question-${index}-insert-gap`}
        >
          <TextCursorInput aria-hidden="true" />
          {t("interactions.gaps.insert")}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <div className="grid gap-3 lg:grid-cols-2">
        {(["ar", "en"] as const).map((k) => (
          <GapTextBox
            key={k}
            lang={k}
            path={`${base}.${FIELD[k]}`}
            hintId={`${uid}-hint`}
            testId={`question-${index}-gap-text-${k}`}
            problems={problems.filter((p) => p.lang === k)}
            boxRef={(el) => {
              boxes.current[k] = el;
            }}
            onCaret={(s, e) => {
              carets.current[k] = [s, e];
              last.current = k;
            }}
          />
        ))}
      </div>
      {full && <p className="text-xs text-muted-foreground">{t("interactions.gaps.full")}</p>}
    </div>
  );
}

function GapTextBox({
  lang,
  path,
  hintId,
  testId,
  problems,
  boxRef,
  onCaret,
}: {
  lang: TLangKey;
  path: string;
  hintId: string;
  testId: string;
  problems: ReturnType<typeof gapProblems>;
  boxRef: (el: HTMLTextAreaElement | null) => void;
  onCaret: (start: number, end: number) => void;
}) {
  const { t } = useExamsT();
  const id = useId();
  const { register } = useFormContext();
  const a11y = useFieldA11y(path, hintId);
  // The gaps this text lacks or repeats, named — once the check has said the texts do not agree.
  const mismatch = useIssues(path).includes("GAP_TEXT_MISMATCH");
  const { ref, ...field } = register(path);
  const keep = (el: HTMLTextAreaElement) => onCaret(el.selectionStart, el.selectionEnd);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{t(lang === "ar" ? "interactions.gaps.textAr" : "interactions.gaps.textEn")}</Label>
      <Textarea
        id={id}
        dir={lang === "ar" ? "rtl" : "ltr"}
        lang={lang}
        rows={4}
        maxLength={MAX_LONG_TEXT_LENGTH}
        className="resize-y leading-relaxed"
        {...a11y}
        {...field}
        ref={(el) => {
          ref(el);
          boxRef(el);
        }}
        onSelect={(e) => keep(e.currentTarget)}
        onFocus={(e) => keep(e.currentTarget)}
        onBlur={(e) => {
          keep(e.currentTarget);
          return field.onBlur(e);
        }}
        data-testid={testId}
      />
      <FieldMessage path={path} />
      {mismatch && problems.length > 0 && (
        <ul className="flex flex-col gap-0.5 ps-6 text-sm text-destructive-text" data-testid={`${testId}-problems`}>
          {problems.map((p) => (
            <li key={p.id}>{t(`interactions.gaps.${p.problem}${lang === "ar" ? "Ar" : "En"}`, { gap: p.id })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
