// Giving one student more time during a sitting (issue 16), with the reason the trail keeps. The student's timer
// learns it at its next heartbeat (within half a minute).
import { LoaderCircle } from "lucide-react";
import { useForm, type FieldErrors } from "react-hook-form";
import { ZGrantInput } from "@shared/schemas/sitting";
import { MAX_GRANT_MINUTES } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { toast, toastError } from "@web/components/ui/use-toast";
import { FormField, fieldA11y } from "@web/features/admin/components/form-field";
import { applyServerErrors } from "@web/features/admin/lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "@web/features/admin/lib/resolver";
import { useReturnFocus } from "@web/features/admin/lib/use-return-focus";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { useGrantTime } from "../api";
import { useSittingsT } from "../lib/use-sittings-t";

type TValues = { minutes: string; reason: string };
const FIELDS = ["minutes", "reason"] as const;
const QUICK = [5, 10, 15, 30];
const toBody = (v: TValues) => ({ minutes: /^\s*\d+\s*$/.test(v.minutes) ? Number(v.minutes) : Number.NaN, reason: v.reason });

export function GrantDialog({ sittingId, attemptId, studentName, onClose }: { sittingId: string; attemptId: string; studentName: string; onClose: () => void }) {
  const { t } = useSittingsT();
  const returnFocus = useReturnFocus(true);
  const grant = useGrantTime(sittingId);
  const form = useForm<TValues>({
    defaultValues: { minutes: "10", reason: "" },
    resolver: codeResolver<TValues>((v) => issuesOf(ZGrantInput.safeParse(toBody(v)))),
  });
  const { errors } = form.formState;
  const onSubmit = (v: TValues) =>
    grant.mutate(
      { attemptId, body: toBody(v) },
      {
        onSuccess: () => {
          toast({ variant: "success", title: bilingual("sittings:toast.granted", { count: Number(v.minutes), name: studentName }) });
          onClose();
        },
        onError: (error) => {
          toast({ variant: "destructive", title: bilingual("sittings:toast.grantFailed"), description: toErrorBody(error).message });
          applyServerErrors(form.setError, FIELDS, error, { GRANT_MINUTES_INVALID: "minutes", GRANT_REASON_REQUIRED: "reason", TEXT_TOO_LONG: "reason" });
        },
      },
    );
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !grant.isPending && onClose()}>
      <DialogContent className="max-w-[440px]" data-testid="grant-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t("grant.title")}</DialogTitle>
          <DialogDescription>{t("grant.description", { name: studentName })}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-4">
          <FormField id="grant-minutes" label={t("grant.minutes")} required hint={t("grant.minutesHint", { max: MAX_GRANT_MINUTES })} error={errors.minutes?.message}>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id="grant-minutes"
                inputMode="numeric"
                dir="ltr"
                className="w-24 text-start tabular-nums"
                aria-required
                data-testid="grant-minutes"
                {...fieldA11y("grant-minutes", { error: errors.minutes?.message, hint: true })}
                {...form.register("minutes")}
              />
              {QUICK.map((m) => (
                <Button key={m} type="button" size="sm" variant="outline" dir="ltr" onClick={() => form.setValue("minutes", String(m), { shouldValidate: form.formState.isSubmitted })}>
                  {t("grant.quick", { count: m })}
                </Button>
              ))}
            </div>
          </FormField>
          <FormField id="grant-reason" label={t("grant.reason")} required error={errors.reason?.message}>
            <Textarea
              id="grant-reason"
              rows={3}
              aria-required
              placeholder={t("grant.reasonPlaceholder")}
              data-testid="grant-reason"
              {...fieldA11y("grant-reason", { error: errors.reason?.message })}
              {...form.register("reason")}
            />
          </FormField>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={grant.isPending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={grant.isPending} data-testid="grant-submit">
              {grant.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {t("grant.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
