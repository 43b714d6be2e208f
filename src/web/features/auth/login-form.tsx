import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, LogIn } from "lucide-react";
import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { TLoginType } from "@shared/permissions";
import { ZLoginInput, type TLoginInput } from "@shared/schemas/auth";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { toast, toastError } from "@web/components/ui/use-toast";
import { bilingual } from "@web/lib/i18n";
import { setSessionUser } from "@web/lib/session";
import type { TSessionUser } from "@shared/permissions";
import { login } from "./api";
import { SecondStepForm } from "./second-step-form";
import { Field, fieldA11y } from "./field";
import { PasswordInput } from "./password-input";

/** The one sign-in form of the three login screens; the server checks the role against `loginType`. */
export function LoginForm({ loginType }: { loginType: TLoginType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(ZLoginInput),
    defaultValues: { email: "", password: "", loginType },
  });
  const { errors } = form.formState;

  // A right password for an account with two-step sign-in: the server's challenge, and the form asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (user: TSessionUser, setupRequired = false) => {
    setSessionUser(queryClient, user);
    if (setupRequired) {
      toast({ title: bilingual("auth.setupRequired.title"), description: bilingual("auth.setupRequired.description") });
      void navigate("/dashboard/account#two-factor", { replace: true });
      return;
    }
    toast({
      variant: "success",
      title: bilingual("auth.loginSuccess"),
      description: bilingual("auth.welcome", { name: user.name || user.username }),
    });
    void navigate("/dashboard", { replace: true });
  };
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ("challenge" in result) return setChallenge(result.challenge);
      signedIn(result.user, !!result.twoFactorSetupRequired);
    },
    onError: (error) => toastError(error),
  });

  if (challenge) return <SecondStepForm challenge={challenge} onSignedIn={(user) => signedIn(user)} onRestart={() => setChallenge(null)} />;

  // Client validation speaks with the spec's words: the schema's messages are error codes.
  const onInvalid = (invalid: FieldErrors<TLoginInput>) => {
    const first = invalid.email ?? invalid.password;
    if (first?.message) toastError(first.message);
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutate({ ...values, loginType }), onInvalid)}
      className="flex flex-col gap-5"
    >
      <Field id="email" label={t("auth.email")} error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@school.edu"
          {...fieldA11y("email", errors.email?.message)}
          {...form.register("email")}
        />
      </Field>
      <Field
        id="password"
        label={t("auth.password")}
        error={errors.password?.message}
        aside={
          <Link
            to="/request-password-reset"
            state={{ loginPath: `/login/${loginType}` }}
            className="rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("auth.forgotPassword")}
          </Link>
        }
      >
        <PasswordInput
          id="password"
          autoComplete="current-password"
          {...fieldA11y("password", errors.password?.message)}
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={mutation.isPending}>
        {mutation.isPending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            {t("auth.submitting")}
          </>
        ) : (
          <>
            <LogIn aria-hidden="true" className="rtl:-scale-x-100" />
            {t("auth.submit")}
          </>
        )}
      </Button>
    </form>
  );
}
