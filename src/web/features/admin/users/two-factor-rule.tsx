// Two-step sign-in required of administrators (issue 38, docs/decisions/0043), on the admins page beside the
// password rule: one switch, saved as it is turned. Those it covers without a second factor are sent to set one up
// when they next sign in.
import { ShieldCheck } from "lucide-react";
import type { TUser } from "@shared/schemas/user";
import { useResetTwoFactor, useTwoFactorRule, useUpdateTwoFactorRule } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";

export function TwoFactorRuleCard() {
  const { t } = useAdminT();
  const rule = useTwoFactorRule();
  const update = useUpdateTwoFactorRule();
  const required = update.isPending ? !!update.variables?.requiredForAdmins : !!rule.data?.requiredForAdmins;
  const set = (requiredForAdmins: boolean) =>
    update.mutate(
      { requiredForAdmins },
      {
        onSuccess: () => successToast(requiredForAdmins ? "twoFactorRule.savedOn" : "twoFactorRule.savedOff"),
        onError: (error) => failureToast(error, "twoFactorRule.failed"),
      },
    );
  return (
    <section aria-labelledby="two-factor-rule-title" className="flex flex-col gap-3 rounded-xl border border-border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="two-factor-rule-card">
      <div className="flex min-w-0 items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id="two-factor-rule-title" className="text-sm font-semibold">
            {t("twoFactorRule.title")}
          </h3>
          <p id="two-factor-rule-hint" className="text-sm text-muted-foreground">
            {rule.isError ? t("twoFactorRule.loadFailed") : t("twoFactorRule.hint")}
          </p>
        </div>
      </div>
      <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={required}
          disabled={!rule.data || update.isPending}
          onChange={(e) => set(e.target.checked)}
          aria-describedby="two-factor-rule-hint"
          data-testid="two-factor-rule-required"
        />
        {t("twoFactorRule.required")}
      </label>
    </section>
  );
}

/** A super_admin's reset of one person's second factor, after a confirmation naming them; audited by the server. */
export function ResetTwoFactorDialog({ user, onClose }: { user: TUser | null; onClose: () => void }) {
  const { t } = useAdminT();
  const reset = useResetTwoFactor();
  const confirm = () => {
    if (!user) return;
    reset.mutate(user.id, {
      onSuccess: () => {
        successToast("twoFactorRule.resetDone");
        onClose();
      },
      onError: (error) => failureToast(error, "twoFactorRule.resetFailed"),
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("twoFactorRule.resetTitle")}
      description={t("twoFactorRule.resetMessage", { name: user?.name ?? "" })}
      confirmLabel={t("twoFactorRule.reset")}
      pending={reset.isPending}
      onConfirm={confirm}
      testId="reset-two-factor-dialog"
    />
  );
}
