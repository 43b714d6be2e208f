// The live view's offline states (issue 37, decision 0056), on the sitting e2e/offline-seed.ts writes: a student
// whose device holds answers while offline, and students whose answers came back after the grace — held for the
// principal, who refuses one student's (Arabic) and accepts another's (English), each after a confirmation. Axe on
// the page and on the dialog. LIVE_OFFLINE_SCREENSHOTS=1 also takes the pictures, ar/en × light/dark × 390/1280.
import path from "node:path";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { OFFLINE_SITTING_ID, OFFLINE_STUDENTS } from "../offline-seed";

const LIVE = `/sittings/${OFFLINE_SITTING_ID}/live`;
const TEXT = {
  ar: { waiting: /غير متصل — 6 إجابات بانتظار الإرسال/, held: /إجابة واحدة بانتظار قرارك/, refused: /رُفضت الإجابات المحفوظة/ },
  en: { waiting: /Offline — 6 answers waiting/, held: /2 held for your decision/, accepted: /Held answers accepted \(2\)/ },
};

const row = (page: import("@playwright/test").Page, name: string) => page.getByTestId("live-student").filter({ hasText: name });

test("live view offline pictures", async ({ browser }) => {
  test.skip(!process.env.LIVE_OFFLINE_SCREENSHOTS, "set LIVE_OFFLINE_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(300_000);
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "school_admin", { goto: LIVE });
        await expect(page.getByTestId("held-banner")).toBeVisible();
        await page.screenshot({ path: path.resolve("screenshots/live-offline", `live-${lang}-${dark ? "dark" : "light"}-${width}.png`), fullPage: true });
        await row(page, OFFLINE_STUDENTS.late.name).getByTestId("held-accept").click();
        await expect(page.getByTestId("held-confirm")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.resolve("screenshots/live-offline", `confirm-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
        await context.close();
      }
    }
  }
});

test("ar: a silent device's waiting answers, held answers, and one student's refused", async ({ page }) => {
  await useLanguage(page, "ar");
  await signIn(page, "school_admin", { goto: LIVE });
  const away = row(page, OFFLINE_STUDENTS.away.name);
  await expect(away.getByTestId("live-state")).toHaveAttribute("data-state", "offline");
  await expect(away.getByTestId("live-waiting")).toHaveText(TEXT.ar.waiting);
  const later = row(page, OFFLINE_STUDENTS.later.name);
  await expect(later.getByTestId("live-held")).toContainText(TEXT.ar.held);
  await expect(page.getByTestId("held-banner")).toBeVisible();
  await expectNoAxeViolations(page, "live view offline ar");
  await later.getByTestId("held-refuse").click();
  const dialog = page.getByTestId("held-confirm");
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, "held confirm ar");
  // Cancel has the focus: Enter never decides by accident.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await later.getByTestId("held-refuse").click();
  await dialog.getByRole("button", { name: "رفض" }).click();
  await expect(page.getByText(TEXT.ar.refused).first()).toBeVisible();
  await expect(later.getByTestId("live-held")).toHaveCount(0);
});

test("en: held answers accepted for one student", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "school_admin", { goto: LIVE });
  await expect(row(page, OFFLINE_STUDENTS.away.name).getByTestId("live-waiting")).toHaveText(TEXT.en.waiting);
  const late = row(page, OFFLINE_STUDENTS.late.name);
  await expect(late.getByTestId("live-held")).toContainText(TEXT.en.held);
  await expectNoAxeViolations(page, "live view offline en");
  await late.getByTestId("held-accept").click();
  await page.getByTestId("held-confirm").getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.getByText(TEXT.en.accepted).first()).toBeVisible();
  await expect(late.getByTestId("live-held")).toHaveCount(0);
});
