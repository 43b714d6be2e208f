// Add a reporting scale: subject and grade (fixed afterwards), both names, mean, SD, decimals and bounds. Checked
// with the shared schema before sending; the server's answers land on the fields too.
import { LoaderCircle } from "lucide-react";
import { Controller, useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useNavigate } from "react-router";
import { ZScaleCreate } from "@shared/schemas/scale";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toastError } from "@web/components/ui/use-toast";
import type { TSubject } from "@web/lib/catalogue";
import { pick } from "@web/lib/format";
import { FormField, fieldA11y } from "@web/features/admin/components/form-field";
import { applyServerErrors } from "@web/features/admin/lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "@web/features/admin/lib/resolver";
import { useAdminT } from "@web/features/admin/lib/use-admin";
import { useReturnFocus } from "@web/features/admin/lib/use-return-focus";
import { useCreateScale } from "./api";
import { DefinitionFields } from "./definition-fields";
import { DEFINITION_FIELDS, definitionOf, valuesOf, type TDefinitionValues } from "./scale-fields";
import { scalesFailureToast, scalesToast, useScalesT } from "./use-scales-t";

type TValues = TDefinitionValues & { subjectId: string; grade: string };
const FIELDS = ["subjectId", "grade", ...DEFINITION_FIELDS] as const;
const GRADES = Array.from({ length: 12 }, (_, k) => String(k + 1));

const inputOf = (v: TValues) => ({ subjectId: v.subjectId, grade: Number(v.grade), ...definitionOf(v) });

export function CreateScaleDialog({ subjects, onClose }: { subjects: readonly TSubject[]; onClose: () => void }) {
  const { t, lang } = useScalesT();
  const { t: ta } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const navigate = useNavigate();
  const create = useCreateScale();
  const form = useForm<TValues>({
    defaultValues: { subjectId: "", grade: "", ...valuesOf(null) },
    resolver: codeResolver<TValues>((v) => issuesOf(ZScaleCreate.safeParse(inputOf(v)))),
  });
  const { errors } = form.formState;

  const onSubmit = (v: TValues) =>
    create.mutate(inputOf(v), {
      onSuccess: (saved) => {
        scalesToast("toast.created", saved);
        onClose();
        void navigate(`/dashboard/scale/${saved.id}`);
      },
      onError: (error) => {
        scalesFailureToast(error, "toast.failedCreate");
        applyServerErrors(form.setError, FIELDS, error, { SUBJECT_NOT_FOUND: "subjectId", SCALE_TAKEN: "grade", SCALE_GRADE_RANGE: "grade" });
      },
    });
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-w-[640px]" data-testid="scale-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t("form.createTitle")}</DialogTitle>
          <DialogDescription>{t("form.createDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="scale-subject" label={t("form.subject")} required error={errors.subjectId?.message}>
              <Controller
                control={form.control}
                name="subjectId"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger id="scale-subject" aria-required data-testid="scale-subject" {...fieldA11y("scale-subject", { error: errors.subjectId?.message })}>
                      <SelectValue placeholder={t("form.subjectPlaceholder")} />
                    </SelectTrigger>
                    <SelectContent>
                      {subjects.map((s) => (
                        <SelectItem key={s.id} value={s.id}>
                          {pick(lang, s.nameAr, s.nameEn)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField id="scale-grade" label={t("form.grade")} required error={errors.grade?.message}>
              <Controller
                control={form.control}
                name="grade"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger id="scale-grade" aria-required data-testid="scale-grade" {...fieldA11y("scale-grade", { error: errors.grade?.message })}>
                      <SelectValue placeholder={t("form.grade")} />
                    </SelectTrigger>
                    <SelectContent>
                      {GRADES.map((g) => (
                        <SelectItem key={g} value={g}>
                          {t("gradeN", { grade: g })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
          {/* The definition fields are a subset of this form's: the same register, narrowed. */}
          <DefinitionFields register={form.register as unknown as UseFormRegister<TDefinitionValues>} errors={errors} />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={create.isPending}>
                {ta("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending} data-testid="scale-save">
              {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {create.isPending ? ta("common.saving") : t("form.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
