// Who is signed in, without a query cache: the /me call, the logout call, and a small non-secret hint in
// localStorage that a session probably exists (so a page can show a placeholder instead of flashing the
// signed-out view while /me is in flight). The signed-in app wraps these in TanStack Query (session.ts); the
// public pages use them as they are (public-main.tsx).
import type { TSessionUser } from "@shared/permissions";
import type { TLogoutResult } from "@shared/schemas/identity-provider";
import { requestJson } from "./request-json";
import { readStorage, writeStorage } from "./storage";

const HINT_KEY = "qias.signedIn";
const hintListeners = new Set<() => void>();

export function readSessionHint(): boolean {
  return readStorage(HINT_KEY) === "1";
}

export function setSessionHint(signedIn: boolean): void {
  if (readSessionHint() === signedIn) return;
  writeStorage(HINT_KEY, signedIn ? "1" : null);
  hintListeners.forEach((listener) => listener());
}

export function subscribeSessionHint(listener: () => void): () => void {
  hintListeners.add(listener);
  return () => hintListeners.delete(listener);
}

/**
 * GET /api/auth/me. A 401, another failure, or a server we cannot reach means "nobody" — never an error screen.
 * Only an abort is thrown (the caller went away).
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<TSessionUser | null> {
  try {
    const { ok, status, data } = await requestJson<{ user: TSessionUser }>("/api/auth/me", { signal });
    if (status === 401) setSessionHint(false);
    if (!ok || !data) return null;
    setSessionHint(true);
    return data.user;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/** Where the provider's logout offer waits for the signed-out page: this tab only, read once (signed-out-page.tsx). */
export const PROVIDER_LOGOUT_KEY = "qias.providerLogout";

/**
 * Ends the session on the server; already signed out, or offline, is not an error (local state goes anyway).
 * Resolves to whether the session came through an identity provider whose own logout is offered (issue 38): then
 * the offer is kept for the signed-out page, which the caller goes to instead of its usual destination.
 */
export async function endSession(): Promise<boolean> {
  try {
    const { ok, data } = await requestJson<TLogoutResult>("/api/auth/logout", { method: "POST" });
    const offer = ok ? data?.providerLogout : null;
    if (!offer) return false;
    // sessionStorage, not localStorage: it holds the provider's id_token hint, which must not outlive this tab.
    window.sessionStorage.setItem(PROVIDER_LOGOUT_KEY, JSON.stringify(offer));
    return true;
  } catch {
    // Nothing to do: the caller forgets the user either way.
    return false;
  }
}
