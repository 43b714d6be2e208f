// The countdown (SPEC §9): HH:MM:SS, red at TIMER_WARNING_SECONDS or less. The page's announcer says the time left
// at that moment and the others (lib/announcer.ts).
import { Clock } from "lucide-react";
import { TIMER_WARNING_SECONDS } from "@shared/limits";
import { cn } from "@web/lib/utils";
import { formatClock, useTakingT } from "../lib/use-taking-t";

export function ExamTimer({ seconds }: { seconds: number }) {
  const { t } = useTakingT();
  const warning = seconds <= TIMER_WARNING_SECONDS;

  return (
    <div
        className={cn(
          "flex shrink-0 items-center gap-2 rounded-lg px-3 py-1.5 transition-colors",
          warning ? "bg-destructive text-destructive-foreground" : "bg-muted text-foreground",
        )}
        data-testid="exam-timer"
        data-warning={warning}
      >
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        <span className="text-xs font-medium max-sm:sr-only">{t("take.timeRemaining")}</span>
        <span role="timer" aria-label={t("take.timeRemaining")} dir="ltr" className="font-mono text-base font-bold tabular-nums" data-testid="timer-value">
          {formatClock(seconds)}
        </span>
    </div>
  );
}
