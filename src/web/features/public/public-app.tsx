// A prerendered public page as the browser takes it over (public-main.tsx) and as the build renders it
// (entry-prerender.tsx): the page in the public frame, with i18n — and no router, query cache or Radix menu,
// which is most of what the landing page used to download (docs/decisions/0008). Links load the next page,
// which arrives prerendered too.
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from "react";
import { I18nextProvider } from "react-i18next";
import type { TSessionUser } from "@shared/permissions";
import { PublicFrame } from "@web/components/layout/public-frame";
import { useToasts } from "@web/components/ui/toast-store";
import i18n from "@web/lib/i18n";
import { SIGNED_OUT_PATH } from "@shared/auth-paths";
import { endSession, fetchSessionUser, readSessionHint, setSessionHint, subscribeSessionHint } from "@web/lib/session-core";
import { SiteNavProvider, type TSiteNav, type TSiteSession } from "@web/lib/site-nav";

const Toaster = lazy(async () => ({ default: (await import("@web/components/ui/toaster")).Toaster }));

/** The toasts' code loads with the first toast (the contact form's), not with every page. */
function ToasterOnDemand() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Who is signed in, read once. Only a browser that was signed in last time asks (a visitor's makes no call);
 * until the answer, the server's view (nobody) is kept so hydration matches the prerendered HTML.
 */
function usePublicSession(): TSiteSession {
  const hint = useSyncExternalStore(subscribeSessionHint, readSessionHint, () => false);
  const [answer, setAnswer] = useState<{ user: TSessionUser | null } | null>(null);
  useEffect(() => {
    if (!hint || answer) return;
    const controller = new AbortController();
    const settle = (user: TSessionUser | null) => {
      if (!controller.signal.aborted) setAnswer({ user });
    };
    fetchSessionUser(controller.signal).then(settle, () => settle(null));
    return () => controller.abort();
  }, [hint, answer]);
  return useMemo(
    () => ({
      user: answer?.user ?? null,
      isProbablySignedIn: hint && !answer,
      signOut: () => {
        void endSession().then((offered) => {
          setSessionHint(false);
          window.location.assign(offered ? SIGNED_OUT_PATH : "/");
        });
      },
    }),
    [answer, hint],
  );
}

export function PublicApp({ path, Page }: { path: string; Page: ComponentType }) {
  const session = usePublicSession();
  const nav = useMemo<TSiteNav>(() => ({ pathname: path, session }), [path, session]);
  return (
    <I18nextProvider i18n={i18n}>
      <SiteNavProvider value={nav}>
        <PublicFrame>
          <Page />
        </PublicFrame>
        <ToasterOnDemand />
      </SiteNavProvider>
    </I18nextProvider>
  );
}
