// The super_admin's identity providers page (issue 38) in Arabic and English, and signing out of a session that
// came through one. A local OpenID provider (src/server/test/oidc-stub.ts) started here is added through the page
// (discovery tested, one school chosen), a student signs in with it and signs out: the signed-out page offers the
// provider's logout, which sends the browser back to say both are done. The provider is then edited and removed
// (the confirmation names its one linked person). axe on the list, the dialog, the confirmation and the signed-out
// page. IDP_SCREENSHOTS=1 also photographs them in the four looks.
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiAsAccount, createStudent } from "../api";
import { expect, expectNoAxeViolations, FOUR_LOOKS, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { startStubProvider } from "../../src/server/test/oidc-stub";

const TEXT = {
  ar: {
    add: "إضافة مزوّد",
    nameAr: "الاسم (بالعربية)",
    nameEn: "الاسم (بالإنجليزية)",
    issuer: "عنوان المُصدِر",
    test: "اختبار",
    found: "يمكنه إنهاء جلسته",
    clientId: "معرّف العميل",
    clientSecret: "سرّ العميل",
    allSchools: "جميع المدارس",
    school: "مدرسة النهضة النموذجية",
    submit: "إضافة المزوّد",
    save: "حفظ التغييرات",
    badIssuer: "أدخل عنوانًا كاملًا يبدأ بـ https://",
    signInWith: "تسجيل الدخول عبر",
    signOut: "تسجيل الخروج",
    signOutOf: "سجّل الخروج من",
    both: "سُجِّل خروجك من قياس ومن",
    linked: "شخص واحد مرتبط عبره.",
    confirmDelete: "حذف المزوّد",
  },
  en: {
    add: "Add provider",
    nameAr: "Name (Arabic)",
    nameEn: "Name (English)",
    issuer: "Issuer address",
    test: "Test",
    found: "it can end its own session",
    clientId: "Client ID",
    clientSecret: "Client secret",
    allSchools: "Every school",
    school: "Al Nahda Model School",
    submit: "Add provider",
    save: "Save Changes",
    badIssuer: "Enter a full https:// address.",
    signInWith: "Sign in with",
    signOut: "Logout",
    signOutOf: "Sign out of",
    both: "You are signed out of Qias and of",
    linked: "1 person is linked through it.",
    confirmDelete: "Delete provider",
  },
} as const;

/** Text without the bidi isolates that keep a provider's name in its own direction. */
const plain = (locator: Locator) => expect.poll(async () => ((await locator.textContent()) ?? "").replace(/[\u2066-\u2069]/g, ""));

async function shoot(page: Page, name: string) {
  if (process.env.IDP_SCREENSHOTS) await page.screenshot({ path: path.resolve(`screenshots/identity-providers/${name}.png`), fullPage: true });
}

for (const lang of ["ar", "en"] as const) {
  const text = TEXT[lang];

  test(`${lang}: a super_admin adds a provider, a student signs in and out through it, the provider is edited and removed`, async ({ page, browser, playwright }) => {
    const stub = await startStubProvider({ kind: "oidc" });
    const admin = await apiAsAccount(playwright, "super_admin");
    const tag = randomUUID().slice(0, 4);
    const names = { ar: `حساب المدرسة ${tag}`, en: `School account ${tag}` };
    const name = names[lang];
    let providerId: string | undefined;
    try {
      await useLanguage(page, lang, { dark: lang === "en" });
      await signIn(page, "super_admin", { goto: "/dashboard/identity-providers" });
      const list = page.getByTestId("identity-providers-page");
      await expect(list.getByTestId("provider-redirect-uri")).toHaveText(/\/api\/auth\/oidc\/callback$/);
      await expectNoAxeViolations(page, "providers list");

      // Add: a wrong issuer is said on its field; the right one is tested, then saved for one school.
      await list.getByRole("button", { name: text.add }).click();
      const dialog = page.getByTestId("provider-dialog");
      await dialog.getByLabel(text.nameAr).fill(names.ar);
      await dialog.getByLabel(text.nameEn).fill(names.en);
      await dialog.getByRole("textbox", { name: text.issuer }).fill("ftp://nowhere");
      await dialog.getByLabel(text.clientId).fill(stub.clientId);
      await dialog.getByLabel(text.clientSecret, { exact: false }).first().fill(stub.clientSecret);
      await dialog.getByRole("button", { name: text.submit }).click();
      await expect(dialog).toContainText(text.badIssuer);
      await dialog.getByRole("textbox", { name: text.issuer }).fill(stub.issuer);
      await dialog.getByRole("button", { name: text.test, exact: true }).click();
      await expect(dialog.getByTestId("provider-discovered")).toContainText(text.found);
      await dialog.getByLabel(text.allSchools).uncheck();
      await dialog.getByTestId("provider-schools").getByLabel(text.school).check();
      await expectNoAxeViolations(page, "provider dialog");
      await dialog.getByRole("button", { name: text.submit }).click();
      await expect(dialog).toBeHidden();
      const row = list.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText(text.school);
      providerId = ((await (await admin.get("/api/identity-providers")).json()) as { id: string; nameEn: string }[]).find((p) => p.nameEn === names.en)?.id;
      expect(providerId).toBeTruthy();
      await shoot(page, `list-${lang}`);

      // A student of that school signs in with it and signs out: the provider's logout is offered, and comes back.
      const student = await createStudent(admin, "school_dubai", `idp-${lang}`);
      stub.user = { sub: `idp-${randomUUID()}`, email: student.email, email_verified: true };
      const pupil = await pageInLook(browser, { lang, dark: lang === "ar", width: 390 });
      await pupil.goto("/login/student");
      await pupil.getByRole("link", { name: `${text.signInWith} ${name}` }).click();
      await expect(pupil).toHaveURL(/\/dashboard/);
      // On a phone, the menu strip's (the side menu's is hidden there).
      await pupil.getByRole("button", { name: text.signOut, exact: true }).first().click();
      await expect(pupil).toHaveURL(/\/signed-out$/);
      const offer = pupil.getByTestId("provider-logout");
      await plain(offer).toContain(`${text.signOutOf} ${name}`);
      await expectNoAxeViolations(pupil, "signed-out offer");
      await shoot(pupil, `signed-out-${lang}`);
      expect((await pupil.request.get("/api/auth/me")).status()).toBe(401);
      await offer.click();
      await expect(pupil).toHaveURL(/\/signed-out$/);
      await plain(pupil.getByTestId("signed-out-done")).toContain(`${text.both} ${name}`);
      expect(stub.lastLogout?.get("id_token_hint")).toBeTruthy();
      await pupil.context().close();

      // Edit: the secret stays set when left empty.
      await row.getByTestId("provider-edit").click();
      await dialog.getByLabel(text.nameEn).fill(`${names.en} (edited)`);
      await dialog.getByRole("button", { name: text.save }).click();
      await expect(dialog).toBeHidden();
      const saved = ((await (await admin.get("/api/identity-providers")).json()) as { id: string; nameEn: string; clientSecretSet: boolean }[]).find((p) => p.id === providerId);
      expect(saved).toMatchObject({ nameEn: `${names.en} (edited)`, clientSecretSet: true });

      // Remove, after a confirmation that names the one person linked through it.
      await row.getByTestId("provider-delete").click();
      const confirm = page.getByTestId("delete-provider-dialog");
      await expect(confirm.getByTestId("delete-provider-linked")).toHaveText(text.linked);
      await expectNoAxeViolations(page, "delete confirmation");
      await confirm.getByRole("button", { name: text.confirmDelete }).click();
      await expect(row).toHaveCount(0);
      providerId = undefined;

      if (process.env.IDP_SCREENSHOTS && lang === "en") {
        for (const look of FOUR_LOOKS) {
          const shot = await pageInLook(browser, look);
          await signIn(shot, "super_admin", { goto: "/dashboard/identity-providers" });
          await shot.getByTestId("provider-add").click();
          await shot.getByTestId("provider-dialog").waitFor();
          await shot.screenshot({ path: path.resolve(`screenshots/identity-providers/dialog-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}.png`), fullPage: true });
          await shot.keyboard.press("Escape");
          await shot.goto("/dashboard/schools");
          await shot.getByTestId("schools-table").waitFor();
          await shot.screenshot({ path: path.resolve(`screenshots/identity-providers/schools-${look.lang}-${look.dark ? "dark" : "light"}-${look.width}.png`), fullPage: true });
          await shot.context().close();
        }
      }
    } finally {
      if (providerId) await admin.delete(`/api/identity-providers/${providerId}`);
      await admin.dispose();
      await stub.close();
    }
  });
}
