// "Sign in with <provider>" below the login form (issue 38): one link per identity provider serving this login
// screen, and the refusal the provider's round trip came back with (?error=CODE), in the page's language.
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { TLoginType } from "@shared/permissions";
import type { TLoginProvider } from "@shared/schemas/identity-provider";
import { isErrorCode } from "@shared/errors";
import { Button } from "@web/components/ui/button";
import { api } from "@web/lib/api";
import { errorText } from "@web/lib/errors";
import { currentLanguage } from "@web/lib/i18n";

export function ProviderSignIn({ loginType }: { loginType: TLoginType }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const providers = useQuery({
    queryKey: ["auth", "providers", loginType] as const,
    queryFn: ({ signal }) => api<TLoginProvider[]>(`/api/auth/providers?loginType=${loginType}`, { signal }),
    staleTime: 60_000,
  });
  const code = params.get("error");
  const refusal = code && isErrorCode(code) ? errorText(code, lang) : null;
  const list = providers.data ?? [];
  return (
    <>
      {refusal && (
        <div role="alert" data-testid="provider-refusal" className="rounded-xl border border-destructive/40 bg-destructive/10 p-3.5 text-sm">
          <p className="font-semibold">{refusal.title}</p>
          <p className="mt-1 text-muted-foreground">{refusal.message}</p>
        </div>
      )}
      {list.length > 0 && (
        <div className="flex flex-col gap-3" data-testid="provider-sign-in">
          <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">{t("auth.orProvider")}</p>
          {list.map((provider) => (
            <Button key={provider.id} asChild variant="outline" className="w-full">
              <a href={`/api/auth/oidc/${provider.id}/start?loginType=${loginType}&lang=${lang}`}>
                <KeyRound aria-hidden="true" className="size-4" />
                {t("auth.signInWith", { name: lang === "ar" ? provider.nameAr : provider.nameEn })}
              </a>
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
