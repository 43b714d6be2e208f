// Not a test: pictures of the bank page, an item's preview with a picture, the item editor, and the exam editor's
// "Version N available" for a person to look at (BANK_SCREENSHOTS=1 to run), in ar/en × light/dark × 390/1280 px,
// written to screenshots/bank/ (gitignored).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

const OUT = path.resolve("screenshots/bank");

test.skip(!process.env.BANK_SCREENSHOTS, "set BANK_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("bank screenshots", async ({ browser, playwright }) => {
  const tag = randomUUID().slice(0, 4);
  const teacher = await apiAsAccount(playwright, "teacher");
  const media = await json<{ id: string }>(
    await teacher.post("/api/media", { multipart: { file: { name: "uae-map.png", mimeType: "image/png", buffer: fs.readFileSync("src/server/demo-assets/uae-map.png") } } }),
    201,
  );
  await json(
    await teacher.post("/api/bank", {
      data: {
        subjectId: "arabic",
        grade: 8,
        passage: { titleAr: "الإمارات", titleEn: "The Emirates", textAr: "تتكوّن دولة الإمارات العربية المتحدة من سبع إمارات، عاصمتها أبوظبي.", textEn: "The United Arab Emirates is made up of seven emirates; its capital is Abu Dhabi." },
        question: {
          type: "multiple_choice",
          questionTextAr: `كم عدد الإمارات في الخريطة؟ ${tag}`,
          questionTextEn: `How many emirates are on the map? ${tag}`,
          image: { id: media.id, altAr: "خريطة الإمارات", altEn: "Map of the UAE" },
          points: 2,
          passageKey: "p",
          options: [
            { optionTextAr: "سبع", optionTextEn: "Seven", isCorrect: true },
            { optionTextAr: "خمس", optionTextEn: "Five", isCorrect: false },
          ],
        },
      },
    }),
    201,
  );
  // An exam whose question's item has a version 2 it has not taken (a student saw version 1).
  const exam = await json<{ id: string; questions: { bank: { itemId: string } }[] }>(
    await teacher.post("/api/exams", {
      data: { titleAr: `اختبار الإصدارات ${tag}`, titleEn: `Versions exam ${tag}`, subjectId: "arabic", durationMinutes: 20, status: "published", questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }] },
    }),
    201,
  );
  const student = await apiAsAccount(playwright, "student");
  const attempt = await json<{ id: string }>(await student.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  await json(await student.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await json(await teacher.put(`/api/bank/${exam.questions[0]!.bank.itemId}`, { data: { subjectId: "arabic", question: { type: "short_answer", questionTextAr: "ما ضد «قصير»؟", questionTextEn: "Opposite of short?", points: 1, correctAnswerText: "طويل" } } }));
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
        await page.getByTestId("bank-search").fill(tag);
        await expect(page.getByTestId("bank-row")).toHaveCount(1);
        await page.getByTestId("bank-row").first().getByTestId("bank-preview").click();
        const preview = page.getByTestId("bank-item-preview");
        await expect(preview.getByTestId("bank-preview-image")).toBeVisible();
        await expect.poll(() => preview.getByTestId("bank-preview-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await page.screenshot({ path: name("preview") });
        await preview.getByTestId("bank-edit").click();
        await expect(page.getByTestId("bank-item-editor")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("editor") });
        await page.goto(`/exams/edit/${exam.id}`);
        await expect(page.getByTestId("take-version")).toBeVisible();
        await page.getByTestId("take-version").scrollIntoViewIfNeeded();
        await page.screenshot({ path: name("exam-editor-version") });
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
