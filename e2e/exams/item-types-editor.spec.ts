// Issue 36's authoring side in a real browser, once per language: a teacher writes a multiple-response, a numeric
// and an ordering question (the order moved with the keyboard), a save with mistakes shows each message on its field
// in the page's language, the exam is saved, reloaded and every value is back. With ITEM_EDITOR_SCREENSHOTS=1 the
// three editors are photographed in ar/en × light/dark × 390/1280 under screenshots/item-types-editor/ (gitignored).
import path from "node:path";
import type { Page } from "@playwright/test";
import { ERRORS, fillText } from "../../src/shared/errors";
import { expectNoAxeViolations, pageInLook, test, useLanguage } from "../fixtures";
import { choose, expect, expectToast, makeTeacher, readExam, signInWith, text } from "./helpers";

test.describe.configure({ timeout: 240_000 });

/** A message of the catalogue as the editor shows it. */
const message = (lang: "ar" | "en", code: keyof typeof ERRORS, n: number) => fillText(ERRORS[code].message, { n })[lang];

const ITEMS = [
  ["هجرة الرسول ﷺ إلى المدينة", "The Hijra to Medina"],
  ["غزوة بدر", "The Battle of Badr"],
  ["فتح مكة", "The Conquest of Mecca"],
] as const;

/** Into a rich-text field: one input event for the whole text (typing key by key cost ~2 s a field, and no check
 * here is about single keystrokes). */
async function typeRich(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.insertText(value);
}

/** Writes the three questions into the open editor (the first question already there). */
async function authorThree(page: Page, lang: "ar" | "en") {
  const t = (key: string, vars?: Record<string, string | number>) => text(lang, key, vars);
  // 1. Multiple response: three choices, two of them right, partial credit (said what it means under the select).
  await choose(page, "question-0-type", t("types.multiple_response"));
  await expect(page.getByTestId("question-0")).toHaveAttribute("data-type", "multiple_response");
  await typeRich(page, "question-0-text-ar", "اختر العددين الأوليين.");
  await typeRich(page, "question-0-text-en", "Choose the two prime numbers.");
  const choices = [["سبعة", "Seven"], ["تسعة", "Nine"], ["خمسة", "Five"]] as const;
  await page.getByTestId("question-0-add-choice").click();
  await expect(page.getByTestId("question-0-choice-2-ar")).toBeFocused();
  for (const [j, [ar, en]] of choices.entries()) {
    await page.getByTestId(`question-0-choice-${j}-ar`).fill(ar);
    await page.getByTestId(`question-0-choice-${j}-en`).fill(en);
  }
  await choose(page, "question-0-scoring", t("interactions.scoring.partial"));
  await expect(page.getByTestId("question-0-scoring-hint")).toHaveText(t("interactions.scoring.hintChoices.partial"));

  // 2. Numeric: the answer in Arabic-Indic digits, read back; a negative tolerance for now.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-numeric").click();
  await typeRich(page, "question-1-text-ar", "كم طول الضلع؟");
  await typeRich(page, "question-1-text-en", "How long is the side?");
  await page.getByTestId("question-1-numeric-answer").fill("٣٫٥");
  await expect(page.getByTestId("question-1-numeric-read")).toHaveText(t("interactions.numeric.readAs", { value: "3.5" }));
  await page.getByTestId("question-1-numeric-tolerance").fill("-1");
  await choose(page, "question-1-numeric-mode", t("interactions.numeric.relative"));
  await page.getByTestId("question-1-numeric-unit-ar").fill("سم");
  await page.getByTestId("question-1-numeric-unit-en").fill("cm");

  // 3. Ordering: three events, the third written first and moved up with the keyboard; scored per adjacent pair.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-ordering").click();
  await typeRich(page, "question-2-text-ar", "رتّب الأحداث من الأقدم إلى الأحدث.");
  await typeRich(page, "question-2-text-en", "Put the events in order, oldest first.");
  await page.getByTestId("question-2-add-item").click();
  const written = [ITEMS[0], ITEMS[2], ITEMS[1]];
  for (const [j, [ar, en]] of written.entries()) {
    await page.getByTestId(`question-2-item-${j}-ar`).fill(ar);
    await page.getByTestId(`question-2-item-${j}-en`).fill(en);
  }
  await page.getByTestId("question-2-item-2-up").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("question-2-item-1-up")).toBeFocused();
  await expect(page.getByTestId("question-2-item-1-en")).toHaveValue(ITEMS[1][1]);
  await expect(page.getByRole("status").filter({ hasText: t("interactions.ordering.moved", { m: 2 }) })).toBeAttached();
  await choose(page, "question-2-scoring", t("interactions.scoring.per_pair"));
}

for (const lang of ["ar", "en"] as const) {
  test(`authoring the three new item types (${lang}): messages on their fields, saved, reloaded`, async ({ page, request }) => {
    const teacher = await makeTeacher(request);
    await useLanguage(page, lang);
    await signInWith(page, teacher);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/exams/create");
    await page.getByTestId("exam-title-ar").fill("اختبار الأنواع الجديدة");
    await page.getByTestId("exam-title-en").fill("New item types");
    await choose(page, "exam-subject", lang === "ar" ? "اللغة العربية" : "Arabic Language");
    await authorThree(page, lang);

    // No choice marked right, a negative tolerance: nothing is sent, each message sits on its field.
    await page.getByTestId("save-exam").click();
    await expect(page.getByTestId("error-questions.0.interaction.choices")).toContainText(message(lang, "QUESTION_NO_CORRECT_OPTION", 1));
    await expect(page.getByTestId("error-questions.1.interaction.tolerance")).toContainText(message(lang, "NUMERIC_TOLERANCE_INVALID", 2));
    await expect(page).toHaveURL(/\/exams\/create$/);
    await expect(page.getByTestId("question-1-numeric-tolerance")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, `item types editor with messages (${lang})`);

    await page.getByTestId("question-0-choice-0-correct").check();
    await page.getByTestId("question-0-choice-2-correct").check();
    await page.getByTestId("question-1-numeric-tolerance").fill("٥");
    await expect(page.getByTestId("error-questions.0.interaction.choices")).toHaveCount(0);
    await page.getByTestId("save-exam").click();
    await expectToast(page, text(lang, "toast.saved"));
    await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
    const examId = page.url().split("/").pop()!;

    const saved = await readExam(page, examId);
    expect(saved.questions.map((q) => q.type)).toEqual(["multiple_response", "numeric", "ordering"]);
    expect(saved.questions[0]!.interaction).toMatchObject({ type: "multiple_response", scoring: "partial" });
    const mr = saved.questions[0]!.interaction;
    expect(mr?.type === "multiple_response" && mr.choices.map((c) => [c.textEn, c.correct])).toEqual([["Seven", true], ["Nine", false], ["Five", true]]);
    expect(saved.questions[1]!.interaction).toEqual({ type: "numeric", answer: 3.5, tolerance: 5, toleranceMode: "relative", unitAr: "سم", unitEn: "cm" });
    const ord = saved.questions[2]!.interaction;
    expect(ord?.type === "ordering" && [ord.scoring, ord.items.map((i) => i.textEn)]).toEqual(["per_pair", ITEMS.map((i) => i[1])]);

    // Reopened, every value is back.
    await page.reload();
    await expect(page.getByTestId("question-0-choice-1-ar")).toHaveValue("تسعة");
    await expect(page.getByTestId("question-0-choice-0-correct")).toBeChecked();
    await expect(page.getByTestId("question-0-choice-1-correct")).not.toBeChecked();
    await expect(page.getByTestId("question-0-scoring")).toContainText(text(lang, "interactions.scoring.partial"));
    await expect(page.getByTestId("question-1-numeric-answer")).toHaveValue("3.5");
    await expect(page.getByTestId("question-1-numeric-tolerance")).toHaveValue("5");
    await expect(page.getByTestId("question-1-numeric-mode")).toContainText(text(lang, "interactions.numeric.relative"));
    for (const [j, [ar]] of ITEMS.entries()) await expect(page.getByTestId(`question-2-item-${j}-ar`)).toHaveValue(ar);
    await expect(page.getByTestId("question-2-scoring")).toContainText(text(lang, "interactions.scoring.per_pair"));
    await expect(page.getByTestId("dirty-state")).toHaveText(text(lang, "editor.allSaved"));
    // The reloaded editor is the form checked above without its messages; axe (~12 s here) reads it in one language.
    if (lang === "ar") await expectNoAxeViolations(page, `item types editor, reloaded (${lang})`);
  });
}

test("the three editors photographed in both languages, themes and widths", async ({ browser, request }) => {
  test.skip(!process.env.ITEM_EDITOR_SCREENSHOTS, "set ITEM_EDITOR_SCREENSHOTS=1 to photograph");
  // Eight looks, each writing the three questions afresh.
  test.setTimeout(900_000);
  const teacher = await makeTeacher(request);
  for (const lang of ["ar", "en"] as const)
    for (const dark of [false, true])
      for (const width of [390, 1280]) {
        const page = await pageInLook(browser, { lang, dark, width });
        await signInWith(page, teacher);
        await page.goto("/exams/create");
        await authorThree(page, lang);
        await page.getByTestId("save-exam").click();
        await expect(page.getByTestId("error-questions.1.interaction.tolerance")).toBeVisible();
        // Without the sticky bars and the toast, which would be painted over a tall card's picture.
        await page.addStyleTag({ content: ".sticky { position: static !important } [role=region] ol li { visibility: hidden !important }" });
        for (const q of [0, 1, 2]) {
          await page.getByTestId(`question-${q}`).screenshot({ path: path.resolve(`screenshots/item-types-editor/${lang}-${dark ? "dark" : "light"}-${width}-q${q}.png`) });
        }
        await page.context().close();
      }
});
