// Gap fill and inline choice end to end (issue 36, docs/decisions/0058), a test per screen and language:
// - the English editor writes a gap fill at 1280 ("Insert gap" puts the marker at the caret in both texts; a save with
//   mistakes names the gap the Arabic text lacks), saved, reopened, previewed;
// - the Arabic editor writes an inline choice on a phone in dark ("Insert gap" pressed from the keyboard, the caret
//   back in the right-to-left text; the messages in Arabic), saved, previewed;
// - a student sits both in Arabic on a phone (an answer typed with diacritics, a letter from the on-screen keyboard, a
//   list chosen by keyboard), reloads (the answers come back), submits and sees the per-gap partial marks; the
//   teacher's view of the attempt shows each gap's key;
// - a student sits both in English at 1280 in dark with the keyboard alone, submits, is marked per gap.
// The papers' exams are made through the API (each type is written through the editor once, above). Axe on every
// screen. Pictures of the editor and the paper (ar/en × light/dark × 390/1280) with GAP_TYPES_SCREENSHOTS=1, under
// screenshots/gap-types/ (gitignored).
import type { Locator, Page } from "@playwright/test";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { ERRORS, fillText } from "../../src/shared/errors";
import type { TExamInput } from "../../src/shared/schemas/exam";
import { expectNoAxeViolations, pageInLook, test, useLanguage } from "../fixtures";
import { choose, createExam, expect, expectToast, makeTeacher, readExam, signInWith, text } from "../exams/helpers";

const SCREENSHOTS = process.env.GAP_TYPES_SCREENSHOTS === "1";
const t = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);
const message = (lang: "ar" | "en", code: keyof typeof ERRORS, n: number) => fillText(ERRORS[code].message, { n })[lang];

async function typeRich(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.insertText(value);
}

/** Moves a native list by the keyboard until `option` is chosen (the list is shuffled per student). */
async function chooseByKeyboard(select: Locator, option: string) {
  await select.focus();
  await pressUntilChosen(select, option);
}

async function pressUntilChosen(select: Locator, option: string) {
  for (let k = 0; k < 6 && (await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)) !== option; k++) await select.press("ArrowDown");
  await expect(select).toHaveJSProperty("selectedOptions.0.text", option);
}

/** Tab (forwards) until `target` has the focus: it is reached by the keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator, most = 12) {
  for (let k = 0; k < most && !(await target.evaluate((el) => el === document.activeElement)); k++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

const entry = (id: string, ar: string, en: string, correct = false) => ({ id, textAr: ar, textEn: en, correct });
/** The two questions the papers are sat on, as the API takes them: one point each, marked per gap. */
const QUESTIONS = [
  {
    type: "gap_fill",
    questionTextAr: "أكمل الجملة.",
    questionTextEn: "Complete the sentence.",
    points: 1,
    interaction: {
      type: "gap_fill",
      textAr: "عاصمة مصر {{1}} وعاصمة الأردن {{2}}.",
      textEn: "The capital of Egypt is {{1}} and of Jordan is {{2}}.",
      gaps: [
        { id: "1", accepted: ["القاهرة", "Cairo"] },
        { id: "2", accepted: ["عمان"] },
      ],
      scoring: "per_gap",
    },
  },
  {
    type: "inline_choice",
    questionTextAr: "اختر الكلمة المناسبة.",
    questionTextEn: "Choose the right word.",
    points: 1,
    interaction: {
      type: "inline_choice",
      textAr: "الماء {{1}} عند ١٠٠ درجة، و{{2}} عند الصفر.",
      textEn: "Water {{1}} at 100 °C and {{2}} at 0 °C.",
      gaps: [
        { id: "1", choices: [entry("boils", "يغلي", "boils", true), entry("freezes", "يتجمد", "freezes")] },
        { id: "2", choices: [entry("freezes", "يتجمد", "freezes", true), entry("boils", "يغلي", "boils"), entry("evaporates", "يتبخر", "evaporates")] },
      ],
      scoring: "per_gap",
    },
  },
] as NonNullable<TExamInput["questions"]>;

/** A teacher of their own, signed in on `page`, with the published exam of both types; and a student who has started
 *  it in `lang` (a paper's language is chosen when it starts). */
async function examAndStudent({ page, request, playwright }: { page: Page; request: Parameters<typeof makeTeacher>[0]; playwright: Parameters<typeof apiAsAccount>[0] }) {
  const teacher = await makeTeacher(request);
  await signInWith(page, teacher);
  const exam = await createExam(page, { titleAr: "عواصم وأحوال الماء", titleEn: "Capitals and water", status: "published", schoolIds: [], questions: QUESTIONS });
  const admin = await apiAsAccount(playwright, "super_admin");
  const students = { ar: await createStudent(admin, "school_dubai", "gaps-ar"), en: await createStudent(admin, "school_dubai", "gaps-en") };
  await admin.dispose();
  return { teacher, examId: exam.id, students };
}

/** Signs the student in on `paper` and starts the exam in `lang`; the attempt's id. */
async function start(paper: Page, student: { email: string }, examId: string, lang: "ar" | "en") {
  expect((await paper.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } })).status()).toBe(200);
  return (await json<{ id: string }>(await paper.request.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: lang } }))).id;
}

test("gap fill written in the English editor: markers at the caret, the missing gap named, saved, reopened, previewed", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("عواصم");
  await page.getByTestId("exam-title-en").fill("Capitals");
  await choose(page, "exam-subject", "Arabic Language");

  // Markers inserted at the caret of the English text; the Arabic gets them at its end.
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
  // The Arabic written without gap 2 for now, and gap 2 without an answer.
  await ar.fill("عاصمة مصر {{1}} وعاصمة الأردن.");
  await page.getByTestId("question-0-gap-1-accepted-0").fill("القاهرة");
  await page.getByTestId("question-0-gap-1-add-accepted").click();
  await expect(page.getByTestId("question-0-gap-1-accepted-1")).toBeFocused();
  await page.keyboard.type("Cairo");

  // A save with mistakes: each message on its field, the gap the Arabic lacks named.
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("error-questions.0.interaction.textAr")).toContainText(message("en", "GAP_TEXT_MISMATCH", 1));
  await expect(page.getByTestId("question-0-gap-text-ar-problems")).toHaveText(t("interactions.gaps.missingAr", { gap: 2 }));
  await expect(page.getByTestId("error-questions.0.interaction.gaps.1.accepted")).toContainText(message("en", "GAP_NO_ACCEPTED_ANSWER", 1));
  await expect(ar).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "gap fill editor with messages (en)");

  await ar.fill("عاصمة مصر {{1}} وعاصمة الأردن {{2}}.");
  await page.getByTestId("question-0-gap-2-accepted-0").fill("عمان");
  await page.getByTestId("save-exam").click();
  await expectToast(page, t("toast.saved"));
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const saved = await readExam(page, page.url().split("/").pop()!);
  expect(saved.questions.map((q) => q.interaction)).toEqual([QUESTIONS[0]!.interaction]);
  // Reopened: every value back, nothing to save (the cards follow the loaded texts without touching the form).
  await page.reload();
  await expect(page.getByTestId("question-0-gap-1-accepted-1")).toHaveValue("Cairo");
  await expect(page.getByTestId("dirty-state")).toHaveText(t("editor.allSaved"));
  // The student preview shows the paper's fields, not to be filled in.
  await page.getByTestId("preview-button").click();
  const preview = page.getByTestId("preview-dialog");
  await expect(preview.getByRole("textbox", { name: "Gap 2" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();
});

test("inline choice written in the Arabic editor on a phone, dark: Insert gap from the keyboard, messages in Arabic, saved", async ({ browser, request }) => {
  const ar = (key: string, vars?: Record<string, string | number>) => text("ar", key, vars);
  const teacher = await makeTeacher(request);
  const page = await pageInLook(browser, { lang: "ar", dark: true, width: 390 });
  await signInWith(page, teacher);
  await page.goto("/exams/create");
  await page.getByTestId("exam-title-ar").fill("أحوال الماء");
  await page.getByTestId("exam-title-en").fill("Water");
  await choose(page, "exam-subject", "اللغة العربية");
  await choose(page, "question-0-type", ar("types.inline_choice"));
  await typeRich(page, "question-0-text-ar", "اختر الكلمة المناسبة.");
  await typeRich(page, "question-0-text-en", "Choose the right word.");

  // "Insert gap" from the keyboard: it comes before the texts, so Shift+Tab from the Arabic text reaches it; Enter
  // writes the marker where the caret was and gives the focus back there, to type on.
  const box = page.getByTestId("question-0-gap-text-ar");
  const insert = page.getByTestId("question-0-insert-gap");
  await box.click();
  await page.keyboard.type("الماء ");
  for (const next of [" عند ١٠٠ درجة، و", " عند الصفر."]) {
    await page.keyboard.press("Shift+Tab");
    await expect(insert).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(box).toBeFocused();
    await page.keyboard.type(next);
  }
  await expect(box).toHaveValue("الماء {{1}} عند ١٠٠ درجة، و{{2}} عند الصفر.");
  await expect(page.getByText(ar("interactions.gaps.inserted", { gap: 2 }))).toBeAttached();
  const en = page.getByTestId("question-0-gap-text-en");
  await expect(en).toHaveValue("{{1}}{{2}}");
  await en.fill("Water {{1}} at 100 °C and {{2}} at 0 °C.");

  // The lists, gap 2 with a third choice and none marked right for now.
  const lists = [
    [["يغلي", "boils"], ["يتجمد", "freezes"]],
    [["يتجمد", "freezes"], ["يغلي", "boils"], ["يتبخر", "evaporates"]],
  ] as const;
  for (const [g, list] of lists.entries()) {
    const gap = `question-0-gap-${g + 1}`;
    if (list.length > 2) await page.getByTestId(`${gap}-add-choice`).click();
    for (const [j, [a, e]] of list.entries()) {
      await page.getByTestId(`${gap}-choice-${j}-ar`).fill(a);
      await page.getByTestId(`${gap}-choice-${j}-en`).fill(e);
    }
  }
  await page.getByTestId("question-0-gap-1-choice-0-correct").check();
  await page.getByTestId("save-exam").click();
  const problem = page.getByTestId("error-questions.0.interaction.gaps.1.choices");
  await expect(problem).toHaveText(message("ar", "QUESTION_NO_CORRECT_OPTION", 1));
  await problem.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, "inline choice editor with a message (ar, 390, dark)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByTestId("question-0-gap-2-choice-0-correct").check();
  await page.getByTestId("save-exam").click();
  await expectToast(page, ar("toast.saved"));
  await expect(page).toHaveURL(/\/exams\/edit\/[0-9a-f-]{36}$/);
  const saved = await readExam(page, page.url().split("/").pop()!);
  const ic = saved.questions[0]!.interaction;
  expect(ic?.type === "inline_choice" && [ic.textAr, ic.textEn, ic.gaps.map((g) => g.choices.map((c) => [c.textEn, c.correct]))]).toEqual([
    "الماء {{1}} عند ١٠٠ درجة، و{{2}} عند الصفر.",
    "Water {{1}} at 100 °C and {{2}} at 0 °C.",
    [
      [["boils", true], ["freezes", false]],
      [["freezes", true], ["boils", false], ["evaporates", false]],
    ],
  ]);
  // The student preview: a list per gap, in Arabic, its first line the prompt.
  await page.getByTestId("preview-button").click();
  const preview = page.getByTestId("preview-dialog");
  await expect(preview.getByRole("combobox", { name: "الفراغ 2" }).locator("option")).toHaveCount(4);
  await page.context().close();
});

test("gap fill and inline choice sat in Arabic on a phone: reloaded, marked per gap, shown with the key", async ({ page, request, playwright, browser }) => {
  test.setTimeout(SCREENSHOTS ? 900_000 : 120_000);
  await useLanguage(page, "en");
  const { teacher, examId, students } = await examAndStudent({ page, request, playwright });
  const paper = await pageInLook(browser, { lang: "ar", dark: false, width: 390 });
  const attemptId = await start(paper, students.ar, examId, "ar");
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

  if (SCREENSHOTS) {
    const api = await pageInLook(browser, { lang: "en", dark: false, width: 1280 });
    await start(api, students.en, examId, "en");
    await api.context().close();
    await photograph(browser, teacher, students, examId);
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
  await page.goto(`/student/exam/${attemptId}/results`);
  const fill = page.getByTestId("gap-fill-view");
  await expect(fill.locator("[data-right=false]")).toHaveCount(1);
  await expect(fill.locator("[data-right=true]")).toHaveCount(1);
  await expect(fill.getByTestId("gap-key")).toHaveText("(Correct answer: القاهرة / Cairo)");
  await expect(page.getByTestId("inline-choice-view").getByTestId("gap-key")).toHaveText("(Correct answer: freezes)");
  await expectNoAxeViolations(page, "gap types staff result (en)");
  if (SCREENSHOTS)
    for (const lang of ["ar", "en"] as const) {
      const shot = await pageInLook(browser, { lang, dark: lang === "ar", width: lang === "ar" ? 390 : 1280 });
      await signInWith(shot, teacher);
      await shot.goto(`/student/exam/${attemptId}/results`);
      await expect(shot.getByTestId("gap-fill-view")).toBeVisible();
      await shot.screenshot({ path: `screenshots/gap-types/result-${lang}.png`, fullPage: true });
      await shot.context().close();
    }
});


test("gap fill and inline choice sat in English at 1280 in dark with the keyboard alone, marked per gap", async ({ page, request, playwright, browser }) => {
  const { examId, students } = await examAndStudent({ page, request, playwright });
  const paper = await pageInLook(browser, { lang: "en", dark: true, width: 1280 });
  await start(paper, students.en, examId, "en");
  await paper.goto(`/student/exam/${examId}/take`);
  const q = (n: number) => paper.getByTestId("question").nth(n - 1);
  await expect(q(1)).toContainText("The capital of Egypt is");
  await expect(q(2)).toContainText("Water");
  // Each field reached by Tab in the reading order, typed or moved with the arrow keys: gap 1 right (another case),
  // gap 2 wrong; both lists right.
  const fields = [
    q(1).getByRole("textbox", { name: "Gap 1" }),
    q(1).getByRole("textbox", { name: "Gap 2" }),
    q(2).getByRole("combobox", { name: "Gap 1" }),
    q(2).getByRole("combobox", { name: "Gap 2" }),
  ] as const;
  await tabTo(paper, fields[0], 40);
  await paper.keyboard.type("cairo");
  await tabTo(paper, fields[1]);
  await paper.keyboard.type("Amman");
  await expect(q(1)).toHaveAttribute("data-answered", "true");
  await tabTo(paper, fields[2]);
  await pressUntilChosen(fields[2], "boils");
  await tabTo(paper, fields[3]);
  await pressUntilChosen(fields[3], "freezes");
  await expect(q(2)).toHaveAttribute("data-answered", "true");
  await expect(paper.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expectNoAxeViolations(paper, "gap types paper (en, dark)");

  await paper.getByTestId("submit-exam").click();
  await paper.getByTestId("submit-dialog").getByRole("button", { name: "Submit Now" }).click();
  await paper.waitForURL(/\/results$/);
  const marks = paper.getByTestId("question-mark");
  await expect(marks).toHaveCount(2);
  await expect(marks.nth(0)).toContainText("0.5");
  await expect(marks.nth(1)).toContainText("1");
  await expect(paper.getByTestId("gap-key")).toHaveCount(0);
  await expectNoAxeViolations(paper, "gap types result (en, dark)");
  await paper.context().close();
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
