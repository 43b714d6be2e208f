// Multiple response — "choose all that apply" (issue 36): checkboxes on the paper; read-only, the ticks a student
// made and, for staff, which choices are right.
import { CheckSquare, Square, Strikethrough } from "lucide-react";
import type { TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { EntryText, rowClass, useInteractionT, Verdict, type TPaperEntry, type TPaperOf, type TResponseOf } from "./common";

type TResponseMR = TResponseOf<"multiple_response">;

export function MultipleResponseField({
  paper,
  response,
  onChange,
  lang,
  hintId,
  struck,
  onToggleStrike,
}: {
  paper: TPaperOf<"multiple_response">;
  response: TResponseMR | null;
  onChange: (r: TResponseMR) => void;
  lang: TLang;
  hintId: string;
  /** The eliminator (the take page's tool), as on multiple choice: choices struck out, still choosable. */
  struck?: readonly string[] | undefined;
  onToggleStrike?: ((choiceId: string) => void) | undefined;
}) {
  const t = useInteractionT(lang);
  const chosen = new Set(response?.chosen ?? []);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    // In the paper's order, so the same ticks are the same response.
    onChange({ type: "multiple_response", chosen: paper.choices.map((c) => c.id).filter((c) => next.has(c)) });
  };
  return (
    <>
      <p id={hintId} className="text-sm text-muted-foreground">
        {paper.scoring === "partial" ? t("chooseAllPartial") : t("chooseAll")}
      </p>
      <div className="grid gap-2">
        {paper.choices.map((c, i) => {
          const out = !!struck?.includes(c.id);
          const strikeLabel = t(out ? "restoreChoice" : "strikeChoice", { n: i + 1 });
          return (
            <div key={c.id} className="flex min-w-0 items-stretch gap-1.5" data-struck={out}>
              <label
                className={cn(
                  rowClass,
                  "flex-1 cursor-pointer transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  // Muted and crossed, no opacity: the text keeps its contrast (axe).
                  out && "text-muted-foreground line-through decoration-2",
                )}
                data-testid="mr-choice"
              >
                <input type="checkbox" value={c.id} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} className="size-4.5 shrink-0 accent-primary" />
                <EntryText entry={c} lang={lang} />
              </label>
              {onToggleStrike && (
                <button
                  type="button"
                  aria-pressed={out}
                  aria-label={strikeLabel}
                  title={strikeLabel}
                  onClick={() => onToggleStrike(c.id)}
                  className={cn(
                    "grid w-10 shrink-0 place-items-center rounded-xl border transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed",
                    out ? "border-foreground/40 bg-muted text-foreground" : "border-border text-muted-foreground hover:bg-muted hover:text-foreground",
                  )}
                  data-testid="strike-option"
                >
                  <Strikethrough aria-hidden="true" className="size-4" />
                </button>
              )}
            </div>
          );
        })}
      </div>
    </>
  );
}

/** Read-only: every choice, ticked or not; with `correct` on the choices (staff), which are right. */
export function MultipleResponseView({ choices, response, lang }: { choices: (TPaperEntry & { correct?: boolean })[]; response: TResponseMR | null; lang: TLang }) {
  const t = useInteractionT(lang);
  const chosen = new Set(response?.chosen ?? []);
  const showKey = choices.some((c) => c.correct !== undefined);
  return (
    <ul className="grid gap-1.5" data-testid="mr-view">
      {choices.map((c) => {
        const ticked = chosen.has(c.id);
        return (
          <li key={c.id} className={cn(rowClass, "py-2", ticked && "border-primary bg-accent text-accent-foreground")} data-chosen={ticked} data-correct={c.correct}>
            {ticked ? <CheckSquare aria-hidden="true" className="size-4 shrink-0" /> : <Square aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
            <span className="sr-only">{ticked ? t("ticked") : t("notTicked")}</span>
            <EntryText entry={c} lang={lang} />
            {showKey && (c.correct || ticked) && <Verdict right={!!c.correct === ticked} lang={lang} />}
            {showKey && c.correct && <span className="shrink-0 rounded-full border border-success-border bg-success px-2 py-0.5 text-xs font-semibold text-success-foreground">{t("rightChoice")}</span>}
          </li>
        );
      })}
    </ul>
  );
}
