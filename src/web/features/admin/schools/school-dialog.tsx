// The school dialog of SPEC §5: create with a typed id, or edit name and city with the id read-only. Name and
// city come in Arabic and English (issue 33), each field in its own direction; both names are required. Validated with the shared schemas before sending; server answers land on the fields too.
import { LoaderCircle } from "lucide-react";
import { useForm, type FieldErrors } from "react-hook-form";
import { ZSchoolCreate, ZSchoolUpdate, type TSchool } from "@shared/schemas/school";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { useCreateSchool, useUpdateSchool } from "../api";
import { FormField, fieldA11y } from "../components/form-field";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";

type TValues = { id: string; nameAr: string; nameEn: string; cityAr: string; cityEn: string };
const FIELDS = ["id", "nameAr", "nameEn", "cityAr", "cityEn"] as const;
/** The fields of a pair, with their ids, languages and directions. */
const PAIRS = [
  { field: "nameAr", id: "school-name-ar", lang: "ar", dir: "rtl", required: true },
  { field: "nameEn", id: "school-name-en", lang: "en", dir: "ltr", required: true },
  { field: "cityAr", id: "school-city-ar", lang: "ar", dir: "rtl", required: false },
  { field: "cityEn", id: "school-city-en", lang: "en", dir: "ltr", required: false },
] as const;

export function SchoolDialog({ school, onClose }: { school: TSchool | null; onClose: () => void }) {
  const { t } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const isEdit = school !== null;
  const create = useCreateSchool();
  const update = useUpdateSchool();
  const pending = create.isPending || update.isPending;

  const form = useForm<TValues>({
    defaultValues: { id: school?.id ?? "", nameAr: school?.nameAr ?? "", nameEn: school?.nameEn ?? "", cityAr: school?.cityAr ?? "", cityEn: school?.cityEn ?? "" },
    resolver: codeResolver<TValues>((v) => {
      const { id, ...names } = v;
      return issuesOf(isEdit ? ZSchoolUpdate.safeParse(names) : ZSchoolCreate.safeParse({ id, ...names }));
    }),
  });
  const { errors } = form.formState;

  const onServerError = (error: unknown, titleKey: string) => {
    failureToast(error, titleKey);
    applyServerErrors(form.setError, FIELDS, error, { SCHOOL_ID_TAKEN: "id", SCHOOL_ID_INVALID: "id" });
  };

  const onSubmit = (values: TValues) => {
    if (isEdit) {
      update.mutate(
        { ...values, id: school.id },
        {
          onSuccess: () => {
            successToast("toast.schoolUpdated");
            onClose();
          },
          onError: (error) => onServerError(error, "toast.failedUpdateSchool"),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          successToast("toast.schoolCreated");
          onClose();
        },
        onError: (error) => onServerError(error, "toast.failedCreateSchool"),
      });
    }
  };

  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        className="max-w-[480px]"
        data-testid="school-dialog"
        onCloseAutoFocus={returnFocus}
        onOpenAutoFocus={(event) => {
          // On edit the id is read-only: start in the name.
          if (!isEdit) return;
          event.preventDefault();
          document.getElementById("school-name-ar")?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{isEdit ? t("schools.dialog.editTitle") : t("schools.dialog.createTitle")}</DialogTitle>
          <DialogDescription>{isEdit ? t("schools.dialog.editDescription") : t("schools.dialog.createDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-4">
          <FormField
            id="school-id"
            label={t("schools.dialog.id")}
            required={!isEdit}
            hint={isEdit ? t("schools.dialog.idReadOnly") : t("schools.dialog.idHint")}
            error={errors.id?.message}
          >
            <Input
              id="school-id"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              placeholder="school_xyz"
              readOnly={isEdit}
              aria-readonly={isEdit || undefined}
              aria-required={!isEdit || undefined}
              className="text-start font-mono read-only:bg-muted read-only:text-muted-foreground"
              {...fieldA11y("school-id", { error: errors.id?.message, hint: true })}
              {...form.register("id")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {PAIRS.map((p) => {
              const label = t(`schools.dialog.${p.field}`);
              const error = errors[p.field]?.message;
              return (
                <FormField key={p.id} id={p.id} label={p.required ? label : `${label} (${t("common.optional")})`} required={p.required} error={error}>
                  <Input
                    id={p.id}
                    lang={p.lang}
                    dir={p.dir}
                    autoComplete="off"
                    aria-required={p.required || undefined}
                    {...fieldA11y(p.id, { error })}
                    {...form.register(p.field)}
                  />
                </FormField>
              );
            })}
          </div>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? t("common.saving") : isEdit ? t("common.save") : t("schools.dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
