import { Archive, CircleCheck, PencilLine } from "lucide-react";
import type { TExamStatus } from "@shared/schemas/exam";
import { cn } from "@web/lib/utils";
import { useExamsT } from "../lib/use-exams-t";

// Colour and an icon and the word: the status never rests on colour alone.
const STYLES: Record<TExamStatus, { className: string; Icon: typeof Archive }> = {
  draft: { className: "border-input-border/60 bg-muted text-muted-foreground", Icon: PencilLine },
  published: { className: "border-success-border bg-success text-success-foreground", Icon: CircleCheck },
  archived: { className: "border-gold/40 bg-gold/10 text-gold", Icon: Archive },
};

export function StatusBadge({ status, className }: { status: TExamStatus; className?: string }) {
  const { t } = useExamsT();
  const { className: tone, Icon } = STYLES[status];
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={cn("inline-flex w-fit items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", tone, className)}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}
