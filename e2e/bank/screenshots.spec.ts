// Not a test: pictures of the bank page and an item's preview for a person to look at (BANK_SCREENSHOTS=1 to run),
// in ar/en × light/dark × 390/1280 px, written to screenshots/bank/ (gitignored).
import path from "node:path";
import { expect, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

const OUT = path.resolve("screenshots/bank");

test.skip(!process.env.BANK_SCREENSHOTS, "set BANK_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("bank screenshots", async ({ browser }) => {
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "teacher", { goto: "/dashboard/bank" });
        await expect(page.getByTestId("bank-row").first()).toBeVisible();
        await page.screenshot({ path: name("page"), fullPage: true });
        await page.getByTestId("bank-search").fill("الوفاء");
        // The search waits 300 ms after the last key: preview a row of its results, not of the list before it.
        await expect(page.getByTestId("bank-row")).not.toHaveCount(25);
        await expect(page.getByTestId("bank-row").filter({ hasText: lang === "ar" ? "الوفاء" : "loyalty" }).first()).toBeVisible();
        await page.getByTestId("bank-row").filter({ hasText: lang === "ar" ? "الوفاء" : "loyalty" }).first().getByTestId("bank-preview").click();
        await expect(page.getByTestId("bank-preview-question")).toBeVisible();
        await page.screenshot({ path: name("preview") });
        await context.close();
      }
    }
  }
});

test("forms page screenshots", async ({ browser, playwright }) => {
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: { titleAr: "اختبار النماذج المتكافئة", titleEn: "Parallel forms exam", subjectId: "arabic", durationMinutes: 30, status: "draft", questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }] },
    }),
    201,
  );
  // A second exam with two forms saved through the API: the page's "current forms".
  const withForms = await json<{ id: string }>(await teacher.post("/api/exams", { data: { titleAr: "اختبار بنموذجين", titleEn: "Two-form exam", subjectId: "arabic", durationMinutes: 30, status: "draft", questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }] } }), 201);
  const bank = await json<{ items: { id: string }[] }>(await teacher.get("/api/bank?subjectId=arabic&grade=8&skillId=arabic.grammar&page=1&pageSize=10"));
  const ids = bank.items.map((i) => i.id);
  await json(await teacher.put(`/api/exams/${withForms.id}/forms`, { data: { forms: [{ itemIds: [ids[0], ids[1], ids[2]] }, { itemIds: [ids[0], ids[3], ids[4]] }], anchors: [ids[0]], assignment: "class" } }));
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `forms-${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "teacher", { goto: `/exams/${exam.id}/forms` });
        await expect(page.getByTestId("blueprint-form")).toBeVisible();
        await page.getByTestId("bp-part-0-skill").click();
        await page.getByRole("option", { name: lang === "ar" ? "النحو" : "Grammar (nahw)" }).click();
        await page.getByTestId("bp-add-part").click();
        await page.getByTestId("bp-part-1-skill").click();
        await page.getByRole("option", { name: lang === "ar" ? "المفردات والمعجم" : "Vocabulary" }).click();
        await page.getByTestId("bp-part-1-items").fill("3");
        await page.getByTestId("bp-part-0-items").fill("3");
        await page.getByTestId("bp-assemble").click();
        await expect(page.getByTestId("assembled-form").first()).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: name("assembled"), fullPage: true });
        await page.getByTestId("bp-forms").fill("9");
        await page.getByTestId("bp-assemble").click();
        await expect(page.getByTestId("assemble-problems")).toBeVisible({ timeout: 30_000 });
        await page.getByTestId("assemble-problems").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("impossible") });
        await page.getByTestId("bp-choose-anchors").click();
        await page.getByTestId("anchors-dialog").getByTestId("bank-choose").first().click();
        await page.screenshot({ path: name("anchors") });
        await page.getByTestId("anchors-done").click();
        await page.goto(`/exams/${withForms.id}/forms`);
        await expect(page.getByTestId("current-form")).toHaveCount(2);
        await page.screenshot({ path: name("current") });
        await page.goto(`/exams/edit/${withForms.id}`);
        await expect(page.getByTestId("open-forms")).toBeVisible();
        await page.screenshot({ path: name("editor") });
        await context.close();
      }
    }
  }
});
