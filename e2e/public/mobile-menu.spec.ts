// The header's collapsible menu below the md breakpoint, in both languages.
import { expect, test, useLanguage } from "../fixtures";

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: the mobile menu opens, lists the pages and the logins, navigates and closes`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto("/");
    const button = page.getByTestId("mobile-menu-button");
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    const features = lang === "ar" ? "المزايا" : "Features";
    for (const name of lang === "ar" ? ["الرئيسية", "المزايا", "الخدمات", "من نحن", "تواصل معنا"] : ["Home", "Features", "Services", "About", "Contact"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: lang === "ar" ? /دخول الطلبة/ : /Student Login/ })).toBeVisible();

    await menu.getByRole("link", { name: features, exact: true }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Escape closes it too.
    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
}
