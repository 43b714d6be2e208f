// The staff password rule on the admins page (issue 33, decision 0031): the card says the rule in force, the dialog
// refuses a length out of bounds on its field and saves a valid one; in Arabic and English, with axe. The rule's
// checks themselves are API-tested (src/server/auth/password-rule.test.ts). PASSWORD_RULE_SCREENSHOTS=1 also
// photographs the card and the dialog in ar/en × light/dark × 390/1280 (screenshots/password-rule/, gitignored).
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, errorOf, expect, expectToast, fill, LANGS, texts } from "./helpers";

allowSlowMachine();
// One rule for the whole server: these tests take turns, and each puts SPEC's rule back.
test.describe.configure({ mode: "serial" });

const RULE_URL = "/api/settings/staff-password-rule";
const SPEC_RULE = { minLength: 6, refuseCommon: false };

/** Back to SPEC's rule. Only the list is ever switched on here: no other test sets a staff password on it. */
async function restore(page: Page) {
  const res = await page.request.put(RULE_URL, { data: SPEC_RULE });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of LANGS) {
  test(`the staff password rule: the card, a refused length, a saved rule (${lang})`, async ({ page }) => {
    const t = texts(lang);
    await useLanguage(page, lang);
    await signIn(page, "super_admin", { goto: "/dashboard/users/admins" });
    try {
      const card = page.getByTestId("password-rule-card");
      await expect(card.getByRole("heading", { name: t.passwordRule.title })).toBeVisible();
      await expect(page.getByTestId("password-rule-summary")).toHaveText(`${fill(t.passwordRule.summary, { min: 6 })} ${t.passwordRule.summaryNoCommon}`);
      await expect(card).toContainText(fill(t.passwordRule.students, { min: 6 }));
      await expectNoAxeViolations(page, "admins page with the rule card");

      await page.getByTestId("password-rule-edit").click();
      const dialog = page.getByRole("dialog", { name: t.passwordRule.dialogTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(t.passwordRule.minLength)).toHaveValue("6");

      // Out of bounds: refused on its field before sending, in the page's language, described to assistive tech.
      await dialog.getByLabel(t.passwordRule.minLength).fill("65");
      await dialog.getByTestId("rule-save").click();
      const invalid = errorOf("PASSWORD_RULE_LENGTH_INVALID", lang);
      await expect(dialog.getByTestId("rule-min-length-error")).toHaveText(invalid.message);
      await expect(dialog.getByLabel(t.passwordRule.minLength)).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, "rule dialog with an error");
      if (process.env.PASSWORD_RULE_SCREENSHOTS) await page.screenshot({ path: path.resolve(`screenshots/password-rule/dialog-error-${lang}.png`) });

      // Keyboard: the checkbox toggles with Space; the rule is saved and said on the card.
      await dialog.getByLabel(t.passwordRule.minLength).fill("6");
      await dialog.getByLabel(t.passwordRule.refuseCommon).focus();
      await page.keyboard.press("Space");
      await expect(dialog.getByLabel(t.passwordRule.refuseCommon)).toBeChecked();
      await dialog.getByTestId("rule-save").click();
      await expectToast(page, t.passwordRule.saved);
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("password-rule-summary")).toHaveText(`${fill(t.passwordRule.summary, { min: 6 })} ${t.passwordRule.summaryCommon}`);
    } finally {
      await restore(page);
    }
  });
}

test("screenshots of the rule's card and dialog", async ({ browser }) => {
  test.skip(!process.env.PASSWORD_RULE_SCREENSHOTS, "set PASSWORD_RULE_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(300_000);
  for (const lang of LANGS) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "super_admin", { goto: "/dashboard/users/admins" });
        await expect(page.getByTestId("password-rule-summary")).toContainText(fill(texts(lang).passwordRule.summary, { min: 6 }));
        const name = (what: string) => path.resolve(`screenshots/password-rule/${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        await page.screenshot({ path: name("page") });
        await page.getByTestId("password-rule-edit").click();
        await expect(page.getByTestId("password-rule-dialog")).toBeVisible();
        await page.screenshot({ path: name("dialog") });
        await context.close();
      }
    }
  }
});
