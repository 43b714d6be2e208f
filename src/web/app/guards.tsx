// Route guards built on useSession(). While /me is in flight they show a spinner rather than a page that may
// be the wrong one, except on public pages for a browser with no sign of a session (the page is shown at once).
import { Navigate, Outlet, useLocation } from "react-router";
import type { TRole } from "@shared/permissions";
import { PageSpinner } from "@web/components/ui/spinner";
import { isSigningOut, useSession } from "@web/lib/session";

/** /dashboard/*: signed-in users only; others go to the admin login. */
export function RequireAuth() {
  const { user, isPending } = useSession();
  if (user) return <Outlet />;
  if (isPending || isSigningOut()) return <PageSpinner />;
  return <Navigate to="/login/admin" replace />;
}

/** Pages for some roles only (e.g. the exam editor): anyone else, signed in or not, goes to `redirectTo`. */
export function RequireRole({ roles, redirectTo }: { roles: readonly TRole[]; redirectTo: string }) {
  const { user, isPending } = useSession();
  if (user && roles.includes(user.role)) return <Outlet />;
  if (isPending || isSigningOut()) return <PageSpinner />;
  return <Navigate to={redirectTo} replace />;
}

/** Login pages: a signed-in user goes to the dashboard. With `onlyAt`, the rule applies to that path only. */
export function RedirectIfSignedIn({ onlyAt }: { onlyAt?: string }) {
  const { user, isProbablySignedIn } = useSession();
  const { pathname } = useLocation();
  const applies = onlyAt === undefined || pathname === onlyAt;
  if (applies && !isSigningOut()) {
    if (user) return <Navigate to="/dashboard" replace />;
    if (isProbablySignedIn) return <PageSpinner />;
  }
  return <Outlet />;
}

/** Any unknown path: to the dashboard when signed in, else home. */
export function UnknownPath() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return <Navigate to={user ? "/dashboard" : "/"} replace />;
}
