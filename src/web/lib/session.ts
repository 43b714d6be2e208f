// Who is signed in: GET /api/auth/me through TanStack Query. A 401 (or an unreachable server) means "nobody",
// never an error screen. A small non-secret hint in localStorage remembers that a session probably exists, so
// pages can show a spinner instead of flashing the signed-out view while /me is in flight.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import type { TSessionUser } from "@shared/permissions";
import { api, isApiError } from "./api";
import { readStorage, writeStorage } from "./storage";

const HINT_KEY = "qias.signedIn";
const hintListeners = new Set<() => void>();

function readHint(): boolean {
  return readStorage(HINT_KEY) === "1";
}

export function setSessionHint(signedIn: boolean): void {
  if (readHint() === signedIn) return;
  writeStorage(HINT_KEY, signedIn ? "1" : null);
  hintListeners.forEach((listener) => listener());
}

function subscribeHint(listener: () => void): () => void {
  hintListeners.add(listener);
  return () => hintListeners.delete(listener);
}

export const SESSION_QUERY_KEY = ["auth", "me"] as const;

async function fetchSessionUser(signal: AbortSignal): Promise<TSessionUser | null> {
  try {
    const { user } = await api<{ user: TSessionUser }>("/api/auth/me", { signal });
    setSessionHint(true);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) setSessionHint(false);
    if (isApiError(error)) return null; // 401, or a server we cannot reach: treat as signed out.
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchSessionUser(signal),
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
  const hint = useSyncExternalStore(subscribeHint, readHint, () => false);
  const user = query.data ?? null;
  return { user, isPending: query.isPending, isProbablySignedIn: query.isPending && hint };
}

export function setSessionUser(queryClient: QueryClient, user: TSessionUser | null): void {
  setSessionHint(user !== null);
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
      try {
        await api("/api/auth/logout", { method: "POST" });
      } catch {
        // Already signed out, or offline: the local state is cleared either way.
      }
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
