// Shared by the public-site browser tests: the routes, their translations, and a stub for the map frame.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

type TDict = Record<string, unknown>;
const read = (file: string): TDict => JSON.parse(fs.readFileSync(path.resolve("src/shared/i18n", file), "utf8")) as TDict;
// The public site reads its two namespaces as one (src/web/features/public/lib/use-public.ts).
const load = (lang: "ar" | "en"): TDict => ({ ...read(`public.${lang}.json`), ...read(`pages.${lang}.json`) });
const dicts = { ar: load("ar"), en: load("en") };

/** A text of the public site ("public" and "pages" namespaces), with the <tags> used for isolation removed. */
export function text(lang: "ar" | "en", key: string): string {
  const value = key.split(".").reduce<unknown>((a, k) => (a as TDict | undefined)?.[k], dicts[lang]);
  if (typeof value !== "string") throw new Error(`no text ${lang}:${key}`);
  return value.replace(/<\/?[a-z]+>/g, "");
}

export const PUBLIC_ROUTES = [
  { name: "home", path: "/" },
  { name: "about", path: "/about" },
  { name: "features", path: "/features" },
  { name: "services", path: "/services" },
  { name: "contact", path: "/contact" },
  { name: "calendar", path: "/qias-documents/calendar" },
  { name: "test-schedule", path: "/qias-documents/test-schedule" },
  { name: "digital-content", path: "/digital-content" },
  { name: "external-tests", path: "/external-tests" },
] as const;

/**
 * The map on /contact is a third-party frame; answer it locally so tests need no network. "abort" leaves the
 * frame empty (no document, so no console noise from it).
 */
export async function stubMap(page: Page, mode: "fulfill" | "abort" = "fulfill") {
  await page.route(/^https:\/\/www\.openstreetmap\.org\//, (route) =>
    mode === "abort"
      ? route.abort()
      : route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><html lang='en'><title>Map</title><body></body></html>" }),
  );
}
