// Not a test: pictures of the dashboard's heatmap and a skill's plan for a person to look at
// (DASHBOARD_SCREENSHOTS=1 to run), in ar/en × light/dark × 390/1280 px, written to screenshots/dashboard/ (gitignored).
import path from "node:path";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/dashboard");

test.skip(!process.env.DASHBOARD_SCREENSHOTS, "set DASHBOARD_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("dashboard screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "school_admin", { goto: "/dashboard/analytics?subject=arabic" });
        await expect(page.getByTestId("heatmap-cell").first()).toBeAttached();
        await page.screenshot({ path: name("dashboard"), fullPage: true });
        for (const id of ["dashboard-groups", "dashboard-distribution", "dashboard-trend"])
          await page.locator(`section:has(> h2#${id}), section:has(> div > h2#${id})`).first().screenshot({ path: name(id) });
        await page.locator("#dashboard-heatmap").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("heatmap") });
        // Every subject: more skills than the card is wide, so the names stay while the skills scroll.
        await page.goto("/dashboard/analytics");
        await expect(page.getByTestId("heatmap-cell").first()).toBeAttached();
        await page.locator("#dashboard-heatmap").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("heatmap-all") });
        const region = page.locator("[role=region][aria-labelledby=dashboard-heatmap]");
        if (await region.isVisible()) {
          await region.evaluate((el, rtl) => el.scrollBy({ left: rtl ? -2000 : 2000 }), lang === "ar");
          await page.screenshot({ path: name("heatmap-all-scrolled") });
        }
        await page.getByTestId("heatmap-weakest-link").first().click();
        await expect(page.getByTestId("skill-plan")).toBeVisible();
        await page.screenshot({ path: name("skill-plan"), fullPage: true });
        await context.close();
      }
    }
  }
});
