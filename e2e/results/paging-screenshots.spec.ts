// Not a test: pictures of the results list's summary and its cursor paging (issue 39) for a person to look at
// (RESULTS_SCREENSHOTS=1, with E2E_DEMO_ATTEMPTS=1 for the server's data), in ar/en × light/dark × 390/1280 px, written
// to screenshots/results-paging/ (gitignored): the first page, and the second reached by "Next".
import path from "node:path";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/results-paging");

test.skip(!process.env.RESULTS_SCREENSHOTS, "set RESULTS_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("results paging screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "super_admin", { goto: "/dashboard/results" });
        await expect(page.getByTestId("results-summary")).toBeVisible();
        await expect(page.getByTestId("pager")).toBeVisible();
        await page.screenshot({ path: name("first"), fullPage: true });
        await page.getByTestId("pager-next").click();
        await expect(page).toHaveURL(/after=.*page=2/);
        await expect(page.getByTestId("pager-previous")).toBeEnabled();
        await page.getByTestId("pager").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("second"), fullPage: false });
        await context.close();
      }
    }
  }
});
