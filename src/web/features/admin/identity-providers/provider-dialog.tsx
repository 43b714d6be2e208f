// Add or edit an identity provider (issue 38). Checked with the shared schema before sending (the server parses the
// same), its codes shown on the fields. OIDC needs only its issuer (the discovery document says the rest; "Test"
// reads it now); OAuth 2.0 needs its three addresses. The client secret is write-only: on an edit, an empty box
// keeps the one set, and "remove" clears it.
import { CircleCheck, LoaderCircle, Search } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { MAX_NAME_LENGTH } from "@shared/limits";
import { ROLES, type TRole } from "@shared/permissions";
import { ZIdentityProviderInput, type TIdentityProvider, type TIdentityProviderInput } from "@shared/schemas/identity-provider";
import type { TSchool } from "@shared/schemas/school";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toastError } from "@web/components/ui/use-toast";
import { errorText } from "@web/lib/errors";
import { pick } from "@web/lib/format";
import { FormField, fieldA11y } from "../components/form-field";
import { PasswordInput } from "../components/password-input";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";
import { useSaveProvider, useTestDiscovery } from "./api";

type TValues = {
  kind: "oidc" | "oauth2";
  nameAr: string;
  nameEn: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  logoutEndpoint: string;
  clientId: string;
  clientSecret: string;
  removeSecret: boolean;
  scopes: string;
  uiLocales: boolean;
  emailsVerified: boolean;
  allSchools: boolean;
  schoolIds: string[];
  roles: TRole[];
  createStudentsSchoolId: string;
  enabled: boolean;
};
const FIELDS = [
  "kind",
  "nameAr",
  "nameEn",
  "issuer",
  "authorizationEndpoint",
  "tokenEndpoint",
  "userinfoEndpoint",
  "logoutEndpoint",
  "clientId",
  "clientSecret",
  "scopes",
  "schoolIds",
  "roles",
  "createStudentsSchoolId",
] as const;
const NO_SCHOOL = "none";

function toInput(v: TValues, isEdit: boolean): TIdentityProviderInput {
  const oauth2 = v.kind === "oauth2";
  return {
    kind: v.kind,
    nameAr: v.nameAr,
    nameEn: v.nameEn,
    issuer: v.issuer,
    authorizationEndpoint: oauth2 ? v.authorizationEndpoint || null : null,
    tokenEndpoint: oauth2 ? v.tokenEndpoint || null : null,
    userinfoEndpoint: oauth2 ? v.userinfoEndpoint || null : null,
    logoutEndpoint: v.logoutEndpoint || null,
    clientId: v.clientId,
    // Left out keeps the one set (an edit); null removes it.
    clientSecret: v.removeSecret ? null : v.clientSecret ? v.clientSecret : isEdit ? undefined : null,
    scopes: v.scopes,
    uiLocales: v.uiLocales,
    emailsVerified: v.emailsVerified,
    schoolIds: v.allSchools ? null : v.schoolIds,
    roles: v.roles,
    createStudentsSchoolId: v.createStudentsSchoolId === NO_SCHOOL ? null : v.createStudentsSchoolId,
    enabled: v.enabled,
  };
}

function Check({ id, label, hint, ...input }: { id: string; label: string; hint?: string } & React.ComponentProps<"input">) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm font-medium">
        <input id={id} type="checkbox" className="size-4.5 shrink-0 accent-primary" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1.5 ps-7 text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

export function ProviderDialog({ provider, schools, onClose }: { provider: TIdentityProvider | null; schools: readonly TSchool[]; onClose: () => void }) {
  const { t, lang } = useAdminT();
  const uid = useId();
  const returnFocus = useReturnFocus(true);
  const isEdit = provider !== null;
  const save = useSaveProvider();
  const discovery = useTestDiscovery();
  const [discovered, setDiscovered] = useState<{ authorizationEndpoint: string; endSession: boolean } | null>(null);

  const form = useForm<TValues>({
    defaultValues: {
      kind: provider?.kind ?? "oidc",
      nameAr: provider?.nameAr ?? "",
      nameEn: provider?.nameEn ?? "",
      issuer: provider?.issuer ?? "",
      authorizationEndpoint: provider?.authorizationEndpoint ?? "",
      tokenEndpoint: provider?.tokenEndpoint ?? "",
      userinfoEndpoint: provider?.userinfoEndpoint ?? "",
      logoutEndpoint: provider?.logoutEndpoint ?? "",
      clientId: provider?.clientId ?? "",
      clientSecret: "",
      removeSecret: false,
      scopes: provider?.scopes ?? "openid email profile",
      uiLocales: provider?.uiLocales ?? false,
      emailsVerified: provider?.emailsVerified ?? false,
      allSchools: provider ? provider.schoolIds === null : true,
      schoolIds: provider?.schoolIds ?? [],
      roles: provider?.roles ?? ["student"],
      createStudentsSchoolId: provider?.createStudentsSchoolId ?? NO_SCHOOL,
      enabled: provider?.enabled ?? true,
    },
    resolver: codeResolver<TValues>((v) =>
      // The rule that needs every OAuth 2.0 address has no field of its own: it lands on the first.
      issuesOf(ZIdentityProviderInput.safeParse(toInput(v, isEdit))).map((i) => (i.path.length === 0 ? { ...i, path: ["authorizationEndpoint"] } : i)),
    ),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });
  const allSchools = useWatch({ control: form.control, name: "allSchools" });
  const removeSecret = useWatch({ control: form.control, name: "removeSecret" });
  const pending = save.isPending;
  const schoolName = (s: TSchool) => pick(lang, s.nameAr, s.nameEn);

  const onSubmit = (v: TValues) => {
    save.mutate(
      { id: provider?.id ?? null, input: toInput(v, isEdit) },
      {
        onSuccess: () => {
          successToast(isEdit ? "providers.toast.updated" : "providers.toast.created");
          onClose();
        },
        onError: (error) => {
          failureToast(error, isEdit ? "providers.toast.failedUpdate" : "providers.toast.failedCreate");
          applyServerErrors(form.setError, FIELDS, error, { SCHOOL_NOT_FOUND: "schoolIds", IDP_ENDPOINTS_REQUIRED: "authorizationEndpoint" });
        },
      },
    );
  };
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  const test = async () => {
    setDiscovered(null);
    const ok = await form.trigger("issuer");
    if (!ok) return;
    discovery.mutate(form.getValues("issuer"), {
      onSuccess: (found) => setDiscovered(found),
      onError: (error) => {
        failureToast(error, "providers.toast.failedDiscovery");
        applyServerErrors(form.setError, FIELDS, error, { IDP_DISCOVERY_FAILED: "issuer" });
      },
    });
  };

  const text = (field: "nameAr" | "nameEn" | "clientId" | "scopes", label: string, props: React.ComponentProps<"input"> = {}, hint?: string) => (
    <FormField id={`${uid}-${field}`} label={label} required={field !== "scopes"} hint={hint} error={errors[field]?.message}>
      <Input id={`${uid}-${field}`} autoComplete="off" aria-required={field !== "scopes"} {...props} {...fieldA11y(`${uid}-${field}`, { error: errors[field]?.message, hint: !!hint })} {...form.register(field)} />
    </FormField>
  );
  const address = (field: "issuer" | "authorizationEndpoint" | "tokenEndpoint" | "userinfoEndpoint" | "logoutEndpoint", label: string, required: boolean, hint?: string) => (
    <FormField id={`${uid}-${field}`} label={required ? label : `${label} (${t("common.optional")})`} required={required} hint={hint} error={errors[field]?.message}>
      <Input
        id={`${uid}-${field}`}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        aria-required={required}
        maxLength={600}
        {...fieldA11y(`${uid}-${field}`, { error: errors[field]?.message, hint: !!hint })}
        {...form.register(field, { onChange: field === "issuer" ? () => setDiscovered(null) : undefined })}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-[680px] overflow-y-auto" data-testid="provider-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{isEdit ? t("providers.dialog.editTitle") : t("providers.dialog.createTitle")}</DialogTitle>
          <DialogDescription>{t("providers.dialog.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("providers.dialog.kind")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(["oidc", "oauth2"] as const).map((value) => (
                <label key={value} className="flex min-h-11 cursor-pointer items-start gap-2.5 rounded-xl border border-border p-3 text-sm has-checked:border-primary has-checked:bg-accent/40">
                  <input type="radio" value={value} className="mt-0.5 size-4.5 accent-primary" {...form.register("kind")} data-testid={`provider-kind-${value}`} />
                  <span className="flex flex-col gap-0.5">
                    <span className="font-medium">{t(`providers.kind.${value}`)}</span>
                    <span className="text-xs text-muted-foreground">{t(`providers.kindHint.${value}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            {text("nameAr", t("providers.dialog.nameAr"), { dir: "rtl", lang: "ar", maxLength: MAX_NAME_LENGTH + 50 })}
            {text("nameEn", t("providers.dialog.nameEn"), { dir: "ltr", lang: "en", maxLength: MAX_NAME_LENGTH + 50 })}
          </div>

          <div className="flex flex-col gap-2">
            {address("issuer", t("providers.dialog.issuer"), true, kind === "oidc" ? t("providers.dialog.issuerHint") : t("providers.dialog.issuerHintOauth"))}
            {kind === "oidc" && (
              <div className="flex flex-wrap items-center gap-3">
                <Button type="button" variant="outline" size="sm" onClick={() => void test()} disabled={discovery.isPending} data-testid="provider-test-discovery">
                  {discovery.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Search aria-hidden="true" />}
                  {t("providers.dialog.test")}
                </Button>
                <p role="status" className="min-w-0 text-sm" data-testid="provider-discovered">
                  {discovered && (
                    <span className="flex items-start gap-1.5 text-success-foreground">
                      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      <span>{discovered.endSession ? t("providers.dialog.foundWithLogout") : t("providers.dialog.found")}</span>
                    </span>
                  )}
                </p>
              </div>
            )}
          </div>

          {kind === "oauth2" && (
            <div className="grid gap-4">
              {address("authorizationEndpoint", t("providers.dialog.authorizationEndpoint"), true)}
              {address("tokenEndpoint", t("providers.dialog.tokenEndpoint"), true)}
              {address("userinfoEndpoint", t("providers.dialog.userinfoEndpoint"), true)}
            </div>
          )}
          {address("logoutEndpoint", t("providers.dialog.logoutEndpoint"), false, kind === "oidc" ? t("providers.dialog.logoutHintOidc") : t("providers.dialog.logoutHintOauth"))}

          <div className="grid gap-4 sm:grid-cols-2">
            {text("clientId", t("providers.dialog.clientId"), { dir: "ltr", maxLength: 350 })}
            <FormField
              id={`${uid}-clientSecret`}
              label={`${t("providers.dialog.clientSecret")} (${t("common.optional")})`}
              hint={isEdit && provider.clientSecretSet ? t("providers.dialog.secretKept") : t("providers.dialog.secretHint")}
              error={errors.clientSecret?.message}
            >
              <PasswordInput
                id={`${uid}-clientSecret`}
                autoComplete="new-password"
                disabled={removeSecret}
                placeholder={isEdit && provider.clientSecretSet ? t("providers.dialog.secretUnchanged") : undefined}
                {...fieldA11y(`${uid}-clientSecret`, { error: errors.clientSecret?.message, hint: true })}
                {...form.register("clientSecret")}
              />
            </FormField>
          </div>
          {isEdit && provider.clientSecretSet && <Check id={`${uid}-removeSecret`} label={t("providers.dialog.removeSecret")} {...form.register("removeSecret")} />}

          {text("scopes", t("providers.dialog.scopes"), { dir: "ltr", maxLength: 350 }, t("providers.dialog.scopesHint"))}

          <fieldset className="flex flex-col gap-1" aria-describedby={errors.roles ? `${uid}-roles-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">{t("providers.dialog.roles")}</legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="roles"
                render={({ field }) => (
                  <>
                    {ROLES.map((role) => (
                      <Check
                        key={role}
                        id={`${uid}-role-${role}`}
                        label={t(`dashboard.roles.${role}`, { ns: "translation" })}
                        checked={field.value.includes(role)}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, role] : field.value.filter((r) => r !== role))}
                      />
                    ))}
                  </>
                )}
              />
            </div>
            {errors.roles?.message && (
              <FieldError id={`${uid}-roles-error`} code={errors.roles.message} />
            )}
          </fieldset>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{t("providers.dialog.schools")}</legend>
            <Check id={`${uid}-allSchools`} label={t("providers.allSchools")} hint={t("providers.dialog.allSchoolsHint")} {...form.register("allSchools")} data-testid="provider-all-schools" />
            {!allSchools && (
              <Controller
                control={form.control}
                name="schoolIds"
                render={({ field }) => (
                  <div className="grid max-h-48 gap-x-4 overflow-y-auto rounded-xl border border-border px-3 sm:grid-cols-2" data-testid="provider-schools">
                    {schools.map((school) => (
                      <Check
                        key={school.id}
                        id={`${uid}-school-${school.id}`}
                        label={schoolName(school)}
                        checked={field.value.includes(school.id)}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, school.id] : field.value.filter((id) => id !== school.id))}
                      />
                    ))}
                  </div>
                )}
              />
            )}
            {errors.schoolIds?.message && <FieldError id={`${uid}-schools-error`} code={errors.schoolIds.message} />}
          </fieldset>

          <FormField id={`${uid}-create`} label={t("providers.dialog.createStudents")} hint={t("providers.dialog.createStudentsHint")} error={errors.createStudentsSchoolId?.message}>
            <Controller
              control={form.control}
              name="createStudentsSchoolId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${uid}-create`} data-testid="provider-create-students" {...fieldA11y(`${uid}-create`, { error: errors.createStudentsSchoolId?.message, hint: true })}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_SCHOOL}>{t("providers.dialog.createNone")}</SelectItem>
                    {schools.map((school) => (
                      <SelectItem key={school.id} value={school.id}>
                        {schoolName(school)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>

          <div className="grid gap-x-4 sm:grid-cols-2">
            <Check id={`${uid}-uiLocales`} label={t("providers.dialog.uiLocales")} hint={t("providers.dialog.uiLocalesHint")} {...form.register("uiLocales")} />
            <Check id={`${uid}-emailsVerified`} label={t("providers.dialog.emailsVerified")} hint={t("providers.dialog.emailsVerifiedHint")} {...form.register("emailsVerified")} />
            <Check id={`${uid}-enabled`} label={t("providers.dialog.enabled")} hint={t("providers.dialog.enabledHint")} {...form.register("enabled")} />
          </div>

          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} data-testid="provider-save">
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? t("common.saving") : isEdit ? t("common.save") : t("providers.dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FieldError({ id, code }: { id: string; code: string }) {
  const { lang } = useAdminT();
  return (
    <p id={id} className="text-sm font-medium text-destructive-text">
      {errorText(code, lang).message}
    </p>
  );
}
