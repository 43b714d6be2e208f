// Jump to any question, and see at a glance which are answered and which the student flagged for review.
import { Flag } from "lucide-react";
import { cn } from "@web/lib/utils";
import { questionAnchor } from "./question-card";
import { useTakingT } from "../lib/use-taking-t";

/** Scrolls to question `n` (1-based) and moves the focus to it. */
export function goToQuestion(n: number) {
  const target = document.getElementById(questionAnchor(n));
  if (!target) return;
  target.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  target.focus({ preventScroll: true });
}

/** `unsaved`: per question, whether its answer is not on the server (refused, or the server keeps failing). */
/** `onGo`: told of each jump (the page announces "Question n of m"). */
export function QuestionNavigator({ answered, unsaved, flagged, onGo, className }: { answered: boolean[]; unsaved: boolean[]; flagged: boolean[]; onGo?: (n: number) => void; className?: string }) {
  const { t } = useTakingT();
  const done = answered.filter(Boolean).length;

  const jump = (event: React.MouseEvent<HTMLAnchorElement>, n: number) => {
    event.preventDefault();
    goToQuestion(n);
    onGo?.(n);
  };

  return (
    <nav aria-labelledby="navigator-heading" className={cn("flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm", className)} data-testid="question-navigator">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="navigator-heading" className="text-sm font-semibold">
          {t("take.navigator")}
        </h2>
        <p className="text-xs text-muted-foreground tabular-nums" data-testid="answered-count">
          {t("take.answeredCount", { answered: done, total: answered.length })}
        </p>
      </div>
      <ol className="flex flex-wrap gap-2">
        {answered.map((isDone, i) => (
          <li key={i}>
            <a
              href={`#${questionAnchor(i + 1)}`}
              onClick={(e) => jump(e, i + 1)}
              aria-label={((label) => (flagged[i] ? t("take.navFlagged", { label }) : label))(
                t(unsaved[i] ? "take.navNotSaved" : isDone ? "take.navAnswered" : "take.navUnanswered", { n: i + 1 }),
              )}
              data-answered={isDone}
              data-unsaved={unsaved[i]}
              data-flagged={flagged[i]}
              className={cn(
                "relative grid size-10 place-items-center rounded-lg border text-sm font-semibold tabular-nums transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card",
                isDone ? "border-primary bg-primary text-primary-foreground hover:bg-primary-hover" : "border-input-border bg-card text-foreground hover:bg-muted",
                unsaved[i] && "ring-2 ring-destructive ring-offset-2 ring-offset-card",
              )}
            >
              {i + 1}
              {unsaved[i] && <span aria-hidden="true" className="absolute -end-1 -top-1 size-3 rounded-full border-2 border-card bg-destructive" />}
              {flagged[i] && (
                <span aria-hidden="true" className="absolute -start-1.5 -top-1.5 grid size-4.5 place-items-center rounded-full border-2 border-card bg-gold text-card">
                  <Flag className="size-2.5 fill-current rtl:-scale-x-100" />
                </span>
              )}
            </a>
          </li>
        ))}
      </ol>
      <div aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" />
          {t("take.answered")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm border border-input-border" />
          {t("take.notAnswered")}
        </span>
        {flagged.some(Boolean) && (
          <span className="inline-flex items-center gap-1.5">
            <Flag className="size-3 fill-gold text-gold rtl:-scale-x-100" />
            {t("take.flaggedLegend")}
          </span>
        )}
        {unsaved.some(Boolean) && (
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-full bg-destructive" />
            {t("take.notSaved")}
          </span>
        )}
      </div>
    </nav>
  );
}
