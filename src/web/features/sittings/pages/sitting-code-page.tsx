// /sitting (issue 38), public: a student types the code printed on their ticket — one big field, forgiving of
// lower case, spaces, dashes and Arabic-Indic digits (shared/sitting-code.ts; the server reads it the same way) —
// and lands in that sitting's lobby with an ordinary student session.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, LogIn } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@web/components/ui/button";
import { toastError } from "@web/components/ui/use-toast";
import { AuthShell } from "@web/features/auth/auth-shell";
import { isApiError } from "@web/lib/api";
import { errorText } from "@web/lib/errors";
import { setSessionUser } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { signInWithSittingCode } from "../api";
import { useSittingsT } from "../lib/use-sittings-t";

export function SittingCodePage() {
  const { t, lang } = useSittingsT();
  useDocumentTitle(t("codePage.title"));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: signInWithSittingCode,
    onSuccess: ({ user, examId }) => {
      setSessionUser(queryClient, user);
      void navigate(`/student/exam/${encodeURIComponent(examId)}/take`, { replace: true });
    },
    onError: (err) => {
      toastError(err);
      setError(isApiError(err) ? err.code : null);
      input.current?.select();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("SITTING_CODE_WRONG");
      return input.current?.focus();
    }
    mutation.mutate(code);
  };
  return (
    <AuthShell>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("codePage.title")}</h1>
        <p className="text-muted-foreground">{t("codePage.description")}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="sitting-code-form">
        <div className="flex flex-col gap-2">
          <label htmlFor="sitting-code" className="text-sm font-medium">
            {t("codePage.label")}
          </label>
          <input
            ref={input}
            id="sitting-code"
            dir="ltr"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={20}
            placeholder="ABCD-EFGH"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            className="h-20 w-full rounded-xl border-2 border-input-border bg-card px-4 text-center font-mono text-3xl font-bold tracking-[0.25em] uppercase outline-none placeholder:text-muted-foreground/50 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring sm:text-4xl"
            {...(error ? { "aria-invalid": true as const, "aria-describedby": "sitting-code-error" } : {})}
          />
          {error && (
            <p id="sitting-code-error" className="text-sm font-medium text-destructive-text">
              {errorText(error, lang).message}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" className="h-14 w-full text-lg" disabled={mutation.isPending} data-testid="sitting-code-submit">
          {mutation.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              {t("codePage.submitting")}
            </>
          ) : (
            <>
              <LogIn aria-hidden="true" className="rtl:-scale-x-100" />
              {t("codePage.submit")}
            </>
          )}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        <Link to="/login/student" className="text-link underline-offset-4 hover:underline">
          {t("codePage.staff")}
        </Link>
      </p>
    </AuthShell>
  );
}

export default SittingCodePage;
