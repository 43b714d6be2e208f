// Issue 34 in the browser: the item bank page. A teacher (Arabic) finds a demo item with and without diacritics (the
// server folds Arabic), narrows a search by type, previews an item in both languages, copies it to the school,
// retires it (after a confirmation) and restores it; in English a school_admin searches and previews. axe on the
// page and the preview. Each test makes its own item through the API, so runs never meet.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

type TTexts = typeof import("../../src/shared/i18n/bank.en.json");
const load = (lang: "ar" | "en") => JSON.parse(fs.readFileSync(`src/shared/i18n/bank.${lang}.json`, "utf8")) as TTexts;
const T = { ar: load("ar"), en: load("en") };

async function newItem(playwright: Parameters<typeof apiAsAccount>[0], tag: string) {
  const teacher = await apiAsAccount(playwright, "teacher");
  return json<{ id: string }>(
    await teacher.post("/api/bank", {
      data: {
        subjectId: "arabic",
        grade: 8,
        question: {
          type: "multiple_choice",
          questionTextAr: `ما معنى «الأَمَانَة» في درس ${tag}؟`,
          questionTextEn: `What does honesty mean in lesson ${tag}?`,
          points: 1,
          options: [
            { optionTextAr: "الصِّدق وحفظ الحقوق", optionTextEn: "Keeping trust", isCorrect: true },
            { optionTextAr: "الكسل", optionTextEn: "Laziness", isCorrect: false },
          ],
        },
      },
    }),
    201,
  );
}

test("ar: search with and without diacritics, a filter, preview, copy, retire and restore", async ({ page, playwright }) => {
  const tag = `bk${randomUUID().slice(0, 6)}`;
  await newItem(playwright, tag);
  await useLanguage(page, "ar");
  await signIn(page, "teacher", { goto: "/dashboard/bank" });
  await expect(page.getByTestId("bank-page")).toBeVisible();
  await expect(page.getByTestId("bank-row").first()).toBeVisible();
  await expectNoAxeViolations(page, "bank page (ar)");

  const search = page.getByTestId("bank-search");
  const rows = page.getByTestId("bank-row");
  // A demo question, written without diacritics, found by a search that has them, and the other way round.
  await search.fill("الوَفَاء");
  await expect(rows.filter({ hasText: "الوفاء" }).first()).toBeVisible();
  await search.fill(`الامانة في درس ${tag}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tag);

  // A filter narrows: the item is a multiple-choice question.
  await page.getByTestId("bank-filter-type").click();
  await page.getByRole("option", { name: "مقالي" }).click();
  await expect(page.getByTestId("bank-empty")).toBeVisible();
  await page.getByTestId("bank-filter-type").click();
  await page.getByRole("option", { name: T.ar.filters.any }).click();
  await expect(rows).toHaveCount(1);

  // The preview, in both languages.
  await rows.first().getByTestId("bank-preview").click();
  const preview = page.getByTestId("bank-item-preview");
  await expect(preview.getByTestId("bank-preview-question")).toContainText("الأَمَانَة");
  await expectNoAxeViolations(page, "bank preview (ar)");
  await preview.getByTestId("bank-preview-lang-en").click();
  await expect(preview.getByTestId("bank-preview-question")).toContainText(`What does honesty mean in lesson ${tag}?`);

  // Copy: a second item of the school with the same text.
  await preview.getByTestId("bank-copy").click();
  await expect(page.getByText(T.ar.toast.copied).first()).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Retire, after a confirmation: it leaves the search, and comes back with "include retired", marked.
  await preview.getByTestId("bank-retire").click();
  const confirm = page.getByTestId("bank-confirm-retire");
  await expect(confirm).toContainText(T.ar.confirmRetire.title);
  await confirm.getByRole("button", { name: T.ar.confirmRetire.confirm }).click();
  await expect(page.getByText(T.ar.toast.retired).first()).toBeVisible();
  await expect(preview.getByTestId("bank-restore")).toBeVisible();
  await preview.getByRole("button", { name: "إغلاق" }).first().click();
  await expect(preview).toBeHidden();
  await expect(rows).toHaveCount(1);
  await page.getByTestId("bank-filter-includeRetired").check();
  await expect(rows).toHaveCount(2);
  const retired = rows.filter({ hasText: T.ar.retired });
  await expect(retired).toHaveCount(1);
  await retired.getByTestId("bank-preview").click();
  await preview.getByTestId("bank-restore").click();
  await expect(page.getByText(T.ar.toast.restored).first()).toBeVisible();
  await expect(preview.getByTestId("bank-retire")).toBeVisible();
});

test("en: a school_admin searches in English and previews", async ({ page, playwright }) => {
  const tag = `bk${randomUUID().slice(0, 6)}`;
  await newItem(playwright, tag);
  await useLanguage(page, "en", { dark: true });
  await signIn(page, "school_admin", { goto: "/dashboard" });
  await page.getByRole("link", { name: T.en.menu }).first().click();
  await expect(page.getByTestId("bank-page")).toBeVisible();
  await page.getByTestId("bank-search").fill(`honesty mean in lesson ${tag}`);
  const rows = page.getByTestId("bank-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`What does honesty mean in lesson ${tag}?`);
  await expect(rows.first()).toContainText(T.en.neverUsed);
  await rows.first().getByTestId("bank-preview").click();
  await expect(page.getByTestId("bank-preview-uses")).toContainText(T.en.preview.usesEmpty);
  await expectNoAxeViolations(page, "bank preview (en, dark)");
});

test("en: the exam editor adds an item from the bank", async ({ page, playwright }) => {
  const tag = `bk${randomUUID().slice(0, 6)}`;
  await newItem(playwright, tag);
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار البنك ${tag}`,
        titleEn: `Bank exam ${tag}`,
        subjectId: "arabic",
        durationMinutes: 20,
        status: "draft",
        questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }],
      },
    }),
    201,
  );
  await useLanguage(page, "en");
  await signIn(page, "teacher", { goto: `/exams/edit/${exam.id}` });
  await expect(page.getByTestId("question-0")).toBeVisible();
  await page.getByTestId("add-from-bank").click();
  const dialog = page.getByTestId("add-from-bank-dialog");
  await dialog.getByTestId("bank-search").fill(`honesty mean in lesson ${tag}`);
  await expect(dialog.getByTestId("bank-row")).toHaveCount(1);
  await dialog.getByTestId("bank-choose").click();
  await dialog.getByTestId("add-from-bank-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("question-1")).toBeVisible();
  await expect(page.getByTestId("dirty-state")).not.toContainText("unsaved");
});
