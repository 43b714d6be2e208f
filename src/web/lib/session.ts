// Who is signed in, for the signed-in app: the calls of session-core.ts through TanStack Query, so every screen
// shares one answer and a sign-in or sign-out updates them all.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { wipeOfflineCopies } from "@web/features/taking/lib/offline-wipe";
import { rememberDeviceUser } from "@web/features/taking/lib/offline-worker";
import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { TSessionUser } from "@shared/permissions";
import { SIGNED_OUT_PATH } from "@shared/auth-paths";
import { endSession, fetchSessionUser, readSessionHint, setSessionHint, subscribeSessionHint } from "./session-core";

export const SESSION_QUERY_KEY = ["auth", "me"] as const;

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }) => {
    const user = await fetchSessionUser(signal);
    // The take page's offline copies are per user: the worker must know who is signed in before a page asks it.
    if (user) await rememberDeviceUser(user.id);
    return user;
  },
  retry: false,
  staleTime: 30_000,
});

export type TSessionState = {
  user: TSessionUser | null;
  /** /me has not answered yet. */
  isPending: boolean;
  /** Pending, and this browser was signed in last time: show a spinner rather than the signed-out view. */
  isProbablySignedIn: boolean;
};

export function useSession(): TSessionState {
  const query = useQuery(sessionQuery);
  const hint = useSyncExternalStore(subscribeSessionHint, readSessionHint, () => false);
  const user = query.data ?? null;
  return { user, isPending: query.isPending, isProbablySignedIn: query.isPending && hint };
}

export function setSessionUser(queryClient: QueryClient, user: TSessionUser | null): void {
  setSessionHint(user !== null);
  if (user) void rememberDeviceUser(user.id);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

// Signing out leaves the page first and forgets the user only once the destination is on screen (RootLayout
// calls completePendingSignOut after the commit). Otherwise a guard still mounted during the route transition
// would react: the dashboard's by sending the user to the admin login, "/"'s by bouncing back to the dashboard.
let pendingSignOut: { to: string; finish: () => void } | null = null;

export function isSigningOut(): boolean {
  return pendingSignOut !== null;
}

/** Called by the root layout after every location change. */
export function completePendingSignOut(pathname?: string): void {
  if (!pendingSignOut || (pathname !== undefined && pathname !== pendingSignOut.to)) return;
  const { finish } = pendingSignOut;
  pendingSignOut = null;
  finish();
}

/** Ends the session on the server, goes to `to` (default "/"), and forgets every cached query. */
export function useSignOut(): (to?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = "/") => {
      // A shared computer keeps nothing of this user's exams: the answer journals and the papers' offline copies
      // (issue 37). Imported statically: a dynamic import here put Vite's preload helper, a file of its own, on the
      // home page (bench/web.mjs counts its files); what tree shaking keeps of the wipe is a few hundred bytes.
      await wipeOfflineCopies().catch(() => {});
      // Signed in through a provider that can end its own session: the page that offers it instead.
      if (await endSession()) to = SIGNED_OUT_PATH;
      const finish = () => {
        void queryClient.cancelQueries();
        queryClient.clear();
        setSessionUser(queryClient, null);
      };
      if (window.location.pathname === to) {
        finish();
        return;
      }
      pendingSignOut = { to, finish };
      await navigate(to, { replace: true });
      // Should the router end up elsewhere, do not keep the user around.
      window.setTimeout(() => completePendingSignOut(), 3000);
    },
    [queryClient, navigate],
  );
}
