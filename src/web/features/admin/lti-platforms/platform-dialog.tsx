// Register or edit an LTI 1.3 platform (issue 38, docs/decisions/0051). Checked with the shared schema before
// sending (the server parses the same), its codes shown beside the fields in the page's language. The LMS shows
// each of these values on its tool registration page; deployment ids go one per line.
import { LoaderCircle } from "lucide-react";
import { useId } from "react";
import { Controller, useForm, type FieldErrors } from "react-hook-form";
import { ZLtiPlatformInput, type TLtiPlatform, type TLtiPlatformInput } from "@shared/schemas/lti";
import type { TSchool } from "@shared/schemas/school";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toastError } from "@web/components/ui/use-toast";
import { pick } from "@web/lib/format";
import { FormField, fieldA11y } from "../components/form-field";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";
import { useSavePlatform } from "./api";

type TValues = Omit<TLtiPlatformInput, "deploymentIds"> & { deploymentIds: string };
const FIELDS = ["name", "issuer", "clientId", "deploymentIds", "authLoginUrl", "tokenUrl", "jwksUrl", "schoolId"] as const;
type TUrlField = "authLoginUrl" | "tokenUrl" | "jwksUrl";

function toInput(v: TValues): TLtiPlatformInput {
  return { ...v, deploymentIds: v.deploymentIds.split(/[\n,]/).map((id) => id.trim()).filter(Boolean) };
}

export function PlatformDialog({ platform, schools, onClose }: { platform: TLtiPlatform | null; schools: readonly TSchool[]; onClose: () => void }) {
  const { t, lang } = useAdminT();
  const uid = useId();
  const returnFocus = useReturnFocus(true);
  const isEdit = platform !== null;
  const save = useSavePlatform();
  const form = useForm<TValues>({
    defaultValues: {
      name: platform?.name ?? "",
      issuer: platform?.issuer ?? "",
      clientId: platform?.clientId ?? "",
      deploymentIds: platform?.deploymentIds.join("\n") ?? "",
      authLoginUrl: platform?.authLoginUrl ?? "",
      tokenUrl: platform?.tokenUrl ?? "",
      jwksUrl: platform?.jwksUrl ?? "",
      schoolId: platform?.schoolId ?? "",
    },
    resolver: codeResolver<TValues>((v) => issuesOf(ZLtiPlatformInput.safeParse(toInput(v)))),
  });
  const { errors } = form.formState;
  const pending = save.isPending;

  const onSubmit = (v: TValues) => {
    save.mutate(
      { id: platform?.id ?? null, input: toInput(v) },
      {
        onSuccess: () => {
          successToast(isEdit ? "lti.toast.updated" : "lti.toast.created");
          onClose();
        },
        onError: (error) => {
          failureToast(error, isEdit ? "lti.toast.failedUpdate" : "lti.toast.failedCreate");
          applyServerErrors(form.setError, FIELDS, error, { SCHOOL_NOT_FOUND: "schoolId", LTI_PLATFORM_EXISTS: "clientId" });
        },
      },
    );
  };
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  const field = (name: "name" | "issuer" | "clientId" | TUrlField, label: string, hint?: string) => {
    const id = `${uid}-${name}`;
    const url = name.endsWith("Url");
    return (
      <FormField id={id} label={label} required hint={hint} error={errors[name]?.message}>
        <Input
          id={id}
          autoComplete="off"
          aria-required
          dir={name === "name" ? "auto" : "ltr"}
          {...(url ? { type: "url", inputMode: "url" as const, placeholder: "https://" } : {})}
          maxLength={name === "name" ? 250 : 2100}
          {...fieldA11y(id, { error: errors[name]?.message, hint: !!hint })}
          {...form.register(name)}
          data-testid={`lti-${name}`}
        />
      </FormField>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-[680px] overflow-y-auto" data-testid="lti-platform-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{isEdit ? t("lti.dialog.editTitle") : t("lti.dialog.createTitle")}</DialogTitle>
          <DialogDescription>{t("lti.dialog.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4">
          {field("name", t("lti.dialog.name"), t("lti.dialog.nameHint"))}
          <FormField id={`${uid}-school`} label={t("lti.dialog.school")} required hint={t("lti.dialog.schoolHint")} error={errors.schoolId?.message}>
            <Controller
              control={form.control}
              name="schoolId"
              render={({ field: f }) => (
                <Select value={f.value} onValueChange={f.onChange}>
                  <SelectTrigger id={`${uid}-school`} aria-required data-testid="lti-schoolId" {...fieldA11y(`${uid}-school`, { error: errors.schoolId?.message, hint: true })}>
                    <SelectValue placeholder={t("lti.dialog.schoolPlaceholder")} />
                  </SelectTrigger>
                  <SelectContent>
                    {schools.map((school) => (
                      <SelectItem key={school.id} value={school.id}>
                        {pick(lang, school.nameAr, school.nameEn)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {field("issuer", t("lti.dialog.issuer"), t("lti.dialog.issuerHint"))}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("clientId", t("lti.dialog.clientId"))}
            <FormField id={`${uid}-deploymentIds`} label={t("lti.dialog.deploymentIds")} required hint={t("lti.dialog.deploymentIdsHint")} error={errors.deploymentIds?.message}>
              <Textarea
                id={`${uid}-deploymentIds`}
                dir="ltr"
                rows={2}
                aria-required
                className="min-h-11"
                {...fieldA11y(`${uid}-deploymentIds`, { error: errors.deploymentIds?.message, hint: true })}
                {...form.register("deploymentIds")}
                data-testid="lti-deploymentIds"
              />
            </FormField>
          </div>
          {field("authLoginUrl", t("lti.dialog.authLoginUrl"))}
          {field("tokenUrl", t("lti.dialog.tokenUrl"))}
          {field("jwksUrl", t("lti.dialog.jwksUrl"))}

          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} data-testid="lti-save">
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? t("common.saving") : isEdit ? t("common.save") : t("lti.dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
