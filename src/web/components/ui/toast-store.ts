// A tiny toast store: `toast({ title, description, variant })` from anywhere (also outside React), rendered by
// <Toaster />. Kept apart from toastError (use-toast.ts), which needs the error catalogue the public pages do
// not download. Texts may be { en, ar } pairs, resolved in the language current at render time. At most
// TOAST_LIMIT are visible; a new toast replaces the oldest.
import { useSyncExternalStore } from "react";
import type { TText } from "@shared/errors";
import { TOAST_LIMIT } from "@shared/limits";

export type TToastText = string | TText;
export type TToastVariant = "default" | "success" | "destructive";

export type TToastInput = { title?: TToastText; description?: TToastText; variant?: TToastVariant };
export type TToast = TToastInput & { id: number; open: boolean };

const REMOVE_DELAY_MS = 300; // let the close animation play
let nextId = 1;
let toasts: TToast[] = [];
const listeners = new Set<() => void>();

function emit(next: TToast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))), REMOVE_DELAY_MS);
}

export function toast(input: TToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts.filter((t) => t.open)].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: TToast[] = [];

export function useToasts(): TToast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
}
