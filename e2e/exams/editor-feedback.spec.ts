// Issue 13, items 16 and 17: after a failed save the editor names every problem at once (a new multiple-choice
// question lacks a second option AND a correct one), and the error toast never covers the action bar, so a
// second click on Save lands on Save — in Arabic and English, at 1280 and 390 px.
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { expect, latestToast, makeTeacher, signInWith } from "./helpers";
import { ERRORS, fillText } from "../../src/shared/errors";

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectToastClearOf(page: Page, ...targets: Locator[]) {
  const toast = latestToast(page);
  await expect(toast).toBeVisible();
  // Let the slide-in end before measuring.
  await page.waitForTimeout(400);
  const t = await box(toast);
  for (const target of targets) expect(overlaps(t, await box(target)), `toast over ${await target.getAttribute("data-testid")}`).toBe(false);
}

for (const lang of ["ar", "en"] as const) {
  for (const width of [1280, 390]) {
    test(`${lang} ${width}px: one failed save shows every problem, and its toast leaves Save and Preview free`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const teacher = await makeTeacher(request);
      await useLanguage(page, lang);
      await signInWith(page, teacher);
      await page.goto("/exams/create");
      await expect(page.getByTestId("question-0")).toHaveAttribute("data-type", "multiple_choice");

      // A new multiple-choice question as it comes: texts filled, one option, nothing marked correct.
      await page.getByTestId("exam-title-ar").fill("اختبار");
      await page.getByTestId("question-0-text-ar").fill("ما مرادف «الوفاء»؟");
      await page.getByTestId("question-0-text-en").fill("A synonym of loyalty?");
      await page.getByTestId("question-0-option-0-ar").fill("الإخلاص");
      await page.getByTestId("question-0-option-0-en").fill("Faithfulness");
      await page.getByTestId("save-exam").click();

      const options = page.getByTestId("error-questions.0.options");
      const say = (code: "QUESTION_MIN_OPTIONS" | "QUESTION_NO_CORRECT_OPTION") => fillText(ERRORS[code].message, { n: 1 })[lang];
      await expect(options.locator('[data-code="QUESTION_MIN_OPTIONS"]')).toHaveText(say("QUESTION_MIN_OPTIONS"));
      await expect(options.locator('[data-code="QUESTION_NO_CORRECT_OPTION"]')).toHaveText(say("QUESTION_NO_CORRECT_OPTION"));
      // The English title and the subject are missing too: said at the same time, not on the next save.
      await expect(page.getByTestId("error-titleEn")).toBeVisible();
      await expect(page.getByTestId("error-subjectId")).toBeVisible();

      const save = page.getByTestId("save-exam");
      const preview = page.getByTestId("preview-button");
      await save.scrollIntoViewIfNeeded();
      await expectToastClearOf(page, save, preview);
      await expectNoAxeViolations(page, `editor after a failed save (${lang}, ${width})`);

      // A second click lands on Save, not on the toast: the messages are checked again and stay.
      // (Playwright refuses a click that something else on top would receive.)
      await save.click({ timeout: 5_000 });
      await expect(latestToast(page)).toBeVisible();
      await expect(options.locator("[data-code]")).toHaveCount(2);
    });
  }
}
