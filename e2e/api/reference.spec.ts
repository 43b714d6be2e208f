// The API reference page (issue 19; Qias's own page since issue 33): written on the server, so its content is in
// the first response — no script runs, nothing is fetched from another origin, nothing breaks the app's CSP — and it
// reads in light and dark. API_REFERENCE_SCREENSHOTS=1 also photographs it in light/dark × 390/1280 (screenshots/api-docs/).
import path from "node:path";
import { expect, expectNoAxeViolations, test } from "../fixtures";

test("the API reference shows every area's operations from the first response, under the app's CSP, from this server only", async ({ page, baseURL }) => {
  // axe reads every operation of the page (about 16,000 elements): it takes a while on a busy machine.
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) elsewhere.push(r.url());
  });

  await page.goto("/api/docs");
  await expect(page).toHaveTitle("Qias API reference");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  expect(await page.locator("h2[id^=tag-]").count()).toBeGreaterThan(10);
  // An operation opens (a <details>) to show its body with the route's own schema.
  const login = page.locator("#op-post-api-auth-login");
  await expect(login).toBeVisible();
  await login.locator("summary").click();
  await expect(login.getByText("loginType").first()).toBeVisible();
  await expectNoAxeViolations(page, "API reference");

  if (process.env.API_REFERENCE_SCREENSHOTS) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        const name = (what: string) => path.resolve(`screenshots/api-docs/${what}-${colorScheme}-${width}.png`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: name("top") });
        await login.scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("operation") });
        await page.locator("#errors").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("errors") });
        // Nothing wider than the screen: the page scrolls down, never sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  }

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test("the API reference needs no JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/api/docs");
  await expect(page.locator("#op-get-api-exams")).toBeVisible();
  await expect(page.locator("#errors")).toBeVisible();
  await context.close();
});
