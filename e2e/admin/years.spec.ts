// Issue 39 (docs/decisions/0059): the School years page, in Arabic and English. A super_admin adds a year (an end
// before the start is refused on its field), closes it after a confirmation that names what happens, and reopens it.
// The rules themselves (rows moved, writes refused, readers unchanged) are tested at the API (years.test.ts).
// YEARS_SCREENSHOTS=1 also takes the pictures (ar/en × light/dark × 390/1280) under screenshots/years/.
import path from "node:path";
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, errorOf, expect, expectToast, LANGS, texts } from "./helpers";

allowSlowMachine();

for (const lang of LANGS) {
  const t = texts(lang).years;

  test(`${lang}: a super_admin adds a school year, closes it after confirming, and reopens it`, async ({ page }) => {
    // A year long past (no exam was made then), different for each run and language.
    const y = 1800 + Math.floor(Math.random() * 200);
    const nameEn = `Year ${y}–${y + 1} ${lang}`;
    const nameAr = `العام ${y}–${y + 1}`;
    await useLanguage(page, lang);
    await signIn(page, "super_admin", { goto: "/dashboard/years" });
    await expect(page.getByTestId("years-page")).toBeVisible();
    await expect(page.locator("#section-heading")).toHaveText(t.title);

    await page.getByTestId("year-add").click();
    const dialog = page.getByTestId("year-dialog");
    await dialog.getByLabel(t.dialog.nameAr).fill(nameAr);
    await dialog.getByLabel(t.dialog.nameEn).fill(nameEn);
    await dialog.getByLabel(t.dialog.startsOn).fill(`${y + 1}-06-30`);
    await dialog.getByLabel(t.dialog.endsOn).fill(`${y}-09-01`);
    await dialog.getByTestId("year-save").click();
    await expect(dialog.getByTestId("year-ends-error")).toHaveText(errorOf("YEAR_DATES_ORDER", lang).message);
    await expectNoAxeViolations(page, `year dialog with an error (${lang})`);
    await dialog.getByLabel(t.dialog.startsOn).fill(`${y}-09-01`);
    await dialog.getByLabel(t.dialog.endsOn).fill(`${y + 1}-06-30`);
    await dialog.getByTestId("year-save").click();
    await expectToast(page, t.toast.created);
    await expect(dialog).toBeHidden();

    const row = page.locator("[data-testid^=year-row-]").filter({ hasText: lang === "ar" ? nameAr : nameEn });
    await expect(row.getByTestId("year-status")).toHaveText(t.status.open);
    await expectNoAxeViolations(page, `years page (${lang})`);

    await row.getByTestId("year-close").click();
    const confirm = page.getByTestId("year-confirm-dialog");
    await expect(confirm.getByRole("heading", { name: t.closeDialog.title })).toBeVisible();
    await expect(confirm.getByTestId("year-confirm-details")).toContainText(t.closeDialog.keep);
    await confirm.getByRole("button", { name: t.closeDialog.confirm }).click();
    await expectToast(page, t.toast.closed);
    await expect(row.getByTestId("year-status")).toHaveText(t.status.closed);

    await row.getByTestId("year-reopen").click();
    await confirm.getByRole("button", { name: t.reopenDialog.confirm }).click();
    await expectToast(page, t.toast.reopened);
    await expect(row.getByTestId("year-status")).toHaveText(t.status.open);
  });
}

test("years screenshots", async ({ browser }) => {
  test.skip(!process.env.YEARS_SCREENSHOTS, "set YEARS_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(600_000);
  // The current year, so the demo's exams belong to it and the close dialog has counts to name.
  const setup = await browser.newPage();
  await signIn(setup, "super_admin", { goto: "/dashboard/years" });
  const today = new Date();
  const start = `${today.getUTCFullYear() - (today.getUTCMonth() < 7 ? 1 : 0)}-08-15`;
  const end = `${Number(start.slice(0, 4)) + 1}-07-15`;
  await setup.request.post("/api/years", { data: { nameAr: "العام الدراسي الحالي", nameEn: "Current school year", startsOn: start, endsOn: end } });
  await setup.close();
  for (const lang of LANGS) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.resolve("screenshots/years", `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "super_admin", { goto: "/dashboard/years" });
        await expect(page.getByTestId("years-table")).toBeVisible();
        await page.screenshot({ path: name("list"), fullPage: true });
        const current = page.locator("[data-testid^=year-row-]").filter({ hasText: lang === "ar" ? "العام الدراسي الحالي" : "Current school year" });
        await current.getByTestId("year-close").click();
        await expect(page.getByTestId("year-confirm-details")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("close-dialog") });
        await page.keyboard.press("Escape");
        await page.getByTestId("year-add").click();
        await expect(page.getByTestId("year-dialog")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("add-dialog") });
        await context.close();
      }
    }
  }
});
