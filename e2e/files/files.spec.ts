// Issue 5, the browser side of /dashboard/files: a teacher uploads a file with an Arabic name and assigns it to
// the student, the student sees and downloads it, the teacher deletes it after confirming — in Arabic and in
// English; "No file selected", the empty state, the role rules, a phone-sized layout, and axe.
// Every test makes its own files (unique names) and, where it needs an empty list, its own teacher.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";

type TLang = "ar" | "en";

// The words the UI must show (SPEC §8 in English word for word; the Arabic of our translation).
const TEXT = {
  en: {
    heading: "Files",
    teacherDescription: "Your own files and the ones you share with your students.",
    studentDescription: "Files assigned to you by your school and your teachers.",
    upload: "Upload File",
    submit: "Upload",
    uploaded: "File uploaded successfully",
    deleted: "File deleted successfully",
    assigned: "File assignment updated successfully",
    noFileTitle: "No file selected",
    noFileMessage: "Please select a file to upload.",
    empty: "No files to display.",
    search: "Search students",
    oneSelected: "1 student selected",
    oneAssigned: "1 student",
    notAssigned: "Not assigned",
    save: "Save",
    cancel: "Cancel",
    deleteTitle: "Delete this file?",
    confirmDelete: "Delete",
    download: /^Download /,
    assign: /^Assign to students: /,
    delete: /^Delete /,
    deletedUser: "Deleted user",
  },
  ar: {
    heading: "الملفات",
    teacherDescription: "ملفاتك الخاصة والملفات التي تشاركها مع طلبتك.",
    studentDescription: "الملفات التي أسندتها إليك مدرستك ومعلّموك.",
    upload: "رفع ملف",
    submit: "رفع",
    uploaded: "تم رفع الملف بنجاح",
    deleted: "تم حذف الملف بنجاح",
    assigned: "تم تحديث إسناد الملف بنجاح",
    noFileTitle: "لم يتم اختيار ملف",
    noFileMessage: "يرجى اختيار ملف لرفعه.",
    empty: "لا توجد ملفات لعرضها.",
    search: "البحث عن طالب",
    oneSelected: "تم تحديد طالب واحد",
    oneAssigned: "طالب واحد",
    notAssigned: "غير مُسند",
    save: "حفظ",
    cancel: "إلغاء",
    deleteTitle: "حذف هذا الملف؟",
    confirmDelete: "حذف",
    download: /^تنزيل /,
    assign: /^إسناد إلى الطلبة: /,
    delete: /^حذف /,
    deletedUser: "مستخدم محذوف",
  },
} as const;

function latestToast(page: Page) {
  // includeHidden: a modal dialog hides the rest of the page (the toast region too) from the accessibility tree.
  return page.getByRole("region", { name: /Notifications|الإشعارات/, includeHidden: true }).locator("li[data-state=open]").first();
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = latestToast(page);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

function row(page: Page, name: string) {
  return page.getByTestId("file-row").filter({ has: page.getByTestId("file-name").getByText(name, { exact: true }) });
}

/** A second signed-in person in the same test (their own cookies), on the files page. */
async function openAs(browser: Browser, who: "super_admin" | "school_admin" | "teacher" | "student", lang: TLang, options: { dark?: boolean; width?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await useLanguage(page, lang, { dark: options.dark });
  await signIn(page, who, { goto: "/dashboard/files" });
  return { context, page };
}

/** Uploads through the API as whoever `request` is signed in as. */
async function uploadViaApi(request: APIRequestContext, name: string, content = "hello", studentIds?: string[]) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    file: { name, mimeType: "text/plain", buffer: Buffer.from(content) },
  };
  if (studentIds) multipart.studentIds = JSON.stringify(studentIds);
  const res = await request.post("/api/files", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

async function studentId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/users?group=students&q=${encodeURIComponent(E2E_ACCOUNTS.student.email)}`);
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; email: string }[] };
  const found = items.find((u) => u.email === E2E_ACCOUNTS.student.email);
  expect(found, "the e2e student").toBeTruthy();
  return found!.id;
}

async function pickStudent(page: Page, lang: TLang, dialog: ReturnType<Page["getByTestId"]>) {
  const t = TEXT[lang];
  await dialog.getByRole("searchbox", { name: t.search }).fill(E2E_ACCOUNTS.student.name);
  const option = dialog.getByTestId("picker-student").filter({ hasText: E2E_ACCOUNTS.student.email });
  await expect(option).toHaveCount(1);
  await option.getByRole("checkbox").check();
  await expect(dialog.getByTestId("picker-count")).toHaveText(t.oneSelected);
}

for (const lang of ["ar", "en"] as const) {
  const t = TEXT[lang];
  // Arabic assigns while uploading; English uploads first and assigns afterwards, so both paths are covered.
  const assignWhileUploading = lang === "ar";

  test(`${lang}: a teacher uploads an Arabic-named file and assigns it, the student downloads it, the teacher deletes it`, async ({ page, browser }) => {
    test.setTimeout(240_000); // two people, five steps and three axe runs, on a busy machine
    const fileName = `خطة القراءة ${lang} ${randomUUID().slice(0, 8)}.txt`;
    const content = `ملف تجريبي — ${fileName}`;

    await useLanguage(page, lang);
    await signIn(page, "teacher", { goto: "/dashboard/files" });
    await expect(page.getByRole("heading", { level: 2, name: t.heading })).toBeVisible();
    await expect(page.getByTestId("files-description")).toHaveText(t.teacherDescription);

    // Upload.
    await page.getByRole("button", { name: t.upload }).click();
    const dialog = page.getByTestId("file-upload-dialog");
    await expect(dialog.getByRole("heading", { name: t.upload })).toBeVisible();
    await dialog.getByTestId("file-input").setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(content) });
    await expect(dialog.getByTestId("file-chosen")).toContainText(fileName);
    if (assignWhileUploading) await pickStudent(page, lang, dialog);
    await dialog.getByRole("button", { name: t.submit, exact: true }).click();
    await expectToast(page, t.uploaded);
    await expect(dialog).toBeHidden();

    const mine = row(page, fileName);
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId("file-assigned")).toHaveText(assignWhileUploading ? t.oneAssigned : t.notAssigned);

    // Assign afterwards, through the same picker, preloaded with the current (empty) set.
    if (!assignWhileUploading) {
      await mine.getByRole("button", { name: t.assign }).click();
      const assign = page.getByTestId("file-assign-dialog");
      await expect(assign.getByTestId("file-assign-name")).toHaveText(fileName);
      await pickStudent(page, lang, assign);
      await assign.getByRole("button", { name: t.save, exact: true }).click();
      await expectToast(page, t.assigned);
      await expect(assign).toBeHidden();
      await expect(mine.getByTestId("file-assigned")).toHaveText(t.oneAssigned);
      // Reopening shows the saved choice.
      await mine.getByRole("button", { name: t.assign }).click();
      await expect(assign.getByTestId("picker-count")).toHaveText(t.oneSelected);
      await assign.getByRole("button", { name: t.cancel }).click();
      await expect(assign).toBeHidden();
    }
    await expectNoAxeViolations(page, `files, teacher (${lang})`);

    // The student sees it (read-only) and downloads it under its Arabic name.
    const student = await openAs(browser, "student", lang);
    try {
      await expect(student.page.getByTestId("files-description")).toHaveText(t.studentDescription);
      await expect(student.page.getByRole("button", { name: t.upload })).toHaveCount(0);
      const theirs = row(student.page, fileName);
      await expect(theirs).toHaveCount(1);
      await expect(theirs).toContainText(E2E_ACCOUNTS.teacher.name);
      await expect(theirs.getByRole("button", { name: t.delete })).toHaveCount(0);
      await expect(theirs.getByRole("button", { name: t.assign })).toHaveCount(0);
      const downloading = student.page.waitForEvent("download");
      await theirs.getByRole("button", { name: t.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      expect(fs.readFileSync(await download.path(), "utf8")).toBe(content);
      await expectNoAxeViolations(student.page, `files, student (${lang})`);

      // The teacher deletes it after confirming.
      await mine.getByRole("button", { name: t.delete }).click();
      const confirm = page.getByTestId("file-delete-dialog");
      await expect(confirm.getByRole("heading", { name: t.deleteTitle })).toBeVisible();
      await expect(confirm.getByTestId("file-delete-name")).toHaveText(fileName);
      await expectNoAxeViolations(page, `delete confirmation (${lang})`);
      await confirm.getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expectToast(page, t.deleted);
      await expect(confirm).toBeHidden();
      await expect(row(page, fileName)).toHaveCount(0);

      // Gone for the student too; a stale row answers "Download failed".
      await theirs.getByRole("button", { name: t.download }).click();
      await expectToast(student.page, lang === "ar" ? "فشل التنزيل" : "Download failed");
      await student.page.reload();
      await expect(student.page.getByTestId("files-page")).toBeVisible();
      await expect(row(student.page, fileName)).toHaveCount(0);
    } finally {
      await student.context.close();
    }
  });
}

test("'No file selected', the empty state, and axe on the page and the upload dialog", async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000); // two languages, four axe runs
  // A teacher of our own, so the list is surely empty whatever runs beside this test.
  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post("/api/auth/login", {
    data: { email: E2E_ACCOUNTS.super_admin.email, password: E2E_ACCOUNTS.super_admin.password, loginType: "admin" },
  });
  expect(login.status()).toBe(200);
  const email = `files-empty-${randomUUID().slice(0, 8)}@qias.test`;
  const created = await admin.post("/api/users", {
    data: { email, password: "Teacher-empty-1", role: "teacher", name: "أ. ليلى الفارسي", schoolId: "school_dubai" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  for (const lang of ["en", "ar"] as const) {
    const t = TEXT[lang];
    const context = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await useLanguage(p, lang, { dark: lang === "ar" });
    const res = await p.request.post("/api/auth/login", { data: { email, password: "Teacher-empty-1", loginType: "school" } });
    expect(res.status()).toBe(200);
    await p.goto("/dashboard/files");
    await expect(p.getByTestId("files-empty")).toContainText(t.empty);
    await expectNoAxeViolations(p, `empty files page (${lang})`);

    await p.getByRole("button", { name: t.upload }).click();
    const dialog = p.getByTestId("file-upload-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("picker-student").first()).toBeVisible();
    await expectNoAxeViolations(p, `upload dialog (${lang})`);
    await dialog.getByRole("button", { name: t.submit, exact: true }).click();
    await expectToast(p, t.noFileTitle, t.noFileMessage);
    await expect(dialog).toBeVisible();
    // The file input is reachable by keyboard and named.
    await expect(dialog.getByTestId("file-input")).toBeFocused();
    await context.close();
  }
});

test("role rules: school_admin sees only their own uploads; super_admin sees all with the uploader and may delete any", async ({ page, browser }) => {
  const teacher = await openAs(browser, "teacher", "en");
  const name = `roles ${randomUUID().slice(0, 8)}.pdf`;
  try {
    await uploadViaApi(teacher.page.request, name, "%PDF-1.4");

    const principal = await openAs(browser, "school_admin", "en");
    await expect(principal.page.getByTestId("files-page")).toBeVisible();
    await expect(principal.page.getByTestId("files-description")).toHaveText("Files you have uploaded for your school and its students.");
    await expect(principal.page.getByTestId("files-loading")).toHaveCount(0);
    await expect(row(principal.page, name)).toHaveCount(0);
    await principal.context.close();

    await useLanguage(page, "ar");
    await signIn(page, "super_admin", { goto: "/dashboard/files" });
    await expect(page.getByTestId("files-description")).toHaveText("جميع الملفات المرفوعة على المنصة، والأحدث أولًا.");
    const r = row(page, name);
    await expect(r).toContainText(E2E_ACCOUNTS.teacher.name);
    await r.getByRole("button", { name: TEXT.ar.delete }).click();
    const confirm = page.getByTestId("file-delete-dialog");
    await expect(confirm.getByTestId("file-delete-name")).toHaveText(name);
    await confirm.getByRole("button", { name: TEXT.ar.confirmDelete, exact: true }).click();
    await expectToast(page, TEXT.ar.deleted);
    await expect(row(page, name)).toHaveCount(0);
  } finally {
    await teacher.context.close();
  }
});

test("at 390 px the list becomes cards with no sideways scrolling (student, Arabic, dark)", async ({ browser }) => {
  const teacher = await openAs(browser, "teacher", "en");
  const name = `بطاقة ${randomUUID().slice(0, 8)} — worksheet.docx`;
  const file = await uploadViaApi(teacher.page.request, name, "x", [await studentId(teacher.page.request)]);
  const student = await openAs(browser, "student", "ar", { dark: true, width: 390 });
  try {
    const card = row(student.page, name);
    await expect(card).toBeVisible();
    // A card: the name on top, the fields below it, the download button across the foot.
    await expect(student.page.getByRole("columnheader").first()).not.toBeInViewport();
    const button = card.getByRole("button", { name: TEXT.ar.download });
    await expect(button).toBeVisible();
    const [cardBox, buttonBox] = [await card.boundingBox(), await button.boundingBox()];
    expect(buttonBox!.width).toBeGreaterThan(cardBox!.width * 0.7);
    expect(await student.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(student.page, "files at 390 px, dark (ar)");
  } finally {
    await student.context.close();
    await teacher.page.request.delete(`/api/files/${file.id}`);
    await teacher.context.close();
  }
});
