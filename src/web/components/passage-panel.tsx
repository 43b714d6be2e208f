// A passage as the student reads it (issue 18): its title and formatted text, beside its questions on a wide screen
// (scrolling on its own, so the text stays in view while the questions scroll) and above them on a phone, where it
// folds away to give the questions the screen. Used by the take page and the editor's preview; the result page
// (`folds="always"`) shows it folded at every width, above its questions' answers, opened by its button.
import { BookOpenText, ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import type { ReactNode } from "react";
import type { TPassage } from "@shared/schemas/exam";
import { cn } from "@web/lib/utils";
import { ExamImage } from "./exam-image";
import { pickRich, RichText } from "./rich-text";

export function PassagePanel({
  passage,
  lang,
  label,
  toggleLabels,
  enlargeLabel,
  clip,
  folds = "narrow",
  headingLevel = 2,
  className,
}: {
  /** The author's passage or the student's copy of it (whose clip has no transcript). */
  passage: Omit<TPassage, "audio">;
  /** The passage's listening clip, drawn by the page that knows how plays are counted. */
  clip?: ReactNode;
  lang: "ar" | "en";
  /** "Passage 1" / "القطعة ١": what it is called when it has no title of its own. */
  label: string;
  toggleLabels: { hide: string; show: string };
  /** "Enlarge image", for the passage's picture (a map, a chart). */
  enlargeLabel: string;
  /** "narrow": open, folding on a phone only (beside the questions); "always": folded at first, at every width. */
  folds?: "narrow" | "always";
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const id = useId();
  const always = folds === "always";
  const [open, setOpen] = useState(!always);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const body = pickRich(lang, { text: passage.textAr, doc: passage.docAr }, { text: passage.textEn, doc: passage.docEn });
  const title = (lang === "ar" ? passage.titleAr || passage.titleEn : passage.titleEn || passage.titleAr).trim();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("flex min-w-0 flex-col rounded-2xl border border-border bg-card text-card-foreground shadow-sm", className)}
      data-testid="passage"
      data-passage-id={passage.id}
    >
      <header className={cn("flex items-center gap-2 border-b border-border px-4 py-3 sm:px-5", !open && (always ? "border-b-0 print:border-b" : "max-xl:border-b-0"))}>
        <BookOpenText aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <Heading id={`${id}-title`} className="me-auto min-w-0 text-base font-bold">
          {title ? (
            <>
              <span className="sr-only">{label}: </span>
              <bdi>{title}</bdi>
            </>
          ) : (
            label
          )}
        </Heading>
        {/* Folding is for a phone, where the text stands above the questions (and, on a result, everywhere). */}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className={cn("inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-link outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring", always ? "print:hidden" : "xl:hidden")}
          data-testid="passage-toggle"
        >
          {open ? toggleLabels.hide : toggleLabels.show}
          <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform motion-reduce:transition-none", open && "rotate-180")} />
        </button>
      </header>
      {/* Focusable so the keyboard can scroll a long text on its own. */}
      <div id={`${id}-body`} className={cn("min-h-0 overflow-y-auto px-4 py-4 sm:px-5", !open && (always ? "hidden print:block" : "max-xl:hidden"))} tabIndex={0} data-testid="passage-body">
        {clip && <div className="mb-4">{clip}</div>}
        {passage.image && <ExamImage image={passage.image} lang={lang} enlargeLabel={enlargeLabel} className="mb-4" />}
        <RichText doc={body.doc} text={body.text} lang={body.lang} className="text-base leading-loose" data-testid="passage-text" />
      </div>
    </section>
  );
}
