// /signed-out (issue 38): where signing out lands when the session came through a school's identity provider that
// can end its own session. Qias's session is already over; the page offers the provider's logout too — on a shared
// school computer the next pupil's "Sign in with …" would otherwise walk straight into the last one's account.
// The offer (with the provider's id_token hint) was left by endSession in this tab's sessionStorage; it is read
// once and removed. The provider sends the browser back here afterwards, and the page then says both are done.
import { LogOut, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ZProviderLogout, type TProviderLogout } from "@shared/schemas/identity-provider";
import { Button } from "@web/components/ui/button";
import { currentLanguage } from "@web/lib/i18n";
import { PROVIDER_LOGOUT_KEY } from "@web/lib/session-core";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { AuthShell } from "./auth-shell";

const LEFT_FOR_PROVIDER_KEY = "qias.providerLogout.left";

function takeOffer(): TProviderLogout | null {
  try {
    const raw = window.sessionStorage.getItem(PROVIDER_LOGOUT_KEY);
    window.sessionStorage.removeItem(PROVIDER_LOGOUT_KEY);
    const parsed = ZProviderLogout.safeParse(raw ? JSON.parse(raw) : null);
    // Only an https address (or this machine's, in development) is followed.
    return parsed.success && /^https:|^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(parsed.data.url) ? parsed.data : null;
  } catch {
    return null;
  }
}

function takeReturn(): { nameAr: string; nameEn: string } | null {
  try {
    const raw = window.sessionStorage.getItem(LEFT_FOR_PROVIDER_KEY);
    window.sessionStorage.removeItem(LEFT_FOR_PROVIDER_KEY);
    return raw ? (JSON.parse(raw) as { nameAr: string; nameEn: string }) : null;
  } catch {
    return null;
  }
}

export function SignedOutPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("auth.signedOut.title"));
  const [offer] = useState(takeOffer);
  const [returned] = useState(() => (offer ? null : takeReturn()));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const name = (p: { nameAr: string; nameEn: string }) => "\u2068" + (lang === "ar" ? p.nameAr : p.nameEn) + "\u2069";

  const leave = () => {
    if (!offer) return;
    window.sessionStorage.setItem(LEFT_FOR_PROVIDER_KEY, JSON.stringify({ nameAr: offer.nameAr, nameEn: offer.nameEn }));
  };

  return (
    <AuthShell>
      <div className="flex flex-col gap-5" data-testid="signed-out">
        <span className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
          <ShieldCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {t("auth.signedOut.title")}
        </h1>
        {offer ? (
          <>
            <p className="leading-relaxed">{t("auth.signedOut.stillIn", { name: name(offer) })}</p>
            <p className="text-sm text-muted-foreground">{t("auth.signedOut.sharedComputer")}</p>
            <Button asChild className="self-start" data-testid="provider-logout">
              <a href={offer.url} onClick={leave}>
                <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
                {t("auth.signedOut.signOutOf", { name: name(offer) })}
              </a>
            </Button>
          </>
        ) : (
          <p className="leading-relaxed" data-testid="signed-out-done">
            {returned ? t("auth.signedOut.both", { name: name(returned) }) : t("auth.signedOut.done")}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <Link to="/" className="rounded-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            {t("auth.signedOut.home")}
          </Link>
        </div>
      </div>
    </AuthShell>
  );
}
