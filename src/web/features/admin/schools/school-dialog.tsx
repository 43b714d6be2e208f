// The school dialog of SPEC §5 (about 425 px): create with a typed id, or edit name and city with the id
// read-only. Validated with the shared schemas before sending; server answers land on the fields too.
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

type TValues = { id: string; name: string; city: string };
const FIELDS = ["id", "name", "city"] as const;

export function SchoolDialog({ school, onClose }: { school: TSchool | null; onClose: () => void }) {
  const { t } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const isEdit = school !== null;
  const create = useCreateSchool();
  const update = useUpdateSchool();
  const pending = create.isPending || update.isPending;

  const form = useForm<TValues>({
    defaultValues: { id: school?.id ?? "", name: school?.name ?? "", city: school?.city ?? "" },
    resolver: codeResolver<TValues>((v) =>
      issuesOf(isEdit ? ZSchoolUpdate.safeParse({ name: v.name, city: v.city }) : ZSchoolCreate.safeParse(v)),
    ),
  });
  const { errors } = form.formState;

  const onServerError = (error: unknown, titleKey: string) => {
    failureToast(error, titleKey);
    applyServerErrors(form.setError, FIELDS, error, { SCHOOL_ID_TAKEN: "id", SCHOOL_ID_INVALID: "id" });
  };

  const onSubmit = (values: TValues) => {
    if (isEdit) {
      update.mutate(
        { id: school.id, name: values.name, city: values.city },
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
        className="max-w-[425px]"
        data-testid="school-dialog"
        onCloseAutoFocus={returnFocus}
        onOpenAutoFocus={(event) => {
          // On edit the id is read-only: start in the name.
          if (!isEdit) return;
          event.preventDefault();
          document.getElementById("school-name")?.focus();
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
          <FormField id="school-name" label={t("schools.dialog.name")} required error={errors.name?.message}>
            <Input
              id="school-name"
              autoComplete="off"
              aria-required
              {...fieldA11y("school-name", { error: errors.name?.message })}
              {...form.register("name")}
            />
          </FormField>
          <FormField id="school-city" label={`${t("schools.dialog.city")} (${t("common.optional")})`} error={errors.city?.message}>
            <Input
              id="school-city"
              autoComplete="off"
              {...fieldA11y("school-city", { error: errors.city?.message })}
              {...form.register("city")}
            />
          </FormField>
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
