// The item types of issue 36 on screen (docs/decisions/0057): one component file per type, each with an interactive
// field for the paper and a read-only view of a response (for staff, with the key). These two switches are the only
// places that name the types; the paper, the preview, the grading sheet and the results call them.
import type { TInteraction, TPaperInteraction, TResponse } from "@shared/item-types";
import type { TImageRef } from "@shared/schemas/exam";
import type { TLang } from "@web/lib/format";
import type { TResponseOf } from "./common";
import { GapFillField, GapFillView, InlineChoiceField, InlineChoiceView, type TKeyboard } from "./gaps";
import { HotspotField, HotspotView } from "./hotspot";
import { MultipleResponseField, MultipleResponseView } from "./multiple-response";
import { NumericField, NumericView } from "./numeric";
import { OrderingField, OrderingView } from "./ordering";

const of = <T extends TResponse["type"]>(type: T, r: TResponse | null | undefined) => (r?.type === type ? (r as TResponseOf<T>) : null);

/** The answer input of a new-type question on the paper. `labelledBy` names the question text; `hintId` is for the hint. */
export function InteractionField({
  paper,
  response,
  onChange,
  lang,
  labelledBy,
  hintId,
  disabled,
  struck,
  onToggleStrike,
  keyboard,
  image,
}: {
  paper: TPaperInteraction;
  response: TResponse | null | undefined;
  onChange: (r: TResponse, options?: { debounce?: boolean }) => void;
  lang: TLang;
  labelledBy: string;
  hintId: string;
  disabled?: boolean | undefined;
  /** The eliminator, where the type has choices to strike out. */
  struck?: readonly string[] | undefined;
  onToggleStrike?: ((id: string) => void) | undefined;
  /** The on-screen Arabic keyboard, for the types the student types words into. */
  keyboard?: TKeyboard | undefined;
  /** The question's picture: a hotspot's areas are on it. */
  image?: TImageRef | undefined;
}) {
  switch (paper.type) {
    case "multiple_response":
      return <MultipleResponseField paper={paper} response={of("multiple_response", response)} onChange={onChange} lang={lang} hintId={hintId} struck={struck} onToggleStrike={onToggleStrike} />;
    case "numeric":
      return <NumericField paper={paper} response={of("numeric", response)} onChange={(r) => onChange(r, { debounce: true })} lang={lang} labelledBy={labelledBy} />;
    case "ordering":
      return <OrderingField paper={paper} response={of("ordering", response)} onChange={onChange} lang={lang} hintId={hintId} disabled={disabled} />;
    case "gap_fill":
      return <GapFillField paper={paper} response={of("gap_fill", response)} onChange={(r) => onChange(r, { debounce: true })} lang={lang} hintId={hintId} keyboard={keyboard} />;
    case "inline_choice":
      return <InlineChoiceField paper={paper} response={of("inline_choice", response)} onChange={onChange} lang={lang} hintId={hintId} />;
    case "hotspot":
      return <HotspotField paper={paper} image={image} response={of("hotspot", response)} onChange={onChange} lang={lang} hintId={hintId} disabled={disabled} />;
  }
}

/**
 * A response read-only. `content` is the question's interaction: with its key (staff, or a student after an exam that
 * shows its answers) the view marks what is right; the paper's (no key) shows the response alone.
 */
export function InteractionView({ content, response, lang, image }: { content: TInteraction | TPaperInteraction; response: TResponse | null | undefined; lang: TLang; image?: TImageRef | undefined }) {
  switch (content.type) {
    case "multiple_response":
      return <MultipleResponseView choices={content.choices} response={of("multiple_response", response)} lang={lang} />;
    case "numeric":
      return <NumericView unitAr={content.unitAr} unitEn={content.unitEn} response={of("numeric", response)} lang={lang} answerKey={"answer" in content ? content : undefined} />;
    case "ordering": {
      // With the key, the items come in the right order; without it, the order is the paper's.
      const keyed = "scoring" in content;
      return <OrderingView items={content.items} response={of("ordering", response)} lang={lang} keyOrder={keyed ? content.items.map((i) => i.id) : undefined} />;
    }
    case "gap_fill":
      return <GapFillView content={content} response={of("gap_fill", response)} lang={lang} />;
    case "inline_choice":
      return <InlineChoiceView content={content} response={of("inline_choice", response)} lang={lang} />;
    case "hotspot":
      return <HotspotView content={content} image={image} response={of("hotspot", response)} lang={lang} />;
  }
}
