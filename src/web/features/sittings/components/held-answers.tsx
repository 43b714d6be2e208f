// Answers made offline before the deadline that came back after the grace (issue 37, decision 0056): held for the
// proctor, who accepts them (they count, and the attempt is marked again) or refuses them — for one student or for
// everyone at once, each after a confirmation (a decision cannot be undone).
import { Check, Inbox, X } from "lucide-react";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { useDecideHeld } from "../api";
import { useSittingsT } from "../lib/use-sittings-t";

export type THeldChoice = { attemptIds: string[]; decision: "accept" | "refuse"; count: number; name: string | null };

/** "N held for your decision" with Accept and Refuse, in a student's row. */
export function HeldForStudent({ attemptId, name, count, onChoose }: { attemptId: string; name: string; count: number; onChoose: (c: THeldChoice) => void }) {
  const { t } = useSittingsT();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="live-held">
      <span className="inline-flex items-center gap-1 rounded-full border border-gold/60 bg-gold/10 px-2 py-0.5 text-xs font-semibold text-foreground">
        <Inbox aria-hidden="true" className="size-3.5" />
        {t("held.count", { count })}
      </span>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => onChoose({ attemptIds: [attemptId], decision: "accept", count, name })} aria-label={t("held.acceptItem", { name })} data-testid="held-accept">
          <Check aria-hidden="true" />
          {t("held.accept")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChoose({ attemptIds: [attemptId], decision: "refuse", count, name })} aria-label={t("held.refuseItem", { name })} data-testid="held-refuse">
          <X aria-hidden="true" />
          {t("held.refuse")}
        </Button>
      </div>
    </div>
  );
}

/** Above the list when any student has held answers: how many in all, and the decision for everyone. */
export function HeldBanner({ students, onChoose }: { students: { attemptId: string | null; heldAnswers: number }[]; onChoose: (c: THeldChoice) => void }) {
  const { t } = useSittingsT();
  const holding = students.filter((s) => s.attemptId && s.heldAnswers > 0);
  if (!holding.length) return null;
  const count = holding.reduce((sum, s) => sum + s.heldAnswers, 0);
  const attemptIds = holding.map((s) => s.attemptId!);
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gold/60 bg-gold/10 p-4" aria-labelledby="held-banner-title" data-testid="held-banner">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="held-banner-title" className="flex items-center gap-2 font-semibold">
          <Inbox aria-hidden="true" className="size-4" />
          {t("held.bannerTitle", { count })}
        </h2>
        <p className="text-sm text-foreground/80">{t("held.bannerBody", { count: holding.length })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onChoose({ attemptIds, decision: "accept", count, name: null })} data-testid="held-accept-all">
          <Check aria-hidden="true" />
          {t("held.acceptAll")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChoose({ attemptIds, decision: "refuse", count, name: null })} data-testid="held-refuse-all">
          <X aria-hidden="true" />
          {t("held.refuseAll")}
        </Button>
      </div>
    </section>
  );
}

/** The confirmation, then the decision. */
export function HeldDecisionDialog({ sittingId, choice, onClose }: { sittingId: string; choice: THeldChoice | null; onClose: () => void }) {
  const { t } = useSittingsT();
  const decide = useDecideHeld(sittingId);
  if (!choice) return null;
  const accept = choice.decision === "accept";
  const vars = { count: choice.count, name: choice.name ?? "" };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !decide.isPending && onClose()}
      title={t(accept ? "held.acceptTitle" : "held.refuseTitle", vars)}
      description={t(choice.name ? (accept ? "held.acceptBodyOne" : "held.refuseBodyOne") : accept ? "held.acceptBodyAll" : "held.refuseBodyAll", vars)}
      cancelLabel={t("held.cancel")}
      confirmLabel={t(accept ? "held.accept" : "held.refuse")}
      pendingLabel={t("held.deciding")}
      tone={accept ? "default" : "destructive"}
      pending={decide.isPending}
      testId="held-confirm"
      onConfirm={() =>
        decide.mutate(
          { attemptIds: choice.attemptIds, decision: choice.decision },
          {
            onSuccess: () => {
              toast({ variant: "success", title: bilingual(accept ? "sittings:held.accepted" : "sittings:held.refused", vars) });
              onClose();
            },
            onError: (error) => toast({ variant: "destructive", title: bilingual("sittings:held.failed"), description: toErrorBody(error).message }),
          },
        )
      }
    />
  );
}
