// Submitting (SPEC §5: it asks for confirmation). The dialog names the unanswered questions, then stays open
// while the pending answers are sent — saying so when it is waiting for the connection — and the attempt is
// submitted. When the time is up it opens straight at that second part.
import { AlertTriangle, CheckCircle2, Flag, LoaderCircle, Send, WifiOff } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { useTakingT } from "../lib/use-taking-t";

export type TSubmitStep = "saving" | "waiting" | "finishing";
export type TSubmitPhase = { kind: "idle" } | { kind: "confirm" } | { kind: "sending"; step: TSubmitStep; auto: boolean; pending: number };

type TProps = {
  phase: TSubmitPhase;
  answered: number;
  unanswered: number[];
  /** Question numbers whose answer the server has not saved (refused, or keeps failing). */
  unsaved: number[];
  /** Question numbers the student flagged for review: each a way back to its question. */
  flagged: number[];
  onReview: (n: number) => void;
  onCancel: () => void;
  onConfirm: () => void;
};

export function SubmitDialog({ phase, answered, unanswered, unsaved, flagged, onCancel, onConfirm, onReview }: TProps) {
  const { t } = useTakingT();
  const open = phase.kind !== "idle";
  const total = answered + unanswered.length;
  const sending = phase.kind === "sending";

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !sending && onCancel()}>
      <DialogContent
        className="max-w-md"
        showClose={!sending}
        onEscapeKeyDown={(e) => sending && e.preventDefault()}
        onInteractOutside={(e) => sending && e.preventDefault()}
        data-testid="submit-dialog"
      >
        {phase.kind === "sending" ? (
          <>
            <DialogHeader>
              <DialogTitle>{phase.auto ? t("submit.timeUpTitle") : t("submit.sendingTitle")}</DialogTitle>
              <DialogDescription data-testid="submit-description">{phase.auto ? t(phase.step === "waiting" ? "submit.timeUpOffline" : "submit.timeUpBody") : t("submit.sendingBody")}</DialogDescription>
            </DialogHeader>
            <div role="status" aria-live="polite" className="flex items-start gap-3 rounded-xl bg-muted p-4" data-testid="submit-step" data-step={phase.step}>
              {phase.step === "waiting" ? <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" /> : <LoaderCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin text-primary motion-reduce:animate-none" />}
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <p className="font-semibold">
                  {phase.step === "saving" && t("submit.stepSaving")}
                  {phase.step === "waiting" && t("submit.stepWaiting")}
                  {phase.step === "finishing" && t("submit.stepFinishing")}
                </p>
                {phase.step === "waiting" && <p className="text-muted-foreground">{t("submit.stepWaitingBody", { count: phase.pending })}</p>}
              </div>
            </div>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t("submit.confirmTitle")}</DialogTitle>
              <DialogDescription>{t("submit.confirmBody")}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-3 text-sm">
              <p className="tabular-nums" data-testid="submit-answered">
                {t("submit.answeredSummary", { answered, total })}
              </p>
              {unanswered.length > 0 ? (
                <div className="flex items-start gap-2 rounded-xl border border-gold/50 p-3 text-gold" data-testid="submit-unanswered">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <p>{t("submit.unanswered", { count: unanswered.length, list: unanswered.join(t("submit.listSeparator")) })}</p>
                </div>
              ) : (
                <div className="flex items-start gap-2 rounded-xl border border-success-border bg-success p-3 text-success-foreground">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <p>{t("submit.allAnswered")}</p>
                </div>
              )}
              {flagged.length > 0 && (
                <div className="flex flex-col gap-2 rounded-xl border border-gold/50 p-3" data-testid="submit-flagged">
                  <p className="flex items-start gap-2 text-gold">
                    <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-current rtl:-scale-x-100" />
                    {t("submit.flagged", { count: flagged.length })}
                  </p>
                  <ul className="flex flex-wrap gap-2" aria-label={t("submit.flaggedList")}>
                    {flagged.map((n) => (
                      <li key={n}>
                        <Button variant="outline" size="sm" onClick={() => onReview(n)} className="min-w-11 tabular-nums" aria-label={t("submit.reviewQuestion", { n })}>
                          {n}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {unsaved.length > 0 && (
                <div className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-destructive-text" data-testid="submit-unsaved">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <p>{t("submit.unsaved", { count: unsaved.length, list: unsaved.join(t("submit.listSeparator")) })}</p>
                </div>
              )}
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t("submit.keepWorking")}</Button>
              </DialogClose>
              <Button onClick={onConfirm} data-testid="confirm-submit">
                <Send aria-hidden="true" className="rtl:-scale-x-100" />
                {t("submit.confirm")}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
