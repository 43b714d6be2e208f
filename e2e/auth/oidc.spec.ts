// Sign-in through the school's identity provider (issue 38) in the browser, in Arabic and English: a local provider
// started here (src/server/test/oidc-stub.ts) is registered through the API, the student login screen shows
// "Sign in with …" below the form, a click goes to the provider and back, and the student lands signed in; a
// refusal comes back to the login screen in the page's language. OIDC_SCREENSHOTS=1 also photographs the screen.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { apiAsAccount, createStudent, json } from "../api";
import { expect, expectNoAxeViolations, FOUR_LOOKS, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { startStubProvider } from "../../src/server/test/oidc-stub";

for (const lang of ["ar", "en"] as const) {
  const text = lang === "ar" ? { button: "تسجيل الدخول عبر حساب المدرسة", refusal: "لا يوجد حساب هنا يطابق حساب مدرستك", provider: "حساب المدرسة", remove: "إزالة الربط", none: "لا يوجد حساب مرتبط" }
      : { button: "Sign in with School account", refusal: "No account here matches your school's account", provider: "School account", remove: "Remove link", none: "No account of an identity provider is linked" };

  test(`${lang}: a student signs in with the school's provider`, async ({ page, playwright, browser }) => {
    const stub = await startStubProvider({ kind: "oidc" });
    const admin = await apiAsAccount(playwright, "super_admin");
    // Its own name: the Arabic and English tests run at once on one server, each with a provider on the screen.
    const tag = randomUUID().slice(0, 4);
    const button = `${text.button} ${tag}`;
    const provider = await json<{ id: string }>(
      await admin.post("/api/identity-providers", {
        data: { kind: "oidc", nameAr: `حساب المدرسة ${tag}`, nameEn: `School account ${tag}`, issuer: stub.issuer, clientId: stub.clientId, clientSecret: stub.clientSecret, roles: ["student"], schoolIds: ["school_dubai"], uiLocales: true },
      }),
      201,
    );
    try {
      const student = await createStudent(admin, "school_dubai", `oidc-${lang}`);
      await useLanguage(page, lang, { dark: lang === "en" });

      // Nobody here: refused, said on the login screen.
      stub.user = { sub: `nobody-${randomUUID()}`, email: `nobody-${randomUUID().slice(0, 6)}@qias.test`, email_verified: true };
      await page.goto("/login/student");
      await page.getByRole("link", { name: button }).click();
      await expect(page).toHaveURL(/\/login\/student\?error=IDP_NO_ACCOUNT/);
      await expect(page.getByTestId("provider-refusal")).toContainText(text.refusal);
      await expectNoAxeViolations(page, "refusal");

      // The student, by their verified email: signed in.
      stub.user = { sub: `student-${randomUUID()}`, email: student.email, email_verified: true };
      await page.getByRole("link", { name: button }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      expect(stub.lastAuthorize!.get("ui_locales")).toBe(lang);
      const me = await page.request.get("/api/auth/me");
      expect((await me.json()).user.id).toBe(student.id);

      // The super_admin sees the link in the student's dialog and removes it after a confirmation.
      const adminPage = await pageInLook(browser, { lang, dark: lang === "ar", width: 1280 });
      await signIn(adminPage, "super_admin", { goto: "/dashboard/users/students" });
      await adminPage.getByRole("searchbox").fill(student.email);
      await adminPage.getByTestId(`user-row-${student.email}`).getByRole("button").first().click();
      const linked = adminPage.getByTestId("linked-identities");
      await expect(linked).toContainText(text.provider);
      await expect(linked).toContainText(student.email);
      await expectNoAxeViolations(adminPage, "linked identities");
      if (process.env.OIDC_SCREENSHOTS) await linked.screenshot({ path: path.resolve(`screenshots/oidc/user-dialog-${lang}.png`) });
      await linked.getByRole("button", { name: text.remove }).click();
      await adminPage.getByTestId("remove-identity-dialog").getByRole("button", { name: text.remove }).click();
      await expect(linked).toContainText(text.none);
      await adminPage.context().close();

      if (process.env.OIDC_SCREENSHOTS && lang === "en") {
        for (const look of FOUR_LOOKS) {
          const shot = await pageInLook(browser, look);
          for (const type of ["student", "school"] as const) {
            await shot.goto(`/login/${type}${type === "school" ? "?error=IDP_NOT_ALLOWED" : ""}`);
            await shot.waitForLoadState("networkidle");
            await shot.screenshot({ path: path.resolve(`screenshots/oidc/login-${type}-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}.png`), fullPage: true });
          }
          await shot.context().close();
        }
      }
    } finally {
      await admin.delete(`/api/identity-providers/${provider.id}`);
      await admin.dispose();
      await stub.close();
    }
  });
}
