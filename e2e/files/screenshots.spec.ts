// Not a test: pictures of the files screen for a person to look at (FILES_SCREENSHOTS=1 to run), in
// ar/en × light/dark × 390/1280 px, written to screenshots/files/ (gitignored).
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser } from "@playwright/test";
import { E2E_ACCOUNTS, expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/files");

test.skip(!process.env.FILES_SCREENSHOTS, "set FILES_SCREENSHOTS=1 to take the pictures");
test.describe.configure({ mode: "serial" });
test.setTimeout(600_000);

async function upload(request: APIRequestContext, name: string, type: string, bytes: number, studentIds?: string[]) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    file: { name, mimeType: type, buffer: Buffer.alloc(bytes, 65) },
  };
  if (studentIds) multipart.studentIds = JSON.stringify(studentIds);
  const res = await request.post("/api/files", { multipart });
  expect(res.status(), await res.text()).toBe(201);
}

async function session(browser: Browser, who: "teacher" | "student" | "super_admin", lang: "ar" | "en", dark: boolean, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await useLanguage(page, lang, { dark });
  await signIn(page, who, { goto: "/dashboard/files" });
  await expect(page.getByTestId("files-page")).toBeVisible();
  await expect(page.getByTestId("file-row").first()).toBeVisible();
  return { context, page };
}

test("files screenshots", async ({ browser }) => {
  const tag = randomUUID().slice(0, 4);
  const ctx = { context: await browser.newContext() } as { context: Awaited<ReturnType<Browser["newContext"]>>; page: Awaited<ReturnType<Browser["newPage"]>> };
  ctx.page = await ctx.context.newPage();
  await signIn(ctx.page, "teacher", { goto: "/dashboard/files" });
  const req = ctx.page.request;
  const users = await (await req.get(`/api/users?group=students&q=${encodeURIComponent(E2E_ACCOUNTS.student.email)}`)).json();
  const sid = (users.items as { id: string; email: string }[]).find((u) => u.email === E2E_ACCOUNTS.student.email)!.id;
  const all = await (await req.get(`/api/users?group=students&pageSize=5`)).json();
  const five = (all.items as { id: string }[]).map((u) => u.id);
  await upload(req, `ورقة عمل القواعد — الوحدة الثالثة ${tag}.pdf`, "application/pdf", 245_000, [sid, ...five]);
  await upload(req, `Reading comprehension quiz ${tag}.docx`, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 48_200, [sid]);
  await upload(req, `نتائج الصف الخامس ${tag}.xlsx`, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", 1_840_000);
  await upload(req, `صورة السبورة ${tag}.jpg`, "image/jpeg", 3_400_000, [sid]);
  await ctx.context.close();

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);

        const staff = await session(browser, "teacher", lang, dark, width);
        await staff.page.screenshot({ path: name("staff"), fullPage: true });

        await staff.page.getByTestId("file-upload-open").click();
        const dialog = staff.page.getByTestId("file-upload-dialog");
        await dialog.getByTestId("file-input").setInputFiles({ name: `خطة التطوير الفردية — Term 2 ${tag}.pdf`, mimeType: "application/pdf", buffer: Buffer.alloc(512_000, 66) });
        await expect(dialog.getByTestId("picker-student").first()).toBeVisible();
        await dialog.getByTestId("picker-student").nth(1).getByRole("checkbox").check();
        await dialog.getByTestId("picker-student").nth(3).getByRole("checkbox").check();
        await staff.page.screenshot({ path: name("upload-dialog") });
        await staff.page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();

        await staff.page.getByTestId("file-delete").first().click();
        await expect(staff.page.getByTestId("file-delete-dialog")).toBeVisible();
        await staff.page.waitForTimeout(300);
        await staff.page.screenshot({ path: name("delete-dialog") });
        await staff.page.keyboard.press("Escape");

        await staff.page.getByTestId("file-assign").first().click();
        await expect(staff.page.getByTestId("file-assign-dialog").getByTestId("picker-student").first()).toBeVisible();
        await staff.page.waitForTimeout(300);
        await staff.page.screenshot({ path: name("assign-dialog") });
        await staff.context.close();

        const student = await session(browser, "student", lang, dark, width);
        await student.page.screenshot({ path: name("student"), fullPage: true });
        await student.context.close();
      }
    }
  }

  // Super admin: every file with its uploader.
  const admin = await session(browser, "super_admin", "ar", false, 1280);
  await admin.page.screenshot({ path: path.join(OUT, "super-admin-ar-light-1280.png"), fullPage: true });
  await admin.context.close();
});
