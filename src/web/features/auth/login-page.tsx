import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { LOGIN_TYPES, type TLoginType } from "@shared/permissions";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { AuthShell } from "./auth-shell";
import { LoginForm } from "./login-form";
import { ProviderSignIn } from "./provider-buttons";

/** Switch between the three login screens (a visitor often lands on the wrong one). */
function LoginTypeSwitcher({ current }: { current: TLoginType }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("auth.loginTypes")}>
      <ul className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
        {LOGIN_TYPES.map((type) => (
          <li key={type} className="flex">
            <NavLink
              to={`/login/${type}`}
              replace
              aria-current={type === current ? "page" : undefined}
              className="flex w-full items-center justify-center rounded-lg px-2 py-2 text-center text-xs font-semibold text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-card aria-[current=page]:text-foreground aria-[current=page]:shadow-sm sm:text-sm"
            >
              {t(`auth.types.${type}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function LoginPage({ loginType }: { loginType: TLoginType }) {
  const { t } = useTranslation();
  const title = t(`auth.title.${loginType}`);
  useDocumentTitle(title);
  return (
    <AuthShell>
      <LoginTypeSwitcher current={loginType} />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{t(`auth.subtitle.${loginType}`)}</p>
      </div>
      <LoginForm key={loginType} loginType={loginType} />
      <ProviderSignIn loginType={loginType} />
      <p className="flex items-start gap-2.5 rounded-xl border border-border bg-muted p-3.5 text-sm text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{t("auth.noAccountNote")}</span>
      </p>
    </AuthShell>
  );
}
