// Add a school year: both names and its dates. Checked with the shared schema before sending; the server's answers
// (an overlap with another year) land on the fields too.
import { LoaderCircle } from "lucide-react";
import { useForm, type FieldErrors } from "react-hook-form";
import { MAX_YEAR_NAME_LENGTH, ZYearCreate, type TYearCreate } from "@shared/schemas/year";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { FormField, fieldA11y } from "../components/form-field";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";
import { useCreateYear } from "./api";

const FIELDS = ["nameAr", "nameEn", "startsOn", "endsOn"] as const;

export function YearDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const create = useCreateYear();
  const form = useForm<TYearCreate>({
    defaultValues: { nameAr: "", nameEn: "", startsOn: "", endsOn: "" },
    resolver: codeResolver<TYearCreate>((v) => issuesOf(ZYearCreate.safeParse(v))),
  });
  const { errors } = form.formState;

  const onSubmit = (v: TYearCreate) =>
    create.mutate(v, {
      onSuccess: () => {
        successToast("years.toast.created");
        onClose();
      },
      onError: (error) => {
        failureToast(error, "years.toast.failedCreate");
        applyServerErrors(form.setError, FIELDS, error, { YEAR_OVERLAP: "startsOn", YEAR_DATES_ORDER: "endsOn" });
      },
    });
  const onInvalid = (invalid: FieldErrors<TYearCreate>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-w-[560px]" data-testid="year-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t("years.dialog.title")}</DialogTitle>
          <DialogDescription>{t("years.dialog.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="year-name-ar" label={t("years.dialog.nameAr")} required error={errors.nameAr?.message}>
              <Input id="year-name-ar" dir="rtl" lang="ar" autoComplete="off" aria-required maxLength={MAX_YEAR_NAME_LENGTH + 50} {...fieldA11y("year-name-ar", { error: errors.nameAr?.message })} {...form.register("nameAr")} />
            </FormField>
            <FormField id="year-name-en" label={t("years.dialog.nameEn")} required error={errors.nameEn?.message}>
              <Input id="year-name-en" dir="ltr" lang="en" autoComplete="off" aria-required maxLength={MAX_YEAR_NAME_LENGTH + 50} {...fieldA11y("year-name-en", { error: errors.nameEn?.message })} {...form.register("nameEn")} />
            </FormField>
            <FormField id="year-starts" label={t("years.dialog.startsOn")} required error={errors.startsOn?.message}>
              <Input id="year-starts" type="date" aria-required {...fieldA11y("year-starts", { error: errors.startsOn?.message })} {...form.register("startsOn")} />
            </FormField>
            <FormField id="year-ends" label={t("years.dialog.endsOn")} required error={errors.endsOn?.message}>
              <Input id="year-ends" type="date" aria-required {...fieldA11y("year-ends", { error: errors.endsOn?.message })} {...form.register("endsOn")} />
            </FormField>
          </div>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={create.isPending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending} data-testid="year-save">
              {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {create.isPending ? t("common.creating") : t("years.dialog.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
