// Gap fill and inline choice (issue 36, docs/decisions/0058): the text in the paper's language with each gap in its
// place — a text box sized to what is typed, or a native list (keyboard and screen readers know it) with an empty
// first entry. Each gap is named "Gap n", numbered in the reading order of that language's text. Read-only, the
// response in place and, for staff, each gap's key beside it.
import { Fragment, useRef, type ReactNode, type RefObject } from "react";
import { gapAnswerMatches } from "@shared/item-types/gap-fill";
import { GAP_MARKER } from "@shared/item-types/gap-text";
import { MAX_SHORT_TEXT_LENGTH } from "@shared/limits";
import { fieldClasses } from "@web/components/ui/input";
import { formatNumber, pick, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { entryText, useInteractionT, Verdict, type TPaperEntry, type TPaperOf, type TResponseOf } from "./common";

type TResponseGapFill = TResponseOf<"gap_fill">;
type TResponseInline = TResponseOf<"inline_choice">;
export type TSegment = { text: string } | { gap: string; n: number };

/** A text split at its gap markers, in reading order; each gap with its number in that order (from 1). */
export function gapSegments(text: string): TSegment[] {
  // The one marker rule (shared/item-types/gap-text); split keeps its captured gap id between the texts.
  const parts = text.split(GAP_MARKER);
  return parts.flatMap((p, i): TSegment[] => (i % 2 ? [{ gap: p, n: (i + 1) / 2 }] : p ? [{ text: p }] : []));
}

/** A gap's answer set (or, empty, taken away: a response holds only what was typed). */
export function withGapAnswer(answers: Record<string, string>, id: string, value: string): Record<string, string> {
  const next = { ...answers };
  if (value) next[id] = value;
  else delete next[id];
  return next;
}

/** The text, in the paper's language, with `gap` rendered in each marker's place (lines kept, wrapping anywhere). */
function GapText({ text, lang, gap }: { text: { textAr: string; textEn: string }; lang: TLang; gap: (id: string, n: number) => ReactNode }) {
  return (
    <p lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} className="text-start leading-[2.75] whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="gap-text">
      {gapSegments(pick(lang, text.textAr, text.textEn)).map((s, i) => ("gap" in s ? <Fragment key={`g-${s.gap}`}>{gap(s.gap, s.n)}</Fragment> : <Fragment key={i}>{s.text}</Fragment>))}
    </p>
  );
}

const gapBox = "mx-1 inline-block h-9 max-w-full min-w-[6ch] px-2 py-1 align-middle leading-normal";

/** The on-screen keyboard the take page puts under a text box (given the box it types into and how its value changes). */
export type TKeyboard = (target: RefObject<HTMLInputElement | null>, onValue: (value: string) => void) => ReactNode;

export function GapFillField({
  paper,
  response,
  onChange,
  lang,
  hintId,
  keyboard,
}: {
  paper: TPaperOf<"gap_fill">;
  response: TResponseGapFill | null;
  onChange: (r: TResponseGapFill) => void;
  lang: TLang;
  hintId: string;
  keyboard?: TKeyboard | undefined;
}) {
  const t = useInteractionT(lang);
  const answers = response?.answers ?? {};
  // The keyboard types into the gap last focused (the first until one is).
  const target = useRef<HTMLInputElement | null>(null);
  const set = (id: string, value: string) => onChange({ type: "gap_fill", answers: withGapAnswer(answers, id, value) });
  return (
    <>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("gapHint")}
      </p>
      <GapText
        text={paper}
        lang={lang}
        gap={(id, n) => {
          const value = answers[id] ?? "";
          return (
            <input
              type="text"
              // An empty box takes the paper's direction (the caret where the student will type); typed text finds its own.
              dir={value ? "auto" : lang === "ar" ? "rtl" : "ltr"}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_SHORT_TEXT_LENGTH}
              aria-label={t("gap", { n: formatNumber(lang, n) })}
              data-gap={id}
              value={value}
              ref={(el) => {
                if (el && !target.current) target.current = el;
              }}
              onFocus={(e) => (target.current = e.currentTarget)}
              onChange={(e) => set(id, e.target.value)}
              // Wide enough for what is typed (and at least a short word), never wider than the line.
              style={{ width: `${Math.min(32, Math.max(6, [...value].length + 2))}ch` }}
              className={cn(fieldClasses, gapBox)}
              data-testid="gap-input"
            />
          );
        }}
      />
      {keyboard?.(target, (value) => {
        const id = target.current?.dataset.gap;
        if (id) set(id, value);
      })}
    </>
  );
}

export function InlineChoiceField({ paper, response, onChange, lang, hintId }: { paper: TPaperOf<"inline_choice">; response: TResponseInline | null; onChange: (r: TResponseInline) => void; lang: TLang; hintId: string }) {
  const t = useInteractionT(lang);
  const chosen = response?.chosen ?? {};
  const byId = new Map(paper.gaps.map((g) => [g.id, g]));
  return (
    <>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("inlineHint")}
      </p>
      <GapText
        text={paper}
        lang={lang}
        gap={(id, n) => (
          <select
            aria-label={t("gap", { n: formatNumber(lang, n) })}
            value={chosen[id] ?? ""}
            onChange={(e) => onChange({ type: "inline_choice", chosen: withGapAnswer(chosen, id, e.target.value) })}
            className={cn(fieldClasses, gapBox, "w-auto pe-7")}
            data-gap={id}
            data-testid="gap-select"
          >
            <option value="">{t("chooseGap")}</option>
            {(byId.get(id)?.choices ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {entryText(c, lang)}
              </option>
            ))}
          </select>
        )}
      />
    </>
  );
}

/** A gap's response in place, read-only: the words in a box ("no answer" said), the verdict and the key beside it for staff. */
function GapAnswer({ n, lang, text, right, expected }: { n: number; lang: TLang; text: string; right?: boolean | undefined; expected?: string[] | undefined }) {
  const t = useInteractionT(lang);
  return (
    <span className="mx-1 inline-flex max-w-full flex-wrap items-center gap-1.5 align-middle leading-normal" data-testid="gap-view" data-right={right}>
      <span className="sr-only">{t("gap", { n: formatNumber(lang, n) })}: </span>
      <span
        className={cn(
          "rounded-md border px-2 py-0.5 font-semibold [overflow-wrap:anywhere]",
          right === undefined ? "border-primary bg-accent text-accent-foreground" : right ? "border-success-border bg-success text-success-foreground" : "border-destructive bg-destructive/10",
          !text && "font-normal italic text-muted-foreground",
        )}
      >
        <bdi>{text || t("noResponse")}</bdi>
      </span>
      {right !== undefined && <Verdict right={right} lang={lang} />}
      {expected !== undefined && !right && (
        <span className="text-xs text-muted-foreground" data-testid="gap-key">
          ({t("expected")}{" "}
          {/* Each answer isolated, so a list of Arabic and English reads in its own order. */}
          {expected.map((e, i) => (
            <Fragment key={i}>
              {i > 0 && " / "}
              <bdi className="font-semibold text-foreground">{e}</bdi>
            </Fragment>
          ))}
          )
        </span>
      )}
    </span>
  );
}

/** Read-only gap fill: with the accepted answers (staff), each gap marked and its answers shown when it is wrong. */
export function GapFillView({ content, response, lang }: { content: TPaperOf<"gap_fill"> | { textAr: string; textEn: string; gaps: { id: string; accepted?: string[] }[] }; response: TResponseGapFill | null; lang: TLang }) {
  const keys = new Map(content.gaps.map((g) => [g.id, "accepted" in g ? g.accepted : undefined]));
  return (
    <div data-testid="gap-fill-view">
      <GapText
        text={content}
        lang={lang}
        gap={(id, n) => {
          const typed = response?.answers[id] ?? "";
          const accepted = keys.get(id)?.filter((a) => a.trim());
          return <GapAnswer n={n} lang={lang} text={typed.trim()} right={accepted ? gapAnswerMatches(typed, accepted) : undefined} expected={accepted} />;
        }}
      />
    </div>
  );
}

/** Read-only inline choice: the choice made in each gap; with the key (staff), marked, and the right choice when it is wrong. */
export function InlineChoiceView({ content, response, lang }: { content: { textAr: string; textEn: string; gaps: { id: string; choices: (TPaperEntry & { correct?: boolean })[] }[] }; response: TResponseInline | null; lang: TLang }) {
  const byId = new Map(content.gaps.map((g) => [g.id, g]));
  return (
    <div data-testid="inline-choice-view">
      <GapText
        text={content}
        lang={lang}
        gap={(id, n) => {
          const choices = byId.get(id)?.choices ?? [];
          const chosen = choices.find((c) => c.id === response?.chosen[id]);
          const right = choices.find((c) => c.correct);
          const keyed = choices.some((c) => c.correct !== undefined);
          return <GapAnswer n={n} lang={lang} text={chosen ? entryText(chosen, lang) : ""} right={keyed ? !!chosen && chosen.id === right?.id : undefined} expected={right && [entryText(right, lang)]} />;
        }}
      />
    </div>
  );
}
