// Staff two-step sign-in (issue 38) in the browser, in Arabic and English: a teacher sets it up on the account
// page (the key shown as text, a code computed here from it as an authenticator app would), keeps the recovery
// codes, signs out, and signs in again through the second step. Each language uses a teacher of its own.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { apiAsAccount, json } from "../api";
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { base32Decode, hotp, totpStep } from "../../src/server/auth/totp";

const PASSWORD = "Two-step-teacher-1";
/** The code an authenticator shows `offset` steps from now. */
const codeOf = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offset);

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/login/school");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
}

for (const lang of ["ar", "en"] as const) {
  const text =
    lang === "ar"
      ? { section: "التحقق بخطوتين", on: "مفعّل", wrong: "الرمز غير صحيح أو سبق استخدامه" }
      : { section: "Two-step sign-in", on: "On", wrong: "The code is not right or was already used" };

  test(`${lang}: a teacher sets up two-step sign-in, then signs in with a code`, async ({ page, playwright }) => {
    const admin = await apiAsAccount(playwright, "super_admin");
    const email = `two-step-${lang}-${randomUUID().slice(0, 8)}@qias.test`;
    await json(await admin.post("/api/users", { data: { email, password: PASSWORD, role: "teacher", username: email.split("@")[0], name: `Teacher ${lang}`, schoolId: "school_dubai" } }), 201);
    await admin.dispose();

    await useLanguage(page, lang, { dark: lang === "en" });
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto("/dashboard/account");
    const card = page.getByTestId("account-two-factor");
    await expect(card.getByRole("heading", { name: text.section })).toBeVisible();
    await card.getByTestId("two-factor-start").click();
    const secret = (await card.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await expect(card.getByRole("img")).toBeVisible();
    await expectNoAxeViolations(page, "set-up");

    // A wrong code is said under the field; the right one turns it on and shows the recovery codes once.
    await card.locator("#two-factor-code").fill("000000");
    await card.getByTestId("two-factor-confirm").click();
    await expect(card.locator("#two-factor-code-error")).toContainText(text.wrong);
    await card.locator("#two-factor-code").fill(codeOf(secret));
    await card.getByTestId("two-factor-confirm").click();
    await expect(card.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await expectNoAxeViolations(page, "recovery codes");
    await card.getByTestId("recovery-codes-done").click();
    await expect(card.getByTestId("two-factor-state")).toHaveText(text.on);

    // Signed out, the password alone no longer signs in: the second step asks for the code.
    await page.request.post("/api/auth/logout");
    await signInWithPassword(page, email);
    const step = page.getByTestId("second-step");
    await expect(step).toBeVisible();
    await expect(page).toHaveURL(/\/login\/school/);
    await expectNoAxeViolations(page, "second step");
    // The step after the one spent at set-up (a code is taken once).
    await step.locator("#second-step-code").fill(codeOf(secret, 1));
    await step.locator("button[type=submit]").click();
    await expect(page).toHaveURL(/\/dashboard/);
    expect((await page.request.get("/api/auth/me")).status()).toBe(200);
  });
}
