// Issue 34 in the browser: an exam's parallel forms from a blueprint. In Arabic a teacher writes a blueprint (grammar
// and vocabulary, 3 items each, nothing shared but an anchor chosen from the bank's list), assembles 2 forms from the
// demo bank's grade 8 Arabic items, sees them side by side and uses them after a confirmation; in English (dark) a blueprint the bank cannot meet is
// explained, and an exam with forms goes back to one paper. axe on the page with its forms. Each test makes its own
// exam through the API (a demo exam is shared by other specs), so runs never meet.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { apiAsAccount, json } from "../api";

type TTexts = typeof import("../../src/shared/i18n/bank.en.json");
const load = (lang: "ar" | "en") => JSON.parse(fs.readFileSync(`src/shared/i18n/bank.${lang}.json`, "utf8")) as TTexts;
const T = { ar: load("ar").forms, en: load("en").forms };

async function newExam(playwright: Parameters<typeof apiAsAccount>[0]) {
  const tag = randomUUID().slice(0, 6);
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار النماذج ${tag}`,
        titleEn: `Forms exam ${tag}`,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "draft",
        questions: [{ type: "short_answer", questionTextAr: "ما ضد «طويل»؟", questionTextEn: "Opposite of tall?", points: 1, correctAnswerText: "قصير" }],
      },
    }),
    201,
  );
  return { teacher, exam };
}

test("ar: a blueprint assembles two forms from the bank and the exam takes them", async ({ page, playwright }) => {
  const { exam } = await newExam(playwright);
  await useLanguage(page, "ar");
  await signIn(page, "teacher", { goto: `/exams/edit/${exam.id}` });
  await page.getByTestId("open-forms").click();
  await expect(page.getByTestId("forms-none")).toBeVisible();

  await page.getByTestId("bp-part-0-skill").click();
  await page.getByRole("option", { name: "النحو" }).click();
  await page.getByTestId("bp-part-0-items").fill("3");
  await page.getByTestId("bp-add-part").click();
  await page.getByTestId("bp-part-1-skill").click();
  await page.getByRole("option", { name: "المفردات والمعجم" }).click();
  await page.getByTestId("bp-part-1-items").fill("3");
  await page.getByTestId("bp-maxOverlap").fill("0");
  // An anchor from the bank's list: in every form.
  await page.getByTestId("bp-choose-anchors").click();
  const dialog = page.getByTestId("anchors-dialog");
  await dialog.getByTestId("bank-search").fill("جمع التكسير لكلمة قلم");
  await expect(dialog.getByTestId("bank-row")).toHaveCount(1);
  await dialog.getByTestId("bank-choose").click();
  await dialog.getByTestId("anchors-done").click();
  await expect(page.getByTestId("bp-anchor")).toContainText("«قلم»");
  await page.getByTestId("bp-assemble").click();

  const assembled = page.getByTestId("assembled-form");
  await expect(assembled).toHaveCount(2, { timeout: 30_000 });
  for (const form of await assembled.all()) await expect(form.getByTestId("assembled-form-items")).toHaveText("6");
  // The anchor is the only item the forms share.
  await expect(page.locator("[data-shared]")).toHaveCount(2);
  await expect(page.locator("[data-shared]").first()).toContainText(T.ar.form.anchor);
  await expectNoAxeViolations(page, "forms page, assembled (ar)");

  await page.getByTestId("forms-use").click();
  const confirm = page.getByTestId("confirm-use-forms");
  await expect(confirm).toContainText(T.ar.confirmUse.title);
  await confirm.getByRole("button", { name: T.ar.confirmUse.confirm }).click();
  await expect(page.getByText(T.ar.toast.saved).first()).toBeVisible();
  await expect(page.getByTestId("current-form")).toHaveCount(2);
  await expect(page.getByTestId("assembled")).toBeHidden();
});

test("en: an impossible blueprint is explained; an exam with forms goes back to one paper", async ({ page, playwright }) => {
  const { teacher, exam } = await newExam(playwright);
  // Two one-item forms of the demo bank, saved through the API: the page starts with forms.
  const bank = await json<{ items: { id: string }[] }>(await teacher.get("/api/bank?subjectId=arabic&grade=8&skillId=arabic.grammar&page=1&pageSize=10"));
  await json(await teacher.put(`/api/exams/${exam.id}/forms`, { data: { forms: [{ itemIds: [bank.items[0]!.id] }, { itemIds: [bank.items[1]!.id] }] } }));

  await useLanguage(page, "en", { dark: true });
  await signIn(page, "teacher", { goto: `/exams/${exam.id}/forms` });
  await expect(page.getByTestId("current-form")).toHaveCount(2);

  // 3 forms of 5 grammar items sharing none need 15 different items; the demo bank has 8.
  await page.getByTestId("bp-part-0-skill").click();
  await page.getByRole("option", { name: "Grammar (nahw)" }).click();
  await page.getByTestId("bp-forms").fill("3");
  await page.getByTestId("bp-maxOverlap").fill("0");
  await page.getByTestId("bp-assemble").click();
  const problems = page.getByTestId("assemble-problems");
  await expect(problems).toContainText(T.en.result.impossible, { timeout: 30_000 });
  await expect(problems).toContainText("Grammar (nahw): 3 forms of 5 items");
  await expectNoAxeViolations(page, "forms page, impossible (en, dark)");

  await page.getByTestId("forms-back-to-one").click();
  const confirm = page.getByTestId("confirm-back-to-one");
  await confirm.getByRole("button", { name: T.en.confirmOne.confirm }).click();
  await expect(page.getByText(T.en.toast.one).first()).toBeVisible();
  await expect(page.getByTestId("forms-none")).toBeVisible();
});
