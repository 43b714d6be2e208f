// Helpers of the administration browser tests: texts in both languages, toasts, unique test data.
import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { ERRORS, type TErrorCode } from "../../src/shared/errors";

/** This machine is shared and often busy: assertions wait longer than the default 10 s. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Same reason: a whole test may take a few minutes when the machine is loaded. */
export function allowSlowMachine() {
  test.describe.configure({ timeout: 240_000 });
}

export type TLang = "ar" | "en";
export const LANGS: readonly TLang[] = ["ar", "en"];

type TAdminTexts = typeof import("../../src/shared/i18n/admin.en.json");
const load = (lang: TLang): TAdminTexts =>
  JSON.parse(fs.readFileSync(path.resolve("src/shared/i18n", `admin.${lang}.json`), "utf8")) as TAdminTexts;
const TEXTS = { ar: load("ar"), en: load("en") };

/** The admin namespace's texts in `lang`. */
export function texts(lang: TLang): TAdminTexts {
  return TEXTS[lang];
}

export function errorOf(code: TErrorCode, lang: TLang) {
  return { title: ERRORS[code].title[lang], message: ERRORS[code].message[lang] };
}

/** Fills {{placeholders}} like i18next does. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}

/** A short id unique to this test run (tests run in parallel and create their own data). */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The newest open toast. By CSS, not by role: while a modal dialog is open, Radix hides the rest of the page
 *  (the toast region included) from the accessibility tree. */
export function latestToast(page: Page) {
  return page.locator("[role=region] > ol > li[data-state=open]").first();
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const toast = latestToast(page);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** The page's section heading (the dashboard's h1 is the role's title). */
export function sectionHeading(page: Page) {
  return page.locator("#section-heading");
}
