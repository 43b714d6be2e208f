// My account (issue 19): reached from the menu under the user's name; a password changed with the current one
// (a wrong one is refused under its field, the change signs out the other browser and keeps this one); the email
// language chosen here is the language of the next mail. Each test changes an account of its own.
import type { Browser, Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expect, expectNoAxeViolations, readLatestMail, signIn, test, useLanguage } from "../fixtures";
import { expectToast } from "./helpers";

/** A browser of its own (cookies and storage), signed in through the API as `email`. */
async function signedInBrowser(browser: Browser, email: string, password: string, lang: "ar" | "en"): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, lang);
  const res = await page.request.post("/api/auth/login", { data: { email, password, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/dashboard");
  return page;
}

async function openAccountFromMenu(page: Page, menuItem: string) {
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: menuItem }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
}

for (const lang of ["ar", "en"] as const) {
  const text =
    lang === "ar"
      ? {
          menu: "حسابي",
          current: "كلمة المرور الحالية",
          new: "كلمة المرور الجديدة",
          confirm: "تأكيد كلمة المرور الجديدة",
          submit: "تغيير كلمة المرور",
          wrongTitle: "خطأ في كلمة المرور",
          wrong: "كلمة المرور الحالية غير صحيحة، فلم تُغيَّر كلمة المرور.",
          mismatch: "كلمتا المرور غير متطابقتين.",
          changed: "تم تغيير كلمة المرور",
          changedDetail: "ما زلت متصلًا هنا، وسُجِّل خروجك من الأجهزة والمتصفحات الأخرى.",
          itemId: "معرّف العنصر",
          auditAction: "تغيير كلمة المرور ذاتيًا",
          auditShow: "عرض التفاصيل",
          auditVia: "من صفحة الحساب، بإدخال كلمة المرور الحالية",
        }
      : {
          menu: "My account",
          current: "Current password",
          new: "New password",
          confirm: "Confirm new password",
          submit: "Change Password",
          wrongTitle: "Password Error",
          wrong: "Your current password is not correct, so the password was not changed.",
          mismatch: "Passwords do not match.",
          changed: "Password changed",
          changedDetail: "You are still signed in here; other devices and browsers have been signed out.",
          itemId: "Item ID",
          auditAction: "Changed own password",
          auditShow: "Show details",
          auditVia: "On the account page, with the current password",
        };

  test(`${lang}: a student changes their password; a wrong one is refused, the other browser is signed out, this one stays`, async ({ browser, playwright }) => {
    const admin = await apiAsAccount(playwright, "super_admin");
    const student = await createStudent(admin, "school_dubai", `account-${lang}`);
    const page = await signedInBrowser(browser, student.email, STUDENT_PASSWORD, lang);
    const other = await signedInBrowser(browser, student.email, STUDENT_PASSWORD, lang);

    await openAccountFromMenu(page, text.menu);
    await expect(page.getByRole("heading", { level: 2, name: text.menu })).toBeVisible();
    await expect(page.getByTestId("account-details")).toContainText(student.email);
    await expectNoAxeViolations(page, `account page (${lang})`);

    // The same rules as the reset page, checked before sending.
    await page.getByLabel(text.current, { exact: true }).fill(STUDENT_PASSWORD);
    await page.getByLabel(text.new, { exact: true }).fill("Changed-pass-1");
    await page.getByLabel(text.confirm, { exact: true }).fill("Changed-pass-2");
    await page.getByTestId("change-password-submit").click();
    await expectToast(page, text.wrongTitle, text.mismatch);

    // A wrong current password: the server's words in a toast and under the field, which takes the focus.
    await page.getByLabel(text.current, { exact: true }).fill("not-my-password");
    await page.getByLabel(text.confirm, { exact: true }).fill("Changed-pass-1");
    await page.getByTestId("change-password-submit").click();
    await expectToast(page, text.wrongTitle, text.wrong);
    const current = page.locator("#current-password");
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toBeFocused();
    await expect(page.locator("#current-password-error")).toHaveText(text.wrong);
    await expectNoAxeViolations(page, `account page with an error (${lang})`);
    await expect(other.getByTestId("dashboard-title")).toBeVisible();

    // Typed with the keyboard only, sent with Enter.
    await current.fill(STUDENT_PASSWORD);
    await current.press("Enter");
    await expectToast(page, text.changed, text.changedDetail);
    await expect(current).toHaveValue("");

    // The other browser is signed out at its next request; this one stays signed in.
    await other.reload();
    await expect(other).toHaveURL(/\/login\//);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: text.menu })).toBeVisible();
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);

    const login = (password: string) => admin.post("/api/auth/login", { data: { email: student.email, password, loginType: "student" } });
    expect((await login(STUDENT_PASSWORD)).status()).toBe(401);
    expect((await login("Changed-pass-1")).status()).toBe(200);

    // The record of changes has the change (and not the refused tries), by the student to themselves.
    await page.context().close();
    await other.context().close();
    const audit = await (await browser.newContext()).newPage();
    await useLanguage(audit, lang);
    await signIn(audit, "super_admin", { goto: "/dashboard/audit" });
    await audit.getByLabel(text.itemId).fill(student.id);
    const entry = audit.getByTestId(`audit-row-${student.id}`).filter({ hasText: text.auditAction });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(student.email);
    await entry.getByRole("button", { name: text.auditShow }).click();
    await expect(audit.getByTestId("audit-detail")).toContainText(text.auditVia);
    await audit.context().close();
  });
}

test("the email language chosen on the account page is the language of the next mail", async ({ browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_alain", "mail-lang");
  const page = await signedInBrowser(browser, student.email, STUDENT_PASSWORD, "ar");
  await openAccountFromMenu(page, "حسابي");

  const card = page.getByTestId("account-email-language");
  const radios = card.getByRole("radiogroup", { name: "لغة الرسائل" });
  await expect(radios.getByRole("radio", { name: "العربية" })).toBeChecked();
  const save = card.getByTestId("email-language-save");
  await expect(save).toBeDisabled();
  // Arrow keys move the choice, as in any radio group.
  await radios.getByRole("radio", { name: "العربية" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(radios.getByRole("radio", { name: "English" })).toBeChecked();
  await save.click();
  await expectToast(page, "حُفظت لغة الرسائل", "ستصلك رسائلنا من الآن بالإنجليزية.");
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId("account-email-language").getByRole("radio", { name: "English" })).toBeChecked();
  expect((await json<{ emailLang: string }>(await page.request.get("/api/account"))).emailLang).toBe("en");

  // The next reset mail comes in English (the mail is sent by a job just after the reply).
  await page.request.post("/api/auth/password-reset/request", { data: { email: student.email } });
  await expect.poll(() => readLatestMail(student.email), { timeout: 15_000 }).toContain("We received a request to reset the password of your Qias account.");
  expect(readLatestMail(student.email)).not.toMatch(/[\u0600-\u06FF]/);
  await page.context().close();
});
