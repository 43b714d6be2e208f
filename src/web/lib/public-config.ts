// GET /api/public/config: contact details and the publishing domain (footer, contact page). Read once per page
// load and shared, with a plain store rather than TanStack Query: the public pages hydrate without a query
// cache (see lib/site-nav.tsx). A failed read is tried again by the next component that asks.
import { useEffect, useSyncExternalStore } from "react";
import { requestJson } from "./request-json";

export type TPublicConfig = { contactPhone: string; contactEmail: string; siteDomain: string };
type TState = { data?: TPublicConfig };

const EMPTY: TState = {};
let state: TState = EMPTY;
let loading = false;
const listeners = new Set<() => void>();

function load(): void {
  if (state.data || loading) return;
  loading = true;
  const failed = () => void (loading = false); // the footer shows its generic text meanwhile
  requestJson<TPublicConfig>("/api/public/config").then(({ ok, data }) => {
    if (!ok || !data) return failed();
    state = { data };
    listeners.forEach((listener) => listener());
  }, failed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePublicConfig(): TState {
  useEffect(load, []);
  return useSyncExternalStore(subscribe, () => state, () => EMPTY);
}
