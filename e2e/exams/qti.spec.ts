// QTI packages in the browser (issue 19): an exam exported from its row, the package imported back through the
// dialog (its preview, then the draft opening in the editor), and a QTI 2.1 bank's skipped items explained in Arabic.
import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { createExam, expect, expectToast, makeTeacher, signInWith, text } from "./helpers";

test.describe.configure({ timeout: 150_000 });

test("export an exam as QTI and import it back as a draft", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  const exam = await createExam(page, { titleEn: "Round Trip", titleAr: "ذهاب وإياب" });

  await page.goto("/dashboard/exams");
  const download = page.waitForEvent("download");
  await page.getByTestId(`exam-row-${exam.id}`).getByRole("link", { name: text("en", "qti.exportItem", { title: "Round Trip" }) }).click();
  const file = await (await download).path();

  await page.getByRole("button", { name: text("en", "qti.import") }).click();
  const dialog = page.getByTestId("qti-import-dialog");
  await dialog.getByLabel(text("en", "qti.file")).setInputFiles({ name: "round-trip.zip", mimeType: "application/zip", buffer: fs.readFileSync(file) });
  const items = dialog.getByTestId("qti-items").getByRole("listitem");
  await expect(items).toHaveCount(exam.questions.length);
  await expect(dialog.locator("[data-skipped=true]")).toHaveCount(0);
  await expect(dialog.getByText(text("en", "qti.summary", { understood: exam.questions.length, total: exam.questions.length }))).toBeVisible();
  await expectNoAxeViolations(page, "QTI import preview");
  await dialog.getByRole("button", { name: text("en", "qti.confirm") }).click();
  await expectToast(page, text("en", "toast.imported"));
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(exam.id);
});

test("a QTI 2.1 bank: what is skipped and why, in Arabic", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "ar");
  await signInWith(page, teacher);
  const dir = path.resolve("src/server/modules/qti/fixtures/qti21-bank");
  const files: Record<string, Uint8Array> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) if (fs.statSync(path.join(dir, name)).isFile()) files[name.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, name));

  await page.goto("/dashboard/exams");
  await page.getByRole("button", { name: text("ar", "qti.import") }).click();
  const dialog = page.getByTestId("qti-import-dialog");
  await dialog.getByLabel(text("ar", "qti.file")).setInputFiles({ name: "bank.zip", mimeType: "application/zip", buffer: Buffer.from(zipSync(files)) });
  await expect(dialog.locator("[data-skipped=true]")).toHaveCount(2);
  await expect(dialog.getByText("التفاعل hotspot-interaction ليس من أنواع الأسئلة الخمسة.")).toBeVisible();
  // The package names no subject of ours: nothing is created until one is chosen.
  await expect(dialog.getByRole("button", { name: text("ar", "qti.confirm") })).toBeDisabled();
});

test("the import dialog's preview, photographed in Arabic and English, light and dark, phone and desktop", async ({ browser, baseURL, request }) => {
  const teacher = await makeTeacher(request);
  const dir = path.resolve("src/server/modules/qti/fixtures/qti21-bank");
  const files: Record<string, Uint8Array> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) if (fs.statSync(path.join(dir, name)).isFile()) files[name.split(path.sep).join("/")] = fs.readFileSync(path.join(dir, name));
  const bank = Buffer.from(zipSync(files));
  for (const [lang, dark, width] of [
    ["ar", false, 1280],
    ["ar", true, 390],
    ["en", true, 1280],
    ["en", false, 390],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 } });
    const page = await context.newPage();
    await useLanguage(page, lang, { dark });
    await signInWith(page, teacher);
    await page.goto("/dashboard/exams");
    await page.getByRole("button", { name: text(lang, "qti.import") }).click();
    const dialog = page.getByTestId("qti-import-dialog");
    await dialog.getByLabel(text(lang, "qti.file")).setInputFiles({ name: "bank.zip", mimeType: "application/zip", buffer: bank });
    await expect(dialog.locator("[data-skipped=true]")).toHaveCount(2);
    await page.screenshot({ path: path.resolve("screenshots/qti", `import-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
    await context.close();
  }
});
