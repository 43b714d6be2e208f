// What every browser test needs: accounts, an API sign-in, the mail outbox, and an axe check.
import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { E2E_DATA_DIR } from "./env";
import { E2E_ACCOUNTS, type TE2ERole } from "./accounts";

export { E2E_ACCOUNTS };
export { test, expect } from "@playwright/test";

const LOGIN_TYPE = { super_admin: "admin", school_admin: "school", teacher: "school", student: "student", resetStudent: "student" } as const;

/**
 * Collects the page's uncaught errors and console errors from here on; check the list with `expect(...).toEqual([])`
 * once the page has done its work. A signed-in page once threw the public entry's check on every load (issue 33).
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Signs in through the API (the cookie lands in the page's context) and opens the dashboard. */
export async function signIn(page: Page, who: TE2ERole, options: { goto?: string } = {}) {
  const account = E2E_ACCOUNTS[who];
  const res = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password, loginType: LOGIN_TYPE[who] },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(options.goto ?? "/dashboard");
}

/** Sets the UI language (and theme) before the first page load. */
export async function useLanguage(page: Page, language: "ar" | "en", options: { dark?: boolean } = {}) {
  await page.addInitScript(
    ([lang, dark]) => {
      if (!sessionStorage.getItem("__e2e_prefs_set")) {
        localStorage.setItem("language", lang as string);
        localStorage.setItem("darkMode", String(dark));
        sessionStorage.setItem("__e2e_prefs_set", "1");
      }
    },
    [language, !!options.dark] as const,
  );
}

/** Four looks that between them show each language, theme and width once: what a screen is photographed in. */
export const FOUR_LOOKS = [
  { lang: "ar", dark: false, width: 1280 },
  { lang: "ar", dark: true, width: 390 },
  { lang: "en", dark: true, width: 1280 },
  { lang: "en", dark: false, width: 390 },
] as const;

/** A page of its own at a phone's (under 500 px) or a desktop's size, in this language and theme; close its context after. */
export async function pageInLook(browser: Browser, look: { lang: "ar" | "en"; dark: boolean; width: number }, baseURL?: string): Promise<Page> {
  // An explicit `baseURL: undefined` would override the one the config gives every context.
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: { width: look.width, height: look.width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await useLanguage(page, look.lang, { dark: look.dark });
  return page;
}

/** The newest mail to `email` in the outbox (.eml files under DATA_DIR), its parts decoded; null when none. */
export function readLatestMail(email: string): string | null {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const file of files) {
    const raw = fs.readFileSync(file, "utf8");
    if (new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(raw)) return decodeParts(raw);
  }
  return null;
}

/** The newest password-reset link mailed to `email`. */
export function readLatestResetLink(email: string): string | null {
  return readLatestMail(email)?.match(/https?:\/\/[^\s"]+\/update-password#token=[A-Za-z0-9_-]+/)?.[0] ?? null;
}

/** A message's parts as text: an Arabic part comes base64-encoded, others quoted-printable. */
function decodeParts(raw: string): string {
  return raw
    .split(/^--.+$/m)
    .map((part) => {
      const [head = "", ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join("\n\n");
      return /Content-Transfer-Encoding: base64/i.test(head) ? Buffer.from(content, "base64").toString("utf8") : decodeQuotedPrintable(part);
    })
    .join("\n");
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label = "") {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`),
    `axe ${label}`,
  ).toEqual([]);
}
