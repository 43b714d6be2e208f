import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { completePendingSignOut } from "@web/lib/session";

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

/**
 * Marks which path the HTML was rendered for, so main.tsx hydrates prerendered HTML only on its own page (the
 * server may answer other paths with the prerendered home page as the SPA shell).
 */
function RenderedPathMarker() {
  const { pathname } = useLocation();
  return <span hidden data-rendered-path={pathname} />;
}

/** Finishes a sign-out once its destination is on screen (see useSignOut). */
function SignOutCompleter() {
  const { pathname } = useLocation();
  useEffect(() => completePendingSignOut(pathname), [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <RenderedPathMarker />
      <SignOutCompleter />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
