// Forgot password → the emailed link → a new password → signed out and sent to the admin login after 3 s.
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, readLatestResetLink, test, useLanguage } from "../fixtures";
import { expectToast, submitLogin } from "./helpers";

test("forgot password, reset link from the outbox, new password, redirect after 3 s", async ({ page }) => {
  test.slow(); // a long journey with four accessibility scans
  const account = E2E_ACCOUNTS.resetStudent;
  const newPassword = `New-pass-${Date.now()}`;
  await useLanguage(page, "en");

  await page.goto("/login/student");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/request-password-reset$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Your Password");
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  await expectNoAxeViolations(page, "request reset");

  const before = readLatestResetLink(account.email);
  await email.fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check Your Email");
  await expect(page.getByTestId("reset-sent")).toContainText(account.email);
  await expectNoAxeViolations(page, "reset link sent");

  // The same answer for an address without an account.
  await page.getByRole("button", { name: "Send again" }).click();
  await page.getByLabel("Email").fill("nobody-here@qias.test");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check Your Email");

  let link: string | null = null;
  await expect
    .poll(() => {
      link = readLatestResetLink(account.email);
      return link !== null && link !== before;
    }, { timeout: 15_000 })
    .toBe(true);
  const resetUrl = new URL(link!);
  await page.goto(resetUrl.pathname + resetUrl.search + resetUrl.hash);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a New Password");
  await expectNoAxeViolations(page, "update password");

  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password Error", "Password is too short (minimum 6 characters).");

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}-x`);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password Error", "Passwords do not match.");

  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByTestId("password-updated")).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password Updated");
  await expectNoAxeViolations(page, "password updated");
  await expect(page).toHaveURL(/\/login\/admin$/, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);

  // The link is spent, and the new password works.
  await page.goto(resetUrl.pathname + resetUrl.hash);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/request-password-reset");

  await page.goto("/login/student");
  await submitLogin(page, account.email, newPassword);
  await expect(page.getByTestId("dashboard-title")).toHaveText("Student Dashboard");
});

test("update-password without a token explains the link is invalid (both languages)", async ({ page }) => {
  await useLanguage(page, "ar");
  await page.goto("/update-password");
  await expect(page.getByTestId("reset-link-invalid")).toContainText(
    "تعذّر تحديث كلمة المرور. قد يكون رابط إعادة التعيين غير صالح أو منتهي الصلاحية. يرجى طلب رابط جديد.",
  );
  await expectNoAxeViolations(page, "invalid link (ar)");
  await page.getByTestId("language-toggle").click();
  await expect(page.getByTestId("reset-link-invalid")).toContainText(
    "Failed to update password. The reset link may be invalid or expired. Please request a new link.",
  );
  await expectNoAxeViolations(page, "invalid link (en)");
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/request-password-reset$/);
});

test("a ?token= link is accepted too, and a bad token is refused by the server", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/update-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a New Password");
  await page.getByLabel("New password", { exact: true }).fill("Whatever-1");
  await page.getByLabel("Confirm new password").fill("Whatever-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password Error", "The reset link may be invalid or expired.");
  await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
});

test("request reset page in Arabic", async ({ page }) => {
  await useLanguage(page, "ar");
  await page.goto("/request-password-reset");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("استعادة كلمة المرور");
  await expectNoAxeViolations(page, "request reset (ar)");
  await page.getByRole("button", { name: "إرسال رابط الاستعادة" }).click();
  await expectToast(page, "بيانات غير صالحة", "يرجى إدخال بريدك الإلكتروني.");
});
