import { CircleCheck, Hourglass, PencilLine } from "lucide-react";
import { cn } from "@web/lib/utils";
import type { TAttemptStatus } from "../api";
import { useResultsT } from "../lib/format";

// Colour, an icon and the word: the status never rests on colour alone.
const STYLES: Record<TAttemptStatus, { className: string; Icon: typeof CircleCheck }> = {
  in_progress: { className: "border-input-border/60 bg-muted text-muted-foreground", Icon: PencilLine },
  completed: { className: "border-gold/40 bg-gold/10 text-gold", Icon: Hourglass },
  graded: { className: "border-success-border bg-success text-success-foreground", Icon: CircleCheck },
};

export function AttemptStatusBadge({ status, className }: { status: TAttemptStatus; className?: string }) {
  const { t } = useResultsT();
  const { className: tone, Icon } = STYLES[status];
  return (
    <span
      data-testid="attempt-status"
      data-status={status}
      className={cn("inline-flex w-fit items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", tone, className)}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}
