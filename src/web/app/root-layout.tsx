import { useEffect, useMemo, type ReactNode } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from "react-router";
import { completePendingSignOut, useSession, useSignOut } from "@web/lib/session";
import { SiteNavProvider, type TSiteNav } from "@web/lib/site-nav";

/** A thin bar at the top while a route (or its code) is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

/** The shared header and footer link, and read the session, through React Router and TanStack Query here. */
function RouterSiteNav({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, isProbablySignedIn } = useSession();
  const signOut = useSignOut();
  const value = useMemo<TSiteNav>(
    () => ({
      pathname,
      navigate: (to) => void navigate(to),
      session: { user, isProbablySignedIn, signOut: () => void signOut("/") },
    }),
    [pathname, navigate, user, isProbablySignedIn, signOut],
  );
  return <SiteNavProvider value={value}>{children}</SiteNavProvider>;
}

/** Finishes a sign-out once its destination is on screen (see useSignOut). */
function SignOutCompleter() {
  const { pathname } = useLocation();
  useEffect(() => completePendingSignOut(pathname), [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <RouterSiteNav>
      <SignOutCompleter />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </RouterSiteNav>
  );
}
