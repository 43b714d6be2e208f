import { CircleHelp, LoaderCircle, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { cn } from "@web/lib/utils";
import { useExamsT } from "../lib/use-exams-t";

/**
 * A confirmation: title, the question, optional details, Cancel and the confirming button (destructive or
 * not). Focus starts on Cancel so Enter never deletes by accident; Escape closes (Radix). `actions` are shown
 * instead of the confirming button when given (e.g. "Archive instead").
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  tone = "destructive",
  pending = false,
  onConfirm,
  actions,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  tone?: "destructive" | "default";
  pending?: boolean;
  onConfirm?: () => void;
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useExamsT();
  const Icon = tone === "destructive" ? TriangleAlert : CircleHelp;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-[460px]" role="alertdialog" data-testid={testId}>
        <DialogHeader className="flex-row items-start gap-3">
          <span
            className={cn(
              "grid size-10 shrink-0 place-items-center rounded-full",
              tone === "destructive" ? "bg-destructive/10 text-destructive-text" : "bg-accent text-accent-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="text-foreground/90">{description}</DialogDescription>
          </div>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" autoFocus onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? t("common.cancel")}
          </Button>
          {actions ??
            (confirmLabel && onConfirm && (
              <Button variant={tone === "destructive" ? "destructive" : "default"} onClick={onConfirm} disabled={pending}>
                {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
                {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
              </Button>
            ))}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
