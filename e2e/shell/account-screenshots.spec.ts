// Not a test: pictures of the account page for a person to look at (ACCOUNT_SCREENSHOTS=1 to run), in
// ar/en × light/dark × 390/1280 px, plus the menu that leads there and the wrong-password state, written to
// screenshots/account/ (gitignored).
import path from "node:path";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/account");

test.skip(!process.env.ACCOUNT_SCREENSHOTS, "set ACCOUNT_SCREENSHOTS=1 to take the pictures");
test.setTimeout(300_000);

test("account screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "school_admin", { goto: "/dashboard/account" });
        await expect(page.getByTestId("account-details")).toBeVisible();
        await page.screenshot({ path: name("account"), fullPage: true });

        // The wrong current password, under its field.
        await page.locator("#current-password").fill("not-my-password");
        await page.locator("#new-password").fill("Changed-pass-1");
        await page.locator("#confirm-password").fill("Changed-pass-1");
        await page.getByTestId("change-password-submit").click();
        await expect(page.locator("#current-password-error")).toBeVisible();
        await page.screenshot({ path: name("wrong-password"), fullPage: true });

        // The way there: the menu under the user's name, or the phone's menu.
        await page.getByTestId(width > 500 ? "account-menu" : "mobile-menu-button").click();
        await expect(page.getByRole(width > 500 ? "menuitem" : "link", { name: lang === "ar" ? "حسابي" : "My account" })).toBeVisible();
        await page.screenshot({ path: name("menu") });
        await context.close();
      }
    }
  }
});
