// The public pages arrive as HTML (prerendered at build time): they read before any JavaScript runs, and the
// browser takes them over without a hydration error.
import { expect, test, useLanguage } from "../fixtures";
import { PUBLIC_ROUTES, stubMap, text } from "./helpers";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("every public page has its content in the HTML", async ({ page }) => {
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await expect(page.locator("#root h1"), route.path).toHaveCount(1);
      await expect(page.locator("#root header").first()).toBeVisible();
      await expect(page.locator("#root footer")).toBeVisible();
    }
    await page.goto("/");
    await expect(page.locator("h1")).toHaveText(text("ar", "home.hero.title"));
    await expect(page).toHaveTitle(/قياس/);
  });
});

test("Arabic pages hydrate without errors", async ({ page }) => {
  await useLanguage(page, "ar");
  await stubMap(page, "abort");
  const problems: string[] = [];
  page.on("console", (m) => {
    // Only the page itself: the aborted map frame reports its own failure.
    const fromPage = m.location().url.startsWith(new URL(page.url()).origin);
    if (m.type() === "error" && fromPage) problems.push(m.text());
  });
  // The language fixture's init script also runs in the (aborted) map frame, where storage is off limits.
  page.on("pageerror", (e) => {
    if (!/'(session|local)Storage' property.*Access is denied/.test(e.message)) problems.push(e.message);
  });
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route.path, { waitUntil: "networkidle" });
    await expect(page.locator("h1")).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("English visitors get the English page on a prerendered path", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/features");
  await expect(page.locator("h1")).toHaveText(text("en", "features.title"));
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

// dist/web/index.html is the prerendered home page; every path without its own prerendered file gets the empty
// shell (dist/web/spa.html), so a login or dashboard page never arrives with the home page's markup.
test("a path that is not prerendered does not arrive with the home page's markup", async ({ page }) => {
  const html = await (await page.request.get("/login/admin")).text();
  expect(html).not.toContain('data-prerendered="/"');
  expect(html).toContain('<div id="root"></div>');
});
