// Issue 36 on the student's paper: multiple response, numeric entry (typed in Arabic digits) and ordering (by keyboard
// only) — answered, reloaded (the answers come back), submitted, the partial marks on the result; the teacher's view of
// the attempt shows the responses beside the key. One page load per language (Arabic at 390, English at 1280 in dark),
// axe on each. Pictures of the paper and
// the teacher's view in both languages, themes and widths with ITEM_TYPES_SCREENSHOTS=1.
import type { Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expect, expectNoAxeViolations, pageInLook, signIn, test, useLanguage } from "../fixtures";

const entry = (id: string, ar: string, en: string, extra: object = {}) => ({ id, textAr: ar, textEn: en, ...extra });
const CHOICES = [entry("two", "اثنان", "Two", { correct: true }), entry("three", "ثلاثة", "Three", { correct: true }), entry("five", "خمسة", "Five", { correct: true }), entry("four", "أربعة", "Four"), entry("six", "ستة", "Six")];
const ITEMS = [entry("a", "الفجر", "Dawn"), entry("b", "الظهر", "Noon"), entry("c", "العصر", "Afternoon"), entry("d", "المغرب", "Sunset")];
const KEY = ITEMS.map((i) => i.id);

async function setup(playwright: Parameters<typeof apiAsAccount>[0]) {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "items");
  await admin.dispose();
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: "أنواع الأسئلة الجديدة",
        titleEn: "The new item types",
        subjectId: "islamic",
        durationMinutes: 30,
        status: "published",
        schoolIds: [],
        allowedTools: ["eliminator"],
        questions: [
          { type: "multiple_response", questionTextAr: "اختر الأعداد الأولية.", questionTextEn: "Choose the prime numbers.", points: 1, interaction: { type: "multiple_response", scoring: "partial", choices: CHOICES } },
          { type: "numeric", questionTextAr: "كم طول الضلع؟", questionTextEn: "How long is the side?", points: 2, interaction: { type: "numeric", answer: 3.5, tolerance: 0.1, unitAr: "سم", unitEn: "cm" } },
          { type: "ordering", questionTextAr: "رتّب أوقات الصلاة.", questionTextEn: "Put the prayer times in order.", points: 3, interaction: { type: "ordering", scoring: "per_item", items: ITEMS } },
        ],
      },
    }),
    201,
  );
  await teacher.dispose();
  return { student, examId: exam.id };
}

const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);
const order = (page: Page) => question(page, 3).getByTestId("ordering-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));

/** Puts the ordering items in the key's order with Alt+↑ only, each item focused in turn. */
async function orderByKeyboard(page: Page) {
  for (const [target, id] of KEY.entries()) {
    const now = await order(page);
    const from = now.indexOf(id);
    if (from === target) continue;
    await question(page, 3).locator(`[data-testid="ordering-item"][data-id="${id}"]`).focus();
    for (let k = from; k > target; k--) await page.keyboard.press("Alt+ArrowUp");
    await expect(question(page, 3).locator(`[data-testid="ordering-item"][data-id="${id}"]`)).toBeFocused();
  }
  await expect.poll(() => order(page)).toEqual(KEY);
}

for (const lang of ["ar", "en"] as const) {
  test(`the new item types: answered, reloaded, submitted and marked (${lang})`, async ({ page, playwright, browser }) => {
    const { student, examId } = await setup(playwright);
    // The Arabic paper on a phone, the English one in dark: between them both widths and both themes.
    await useLanguage(page, lang, { dark: lang === "en" });
    if (lang === "ar") await page.setViewportSize({ width: 390, height: 844 });
    const login = await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
    expect(login.status()).toBe(200);
    const attempt = await json<{ id: string }>(await page.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: lang } }));
    await page.goto(`/student/exam/${examId}/take`);
    const pick = (ar: string, en: string) => (lang === "ar" ? ar : en);

    // Multiple response: "Six" struck out with the eliminator (a mark, not an answer), then two of the three primes
    // ticked (partial credit: 2 of 3 on 1 point).
    await question(page, 1).getByRole("button", { name: pick("استبعد الخيار 5", "Strike out choice 5") }).click();
    await expect(question(page, 1).getByRole("button", { name: pick("أعِد الخيار 5", "Bring back choice 5") })).toHaveAttribute("aria-pressed", "true");
    await expect(question(page, 1)).toHaveAttribute("data-answered", "false");
    await question(page, 1).getByRole("checkbox", { name: pick("اثنان", "Two") }).check();
    await question(page, 1).getByRole("checkbox", { name: pick("ثلاثة", "Three") }).check();
    // Numeric: a unit shown; what is no number is said plainly, Arabic digits are read.
    await expect(question(page, 2).getByTestId("numeric-unit")).toHaveText(pick("سم", "cm"));
    const box = question(page, 2).getByTestId("numeric-input");
    await box.fill("3.5 cm");
    await expect(question(page, 2).getByTestId("numeric-problem")).toBeVisible();
    await expect(question(page, 2).getByTestId("answered-state")).toHaveText(pick("إجابة جزئية", "Partly answered"));
    await box.fill("٣٫٥");
    await expect(question(page, 2).getByTestId("numeric-problem")).toBeHidden();
    await expect(question(page, 2)).toHaveAttribute("data-answered", "true");
    // Ordering by keyboard, the new place announced.
    await orderByKeyboard(page);
    await expect(question(page, 3).getByTestId("ordering-announce")).not.toBeEmpty();
    await expect(question(page, 3)).toHaveAttribute("data-answered", "true");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await expectNoAxeViolations(page, `item types take ${lang}`);

    // A reload: every answer comes back.
    await page.reload();
    await expect(question(page, 1).getByRole("checkbox", { name: pick("اثنان", "Two") })).toBeChecked();
    await expect(question(page, 1).getByRole("checkbox", { name: pick("خمسة", "Five") })).not.toBeChecked();
    await expect(question(page, 2).getByTestId("numeric-input")).toHaveValue("٣٫٥");
    expect(await order(page)).toEqual(KEY);

    if (process.env.ITEM_TYPES_SCREENSHOTS === "1") {
      for (const dark of [false, true])
        for (const width of [390, 1280]) {
          const shot = await pageInLook(browser, { lang, dark, width });
          await shot.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
          await shot.goto(`/student/exam/${examId}/take`);
          await expect(shot.getByTestId("ordering-item").first()).toBeVisible();
          await shot.screenshot({ path: `screenshots/item-types-take-${lang}-${dark ? "dark" : "light"}-${width}.png`, fullPage: true });
          await shot.context().close();
        }
    }

    await page.getByTestId("submit-exam").click();
    await page.getByTestId("submit-dialog").getByRole("button", { name: pick("سلّم الآن", "Submit Now") }).click();
    await page.waitForURL(/\/results$/);
    const marks = page.getByTestId("question-mark");
    await expect(marks).toHaveCount(3);
    await expect(marks.nth(0)).toContainText("0.67");
    await expect(page.getByTestId("mr-view")).toBeVisible();
    await expect(page.getByTestId("numeric-view")).toContainText("٣٫٥");
    await expect(page.getByTestId("numeric-key")).toHaveCount(0);
    await expectNoAxeViolations(page, `item types result ${lang}`);

    // The teacher's view of the attempt: the responses beside the key.
    const teacherPage = await pageInLook(browser, { lang, dark: false, width: 1280 });
    await signIn(teacherPage, "teacher", { goto: `/student/exam/${attempt.id}/results` });
    await expect(teacherPage.getByTestId("numeric-key")).toContainText("3.5");
    await expect(teacherPage.getByTestId("mr-view").locator("[data-correct=true]")).toHaveCount(3);
    await expect(teacherPage.getByTestId("ordering-view")).toBeVisible();
    await expectNoAxeViolations(teacherPage, `item types staff result ${lang}`);
    await teacherPage.context().close();
    if (process.env.ITEM_TYPES_SCREENSHOTS === "1") {
      for (const dark of [false, true])
        for (const width of [390, 1280]) {
          const shot = await pageInLook(browser, { lang, dark, width });
          await signIn(shot, "teacher", { goto: `/student/exam/${attempt.id}/results` });
          await expect(shot.getByTestId("numeric-key")).toBeVisible();
          await shot.screenshot({ path: `screenshots/item-types-result-${lang}-${dark ? "dark" : "light"}-${width}.png`, fullPage: true });
          await shot.context().close();
        }
    }
  });
}
