// Gap fill and inline choice end to end (issue 36, docs/decisions/0058), in one test: a teacher writes one of each in
// the exam editor in English ("Insert gap" puts the marker at the caret in both texts; a save with mistakes names the
// gap the Arabic text lacks), publishes; a student sits it in Arabic on a phone-wide page (an answer typed with
// diacritics, a letter from the on-screen keyboard, a list chosen by keyboard), reloads (the answers come back),
// submits and sees the per-gap partial marks; the teacher's view of the attempt shows each gap's key. Axe on the
// editor, the paper and both results. Pictures of the editor and the paper (ar/en × light/dark × 390/1280) with
// GAP_TYPES_SCREENSHOTS=1, under screenshots/gap-types/ (gitignored).
import type { Locator, Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { ERRORS, fillText } from "../../src/shared/errors";
import { expectNoAxeViolations, pageInLook, test, useLanguage } from "../fixtures";
import { choose, expect, expectToast, makeTeacher, readExam, signInWith, text } from "../exams/helpers";

const t = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);

async function typeRich(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(value);
}

/** Moves a native list by the keyboard until `option` is chosen (the list is shuffled per student). */
async function chooseByKeyboard(select: Locator, option: string) {
  await select.focus();
  for (let k = 0; k < 6 && (await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)) !== option; k++) await select.press("ArrowDown");
  await expect(select).toHaveJSProperty("selectedOptions.0.text", option);
}

test("gap fill and inline choice: written in the editor, sat in Arabic, reloaded, marked per gap, shown with the key", async ({ page, request, playwright, browser }) => {
  test.setTimeout(process.env.GAP_TYPES_SCREENSHOTS === "1" ? 900_000 : 180_000);
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("عواصم وأحوال الماء");
  await page.getByTestId("exam-title-en").fill("Capitals and water");
  await choose(page, "exam-subject", "Arabic Language");

  // 1. Gap fill: markers inserted at the caret of the English text; the Arabic gets them at its end.
  await choose(page, "question-0-type", t("types.gap_fill"));
  await typeRich(page, "question-0-text-ar", "أكمل الجملة.");
  await typeRich(page, "question-0-text-en", "Complete the sentence.");
  const en = page.getByTestId("question-0-gap-text-en");
  await en.click();
  await page.keyboard.type("The capital of Egypt is ");
  await page.getByTestId("question-0-insert-gap").click();
  await expect(en).toBeFocused();
  await page.keyboard.type(" and of Jordan is ");
  await page.getByTestId("question-0-insert-gap").click();
  await page.keyboard.type(".");
  await expect(en).toHaveValue("The capital of Egypt is {{1}} and of Jordan is {{2}}.");
  const ar = page.getByTestId("question-0-gap-text-ar");
  await expect(ar).toHaveValue("{{1}}{{2}}");
  await expect(page.getByTestId("question-0-gap-1")).toBeVisible();
  await expect(page.getByTestId("question-0-gap-2")).toBeVisible();
  // The Arabic written without gap 2 for now.
  await ar.fill("عاصمة مصر {{1}} وعاصمة الأردن.");
  await page.getByTestId("question-0-gap-1-accepted-0").fill("القاهرة");
  await page.getByTestId("question-0-gap-1-add-accepted").click();
  await expect(page.getByTestId("question-0-gap-1-accepted-1")).toBeFocused();
  await page.keyboard.type("Cairo");

  // 2. Inline choice: the texts typed with their markers; a list per gap, one right.
  await page.getByTestId("add-question").click();
  await page.getByTestId("add-inline_choice").click();
  await typeRich(page, "question-1-text-ar", "اختر الكلمة المناسبة.");
  await typeRich(page, "question-1-text-en", "Choose the right word.");
  await page.getByTestId("question-1-gap-text-ar").fill("الماء {{1}} عند ١٠٠ درجة، و{{2}} عند الصفر.");
  await page.getByTestId("question-1-gap-text-en").fill("Water {{1}} at 100 °C and {{2}} at 0 °C.");
  const lists = [
    [["يغلي", "boils"], ["يتجمد", "freezes"]],
    [["يتجمد", "freezes"], ["يغلي", "boils"], ["يتبخر", "evaporates"]],
  ] as const;
  for (const [g, list] of lists.entries()) {
    const gap = `question-1-gap-${g + 1}`;
    if (list.length > 2) await page.getByTestId(`${gap}-add-choice`).click();
    for (const [j, [a, e]] of list.entries()) {
      await page.getByTestId(`${gap}-choice-${j}-ar`).fill(a);
      await page.getByTestId(`${gap}-choice-${j}-en`).fill(e);
    }
  }
  await page.getByTestId("question-1-gap-1-choice-0-correct").check();

  // A save with mistakes: each message on its field, the gap the Arabic lacks named.
  await page.getByTestId("save-exam").click();
  const message = (code: keyof typeof ERRORS, n: number) => fillText(ERRORS[code].message, { n }).en;
  await expect(page.getByTestId("error-questions.0.interaction.textAr")).toContainText(message("GAP_TEXT_MISMATCH", 1));
  await expect(page.getByTestId("question-0-gap-text-ar-problems")).toHaveText(t("interactions.gaps.missingAr", { gap: 2 }));
  await expect(page.getByTestId("error-questions.0.interaction.gaps.1.accepted")).toContainText(message("GAP_NO_ACCEPTED_ANSWER", 1));
  await expect(page.getByTestId("error-questions.1.interaction.gaps.1.choices")).toContainText(message("QUESTION_NO_CORRECT_OPTION", 2));
  await expect(ar).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "gap editors with messages (en)");

  await ar.fill("عاصمة مصر {{1}} وعاصمة الأردن {{2}}.");
  await page.getByTestId("question-0-gap-2-accepted-0").fill("عمان");
  await page.getByTestId("question-1-gap-2-choice-0-correct").check();
  await choose(page, "exam-status", t("status.published"));
  await page.getByTestId("save-exam").click();
  await expectToast(page, t("toast.saved"));
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const examId = page.url().split("/").pop()!;
  const saved = await readExam(page, examId);
  expect(saved.questions.map((q) => q.interaction)).toEqual([
    { type: "gap_fill", textAr: "عاصمة مصر {{1}} وعاصمة الأردن {{2}}.", textEn: "The capital of Egypt is {{1}} and of Jordan is {{2}}.", gaps: [{ id: "1", accepted: ["القاهرة", "Cairo"] }, { id: "2", accepted: ["عمان"] }], scoring: "per_gap" },
    expect.objectContaining({ type: "inline_choice", scoring: "per_gap" }),
  ]);
  expect(saved.status).toBe("published");
  // Reopened: every value back, nothing to save (the cards follow the loaded texts without touching the form).
  await page.reload();
  await expect(page.getByTestId("question-0-gap-1-accepted-1")).toHaveValue("Cairo");
  await expect(page.getByTestId("question-1-gap-2-choice-0-correct")).toBeChecked();
  await expect(page.getByTestId("dirty-state")).toHaveText(t("editor.allSaved"));
  // The student preview shows the paper's fields, not to be filled in.
  await page.getByTestId("preview-button").click();
  const preview = page.getByTestId("preview-dialog");
  await expect(preview.getByRole("textbox", { name: "Gap 2" })).toBeDisabled();
  await expect(preview.getByRole("combobox", { name: "Gap 1" }).locator("option")).toHaveText(["Choose…", /^(boils|freezes)$/, /^(boils|freezes)$/]);
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  // The student, in Arabic, on a phone-wide page.
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "gaps");
  await admin.dispose();
  const paper = await pageInLook(browser, { lang: "ar", dark: false, width: 390 });
  expect((await paper.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } })).status()).toBe(200);
  const attempt = await json<{ id: string }>(await paper.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: "ar" } }));
  await paper.goto(`/student/exam/${examId}/take`);
  const q = (n: number) => paper.getByTestId("question").nth(n - 1);
  // Gap 1 wrong, finished with the on-screen keyboard; gap 2 right, typed with diacritics.
  await expect(q(1)).toContainText("ملء الفراغات");
  await expect(q(2)).toContainText("اختيار داخل النص");
  const gap1 = q(1).getByRole("textbox", { name: "الفراغ 1" });
  await gap1.fill("دمش");
  await q(1).getByTestId("arabic-keyboard-toggle").click();
  await q(1).getByRole("button", { name: "ق", exact: true }).click();
  await expect(gap1).toHaveValue("دمشق");
  await q(1).getByRole("textbox", { name: "الفراغ 2" }).fill("عَمَّان");
  await expect(q(1)).toHaveAttribute("data-answered", "true");
  // Lists chosen by keyboard: gap 1 right, gap 2 wrong; one gap only is partly answered.
  await chooseByKeyboard(q(2).getByRole("combobox", { name: "الفراغ 1" }), "يغلي");
  await expect(q(2).getByTestId("answered-state")).toHaveText("إجابة جزئية");
  await chooseByKeyboard(q(2).getByRole("combobox", { name: "الفراغ 2" }), "يتبخر");
  await expect(q(2)).toHaveAttribute("data-answered", "true");
  // Nothing wider than the phone's page.
  expect(await paper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(paper.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expectNoAxeViolations(paper, "gap types paper (ar)");

  await paper.reload();
  await expect(q(1).getByRole("textbox", { name: "الفراغ 1" })).toHaveValue("دمشق");
  await expect(q(1).getByRole("textbox", { name: "الفراغ 2" })).toHaveValue("عَمَّان");
  await expect(q(2).getByRole("combobox", { name: "الفراغ 1" })).toHaveJSProperty("selectedOptions.0.text", "يغلي");
  await expect(q(2).getByRole("combobox", { name: "الفراغ 2" })).toHaveJSProperty("selectedOptions.0.text", "يتبخر");

  if (process.env.GAP_TYPES_SCREENSHOTS === "1") {
    // The English paper is another student's (a paper's language is chosen when it starts).
    const admin2 = await apiAsAccount(playwright, "super_admin");
    const other = await createStudent(admin2, "school_dubai", "gaps-en");
    await admin2.dispose();
    const api = await pageInLook(browser, { lang: "en", dark: false, width: 1280 });
    await api.request.post("/api/auth/login", { data: { email: other.email, password: STUDENT_PASSWORD, loginType: "student" } });
    await json(await api.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: "en" } }));
    await api.context().close();
    await photograph(browser, teacher, { ar: student, en: other }, examId);
  }

  await paper.getByTestId("submit-exam").click();
  await paper.getByTestId("submit-dialog").getByRole("button", { name: "سلّم الآن" }).click();
  await paper.waitForURL(/\/results$/);
  const marks = paper.getByTestId("question-mark");
  await expect(marks).toHaveCount(2);
  await expect(marks.nth(0)).toContainText("0.5");
  await expect(marks.nth(1)).toContainText("0.5");
  await expect(paper.getByTestId("gap-fill-view")).toContainText("عَمَّان");
  await expect(paper.getByTestId("gap-key")).toHaveCount(0);
  await expectNoAxeViolations(paper, "gap types result (ar)");
  await paper.context().close();

  // The teacher's view of the attempt (English): each gap marked, the key beside the wrong ones.
  await page.goto(`/student/exam/${attempt.id}/results`);
  const fill = page.getByTestId("gap-fill-view");
  await expect(fill.locator("[data-right=false]")).toHaveCount(1);
  await expect(fill.locator("[data-right=true]")).toHaveCount(1);
  await expect(fill.getByTestId("gap-key")).toHaveText("(Correct answer: القاهرة / Cairo)");
  await expect(page.getByTestId("inline-choice-view").getByTestId("gap-key")).toHaveText("(Correct answer: freezes)");
  await expectNoAxeViolations(page, "gap types staff result (en)");
  if (process.env.GAP_TYPES_SCREENSHOTS === "1")
    for (const lang of ["ar", "en"] as const) {
      const shot = await pageInLook(browser, { lang, dark: lang === "ar", width: lang === "ar" ? 390 : 1280 });
      await signInWith(shot, teacher);
      await shot.goto(`/student/exam/${attempt.id}/results`);
      await expect(shot.getByTestId("gap-fill-view")).toBeVisible();
      await shot.screenshot({ path: `screenshots/gap-types/result-${lang}.png`, fullPage: true });
      await shot.context().close();
    }
});

/** The editor's two questions and the student's paper, in every look. */
async function photograph(browser: Parameters<typeof pageInLook>[0], teacher: { email: string; password: string }, students: Record<"ar" | "en", { email: string }>, examId: string) {
  for (const lang of ["ar", "en"] as const)
    for (const dark of [false, true])
      for (const width of [390, 1280]) {
        const look = `${lang}-${dark ? "dark" : "light"}-${width}`;
        const editor = await pageInLook(browser, { lang, dark, width });
        await signInWith(editor, teacher);
        await editor.goto(`/exams/edit/${examId}`);
        await editor.addStyleTag({ content: ".sticky { position: static !important }" });
        for (const n of [0, 1]) await editor.getByTestId(`question-${n}`).screenshot({ path: `screenshots/gap-types/editor-${look}-q${n}.png` });
        await editor.context().close();
        const paper = await pageInLook(browser, { lang, dark, width });
        await paper.request.post("/api/auth/login", { data: { email: students[lang].email, password: STUDENT_PASSWORD, loginType: "student" } });
        await paper.goto(`/student/exam/${examId}/take`);
        await expect(paper.getByTestId("gap-input").first()).toBeVisible();
        await paper.screenshot({ path: `screenshots/gap-types/paper-${look}.png`, fullPage: true });
        await paper.context().close();
      }
}
