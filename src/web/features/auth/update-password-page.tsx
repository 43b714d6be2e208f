import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { CircleCheck, KeyRound, LinkIcon, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ERRORS } from "@shared/errors";
import { MIN_PASSWORD_LENGTH, PASSWORD_UPDATE_REDIRECT_MS } from "@shared/limits";
import { ZPasswordUpdate, type TPasswordUpdate } from "@shared/schemas/auth";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { toastError } from "@web/components/ui/use-toast";
import { isApiError } from "@web/lib/api";
import { fieldError } from "@web/lib/errors";
import { currentLanguage } from "@web/lib/i18n";
import { useSignOut } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { confirmPasswordReset } from "./api";
import { AuthShell } from "./auth-shell";
import { Field, fieldA11y } from "./field";
import { PasswordInput } from "./password-input";

/** The reset link carries the token in the hash (`#token=…`, never sent to any server); `?token=` also works. */
function useResetToken(): string {
  const { hash, search } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? new URLSearchParams(search).get("token") ?? "";
}

function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function InvalidLinkView() {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const lang = currentLanguage();
  return (
    <div className="flex flex-col gap-5" data-testid="reset-link-invalid">
      <span className="grid size-14 place-items-center rounded-2xl bg-muted text-destructive-text">
        <LinkIcon aria-hidden="true" className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {t("auth.update.invalidTitle")}
      </h1>
      <p role="alert" className="leading-relaxed">
        {ERRORS.RESET_LINK_INVALID.message[lang]}
      </p>
      <Button asChild className="self-start">
        <Link to="/request-password-reset">{t("auth.update.requestNewLink")}</Link>
      </Button>
    </div>
  );
}

function DoneView() {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const signOut = useSignOut();
  useEffect(() => {
    // The server ended every session of this account; sign out here too and go to the admin login (SPEC §2).
    const timer = window.setTimeout(() => void signOut("/login/admin"), PASSWORD_UPDATE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signOut]);
  return (
    <div className="flex flex-col gap-5" data-testid="password-updated">
      <span className="grid size-14 place-items-center rounded-2xl bg-success text-success-foreground">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {t("auth.update.successTitle")}
      </h1>
      <p role="status" className="leading-relaxed">
        {t("auth.update.successMessage", { seconds: PASSWORD_UPDATE_REDIRECT_MS / 1000 })}
      </p>
      <Spinner className="self-start" />
    </div>
  );
}

/** Set a new password from the emailed link; success view, then sign-out and /login/admin after 3 s. */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.update.title"));
  const token = useResetToken();
  const [linkRejected, setLinkRejected] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZPasswordUpdate),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    onError: (error) => {
      if (isApiError(error, "RESET_LINK_INVALID")) setLinkRejected(true);
      // A staff account's link: the super_admin's rule (decision 0031) may ask more than the form knows.
      if (isApiError(error, "STAFF_PASSWORD_TOO_SHORT") || isApiError(error, "PASSWORD_TOO_COMMON")) {
        form.setError("password", { message: fieldError(error.code, error.body.message) }, { shouldFocus: true });
      }
      toastError(error);
    },
  });

  const onInvalid = (invalid: FieldErrors<TPasswordUpdate>) => {
    const first = invalid.token ?? invalid.password ?? invalid.confirmPassword;
    if (first?.message) toastError(first.message);
  };

  let content;
  if (mutation.isSuccess) content = <DoneView />;
  else if (!token || linkRejected) content = <InvalidLinkView />;
  else
    content = (
      <>
        <div className="flex flex-col gap-2">
          <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-accent text-accent-foreground">
            <KeyRound aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("auth.update.title")}</h1>
          <p className="text-muted-foreground">{t("auth.update.description", { min: MIN_PASSWORD_LENGTH })}</p>
        </div>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutate(values), onInvalid)}
          className="flex flex-col gap-5"
        >
          <Field id="new-password" label={t("auth.update.password")} error={errors.password?.message}>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              required
              {...fieldA11y("new-password", errors.password?.message)}
              {...form.register("password")}
            />
          </Field>
          <Field id="confirm-password" label={t("auth.update.confirmPassword")} error={errors.confirmPassword?.message}>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              required
              {...fieldA11y("confirm-password", errors.confirmPassword?.message)}
              {...form.register("confirmPassword")}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                {t("auth.update.submitting")}
              </>
            ) : (
              t("auth.update.submit")
            )}
          </Button>
        </form>
      </>
    );

  return <AuthShell>{content}</AuthShell>;
}
