// Multiple response — "choose all that apply" (issue 36): checkboxes on the paper; read-only, the ticks a student
// made and, for staff, which choices are right.
import { CheckSquare, Square } from "lucide-react";
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
}: {
  paper: TPaperOf<"multiple_response">;
  response: TResponseMR | null;
  onChange: (r: TResponseMR) => void;
  lang: TLang;
  hintId: string;
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
        {paper.choices.map((c) => (
          <label
            key={c.id}
            className={cn(
              rowClass,
              "cursor-pointer transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            )}
            data-testid="mr-choice"
          >
            <input type="checkbox" value={c.id} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} className="size-4.5 shrink-0 accent-primary" />
            <EntryText entry={c} lang={lang} />
          </label>
        ))}
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
