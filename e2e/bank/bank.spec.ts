// Issue 34 in the browser: the item bank page. A teacher (Arabic) finds a demo item with and without diacritics (the
// server folds Arabic), narrows a search by type, previews an item in both languages, copies it to the school,
// retires it (after a confirmation) and restores it, the focus then on the status line, and edits it; in English a
// school_admin makes a new item and previews it, and the exam editor takes an item's new version (refused while a
// student is sitting the exam, taken once they have submitted) and adds from the bank. axe on the page, the preview
// and the item editor. Each test makes its own item through the API, so runs never meet.
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
  // The Restore button is gone: the focus is on the line that says what happened, not lost on the page.
  await expect(preview.getByTestId("bank-preview-status")).toBeFocused();
  await expect(preview.getByTestId("bank-preview-status")).toHaveText(T.ar.toast.restored);

  // Edit, in the exam editor's question fields: nobody has seen it, so it is changed in place (still version 1).
  await preview.getByTestId("bank-edit").click();
  const editor = page.getByTestId("bank-item-editor");
  await expect(editor.getByTestId("question-0-text-en")).toContainText(`lesson ${tag}`);
  await expect(editor.getByTestId("bank-editor-seen")).toHaveCount(0);
  await expect(editor.getByTestId("question-0-up")).toBeHidden();
  await expectNoAxeViolations(page, "bank item editor (ar)");
  await editor.getByTestId("question-0-text-en").fill(`What does trustworthiness mean in lesson ${tag}?`);
  await editor.getByTestId("bank-editor-save").click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(T.ar.toast.saved).first()).toBeVisible();
  await expect(preview.getByTestId("bank-preview-question")).toContainText(`What does trustworthiness mean in lesson ${tag}?`);
  await expect(preview.getByTestId("bank-preview-versions").getByRole("button")).toHaveCount(1);

  // Export the item as QTI, and import the package back into the bank: a second item with its text.
  const download = page.waitForEvent("download");
  await preview.getByTestId("bank-export-one").click();
  const file = await (await download).path();
  await preview.getByRole("button", { name: "إغلاق" }).first().click();
  await page.getByTestId("bank-import-qti").click();
  const importer = page.getByTestId("qti-import-dialog");
  await importer.getByTestId("qti-file").setInputFiles({ name: "item.zip", mimeType: "application/zip", buffer: fs.readFileSync(file) });
  await expect(importer.getByTestId("qti-items").getByRole("listitem")).toHaveCount(1);
  await importer.getByTestId("qti-confirm").click();
  await expect(importer).toBeHidden();
  await expect(page.getByText(T.ar.toast.imported.split("{{n}}")[0]!.trim()).first()).toBeVisible();
  await search.fill(`trustworthiness mean in lesson ${tag}`);
  await expect(rows).toHaveCount(2);
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
  await page.getByTestId("bank-item-preview").getByRole("button", { name: "Close" }).first().click();

  // A new item: saving with nothing filled in says what is missing; filled in, it opens in the preview.
  await page.getByTestId("bank-new").click();
  const editor = page.getByTestId("bank-item-editor");
  await editor.getByTestId("bank-editor-save").click();
  await expect(editor.getByTestId("error-subjectId")).toBeVisible();
  await editor.getByTestId("bank-editor-subject").click();
  await page.getByRole("option").first().click();
  await editor.getByTestId("question-0-text-ar").fill(`ما عاصمة الإمارات؟ ${tag}`);
  await editor.getByTestId("question-0-text-en").fill(`What is the capital of the UAE? ${tag}`);
  await editor.getByTestId("question-0-option-0-ar").fill("أبوظبي");
  await editor.getByTestId("question-0-option-0-en").fill("Abu Dhabi");
  await editor.getByTestId("question-0-add-option").click();
  await editor.getByTestId("question-0-option-1-ar").fill("دبي");
  await editor.getByTestId("question-0-option-1-en").fill("Dubai");
  await editor.getByTestId("question-0-option-0-correct").check();
  await editor.getByTestId("bank-editor-save").click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(T.en.toast.created).first()).toBeVisible();
  await expect(page.getByTestId("bank-preview-question")).toContainText(`What is the capital of the UAE? ${tag}`);
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
        status: "published",
        questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }],
      },
    }),
    201,
  ) as { id: string; questions: { bank: { itemId: string } }[] };
  // A student starts the exam, and the question's item is then edited in the bank: version 2, which the exam has not taken.
  const student = await apiAsAccount(playwright, "student");
  const attempt = await json<{ id: string }>(await student.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  await json(await teacher.put(`/api/bank/${exam.questions[0]!.bank.itemId}`, { data: { subjectId: "arabic", question: { type: "short_answer", questionTextAr: "ما ضد «قصير»؟", questionTextEn: "Opposite of short?", points: 1, correctAnswerText: "طويل" } } }));
  await useLanguage(page, "en");
  await signIn(page, "teacher", { goto: `/exams/edit/${exam.id}` });
  await expect(page.getByTestId("question-0")).toBeVisible();

  // "Version 2 available": taking it is refused while the student is sitting the exam, with the server's reason…
  const notice = page.getByTestId("take-version");
  await expect(notice).toContainText(T.en.takeVersion.available.replace("{{n}}", "2"));
  await notice.getByTestId("take-version-one").click();
  await page.getByTestId("take-version-confirm").getByRole("button", { name: T.en.takeVersion.confirm }).click();
  await expect(page.getByText("a student is taking this exam now").first()).toBeVisible();
  await expect(notice).toBeVisible();
  // …and taken once they have submitted.
  await json(await student.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await notice.getByTestId("take-version-one").click();
  await page.getByTestId("take-version-confirm").getByRole("button", { name: T.en.takeVersion.confirm }).click();
  await expect(page.getByText(T.en.toast.tookVersion).first()).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId("question-0-text-en")).toContainText("Opposite of short?");
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
