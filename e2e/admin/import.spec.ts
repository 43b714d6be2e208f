// Roster import: template, a file with bad rows (each marked with its reason, Import disabled), then a good
// file imported with the credentials downloaded once. Arabic names in UTF-8 with a BOM; then files as Excel writes
// them in an Arabic locale (.xlsx, Windows-1256 with semicolons) and the downloads as .xlsx (issue 19).
import fs from "node:fs";
import path from "node:path";
import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import type { Locator } from "@playwright/test";
import { expectNoAxeViolations, FOUR_LOOKS, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { allowSlowMachine, expect, LANGS, errorOf, expectToast, fill, texts, uniqueTag } from "./helpers";

allowSlowMachine();

// Files made before grade, class and email_language existed still import (most uploads below use this header); the
// template and the credentials file carry the newer columns.
const HEADER = "email,username,name,password,school_id";
// A student's columns without the two only staff see (issue 35): the credentials file, which goes to the students, has these.
const STUDENT_BASE_HEADER = `${HEADER},grade,class,email_language`;
const STUDENT_HEADER = `${STUDENT_BASE_HEADER},gender,language_background`;
/** The student template also has the reading accommodations (issue 37), staff-only like gender. */
const STUDENT_TEMPLATE_HEADER = `${STUDENT_HEADER},read_aloud,high_contrast,text_size`;
// The same columns as a school writes them in Arabic, with the email language (issue 19).
const ARABIC_HEADER = "البريد الإلكتروني,اسم المستخدم,الاسم,كلمة المرور,المدرسة,لغة البريد";

/** The dialog fits its frame: nothing wider than it (the preview's table scrolls inside itself), and it within the window. */
async function expectFitsItsFrame(dialog: Locator) {
  const fit = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    return { overflow: d.scrollWidth - d.clientWidth, left: r.left, right: window.innerWidth - r.right, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(fit.overflow, "the dialog scrolls sideways").toBeLessThanOrEqual(0);
  expect(Math.min(fit.left, fit.right, -fit.page), JSON.stringify(fit)).toBeGreaterThanOrEqual(0);
}

function csvFile(lines: string[], name = "roster.csv", header = HEADER) {
  return { name, mimeType: "text/csv", buffer: Buffer.from("\uFEFF" + [header, ...lines].join("\r\n") + "\r\n", "utf8") };
}

for (const lang of LANGS) {
  test.describe(`roster import (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    test("preview marks bad rows, then a good file imports and the credentials download", async ({ page }) => {
      const t = texts(lang);
      const tag = uniqueTag();
      await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
      await page.getByRole("button", { name: t.import.open }).click();
      const dialog = page.getByRole("dialog", { name: t.import.title.students });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("import-template")).toHaveAttribute("href", "/api/users/import/template?role=student");
      const template = await page.request.get("/api/users/import/template?role=student");
      expect(template.status()).toBe(200);
      expect((await template.text()).replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(STUDENT_TEMPLATE_HEADER);
      // The columns in the page's language, each with its header in the file.
      const help = dialog.getByTestId("import-columns");
      for (const column of STUDENT_HEADER.split(",")) await expect(help.getByTestId(`import-column-${column}`)).toHaveText(new RegExp(`${t.import.columnNames[column as keyof typeof t.import.columnNames]}\\s*${column}`));

      // Bad rows: an invalid email, an unknown school, a duplicate within the file, a language that is none of ours.
      await dialog.getByTestId("import-file").setInputFiles(
        csvFile(
          [
            `ok.${tag}@example.com,ok-${tag},أحمد المنصوري,,school_dubai,`,
            `not-an-email,bad1-${tag},Bad Email,,school_dubai,`,
            `school.${tag}@example.com,bad2-${tag},Bad School,,no_such_school,`,
            `ok.${tag}@example.com,bad3-${tag},Duplicate,,school_dubai,`,
            `lang.${tag}@example.com,bad4-${tag},Bad Language,,school_dubai,fr`,
          ],
          "roster.csv",
          `${HEADER},email_language`,
        ),
      );
      const preview = dialog.getByTestId("import-preview");
      await expect(preview).toBeVisible();
      await expect(dialog.getByTestId("import-valid")).toHaveText(fill(t.import.validRows, { count: 1 }));
      await expect(dialog.getByTestId("import-invalid")).toHaveText(fill(t.import.invalidRows, { count: 4 }));
      await expect(dialog.getByTestId("import-row-3")).toContainText(errorOf("USER_EMAIL_INVALID", lang).message);
      await expect(dialog.getByTestId("import-row-4")).toContainText(errorOf("SCHOOL_NOT_FOUND", lang).message);
      await expect(dialog.getByTestId("import-row-5")).toContainText(errorOf("IMPORT_DUPLICATE_IN_FILE", lang).message);
      await expect(dialog.getByTestId("import-row-6")).toContainText(errorOf("EMAIL_LANGUAGE_INVALID", lang).message);
      await expect(dialog.getByTestId("import-row-2")).toContainText(t.import.rowOk);
      await expect(dialog.getByTestId("import-row-2")).toContainText("أحمد المنصوري");
      await expect(dialog.getByTestId("import-submit")).toBeDisabled();
      await expect(dialog).toContainText(t.import.fixFirst);
      await expectNoAxeViolations(page, "import preview with bad rows");
      await expectFitsItsFrame(dialog);

      // A good file under Arabic headers: one row with a password and English mail, one with neither (generated, Arabic).
      await dialog.getByTestId("import-file").setInputFiles(
        csvFile([`a.${tag}@example.com,a-${tag},مريم الظاهري,Given-pass-1,school_dubai,en`, `b.${tag}@example.com,b-${tag},Omar Saeed,,school_alain,`], "good.csv", ARABIC_HEADER),
      );
      await expect(dialog.getByTestId("import-invalid")).toHaveText(fill(t.import.invalidRows, { count: 0 }));
      await expect(dialog.getByTestId("import-row-3")).toContainText(t.import.passwordGenerated);
      await expect(dialog.getByTestId("import-submit")).toBeEnabled();
      await dialog.getByTestId("import-submit").click();

      // The same dialog, now named for its result.
      const done = page.getByRole("dialog", { name: t.import.done.title });
      await expect(done).toBeVisible();
      await expect(done.getByTestId("import-result")).toContainText(t.import.done.warning);
      await expectToast(page, t.toast.importDone);
      await expectNoAxeViolations(page, "import result");
      const [download] = await Promise.all([page.waitForEvent("download"), done.getByTestId("download-credentials").click()]);
      expect(download.suggestedFilename()).toBe("qias-students-credentials.csv");
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r\n/);
      expect(lines[0]).toBe(STUDENT_BASE_HEADER);
      expect(lines[1]).toBe(`a.${tag}@example.com,a-${tag},مريم الظاهري,Given-pass-1,school_dubai,,,en`);
      const generated = lines[2]!.split(",");
      expect(generated.slice(0, 3)).toEqual([`b.${tag}@example.com`, `b-${tag}`, "Omar Saeed"]);
      expect(generated[3]!.length).toBeGreaterThanOrEqual(6);
      expect(generated.at(-1)).toBe("ar");

      await done.getByRole("button", { name: t.import.done.close }).click();
      await expect(done).toBeHidden();
      await page.getByRole("searchbox").fill(tag);
      await expect(page.locator("[data-testid^=user-row-]")).toHaveCount(2);
    });
  });
}

test("a school_admin importing teachers into another school is told why, in Arabic", async ({ page }) => {
  const t = texts("ar");
  const tag = uniqueTag();
  await useLanguage(page, "ar");
  await signIn(page, "school_admin", { goto: "/dashboard/users/teachers" });
  await page.getByRole("button", { name: t.import.open }).click();
  const dialog = page.getByRole("dialog", { name: t.import.title.teachers });
  await expect(dialog).toContainText(t.import.schoolHint);
  await dialog.getByTestId("import-file").setInputFiles(
    csvFile([`own.${tag}@example.com,,أ. نورة الكتبي,,`, `other.${tag}@example.com,,Mr. Other,,school_alain`]),
  );
  await expect(dialog.getByTestId("import-row-2")).toContainText(t.import.rowOk);
  // A blank school_id is the admin's own school; a blank username comes from the email.
  await expect(dialog.getByTestId("import-row-2")).toContainText("school_dubai");
  await expect(dialog.getByTestId("import-row-2")).toContainText(`own.${tag}`);
  await expect(dialog.getByTestId("import-row-3")).toContainText(errorOf("SCHOOL_OUT_OF_SCOPE", "ar").message);
  await expect(dialog.getByTestId("import-submit")).toBeDisabled();
});

test("a file that is not a roster is refused with the server's reason", async ({ page }) => {
  await useLanguage(page, "en");
  await signIn(page, "super_admin", { goto: "/dashboard/users/teachers" });
  await page.getByRole("button", { name: "Import from Excel or CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Teachers" });
  await dialog.getByTestId("import-file").setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("first,second\n1,2\n") });
  await expectToast(page, errorOf("IMPORT_BAD_HEADER", "en").title, errorOf("IMPORT_BAD_HEADER", "en").message);
  await dialog.getByTestId("import-file").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
  await expect(dialog).toContainText("Please choose an Excel (.xlsx) or CSV file.");
  await expect(dialog.getByTestId("import-file")).toHaveAttribute("aria-invalid", "true");
});

test("an Excel roster and a CSV saved by Arabic Excel import; credentials and results download as Excel", async ({ page }) => {
  const tag = uniqueTag();
  await useLanguage(page, "en");
  await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
  await page.getByRole("button", { name: "Import from Excel or CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Students" });
  await expect(dialog.getByTestId("import-template-xlsx")).toHaveAttribute("href", "/api/users/import/template?role=student&format=xlsx");

  // Windows-1256 with semicolons, as Excel saves "CSV" in an Arabic locale: read as it is, not as mojibake.
  const decoder = new TextDecoder("windows-1256");
  const cp1256 = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) cp1256.set(decoder.decode(Uint8Array.of(b)), b);
  const encode = (s: string) => Buffer.from([...s].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : cp1256.get(c)!)));
  await dialog.getByTestId("import-file").setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: encode(`${HEADER.replaceAll(",", ";")}\r\nw.${tag}@example.com;w-${tag};سلمى الكعبي;;school_dubai\r\n`) });
  await expect(dialog.getByTestId("import-row-2")).toContainText("سلمى الكعبي");

  // An .xlsx straight from Excel.
  const rows = [HEADER.split(","), [`x.${tag}@example.com`, `x-${tag}`, "حمدان الشامسي", "", "school_dubai"], [`y.${tag}@example.com`, `y-${tag}`, "Noura Ali", "", "school_alain"]];
  const xlsx = await writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer();
  await dialog.getByTestId("import-file").setInputFiles({ name: "roster.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: xlsx });
  await expect(dialog.getByTestId("import-row-2")).toContainText("حمدان الشامسي");
  await expect(dialog.getByTestId("import-invalid")).toHaveText(fill(texts("en").import.invalidRows, { count: 0 }));
  await dialog.getByTestId("import-submit").click();
  const done = page.getByRole("dialog", { name: texts("en").import.done.title });
  const [download] = await Promise.all([page.waitForEvent("download"), done.getByTestId("download-credentials-xlsx").click()]);
  expect(download.suggestedFilename()).toBe("qias-students-credentials.xlsx");
  const sheet = await readSheet(fs.readFileSync((await download.path())!));
  expect(sheet[0]).toEqual(STUDENT_BASE_HEADER.split(","));
  expect(sheet[1]!.slice(0, 3)).toEqual([`x.${tag}@example.com`, `x-${tag}`, "حمدان الشامسي"]);
  expect(String(sheet[1]![3]).length).toBeGreaterThanOrEqual(6);
  await done.getByRole("button", { name: texts("en").import.done.close }).click();

  // The results list downloads as Excel too, in the page's language.
  await page.goto("/dashboard/results");
  const link = page.getByTestId("results-export-xlsx");
  await expect(link).toHaveAttribute("href", /\/api\/results\/export\.xlsx\?.*lang=en/);
  const [results] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(results.suggestedFilename()).toBe("qias-results.xlsx");
  expect((await readSheet(fs.readFileSync((await results.path())!)))[0]).toEqual(["Student", "School", "Grade", "Class", "Exam", "Form", "Status", "Score", "Total", "Scale score", "SE", "Level", "Started", "Submitted"]);
});

test("the import dialog and the results' downloads, photographed in Arabic and English, light and dark, phone and desktop", async ({ browser, baseURL }) => {
  const out = path.resolve("screenshots/spreadsheets");
  for (const look of FOUR_LOOKS) {
    const { lang, dark, width } = look;
    const page = await pageInLook(browser, look, baseURL);
    await signIn(page, "super_admin", { goto: "/dashboard/users/students" });
    await page.getByRole("button", { name: texts(lang).import.open }).click();
    const dialog = page.getByRole("dialog", { name: texts(lang).import.title.students });
    await expect(dialog.getByTestId("import-template-xlsx")).toBeVisible();
    if (!dark) await expectNoAxeViolations(page, `import dialog (${lang}, ${width})`);
    await page.screenshot({ path: path.join(out, `import-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
    // With the preview's table (a bad row's long reason, a long address): still within its frame, both directions.
    await dialog.getByTestId("import-file").setInputFiles(
      csvFile([`a.rather.long.address.for.a.student@example.com,long-${width},أحمد عبد الله المنصوري,,school_dubai,8,8B,ar`, `not-an-email,bad-${width},Bad Email,,no_such_school,,,`], "roster.csv", STUDENT_BASE_HEADER),
    );
    await expect(dialog.getByTestId("import-preview")).toBeVisible();
    await expectFitsItsFrame(dialog);
    await dialog.getByTestId("import-preview").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `import-preview-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
    await page.keyboard.press("Escape");
    await page.goto("/dashboard/results");
    await expect(page.getByTestId("results-export-xlsx")).toBeVisible();
    await page.screenshot({ path: path.join(out, `results-${lang}-${dark ? "dark" : "light"}-${width}.png`) });
    await page.context().close();
  }
});
