// The staff password rule on the admins page (issue 33, docs/decisions/0031): what staff passwords must be, said
// in one line, and a dialog where the super_admin changes it. Students keep SPEC's rule, and the card says so.
import { KeyRound, LoaderCircle } from "lucide-react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useState } from "react";
import { MAX_STAFF_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from "@shared/limits";
import { ZStaffPasswordRule, type TStaffPasswordRuleView } from "@shared/schemas/password-rule";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { useStaffPasswordRule, useUpdateStaffPasswordRule } from "../api";
import { FormField, fieldA11y } from "../components/form-field";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { failureToast, formatDateTime, formatNumber, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";

export function PasswordRuleCard() {
  const { t, lang } = useAdminT();
  const rule = useStaffPasswordRule();
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="password-rule-title" className="flex flex-col gap-3 rounded-xl border border-border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="password-rule-card">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id="password-rule-title" className="text-sm font-semibold">
            {t("passwordRule.title")}
          </h3>
          <p className="text-sm text-muted-foreground" data-testid="password-rule-summary" aria-live="polite">
            {rule.data
              ? `${t("passwordRule.summary", { min: formatNumber(lang, rule.data.minLength) })} ${t(rule.data.refuseCommon ? "passwordRule.summaryCommon" : "passwordRule.summaryNoCommon")}`
              : rule.isError
                ? t("passwordRule.loadFailed")
                : t("passwordRule.loading")}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("passwordRule.students", { min: formatNumber(lang, MIN_PASSWORD_LENGTH) })}
            {rule.data?.updatedAt && ` ${t("passwordRule.updatedAt", { date: formatDateTime(lang, rule.data.updatedAt) })}`}
          </p>
        </div>
      </div>
      <Button variant="outline" className="shrink-0 self-start sm:self-center" disabled={!rule.data} onClick={() => setEditing(true)} data-testid="password-rule-edit">
        {t("passwordRule.edit")}
      </Button>
      {editing && rule.data && <PasswordRuleDialog rule={rule.data} onClose={() => setEditing(false)} />}
    </section>
  );
}

type TValues = { minLength: string; refuseCommon: boolean };
const FIELDS = ["minLength", "refuseCommon"] as const;

function PasswordRuleDialog({ rule, onClose }: { rule: TStaffPasswordRuleView; onClose: () => void }) {
  const { t } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const update = useUpdateStaffPasswordRule();
  // The field's text as a number only when it is all digits: "10.5", "1e1" or "" stay what the schema refuses.
  const asNumber = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const form = useForm<TValues>({
    defaultValues: { minLength: String(rule.minLength), refuseCommon: rule.refuseCommon },
    resolver: codeResolver<TValues>((v) => issuesOf(ZStaffPasswordRule.safeParse({ minLength: asNumber(v.minLength), refuseCommon: v.refuseCommon }))),
  });
  const { errors } = form.formState;

  const onSubmit = (v: TValues) =>
    update.mutate(
      { minLength: asNumber(v.minLength), refuseCommon: v.refuseCommon },
      {
        onSuccess: () => {
          successToast("passwordRule.saved", "passwordRule.savedDetail");
          onClose();
        },
        onError: (error) => {
          failureToast(error, "passwordRule.failed");
          applyServerErrors(form.setError, FIELDS, error, { PASSWORD_RULE_LENGTH_INVALID: "minLength" });
        },
      },
    );
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent className="max-w-[480px]" data-testid="password-rule-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t("passwordRule.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("passwordRule.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-4">
          <FormField
            id="rule-min-length"
            label={t("passwordRule.minLength")}
            required
            hint={t("passwordRule.minLengthHint", { min: MIN_PASSWORD_LENGTH, max: MAX_STAFF_PASSWORD_MIN_LENGTH })}
            error={errors.minLength?.message}
          >
            <Input
              id="rule-min-length"
              type="number"
              inputMode="numeric"
              min={MIN_PASSWORD_LENGTH}
              max={MAX_STAFF_PASSWORD_MIN_LENGTH}
              step={1}
              dir="ltr"
              className="w-32 text-start"
              aria-required
              data-testid="rule-min-length"
              {...fieldA11y("rule-min-length", { error: errors.minLength?.message, hint: true })}
              {...form.register("minLength")}
            />
          </FormField>
          <div className="flex flex-col gap-1">
            <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4 accent-primary" aria-describedby="rule-common-hint" data-testid="rule-refuse-common" {...form.register("refuseCommon")} />
              {t("passwordRule.refuseCommon")}
            </label>
            <p id="rule-common-hint" className="text-xs text-muted-foreground">
              {t("passwordRule.refuseCommonHint")}
            </p>
          </div>
          <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">{t("passwordRule.existing")}</p>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={update.isPending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending} data-testid="rule-save">
              {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {update.isPending ? t("common.saving") : t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
