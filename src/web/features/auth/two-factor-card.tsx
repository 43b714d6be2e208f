// The account page's "Two-step sign-in" (issue 38), staff only: set up (the server's QR code and the key as text,
// then a code from the app before it is on), the recovery codes shown once, and turning it off with the password
// or a code. The secret is in this component's memory only while it is being set up.
import { LoaderCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { isApiError } from "@web/lib/api";
import { bilingual } from "@web/lib/i18n";
import { cn } from "@web/lib/utils";
import { useConfirmTwoFactor, useNewRecoveryCodes, useStartTwoFactor, useTurnOffTwoFactor, useTwoFactor } from "./api";
import { Field } from "./field";
import { PasswordInput } from "./password-input";

function Pending({ label }: { label: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      {label}
    </>
  );
}

const codeClass = "font-mono text-lg tracking-[0.2em] text-center";

function SetUp({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError("TWO_FACTOR_CODE_WRONG");
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ variant: "success", title: bilingual("account.twoFactor.toastOn") });
        onDone(recoveryCodes);
      },
      onError: (err) => {
        toastError(err);
        if (isApiError(err)) setError(err.code);
        if (isApiError(err, "TWO_FACTOR_NOT_STARTED")) start.reset();
      },
    });
  };
  if (!start.data) {
    return (
      <Button className="self-start" disabled={start.isPending} onClick={() => start.mutate(undefined, { onError: (err) => toastError(err) })} data-testid="two-factor-start">
        {start.isPending ? <Pending label={t("account.twoFactor.starting")} /> : t("account.twoFactor.setUp")}
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={onConfirm} className="flex flex-col gap-4" data-testid="two-factor-setup">
      <p className="font-medium">{t("account.twoFactor.scan")}</p>
      {/* The server draws the SVG (uqr) from the otpauth:// URI; dark modules on white in both themes, as a scanner needs. */}
      <div
        role="img"
        aria-label={t("account.twoFactor.qrLabel")}
        className="size-48 self-center rounded-lg bg-white p-2 text-black [&>svg]:size-full"
        // The wrapper is the image for assistive technology; the drawing inside is not a second one.
        dangerouslySetInnerHTML={{ __html: start.data.qrSvg.replace("<svg", '<svg aria-hidden="true" focusable="false"') }}
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t("account.twoFactor.orType")}</p>
        <code dir="ltr" className="rounded-md bg-muted px-3 py-2 text-center font-mono text-sm break-all select-all" data-testid="two-factor-secret">
          {start.data.secret}
        </code>
      </div>
      <p className="font-medium">{t("account.twoFactor.enterCode")}</p>
      <Field id="two-factor-code" label={t("account.twoFactor.code")} error={error}>
        <Input
          id="two-factor-code"
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={40}
          className={codeClass}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          {...(error ? { "aria-invalid": true as const, "aria-describedby": "two-factor-code-error" } : {})}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={confirm.isPending} data-testid="two-factor-confirm">
          {confirm.isPending ? <Pending label={t("account.twoFactor.confirming")} /> : t("account.twoFactor.confirm")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => start.reset()}>
          {t("account.twoFactor.cancel")}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <h4 className="font-semibold">{t("account.twoFactor.recoveryTitle")}</h4>
      <p className="text-sm text-muted-foreground">{t("account.twoFactor.recoveryDescription")}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-2 rounded-lg border border-input-border p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ol>
      <Button className="self-start" onClick={onDone} data-testid="recovery-codes-done">
        {t("account.twoFactor.recoveryDone")}
      </Button>
    </div>
  );
}

/** New recovery codes without turning it off: a current code of the app, then the new codes shown once. */
function NewRecoveryCodes({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const renew = useNewRecoveryCodes();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError("TWO_FACTOR_CODE_WRONG");
    renew.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        setCode("");
        setError(undefined);
        onDone(recoveryCodes);
      },
      onError: (err) => {
        toastError(err);
        if (isApiError(err)) setError(err.code);
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 border-t border-border pt-4" data-testid="two-factor-new-codes">
      <div className="flex flex-col gap-1">
        <h4 className="font-semibold">{t("account.twoFactor.newCodesTitle")}</h4>
        <p className="text-sm text-muted-foreground">{t("account.twoFactor.newCodesDescription")}</p>
      </div>
      <Field id="two-factor-new-codes-code" label={t("account.twoFactor.appCode")} error={error}>
        <Input id="two-factor-new-codes-code" dir="ltr" inputMode="numeric" autoComplete="one-time-code" maxLength={40} className={codeClass} value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={renew.isPending} data-testid="two-factor-new-codes-submit">
        {renew.isPending ? <Pending label={t("account.twoFactor.newCodesPending")} /> : t("account.twoFactor.newCodes")}
      </Button>
    </form>
  );
}

function TurnOff() {
  const { t } = useTranslation();
  const off = useTurnOffTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password && !code.trim()) return setError("CURRENT_PASSWORD_WRONG");
    off.mutate(code.trim() ? { code } : { password }, {
      onSuccess: () => toast({ variant: "success", title: bilingual("account.twoFactor.toastOff") }),
      onError: (err) => {
        toastError(err);
        if (isApiError(err)) setError(err.code);
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 border-t border-border pt-4" data-testid="two-factor-off">
      <div className="flex flex-col gap-1">
        <h4 className="font-semibold">{t("account.twoFactor.turnOffTitle")}</h4>
        <p className="text-sm text-muted-foreground">{t("account.twoFactor.turnOffDescription")}</p>
      </div>
      <Field id="two-factor-off-password" label={t("account.twoFactor.password")} error={error}>
        <PasswordInput id="two-factor-off-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Field id="two-factor-off-code" label={t("account.twoFactor.orCode")}>
        <Input id="two-factor-off-code" dir="ltr" autoComplete="one-time-code" maxLength={40} className={codeClass} value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Button type="submit" variant="destructive" className="self-start" disabled={off.isPending} data-testid="two-factor-turn-off">
        {off.isPending ? <Pending label={t("account.twoFactor.turningOff")} /> : t("account.twoFactor.turnOff")}
      </Button>
    </form>
  );
}

export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const enabled = !!status.data?.enabled;
  return (
    <Card id="two-factor" data-testid="account-two-factor" className="scroll-mt-24">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle as="h3">{t("account.twoFactor.title")}</CardTitle>
          {status.data && (
            <span
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium",
                enabled ? "border border-success-border bg-success text-success-foreground" : "bg-muted text-muted-foreground",
              )}
              data-testid="two-factor-state"
            >
              {enabled ? <ShieldCheck aria-hidden="true" className="size-4" /> : <ShieldOff aria-hidden="true" className="size-4" />}
              {enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}
            </span>
          )}
        </div>
        <CardDescription>{t("account.twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? (
          <LoadingState testId="two-factor-loading" />
        ) : status.isError ? (
          <ErrorState title={t("account.loadFailed")} error={status.error} onRetry={() => void status.refetch()} />
        ) : recovery ? (
          <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
        ) : enabled ? (
          <>
            <p className="text-sm">{t("account.twoFactor.recoveryLeft", { count: status.data.recoveryCodesLeft })}</p>
            <NewRecoveryCodes onDone={setRecovery} />
            <TurnOff />
          </>
        ) : (
          <>
            {status.data.required && (
              <p role="alert" className="rounded-lg border border-gold bg-muted px-3 py-2 text-sm font-medium" data-testid="two-factor-required">
                {t("account.twoFactor.required")}
              </p>
            )}
            <SetUp onDone={setRecovery} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
