// A matching question's two columns as a student sees them (issue 18), on the take page and in the editor's
// preview: each premise and response is a text, a picture, or both. The answer stays one native <select> per
// premise (keyboards, phones and screen readers all know it), but a <select> cannot show a picture: when any
// response is one, the responses are laid out first as a lettered bank, pictures and all, and each select names
// them by letter ("ب. خريطة عُمان" / "B. The map of Oman"), as a printed exam's second column does.
import type { TImageRef } from "@shared/schemas/exam";
import { pick } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { altOf, ExamImage } from "./exam-image";

export type TPairSide = { ar: string; en: string; image: TImageRef };
type TLang = "ar" | "en";

/** The letters a printed exam gives the second column: abjad order in Arabic (هـ, not ه, so it is not read as و). */
const LETTERS: Record<TLang, readonly string[]> = {
  ar: ["أ", "ب", "ج", "د", "هـ", "و", "ز", "ح", "ط", "ي", "ك", "ل", "م", "ن", "س", "ع", "ف", "ص", "ق", "ر", "ش", "ت", "ث", "خ"],
  en: [..."ABCDEFGHIJKLMNOPQRSTUVWX"],
};

/** Whether the responses need the lettered bank: one of them is a picture. */
export const hasPictures = (sides: TPairSide[]) => sides.some((s) => s.image);

/** A side's words in the reader's language; a picture alone is named by its description. */
export function sideText(side: TPairSide, lang: TLang): string {
  return pick(lang, side.ar, side.en) || (side.image ? altOf(side.image, lang) : "");
}

/** How a select names response `j`: its text, or its letter and text when the bank is shown. */
export function responseLabel(side: TPairSide, j: number, lang: TLang, lettered: boolean): string {
  return lettered ? `${LETTERS[lang][j] ?? j + 1}. ${sideText(side, lang)}` : sideText(side, lang);
}

/** The responses as a lettered bank of cards, each picture enlargeable. */
export function ResponseBank({ responses, lang, label, enlargeLabel }: { responses: TPairSide[]; lang: TLang; label: string; enlargeLabel: string }) {
  return (
    <section aria-label={label} className="flex flex-col gap-2" data-testid="matching-bank">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {responses.map((r, j) => {
          const text = pick(lang, r.ar, r.en);
          return (
            <li key={j} className="flex min-w-0 flex-col items-start gap-2 rounded-xl border border-border bg-muted/30 p-2.5" data-testid="matching-bank-item">
              <span className="grid size-7 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground" aria-hidden="true">
                {LETTERS[lang][j] ?? j + 1}
              </span>
              <span className="sr-only">{responseLabel(r, j, lang, true)}</span>
              {r.image && <ExamImage image={r.image} lang={lang} small enlargeLabel={enlargeLabel} />}
              {text && (
                <span aria-hidden="true" lang={lang} className="text-sm font-medium">
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A premise: its picture (inside its label, so the picture's description names the select) and its words. */
export function PremiseContent({ side, lang, className }: { side: TPairSide; lang: TLang; className?: string }) {
  const text = pick(lang, side.ar, side.en);
  return (
    <span className={cn("flex min-w-0 flex-col items-start gap-2 text-start", className)}>
      {side.image && <ExamImage image={side.image} lang={lang} small />}
      {text && <span>{text}</span>}
    </span>
  );
}
