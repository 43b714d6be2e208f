// The second step of signing in (issue 38): the password was right, and the server holds a challenge for a few
// minutes; a code from the authenticator app (or a recovery code) then makes the session. Nothing of this step is
// kept in the browser beyond the challenge in memory: a reload starts again from the password.
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle, ShieldCheck } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TSessionUser } from "@shared/permissions";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { isApiError } from "@web/lib/api";
import { loginSecondStep } from "./api";
import { Field } from "./field";

export function SecondStepForm({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (user: TSessionUser) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: loginSecondStep,
    onSuccess: ({ user }) => onSignedIn(user),
    onError: (err) => {
      toastError(err);
      if (isApiError(err, "SIGN_IN_STEP_EXPIRED")) return onRestart();
      if (isApiError(err)) setError(err.code);
      setCode("");
      input.current?.focus();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("TWO_FACTOR_CODE_WRONG");
      return input.current?.focus();
    }
    mutation.mutate({ challenge, code });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="second-step">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{t("auth.secondStep.title")}</h2>
          <p id="second-step-description" className="text-sm text-muted-foreground">
            {t("auth.secondStep.description")}
          </p>
        </div>
      </div>
      <Field id="second-step-code" label={t("auth.secondStep.code")} error={error}>
        <Input
          ref={input}
          id="second-step-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode="text"
          dir="ltr"
          maxLength={40}
          className="text-center font-mono text-xl tracking-[0.3em]"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          aria-describedby={error ? "second-step-code-error" : "second-step-description"}
          {...(error ? { "aria-invalid": true as const } : {})}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            {t("auth.secondStep.submitting")}
          </>
        ) : (
          t("auth.secondStep.submit")
        )}
      </Button>
      <Button type="button" variant="ghost" onClick={onRestart}>
        {t("auth.secondStep.startAgain")}
      </Button>
    </form>
  );
}
