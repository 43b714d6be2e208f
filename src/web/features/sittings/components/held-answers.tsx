// Answers made offline before the deadline that came back after the grace (issue 37, decision 0056): held for the
// proctor, who accepts them (they count, and the attempt is marked again) or refuses them — one answer, one student's,
// or everyone's at once (one transaction on the server), each after a confirmation (a decision cannot be undone).
import { useState } from "react";
import { Check, ChevronDown, Inbox, X } from "lucide-react";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { useDecideHeld, useHeldAnswers } from "../api";
import { formatTime, pick, useSittingsT } from "../lib/use-sittings-t";

/** `heldIds`: the answers named (one by one); `everyone`: every student's in the sitting. */
export type THeldChoice = { attemptIds: string[]; decision: "accept" | "refuse"; count: number; name: string | null; heldIds?: string[]; everyone?: boolean };

/** "N held for your decision" with Accept and Refuse, in a student's row. */
export function HeldForStudent({ attemptId, name, count, onChoose }: { attemptId: string; name: string; count: number; onChoose: (c: THeldChoice) => void }) {
  const { t } = useSittingsT();
  const [open, setOpen] = useState(false);
  const listId = `held-${attemptId}`;
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
        <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)} aria-label={t("held.reviewItem", { name })} data-testid="held-review">
          <ChevronDown aria-hidden="true" className={open ? "rotate-180" : undefined} />
          {t("held.review")}
        </Button>
      </div>
      {open && <HeldAnswerList id={listId} attemptId={attemptId} name={name} onChoose={onChoose} />}
    </div>
  );
}

/** The held answers one by one: the question, what was answered and when, and a decision for each. */
function HeldAnswerList({ id, attemptId, name, onChoose }: { id: string; attemptId: string; name: string; onChoose: (c: THeldChoice) => void }) {
  const { t, lang } = useSittingsT();
  const held = useHeldAnswers(attemptId, true);
  if (held.isPending) return <LoadingState className="w-full py-2" />;
  if (held.isError) return <ErrorState title={t("held.listFailed")} error={held.error} onRetry={() => void held.refetch()} />;
  return (
    <ol id={id} className="flex w-full flex-col gap-2" data-testid="held-list">
      {held.data.items.map((item, i) => {
        const answer = item.choice ? pick(lang, item.choice.ar, item.choice.en) : item.text;
        const choose = (decision: "accept" | "refuse") => onChoose({ attemptIds: [attemptId], heldIds: [item.id], decision, count: 1, name });
        return (
          <li key={item.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-border bg-card p-3" data-testid="held-item">
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p className="font-medium">
                <bdi>{pick(lang, item.question.ar, item.question.en)}</bdi>
              </p>
              <p>
                <span className="text-muted-foreground">{t("held.answer")} </span>
                {answer ? <bdi className="font-semibold">{answer}</bdi> : <span className="italic">{t("held.otherAnswer")}</span>}
              </p>
              <p className="text-xs text-muted-foreground">{t("held.madeAt", { time: formatTime(lang, item.answeredAt), arrived: formatTime(lang, item.arrivedAt) })}</p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => choose("accept")} aria-label={t("held.acceptAnswer", { n: i + 1, name })} data-testid="held-item-accept">
                <Check aria-hidden="true" />
                {t("held.accept")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => choose("refuse")} aria-label={t("held.refuseAnswer", { n: i + 1, name })} data-testid="held-item-refuse">
                <X aria-hidden="true" />
                {t("held.refuse")}
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
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
        <Button size="sm" onClick={() => onChoose({ attemptIds, decision: "accept", count, name: null, everyone: true })} data-testid="held-accept-all">
          <Check aria-hidden="true" />
          {t("held.acceptAll")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onChoose({ attemptIds, decision: "refuse", count, name: null, everyone: true })} data-testid="held-refuse-all">
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
          { attemptIds: choice.attemptIds, decision: choice.decision, heldIds: choice.heldIds, everyone: choice.everyone },
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
