// A scale's definition: names, mean, SD, decimals, bounds and the reference calibration (whose students of this
// grade give the θ mean and SD the scale is anchored on). Deleting the scale asks first.
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useNavigate } from "react-router";
import { ZScaleUpdate } from "@shared/schemas/scale";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toastError } from "@web/components/ui/use-toast";
import { formatDateTime, formatNumber, pick } from "@web/lib/format";
import { ConfirmDialog } from "@web/features/admin/components/confirm-dialog";
import { FormField, fieldA11y } from "@web/features/admin/components/form-field";
import { applyServerErrors } from "@web/features/admin/lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "@web/features/admin/lib/resolver";
import { useAdminT } from "@web/features/admin/lib/use-admin";
import { scaleRunsQuery, useDeleteScale, useUpdateScale } from "./api";
import { DefinitionFields } from "./definition-fields";
import { DEFINITION_FIELDS, definitionOf, valuesOf, type TDefinitionValues } from "./scale-fields";
import type { TScaleTabProps } from "./scale-page";
import { scalesFailureToast, scalesToast, useScalesT } from "./use-scales-t";

const NONE = "none";
type TValues = TDefinitionValues & { reference: string };
const FIELDS = [...DEFINITION_FIELDS, "reference"] as const;
const inputOf = (v: TValues) => ({ ...definitionOf(v), referenceCalibrationId: v.reference === NONE ? null : v.reference });

export default function DefinitionTab({ scale }: TScaleTabProps) {
  const { t, lang } = useScalesT();
  const { t: ta } = useAdminT();
  const navigate = useNavigate();
  const runs = useQuery(scaleRunsQuery(scale.id));
  const update = useUpdateScale(scale.id);
  const remove = useDeleteScale(scale.id);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<TValues>({
    defaultValues: { ...valuesOf(scale), reference: scale.referenceCalibrationId ?? NONE },
    resolver: codeResolver<TValues>((v) => issuesOf(ZScaleUpdate.safeParse(inputOf(v)))),
  });
  const { errors } = form.formState;

  const onSubmit = (v: TValues) =>
    update.mutate(inputOf(v), {
      onSuccess: (saved) => {
        scalesToast("toast.updated", saved);
        form.reset({ ...valuesOf(saved), reference: saved.referenceCalibrationId ?? NONE });
      },
      onError: (error) => {
        scalesFailureToast(error, "toast.failedUpdate");
        applyServerErrors(form.setError, FIELDS, error, {
          SCALE_CALIBRATION_NO_ABILITIES: "reference",
          SCALE_CALIBRATION_WRONG_SUBJECT: "reference",
          SCALE_CALIBRATION_NOT_FOUND: "reference",
          SCALE_BOUNDS_ORDER: "highest",
          SCALE_CUTS_OUT_OF_BOUNDS: "lowest",
        });
      },
    });
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };
  const runLabel = (r: { examTitleAr: string | null; examTitleEn: string | null; model: string; createdAt: string }) =>
    // Each part isolated (FSI…PDI): a Latin model name beside a date would reorder in a right-to-left line.
    [pick(lang, r.examTitleAr ?? "", r.examTitleEn ?? ""), r.model.toUpperCase(), formatDateTime(lang, r.createdAt)].map((x) => `\u2068${x}\u2069`).join(" · ");

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4" data-testid="scale-definition">
          <DefinitionFields register={form.register as unknown as UseFormRegister<TDefinitionValues>} errors={errors} />
          <FormField id="scale-reference" label={t("form.reference")} hint={t("form.referenceHint")} error={errors.reference?.message}>
            <Controller
              control={form.control}
              name="reference"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="scale-reference" data-testid="scale-reference" {...fieldA11y("scale-reference", { error: errors.reference?.message, hint: true })}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>{t("form.referenceNone")}</SelectItem>
                    {(runs.data ?? []).map((r) => (
                      <SelectItem key={r.id} value={r.id}>
                        {runLabel(r)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {scale.referenceCalibrationId && (
            <p className="text-sm text-muted-foreground tabular-nums" data-testid="scale-theta">
              {t("form.theta", { mean: formatNumber(lang, Math.round(scale.thetaMean * 1000) / 1000), sd: formatNumber(lang, Math.round(scale.thetaSd * 1000) / 1000) })}
            </p>
          )}
          <div className="mt-2 flex flex-wrap justify-between gap-2">
            <Button type="button" variant="outline" className="text-destructive-text hover:bg-destructive/10" onClick={() => setDeleting(true)} data-testid="scale-delete">
              <Trash2 aria-hidden="true" />
              {t("form.delete")}
            </Button>
            <Button type="submit" disabled={update.isPending} data-testid="scale-definition-save">
              {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {update.isPending ? ta("common.saving") : ta("common.save")}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("form.deleteTitle")}
        description={t("form.deleteMessage")}
        confirmLabel={t("form.deleteConfirm")}
        pendingLabel={t("form.deletePending")}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              scalesToast("toast.deleted", scale);
              void navigate("/dashboard/scale");
            },
            onError: (error) => {
              scalesFailureToast(error, "toast.failedDelete");
              setDeleting(false);
            },
          })
        }
        testId="delete-scale-dialog"
      />
    </Card>
  );
}
