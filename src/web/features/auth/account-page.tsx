// /dashboard/account, every role (issue 19): who I am (read only: accounts are managed by an administrator,
// SPEC §1), the language my emails come in, and a new password given with the current one — this session stays,
// the others end. The password fields and rules are the reset page's (field.tsx, password-input.tsx, ZNewPassword).
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, MIN_PASSWORD_LENGTH, type TLanguage } from "@shared/limits";
import type { TDashboardSection } from "@shared/permissions";
import { isStaffRole } from "@shared/schemas/password-rule";
import { ZPasswordChange, type TAccount, type TPasswordChange } from "@shared/schemas/account";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { SectionHeader } from "@web/features/admin/components/section-header";
import { sectionIcon } from "@web/features/dashboard/section-icons";
import { useStaffPasswordRule } from "@web/features/admin/api";
import { isApiError } from "@web/lib/api";
import { fieldError } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { useAccount, useChangePassword, useUpdateAccount } from "./api";
import { Field, fieldA11y } from "./field";
import { PasswordInput } from "./password-input";
import { TwoFactorCard } from "./two-factor-card";


function Pending({ label }: { label: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      {label}
    </>
  );
}

function DetailsCard({ account }: { account: TAccount }) {
  const { t } = useTranslation();
  const rows = [
    { label: t("account.details.name"), value: account.name || account.username },
    { label: t("account.details.email"), value: account.email },
    { label: t("account.details.role"), value: t(`dashboard.roles.${account.role}`) },
  ];
  return (
    <Card data-testid="account-details">
      <CardHeader>
        <CardTitle as="h3">{t("account.details.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-col gap-3">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-0.5">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              {/* Isolated: an email or a Latin name keeps its own direction on an Arabic page, and the other way round. */}
              <dd className="font-medium break-words">
                <bdi>{row.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">{t("account.details.managed")}</p>
      </CardContent>
    </Card>
  );
}

function EmailLanguageCard({ account }: { account: TAccount }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<TLanguage>(account.emailLang);
  const update = useUpdateAccount();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { emailLang: choice },
      {
        onSuccess: (saved) => toast({ variant: "success", title: bilingual("account.toast.emailLangSaved"), description: bilingual(`account.toast.emailLangNow.${saved.emailLang}`) }),
        onError: (error) => toastError(error),
      },
    );
  };
  return (
    <Card data-testid="account-email-language">
      <CardHeader>
        <CardTitle as="h3" id="email-language-title">
          {t("account.emailLang.title")}
        </CardTitle>
        <CardDescription id="email-language-description">{t("account.emailLang.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-5">
          <div role="radiogroup" aria-labelledby="email-language-title" aria-describedby="email-language-description" className="grid gap-3 sm:grid-cols-2">
            {LANGUAGES.map((lang) => (
              <label
                key={lang}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  choice === lang ? "border-primary bg-accent text-accent-foreground" : "border-input-border hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name="email-language"
                  value={lang}
                  checked={choice === lang}
                  onChange={() => setChoice(lang)}
                  className="size-4 shrink-0 accent-primary outline-none"
                  data-testid={`email-language-${lang}`}
                />
                <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
              </label>
            ))}
          </div>
          <Button type="submit" className="self-start" disabled={update.isPending || choice === account.emailLang} data-testid="email-language-save">
            {update.isPending ? <Pending label={t("account.emailLang.saving")} /> : t("account.emailLang.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  // Staff: the super_admin's rule (decision 0031), said before the server would refuse a password; students: SPEC's.
  const { user } = useSession();
  const staff = !!user && isStaffRole(user.role);
  const rule = useStaffPasswordRule(staff).data;
  const form = useForm<TPasswordChange>({
    resolver: zodResolver(ZPasswordChange),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = (values: TPasswordChange) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ variant: "success", title: bilingual("account.toast.passwordChanged"), description: bilingual("account.toast.passwordChangedDetail") });
      },
      onError: (error) => {
        toastError(error);
        if (isApiError(error, "CURRENT_PASSWORD_WRONG")) form.setError("currentPassword", { message: error.code }, { shouldFocus: true });
        if (isApiError(error, "STAFF_PASSWORD_TOO_SHORT") || isApiError(error, "PASSWORD_TOO_COMMON")) {
          form.setError("password", { message: fieldError(error.code, error.body.message) }, { shouldFocus: true });
        }
      },
    });
  const onInvalid = (invalid: FieldErrors<TPasswordChange>) => {
    const first = invalid.currentPassword ?? invalid.password ?? invalid.confirmPassword;
    if (first?.message) toastError(first.message);
  };

  return (
    <Card data-testid="account-password">
      <CardHeader>
        <CardTitle as="h3">{t("account.password.title")}</CardTitle>
        <CardDescription data-testid="account-password-rule">
          {t("account.password.description", { min: staff && rule ? rule.minLength : MIN_PASSWORD_LENGTH })}
          {staff && rule?.refuseCommon && ` ${t("account.password.commonRefused")}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-5">
          <Field id="current-password" label={t("account.password.current")} error={errors.currentPassword?.message}>
            <PasswordInput id="current-password" autoComplete="current-password" required {...fieldA11y("current-password", errors.currentPassword?.message)} {...form.register("currentPassword")} />
          </Field>
          <Field id="new-password" label={t("account.password.new")} error={errors.password?.message}>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              required
              {...fieldA11y("new-password", errors.password?.message)}
              {...form.register("password")}
            />
          </Field>
          <Field id="confirm-password" label={t("account.password.confirm")} error={errors.confirmPassword?.message}>
            <PasswordInput id="confirm-password" autoComplete="new-password" required {...fieldA11y("confirm-password", errors.confirmPassword?.message)} {...form.register("confirmPassword")} />
          </Field>
          <Button type="submit" className="self-start" disabled={change.isPending} data-testid="change-password-submit">
            {change.isPending ? <Pending label={t("account.password.submitting")} /> : t("account.password.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export default function AccountPage({ section }: { section: TDashboardSection }) {
  const { t } = useTranslation();
  useDocumentTitle(t(section.labelKey));
  const account = useAccount();
  const { user } = useSession();
  const staff = !!user && isStaffRole(user.role);
  return (
    <>
      <SectionHeader icon={sectionIcon(section.icon)} title={t(section.labelKey)} description={t("account.description")} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          {account.isPending ? (
            <LoadingState testId="account-loading" />
          ) : account.isError ? (
            <ErrorState title={t("account.loadFailed")} error={account.error} onRetry={() => void account.refetch()} testId="account-error" />
          ) : (
            <>
              <DetailsCard account={account.data} />
              <EmailLanguageCard account={account.data} />
            </>
          )}
        </div>
        <div className="flex flex-col gap-6">
          <PasswordCard />
          {staff && <TwoFactorCard />}
        </div>
      </div>
    </>
  );
}
