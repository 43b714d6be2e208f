// Not a test: pictures of the results list, item analysis and the dashboard of an exam with parallel forms (issue 34) for a person to
// look at (FORMS_SCREENSHOTS=1, with E2E_DEMO_ATTEMPTS=1 E2E_FORMS=1 for the server's data), in ar/en × light/dark ×
// 390/1280 px, written to screenshots/forms/ (gitignored). The demo has no forms: e2e/forms-seed.ts gives one exam two.
import path from "node:path";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/forms");

test.skip(!process.env.FORMS_SCREENSHOTS, "set FORMS_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("forms screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "super_admin", { goto: "/dashboard/results" });
        const list = (await (await page.request.get("/api/results?pageSize=200")).json()) as { items: { examId: string; form: number | null }[] };
        const examId = list.items.find((r) => r.form !== null)!.examId;
        await page.goto(`/dashboard/results?exam=${examId}`);
        await expect(page.getByTestId("result-form").first()).toBeVisible();
        if (width < 500) await page.getByRole("button", { name: /Filters|التصفية|عوامل/ }).first().click().catch(() => undefined);
        await page.screenshot({ path: name("results"), fullPage: true });
        await page.goto(`/dashboard/results?exam=${examId}&form=2`);
        await expect(page.getByTestId("results-form-filter")).toBeAttached();
        await page.screenshot({ path: name("results-form-2"), fullPage: false });
        await page.goto(`/exams/${examId}/analysis`);
        await expect(page.getByTestId("item-analysis-forms")).toBeVisible();
        await page.screenshot({ path: name("analysis-all"), fullPage: false });
        await page.getByTestId("item-analysis-forms").getByRole("button").nth(1).click();
        await expect(page.getByTestId("item-analysis-forms").getByRole("button").nth(1)).toHaveAttribute("aria-pressed", "true");
        await page.screenshot({ path: name("analysis-form-1"), fullPage: false });
        await page.goto(`/dashboard/analytics?exam=${examId}&form=2`);
        await expect(page.getByTestId("dashboard-form")).toBeVisible();
        await page.screenshot({ path: name("dashboard-form-2"), fullPage: false });
        await context.close();
      }
    }
  }
});
