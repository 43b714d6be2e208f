// Not a test: pictures of the account page for a person to look at (ACCOUNT_SCREENSHOTS=1 to run), in
// ar/en × light/dark × 390/1280 px, plus the menu that leads there and the wrong-password state, written to
// screenshots/account/ (gitignored).
import path from "node:path";
import { apiAs, apiAsAccount, createStudent, STUDENT_PASSWORD } from "../api";
import { expect, pageInLook, signIn, test } from "../fixtures";

const OUT = path.resolve("screenshots/account");

test.skip(!process.env.ACCOUNT_SCREENSHOTS, "set ACCOUNT_SCREENSHOTS=1 to take the pictures");
test.setTimeout(300_000);

test("account screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const page = await pageInLook(browser, { lang, dark, width });
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
        await page.context().close();
      }
    }
  }
});

// The email language in the user dialog (create, and its list open) and a person's own password change in the
// record of changes, with its details, written to screenshots/account/ as well.
test("user dialog and audit entry screenshots", async ({ browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "shot");
  const self = await apiAs(playwright, student.email, STUDENT_PASSWORD, "student");
  expect((await self.post("/api/account/password", { data: { currentPassword: STUDENT_PASSWORD, password: "Changed-pass-1", confirmPassword: "Changed-pass-1" } })).status()).toBe(200);
  expect((await admin.patch(`/api/users/${student.id}`, { data: { emailLang: "en" } })).status()).toBe(200);
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const page = await pageInLook(browser, { lang, dark, width });
        await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
        await page.getByRole("button", { name: lang === "ar" ? "إضافة طالب جديد" : "Add New Student" }).click();
        const dialog = page.getByTestId("user-dialog");
        await dialog.getByTestId("user-email-lang").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("user-dialog") });
        await dialog.getByTestId("user-email-lang").click();
        await expect(page.getByRole("option", { name: "English" })).toBeVisible();
        await page.screenshot({ path: name("user-dialog-lang-open") });
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");

        await page.goto("/dashboard/audit");
        await page.locator("input[type=search]").fill(student.id);
        const rows = page.getByTestId(`audit-row-${student.id}`);
        await expect(rows).toHaveCount(3);
        // Newest first: the administrator's change of language, then the student's own password change.
        for (const i of [0, 1]) await rows.nth(i).getByRole("button").click();
        await expect(page.getByTestId("audit-detail")).toHaveCount(2);
        await page.screenshot({ path: name("audit-entry"), fullPage: true });
        await page.context().close();
      }
    }
  }
});
