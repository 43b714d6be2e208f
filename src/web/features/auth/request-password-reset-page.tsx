import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowRight, LoaderCircle, MailCheck, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PASSWORD_RESET_TOKEN_MINUTES } from "@shared/limits";
import { ZPasswordResetRequest, type TPasswordResetRequest } from "@shared/schemas/auth";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { requestPasswordReset } from "./api";
import { AuthShell } from "./auth-shell";
import { Field, fieldA11y } from "./field";

function useLoginPath(): string {
  const state: unknown = useLocation().state;
  const path = (state as { loginPath?: unknown } | null)?.loginPath;
  return typeof path === "string" && path.startsWith("/login/") ? path : "/login/admin";
}

export function BackToLogin() {
  const { t } = useTranslation();
  const loginPath = useLoginPath();
  return (
    <Link
      to={loginPath}
      className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowRight aria-hidden="true" className="size-4 rotate-180 rtl:rotate-0" />
      {t("auth.backToLogin")}
    </Link>
  );
}

function SentView({ email, onSendAgain }: { email: string; onSendAgain: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5" data-testid="reset-sent">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {t("auth.reset.successTitle")}
      </h1>
      <p className="leading-relaxed">
        {t("auth.reset.successMessage", { email: "\u2068" + email + "\u2069", minutes: PASSWORD_RESET_TOKEN_MINUTES })}
      </p>
      <p className="text-sm text-muted-foreground">{t("auth.reset.checkSpam")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="outline" onClick={onSendAgain}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t("auth.reset.sendAgain")}
        </Button>
        <BackToLogin />
      </div>
    </div>
  );
}

/** Forgot password: the email form, then a view that never says whether the account exists. */
export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.reset.title"));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZPasswordResetRequest), defaultValues: { email: "" } });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_data, input) => setSentTo(input.email),
    onError: (error) => toastError(error),
  });

  const onInvalid = (invalid: FieldErrors<TPasswordResetRequest>) => {
    if (invalid.email?.message) toastError(invalid.email.message);
  };

  return (
    <AuthShell>
      {sentTo ? (
        <SentView email={sentTo} onSendAgain={() => setSentTo(null)} />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("auth.reset.title")}</h1>
            <p className="text-muted-foreground">{t("auth.reset.description")}</p>
          </div>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => mutation.mutate(values), onInvalid)}
            className="flex flex-col gap-5"
          >
            <Field id="reset-email" label={t("auth.email")} error={errors.email?.message}>
              <Input
                id="reset-email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                placeholder="name@school.edu"
                {...fieldA11y("reset-email", errors.email?.message)}
                {...form.register("email")}
              />
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                  {t("auth.reset.submitting")}
                </>
              ) : (
                <>
                  <Send aria-hidden="true" className="rtl:-scale-x-100" />
                  {t("auth.reset.submit")}
                </>
              )}
            </Button>
          </form>
          <BackToLogin />
        </>
      )}
    </AuthShell>
  );
}
