// Small helpers shared by the shell's browser tests.
import { expect, type Page } from "@playwright/test";

/** The toast region's latest notification (Radix renders toasts as list items in the F8 region). */
export function latestToast(page: Page) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/ }).locator("li[data-state=open]").first();
}

export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const toast = latestToast(page);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("form button[type=submit]").click();
}

/** Waits until the session query has answered (the header shows either the login menu or the account menu). */
export async function waitForSession(page: Page) {
  await expect(page.getByTestId("login-menu").or(page.getByTestId("account-menu")).or(page.getByTestId("mobile-menu-button")).first()).toBeVisible();
}
