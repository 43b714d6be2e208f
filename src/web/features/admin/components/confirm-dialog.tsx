import { LoaderCircle, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";

/**
 * A destructive confirmation: title, the question, optional details, Cancel and the confirming button.
 * Focus starts on Cancel so Enter never deletes by accident; Escape closes (Radix).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  const { t } = useAdminT();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-[440px]" role="alertdialog" data-testid={testId} onCloseAutoFocus={returnFocus}>
        <DialogHeader className="flex-row items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-destructive/10 text-destructive-text">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="text-foreground/90">{description}</DialogDescription>
          </div>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" autoFocus onClick={() => onOpenChange(false)} disabled={pending}>
            {t("common.cancel")}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending || confirmDisabled}>
            {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {pending ? (pendingLabel ?? t("common.deleting")) : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
