// Dark mode: a class on <html> (public/theme-init.js sets it before paint) mirrored in localStorage.
// Read through useSyncExternalStore so a prerendered (light) page hydrates without a mismatch and then
// shows the real state.
import { useSyncExternalStore } from "react";
import { STORAGE_KEY_DARK_MODE } from "@shared/limits";
import { writeStorage } from "./storage";

const listeners = new Set<() => void>();

function isDarkNow(): boolean {
  return typeof document !== "undefined" && document.documentElement.classList.contains("dark");
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
  writeStorage(STORAGE_KEY_DARK_MODE, dark ? "true" : "false");
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, isDarkNow, () => false);
  return [dark, setDarkMode];
}
