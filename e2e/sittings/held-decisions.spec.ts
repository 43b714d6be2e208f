// Held answers decided one by one and for the whole sitting (issue 37, decision 0056), on the second sitting
// e2e/offline-seed.ts writes (its own students: the first sitting's tests keep theirs). The principal opens a
// student's held answers, refuses one after a confirmation, then accepts every answer left in the sitting at once.
// Axe on the list; HELD_SCREENSHOTS=1 also takes the pictures of the list, ar/en × light/dark × 390/1280.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { HELD_SITTING_ID, HELD_STUDENTS } from "../offline-seed";

const LIVE = `/sittings/${HELD_SITTING_ID}/live`;
const row = (page: Page, name: string) => page.getByTestId("live-student").filter({ hasText: name });

test("held answers one by one: pictures", async ({ browser }) => {
  test.skip(!process.env.HELD_SCREENSHOTS, "set HELD_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(300_000);
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "school_admin", { goto: LIVE });
        const late = row(page, HELD_STUDENTS.late.name);
        await late.getByTestId("held-review").click();
        await expect(late.getByTestId("held-item")).toHaveCount(2);
        await late.screenshot({ path: path.resolve("screenshots/held-decisions", `list-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
        await context.close();
      }
    }
  }
});

test("en: one held answer refused after a confirmation, then every answer left in the sitting accepted at once", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "school_admin", { goto: LIVE });
  const late = row(page, HELD_STUDENTS.late.name);
  const review = late.getByTestId("held-review");
  await expect(review).toHaveAttribute("aria-expanded", "false");
  await review.click();
  await expect(review).toHaveAttribute("aria-expanded", "true");
  const items = late.getByTestId("held-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Abu Dhabi is the capital of the UAE.");
  await expect(items.first()).toContainText("Answer: True");
  await expectNoAxeViolations(page, "held answers one by one en");

  // Refusing asks first; Escape leaves it undecided.
  await items.first().getByTestId("held-item-refuse").click();
  const dialog = page.getByTestId("held-confirm");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(2);
  await items.first().getByRole("button", { name: `Refuse held answer 1 of ${HELD_STUDENTS.late.name}` }).click();
  await dialog.getByRole("button", { name: "Refuse", exact: true }).click();
  await expect(page.getByText("Held answers refused (1)").first()).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(late.getByTestId("live-held")).toContainText("1 held for your decision");

  // The whole sitting: this student's last one and the other student's, in one decision.
  await expect(page.getByTestId("held-banner")).toContainText("2 answers held for your decision");
  await page.getByTestId("held-accept-all").click();
  await dialog.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.getByText("Held answers accepted (2)").first()).toBeVisible();
  await expect(page.getByTestId("held-banner")).toHaveCount(0);
  await expect(page.getByTestId("live-held")).toHaveCount(0);
});
