// The editor's form state of the two gap types (gap fill, inline choice; docs/decisions/0058): the texts as typed, and
// a card per gap found in them. The cards follow the texts — a marker typed or inserted makes a card, a marker gone
// from both texts takes it away (kept aside, so undoing the deletion brings its answers back) — and keep their order
// (a saved question loads and saves unchanged).
import { gapIdsIn, MAX_GAPS } from "@shared/item-types/gap-text";
import type { GAP_SCORING } from "@shared/item-types/gap-fill";
import type { TGapFill } from "@shared/item-types/gap-fill";
import type { TInlineChoice } from "@shared/item-types/inline-choice";
import { MIN_CHOICE_OPTIONS } from "@shared/limits";
import type { TChoiceForm } from "./interaction-form";

type TScoring = (typeof GAP_SCORING)[number];
export type TFillGapForm = { id: string; accepted: string[] };
export type TChoiceGapForm = { id: string; choices: TChoiceForm[] };
export type TGapFillForm = { type: "gap_fill"; textAr: string; textEn: string; gaps: TFillGapForm[]; scoring: TScoring };
export type TInlineChoiceForm = { type: "inline_choice"; textAr: string; textEn: string; gaps: TChoiceGapForm[]; scoring: TScoring };
export type TGapForm = TGapFillForm | TInlineChoiceForm;

const newChoice = (): TChoiceForm => ({ id: crypto.randomUUID(), textAr: "", textEn: "", correct: false });
export const newFillGap = (id: string): TFillGapForm => ({ id, accepted: [""] });
export const newChoiceGap = (id: string): TChoiceGapForm => ({ id, choices: Array.from({ length: MIN_CHOICE_OPTIONS }, newChoice) });

export const emptyGapFill = (): TGapFillForm => ({ type: "gap_fill", textAr: "", textEn: "", gaps: [], scoring: "per_gap" });
export const emptyInlineChoice = (): TInlineChoiceForm => ({ type: "inline_choice", textAr: "", textEn: "", gaps: [], scoring: "per_gap" });

export function gapFormOf(c: TGapFill | TInlineChoice): TGapForm {
  if (c.type === "gap_fill") return { type: c.type, textAr: c.textAr, textEn: c.textEn, gaps: c.gaps.map((g) => ({ id: g.id, accepted: [...g.accepted] })), scoring: c.scoring };
  return { type: c.type, textAr: c.textAr, textEn: c.textEn, gaps: c.gaps.map((g) => ({ id: g.id, choices: g.choices.map((o) => ({ id: o.id, textAr: o.textAr, textEn: o.textEn, correct: o.correct })) })), scoring: c.scoring };
}

/** What the author put in (changing the type asks first when there is any). */
export function gapContent(c: TGapForm): unknown[] {
  const gaps = c.type === "gap_fill" ? c.gaps.map((g) => g.accepted.map((a) => a.trim())) : c.gaps.map((g) => g.choices.map((o) => [o.textAr.trim(), o.textEn.trim(), o.correct]));
  return [c.textAr.trim(), c.textEn.trim(), ...gaps.flat(2).filter((v) => v !== "" && v !== false)];
}

/** Every gap id the texts name, each once: the Arabic text's order, then any only in the English. */
export const gapIdsOf = (textAr: string, textEn: string): string[] => [...new Set([...gapIdsIn(textAr), ...gapIdsIn(textEn)])];

/**
 * The cards for the texts: those still named keep their place and content, new ids get a fresh card (or the one put
 * aside when their marker went), cards no text names any more are put aside in `aside`. Returns null when nothing changes.
 */
export function syncGaps<G extends { id: string }>(textAr: string, textEn: string, gaps: G[], fresh: (id: string) => G, aside: Map<string, G>): G[] | null {
  const ids = gapIdsOf(textAr, textEn);
  const kept = gaps.filter((g) => ids.includes(g.id));
  for (const g of gaps) if (!ids.includes(g.id)) aside.set(g.id, g);
  const added = ids.filter((id) => !gaps.some((g) => g.id === id)).map((id) => aside.get(id) ?? fresh(id));
  if (!added.length && kept.length === gaps.length) return null;
  return [...kept, ...added];
}

/** The marker "Insert gap" writes: the next number after the highest used (numbers are never reused while shown). */
export function nextGapId(textAr: string, textEn: string): string {
  const used = gapIdsOf(textAr, textEn).map(Number).filter(Number.isInteger);
  return String(Math.max(0, ...used) + 1);
}

export const gapMarker = (id: string) => `{{${id}}}`;

/** `text` with `marker` put in at [start, end) (a selection is replaced), and where the caret goes after it. */
export function insertMarker(text: string, start: number | null, end: number | null, marker: string): { value: string; caret: number } {
  const s = Math.min(Math.max(0, start ?? text.length), text.length);
  const e = Math.min(Math.max(s, end ?? s), text.length);
  return { value: text.slice(0, s) + marker + text.slice(e), caret: s + marker.length };
}

/** A gap not once in a text: missing from it, or there more than once. The editor names the gap under that text. */
export type TGapProblem = { id: string; lang: "ar" | "en"; problem: "missing" | "twice" };
export function gapProblems(textAr: string, textEn: string): TGapProblem[] {
  const ids = gapIdsOf(textAr, textEn);
  const out: TGapProblem[] = [];
  for (const [lang, text] of [["ar", textAr], ["en", textEn]] as const) {
    const named = gapIdsIn(text);
    // A text with no gap at all says so on its own (GAP_TEXT_NO_GAP); naming each missing gap would repeat it.
    if (!named.length) continue;
    for (const id of ids) {
      const n = named.filter((x) => x === id).length;
      if (n !== 1) out.push({ id, lang, problem: n === 0 ? "missing" : "twice" });
    }
  }
  return out;
}

export const canInsertGap = (textAr: string, textEn: string) => gapIdsOf(textAr, textEn).length < MAX_GAPS;
