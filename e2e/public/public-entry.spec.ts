// The public pages run their own small entry (src/web/public-main.tsx), without the app's router or query cache:
// their header still knows who is signed in, its menus work by keyboard, and links load the next page.
import fs from "node:fs";
import path from "node:path";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { CONTACT_DEFAULTS } from "../../src/shared/content/site-content";
import { stubMap, text } from "./helpers";

test("a visitor's landing page asks the server for nothing but the public config, and loads no other page's texts", async ({ page }) => {
  const calls: string[] = [];
  const assets: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
    if (url.pathname.startsWith("/assets/")) assets.push(url.pathname);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByTestId("login-menu")).toBeVisible();
  expect(calls).toEqual(["/api/public/config"]);
  // The other pages' texts (pages.*), English and the app's shell texts load only when needed.
  expect(assets.filter((a) => /\/(pages\.(ar|en)|public\.en|en|app\.(ar|en))-[^/]*\.js$/.test(a))).toEqual([]);
  expect(assets.some((a) => /\/home-page-[^/]*\.js$/.test(a))).toBe(true);
});

test("the login menu is a disclosure of links: keyboard, Escape, and a click loads the page", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/");
  const login = page.getByTestId("login-menu");
  await expect(login).toHaveAttribute("aria-expanded", "false");
  await login.focus();
  await page.keyboard.press("Enter");
  await expect(login).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: /System Admin Login/ })).toBeVisible();
  await expectNoAxeViolations(page, "login menu open");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /Student Login/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(login).toHaveAttribute("aria-expanded", "false");
  await expect(login).toBeFocused();

  await login.click();
  await page.getByRole("link", { name: /Student Login/ }).click();
  await expect(page).toHaveURL(/\/login\/student$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The app's header links back to a public page, which arrives prerendered with its own entry.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Features", exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.locator("h1")).toHaveText(text("en", "features.title"));
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Features", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("signed in: / goes to the dashboard, a public page shows the account menu, and it signs out", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "teacher", { goto: "/" });
  await expect(page).toHaveURL(/\/dashboard\/overview$/);

  await page.goto("/about");
  await expect(page.locator("h1")).toHaveText(text("en", "about.title"));
  const menu = page.getByTestId("account-menu");
  await expect(menu).toContainText(E2E_ACCOUNTS.teacher.name);
  await expect(page.getByTestId("login-menu")).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-menu")).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("an English reader never sees the Arabic markup while the English page is built", async ({ page }) => {
  await useLanguage(page, "en");
  // Hold the English texts back: until they arrive, the prerendered (Arabic) page must stay hidden.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/en-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  await expect(page.locator("#root")).toBeHidden();
  release();
  await expect(page.locator("h1")).toHaveText(text("en", "about.title"));
  await expect(page.locator("#root")).toBeVisible();
});

test("when the public config cannot be read, the footer and contact page keep their built-in texts, and the next page asks again", async ({ page }) => {
  const base = (lang: "ar" | "en") => JSON.parse(fs.readFileSync(path.resolve(`src/shared/i18n/${lang}.json`), "utf8")) as { footer: Record<string, string> };
  await stubMap(page, "abort");
  let failing = true;
  await page.route("**/api/public/config", (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "SERVICE_UNAVAILABLE" }) })
      : route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ contactPhone: "+966 11 555 0100", contactEmail: "contact@school.example", siteDomain: "qias.example.sa" }) }),
  );

  // Arabic: the page is whole, with the generic publishing line and the default contact details.
  await page.goto("/contact", { waitUntil: "networkidle" });
  await expect(page.locator("h1")).toHaveText(text("ar", "contact.title"));
  await expect(page.locator("footer")).toContainText(base("ar").footer.domainNoteGeneric!);
  await expect(page.getByTestId("contact-phone")).toHaveText(CONTACT_DEFAULTS.phone);

  // The next page load asks again and shows what the server answers now, in English too.
  failing = false;
  await useLanguage(page, "en");
  await page.goto("/contact");
  await expect(page.getByTestId("contact-phone")).toHaveText("+966 11 555 0100");
  await expect(page.getByTestId("contact-email")).toHaveText("contact@school.example");
  await expect(page.locator("footer")).toContainText("qias.example.sa");
  await expect(page.locator("footer")).not.toContainText(base("en").footer.domainNoteGeneric!);
});
