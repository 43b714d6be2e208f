// Issue 7, the student's side in the browser: the overview, sitting an exam with all five question types,
// answers that survive a reload and a lost connection, submitting while offline, the timer's automatic submit
// (also on a device whose clock is wrong), the result before and after a teacher grades it, the errors of
// SPEC §8 — in Arabic and in English, with axe on every page.
// One student can sit an exam only once: every test makes its own student (as super_admin) and its own exam
// (as the e2e teacher) through the API.
import { randomUUID } from "node:crypto";
import type { APIRequest, APIRequestContext, Page } from "@playwright/test";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";

type TLang = "ar" | "en";

const TEXT = {
  en: {
    available: "Available Exams",
    completed: "Completed Exams",
    emptyAvailable: "No exams currently available for you.",
    emptyCompleted: "You have not completed any exams yet.",
    start: "Start Exam",
    resume: "Resume Exam",
    saved: "Saved",
    offline: (n: number) => (n === 1 ? "Offline — 1 answer waiting" : `Offline — ${n} answers waiting`),
    submit: "Submit Exam",
    submitNow: "Submit Now",
    confirmTitle: "Submit the exam?",
    unansweredOne: (n: number) => `Question ${n} is not answered yet.`,
    allAnswered: "You have answered every question.",
    waiting: "Waiting for the connection…",
    success: "Exam Submitted Successfully!",
    pending: "Pending grading",
    graded: "Graded",
    timeUp: "Time Up!",
    alreadyCompleted: "You have already completed this exam.",
    notAvailable: "Exam not found or not published.",
    notFound: "Exam result not found.",
    forbidden: "You are not authorized to view this result.",
    teacherComment: "Teacher's comment",
    answered: "Answered",
  },
  ar: {
    available: "الاختبارات المتاحة",
    completed: "الاختبارات المكتملة",
    emptyAvailable: "لا توجد اختبارات متاحة لك حاليًا.",
    emptyCompleted: "لم تُكمل أي اختبار بعد.",
    start: "ابدأ الاختبار",
    resume: "تابع الاختبار",
    saved: "تم الحفظ",
    offline: (n: number) => (n === 2 ? "لا يوجد اتصال — إجابتان بانتظار الإرسال" : `لا يوجد اتصال — ${n} إجابات بانتظار الإرسال`),
    submit: "تسليم الاختبار",
    submitNow: "سلّم الآن",
    confirmTitle: "هل تريد تسليم الاختبار؟",
    unansweredOne: (n: number) => `لم تُجب بعد عن السؤال ${n}.`,
    allAnswered: "أجبت عن جميع الأسئلة.",
    waiting: "بانتظار عودة الاتصال…",
    success: "تم تسليم الاختبار بنجاح!",
    pending: "بانتظار التصحيح",
    graded: "مصحّح",
    timeUp: "انتهى الوقت!",
    alreadyCompleted: "لقد أكملت هذا الاختبار من قبل.",
    notAvailable: "الاختبار غير موجود أو غير منشور.",
    notFound: "لم يُعثر على نتيجة الاختبار.",
    forbidden: "غير مصرّح لك بعرض هذه النتيجة.",
    teacherComment: "ملاحظة المعلّم",
    answered: "تمت الإجابة",
  },
} as const;

// ---- accounts and exams through the API

async function apiAs(playwright: { request: APIRequest }, baseURL: string, who: { email: string; password: string }, loginType: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  const res = await ctx.post("/api/auth/login", { data: { email: who.email, password: who.password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

type TCreated = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

const PAIRS = [
  { premise_ar: "أبو بكر", premise_en: "Abu Bakr", response_ar: "الصدّيق", response_en: "As-Siddiq" },
  { premise_ar: "عمر", premise_en: "Umar", response_ar: "الفاروق", response_en: "Al-Faruq" },
  { premise_ar: "عثمان", premise_en: "Uthman", response_ar: "ذو النورين", response_en: "Dhun-Nurayn" },
];

function examBody(tag: string, durationMinutes: number | null) {
  return {
    titleAr: `اختبار السيرة ${tag}`,
    titleEn: `Seerah Test ${tag}`,
    subjectId: "islamic",
    descriptionAr: "اختبار قصير فيه أنواع الأسئلة الخمسة.",
    descriptionEn: "A short exam with the five question types.",
    durationMinutes,
    status: "published",
    questions: [
      {
        type: "multiple_choice",
        questionTextAr: "إلى أين هاجر النبي ﷺ؟",
        questionTextEn: "Where did the Prophet migrate?",
        points: 2,
        options: [
          { optionTextAr: "المدينة", optionTextEn: "Madinah", isCorrect: true },
          { optionTextAr: "الطائف", optionTextEn: "Taif", isCorrect: false },
          { optionTextAr: "مكة", optionTextEn: "Makkah", isCorrect: false },
        ],
      },
      {
        type: "true_false",
        questionTextAr: "رافقه أبو بكر في الهجرة.",
        questionTextEn: "Abu Bakr went with him.",
        points: 1,
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
      },
      { type: "short_answer", questionTextAr: "ما اسم الغار؟", questionTextEn: "Name of the cave?", points: 2, correctAnswerText: "غار ثور" },
      { type: "matching", questionTextAr: "صِل كل صحابي بلقبه.", questionTextEn: "Match each companion with his title.", points: 3, matchingPairs: PAIRS },
      { type: "essay", questionTextAr: "اذكر درسين من الهجرة.", questionTextEn: "Give two lessons of the Hijrah.", points: 4, correctAnswerText: "التخطيط والصبر" },
    ],
  };
}

type TSetup = { student: { email: string; password: string; name: string }; examId: string; exam: TCreated; teacher: APIRequestContext; title: Record<TLang, string> };

async function setup(playwright: Parameters<typeof apiAs>[0], baseURL: string, options: { durationMinutes?: number | null; schoolId?: string } = {}): Promise<TSetup> {
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAs(playwright, baseURL, E2E_ACCOUNTS.super_admin, "admin");
  const student = { email: `taker-${tag}@qias.test`, password: "Taker-pass-1", name: `طالب ${tag}` };
  const created = await admin.post("/api/users", {
    data: { email: student.email, password: student.password, role: "student", username: `taker-${tag}`, name: student.name, schoolId: options.schoolId ?? "school_dubai" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  const teacher = await apiAs(playwright, baseURL, E2E_ACCOUNTS.teacher, "school");
  const body = examBody(tag, options.durationMinutes === undefined ? 30 : options.durationMinutes);
  const res = await teacher.post("/api/exams", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const exam = (await res.json()) as TCreated;
  return { student, examId: exam.id, exam, teacher, title: { ar: body.titleAr, en: body.titleEn } };
}

async function signInStudent(page: Page, student: TSetup["student"], goto = "/dashboard") {
  const res = await page.request.post("/api/auth/login", { data: { email: student.email, password: student.password, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(goto);
}

// ---- page helpers

function latestToast(page: Page) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/, includeHidden: true }).locator("li[data-state=open]").first();
}

async function expectToast(page: Page, text: string) {
  await expect(latestToast(page)).toContainText(text);
}

const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);
const saveStatus = (page: Page) => page.getByTestId("save-status");

async function expectSaved(page: Page, lang: TLang) {
  await expect(saveStatus(page)).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expect(saveStatus(page)).toHaveText(TEXT[lang].saved);
}

function matchingSelect(page: Page, lang: TLang, premise: number) {
  return question(page, 4).getByRole("combobox", { name: lang === "ar" ? PAIRS[premise]!.premise_ar : PAIRS[premise]!.premise_en, exact: true });
}

const response = (lang: TLang, i: number) => (lang === "ar" ? PAIRS[i]!.response_ar : PAIRS[i]!.response_en);

async function chosenText(select: ReturnType<Page["getByRole"]>) {
  return select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");
}

async function openExamFromOverview(page: Page, s: TSetup, lang: TLang) {
  const card = page.getByTestId("available-exam").filter({ hasText: s.title[lang] });
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: TEXT[lang].start }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exam/${s.examId}/take$`));
  await expect(page.getByTestId("exam-title")).toHaveText(s.title[lang]);
  await expect(page.getByTestId("question")).toHaveCount(5);
}

/**
 * The browser's speech synthesis with the given voices only (read-aloud, issue 37): what a system has varies, so the
 * test says which; what is spoken is kept in window.__spoken.
 */
async function fakeVoices(page: Page, langs: string[]) {
  await page.addInitScript((voiceLangs: string[]) => {
    const w = window as unknown as Record<string, unknown> & { __spoken: { text: string; lang: string }[] };
    w.__spoken = [];
    class Utterance {
      voice: unknown = null;
      lang = "";
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    const synth = {
      getVoices: () => voiceLangs.map((lang) => ({ lang, name: `Test ${lang}` })),
      speak: (u: Utterance) => void w.__spoken.push({ text: u.text, lang: u.lang }),
      cancel: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance, configurable: true });
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  }, langs);
}

// ---- the tests

test("ar: a student takes an exam with all five types, reloads, loses the connection, keeps answering and submits while offline", async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const lang = "ar";
  const t = TEXT[lang];
  const s = await setup(playwright, baseURL!);
  await useLanguage(page, lang);
  await fakeVoices(page, ["en-US"]);
  await signInStudent(page, s.student);

  // The overview lists the exam; nothing is completed yet.
  await expect(page.getByRole("heading", { name: t.available })).toBeVisible();
  await expect(page.getByTestId("completed-empty")).toHaveText(t.emptyCompleted);
  await expectNoAxeViolations(page, "overview ar");
  await openExamFromOverview(page, s, lang);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("exam-timer")).toHaveAttribute("data-warning", "false");
  await expect(page.getByTestId("timer-value")).toHaveText(/^00:(29|30):\d\d$/);

  // Choice by click, true/false by keyboard (arrow keys move within the radio group).
  await question(page, 1).getByRole("radio", { name: "المدينة" }).check();
  const tf = question(page, 2);
  await tf.getByRole("radio", { name: "صح" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(tf.getByRole("radio", { name: "خطأ" })).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(tf.getByRole("radio", { name: "صح" })).toBeChecked();
  await question(page, 3).getByRole("textbox").fill("غار ثور");
  await matchingSelect(page, lang, 0).selectOption({ label: response(lang, 0) });
  await matchingSelect(page, lang, 1).selectOption({ label: response(lang, 1) });
  await expectSaved(page, lang);
  await expect(page.getByTestId("answered-count")).toHaveText("أجبت عن 3 من 5");
  // The student's own marks (issue 37): Taif struck out in question 1, question 3 flagged for review — by keyboard.
  await question(page, 1).getByRole("button", { name: "استبعد الخيار 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(question(page, 1).getByTestId("option").nth(1)).toHaveAttribute("data-struck", "true");
  await expect(question(page, 1).getByRole("button", { name: "أعِد الخيار 2" })).toHaveAttribute("aria-pressed", "true");
  await question(page, 3).getByRole("button", { name: "علِّم للمراجعة" }).click();
  // Read-aloud on a device with no Arabic voice says so, and reads nothing in an English voice.
  await expect(question(page, 1).getByTestId("read-aloud")).toHaveText("لا يوجد صوت عربي على هذا الجهاز");
  await question(page, 1).getByTestId("read-aloud").click({ force: true }); // aria-disabled: it does nothing
  expect(await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken)).toEqual([]);
  await expect(question(page, 3)).toHaveAttribute("data-flagged", "true");
  await expect(page.getByRole("link", { name: "السؤال 3، تمت الإجابة، معلَّم للمراجعة" })).toBeVisible();
  await expectNoAxeViolations(page, "take ar");

  // Typed and reloaded at once, before the typing pause: the device kept it, and it is sent after the reload.
  const essay = question(page, 5).getByRole("textbox");
  await essay.fill("التخطيط الجيد");
  await page.reload();
  await expect(page.getByTestId("question")).toHaveCount(5);
  await expect(question(page, 1).getByRole("radio", { name: "المدينة" })).toBeChecked();
  await expect(question(page, 2).getByRole("radio", { name: "صح" })).toBeChecked();
  await expect(question(page, 3).getByRole("textbox")).toHaveValue("غار ثور");
  expect(await chosenText(matchingSelect(page, lang, 0))).toBe(response(lang, 0));
  expect(await chosenText(matchingSelect(page, lang, 1))).toBe(response(lang, 1));
  await expect(essay).toHaveValue("التخطيط الجيد");
  await expectSaved(page, lang);
  // …and the marks, kept on the device with the answers.
  await expect(question(page, 1).getByTestId("option").nth(1)).toHaveAttribute("data-struck", "true");
  await expect(question(page, 3)).toHaveAttribute("data-flagged", "true");

  // Offline: the student keeps answering; the indicator counts what waits.
  await context.setOffline(true);
  await matchingSelect(page, lang, 2).selectOption({ label: response(lang, 2) });
  await essay.fill("التخطيط الجيد والصبر على الشدائد");
  await expect(saveStatus(page)).toHaveAttribute("data-state", "offline", { timeout: 5_000 });
  await expect(saveStatus(page)).toHaveText(t.offline(2));
  await expect(question(page, 4)).toHaveAttribute("data-answered", "true");

  // Submitting while offline asks first, then waits for the connection instead of losing anything.
  await page.getByTestId("submit-exam").click();
  const dialog = page.getByTestId("submit-dialog");
  await expect(dialog.getByRole("heading", { name: t.confirmTitle })).toBeVisible();
  await expect(dialog).toContainText(t.allAnswered);
  // The review before submitting: the flagged question is a way back to it.
  await expect(dialog.getByTestId("submit-flagged")).toContainText("علَّمت سؤالًا واحدًا للمراجعة");
  await dialog.getByRole("button", { name: "عُد إلى السؤال 3" }).click();
  await expect(dialog).toBeHidden();
  await expect(question(page, 3)).toBeFocused();
  await page.getByTestId("submit-exam").click();
  await dialog.getByRole("button", { name: t.submitNow }).click();
  await expect(page.getByTestId("submit-step")).toHaveAttribute("data-step", "waiting");
  await expect(page.getByTestId("submit-step")).toContainText(t.waiting);
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/take$/);
  await context.setOffline(false);

  await expect(page).toHaveURL(/\/student\/exam\/[0-9a-f-]+\/results$/, { timeout: 20_000 });
  await expectToast(page, t.success);
  const attemptId = page.url().split("/").at(-2)!;
  await expect(page.getByTestId("result-pending")).toContainText(t.pending);
  await expectNoAxeViolations(page, "results ar pending");
  // Nothing of the attempt stays on the device.
  expect(await page.evaluate((id) => [localStorage.getItem(`qias.attempt.${id}`), localStorage.getItem(`qias.marks.${id}`)], attemptId)).toEqual([null, null]);

  // The server has every answer, including the ones written offline.
  const result = await (await s.teacher.get(`/api/attempts/${attemptId}/result`)).json();
  expect(result.attempt.status).toBe("completed");
  expect(result.questions[0].answer.choice.ar).toBe("المدينة");
  expect(result.questions[1].answer.choice.ar).toBe("صح");
  expect(result.questions[2].answer.text).toBe("غار ثور");
  expect(result.questions[3].answer.matching.map((m: { chosen: { ar: string } | null }) => m.chosen?.ar)).toEqual(PAIRS.map((p) => p.response_ar));
  expect(result.questions[4].answer.text).toBe("التخطيط الجيد والصبر على الشدائد");

  // The overview lists it as completed, pending grading.
  await page.goto("/dashboard");
  const row = page.getByTestId("completed-exam").filter({ hasText: s.title.ar });
  await expect(row.getByTestId("attempt-status")).toHaveText(t.pending);
  await expect(page.getByTestId("available-exam").filter({ hasText: s.title.ar })).toHaveCount(0);
  await s.teacher.dispose();
});

test("en: answers survive a failing server, the student submits, a teacher grades the essay, the student sees the score", async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const lang = "en";
  const t = TEXT[lang];
  const s = await setup(playwright, baseURL!);
  await useLanguage(page, lang);
  await fakeVoices(page, ["ar-SA", "en-GB"]);

  // The first two saves meet a 503: they are retried with backoff and get through.
  let failures = 0;
  await page.route("**/api/attempts/*/answers/*", async (route) => {
    if (failures < 2) {
      failures += 1;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "UNAVAILABLE" }) });
    }
    return route.continue();
  });

  await signInStudent(page, s.student, "/dashboard/my-exams");
  await expect(page.getByTestId("my-exams")).toBeVisible();
  await openExamFromOverview(page, s, lang);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  await question(page, 1).getByRole("radio", { name: "Madinah" }).check();
  await question(page, 2).getByRole("radio", { name: "True" }).check();
  // An Arabic answer in the English interface; it matches the model answer and is marked at once.
  await question(page, 3).getByRole("textbox").fill("غار ثور");
  for (const i of [0, 1, 2]) await matchingSelect(page, lang, i).selectOption({ label: response(lang, i) });
  await expectSaved(page, lang);
  expect(failures).toBe(2);
  // Two flagged for review, one of them unflagged again; an option struck out and brought back.
  await question(page, 2).getByRole("button", { name: "Flag for review" }).click();
  await question(page, 4).getByRole("button", { name: "Flag for review" }).click();
  await question(page, 2).getByRole("button", { name: "Flagged for review" }).click();
  await expect(question(page, 2)).toHaveAttribute("data-flagged", "false");
  await question(page, 1).getByRole("button", { name: "Strike out option 3" }).click();
  await question(page, 1).getByRole("button", { name: "Bring back option 3" }).click();
  await expect(question(page, 1).getByTestId("option").nth(2)).toHaveAttribute("data-struck", "false");
  // Read-aloud: the question and its options in the page's language, with a voice of that language; pressed again, stops.
  await question(page, 1).getByRole("button", { name: "Read aloud" }).click();
  await expect(question(page, 1).getByRole("button", { name: "Stop reading" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken)).toEqual([{ text: "Where did the Prophet migrate?\n1. Madinah\n2. Taif\n3. Makkah", lang: "en-GB" }]);
  await question(page, 1).getByRole("button", { name: "Stop reading" }).click();
  await expect(question(page, 1).getByRole("button", { name: "Read aloud" })).toHaveAttribute("aria-pressed", "false");
  // Reading tools: the text up to 150 % (the root's size, so the layout reflows) and the high-contrast theme.
  const tools = page.getByRole("group", { name: "Reading tools" });
  await tools.getByRole("button", { name: "Larger text" }).click();
  await tools.getByRole("button", { name: "Larger text" }).click();
  await expect(page.getByTestId("text-scale")).toHaveText("150%");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("24px");
  await tools.getByRole("button", { name: "High contrast" }).click();
  await expect(tools.getByRole("button", { name: "High contrast" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveClass(/\bcontrast\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(0, 0, 0)");

  // Leave the essay unanswered at first: the confirmation names it, and the one question still flagged.
  await page.getByTestId("submit-exam-bottom").click();
  const dialog = page.getByTestId("submit-dialog");
  await expect(dialog).toContainText("You have answered 4 of 5 questions.");
  await expect(dialog.getByTestId("submit-unanswered")).toHaveText(t.unansweredOne(5));
  await expect(dialog.getByTestId("submit-flagged")).toContainText("You flagged 1 question for review.");
  await expect(dialog.getByRole("list", { name: "Questions flagged for review" }).getByRole("button")).toHaveText(["4"]);
  await expectNoAxeViolations(page, "submit dialog en, high contrast, 150 %");
  await dialog.getByRole("button", { name: "Keep Working" }).click();
  await expect(dialog).toBeHidden();

  await question(page, 5).getByRole("textbox").fill("Planning ahead, and patience — التخطيط والصبر.");
  await expect(question(page, 5)).toHaveAttribute("data-answered", "true");
  await page.getByTestId("submit-exam").click();
  await expect(dialog).toContainText(t.allAnswered);
  await dialog.getByRole("button", { name: t.submitNow }).click();
  await expect(page).toHaveURL(/\/results$/);
  await expectToast(page, t.success);
  const attemptId = page.url().split("/").at(-2)!;
  await expect(page.getByTestId("result-pending")).toContainText(t.pending);
  // The reading tools were the take page's: off again on the results page.
  await expect(page.locator("html")).not.toHaveClass(/\bcontrast\b/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("16px");
  // The essay reached the server although it was typed just before submitting.
  await expect(page.getByTestId("result-question").nth(4).getByTestId("answer-text")).toHaveText("Planning ahead, and patience — التخطيط والصبر.");

  // Opening the take page again: already completed, to the results with the message.
  await page.goto(`/student/exam/${s.examId}/take`);
  await expect(page).toHaveURL(new RegExp(`/student/exam/${attemptId}/results$`));
  await expectToast(page, t.alreadyCompleted);

  // The teacher marks the essay, question by question (the short answer was marked at once).
  const sheet = await (await s.teacher.get(`/api/grading/exams/${s.examId}`)).json();
  const essayAnswer = sheet.questions
    .find((q: { type: string }) => q.type === "essay")
    .answers.find((a: { attemptId: string }) => a.attemptId === attemptId);
  const graded = await s.teacher.put(`/api/grading/answers/${essayAnswer.answerId}`, { data: { score: 3, comment: "Good work; add an example." } });
  expect(graded.status(), await graded.text()).toBe(200);

  await page.reload();
  await expect(page.getByTestId("results-page")).toHaveAttribute("data-status", "graded");
  await expect(page.getByTestId("score-value")).toContainText("11 / 12");
  // One rounding rule with the report's (one decimal): 11 of 12 is 91.7 %, not 92 %.
  await expect(page.getByTestId("result-score")).toContainText("91.7%");
  const essayResult = page.getByTestId("result-question").nth(4);
  await expect(essayResult.getByTestId("question-mark")).toHaveText("Mark: 3 / 4");
  await expect(essayResult.getByTestId("teacher-comment")).toContainText(t.teacherComment);
  await expect(essayResult.getByTestId("teacher-comment")).toContainText("Good work; add an example.");
  await expect(page.getByTestId("result-question").nth(3).getByTestId("answer-matching")).toContainText("Dhun-Nurayn");
  await expect(page.getByTestId("answer-key")).toHaveCount(0);
  await expectNoAxeViolations(page, "results en graded");

  await page.goto("/dashboard");
  const row = page.getByTestId("completed-exam").filter({ hasText: s.title.en });
  await expect(row.getByTestId("attempt-status")).toHaveText(/^Graded\s*·\s*11 \/ 12$/);
  await row.getByRole("link", { name: /View Results/ }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exam/${attemptId}/results$`));

  // Staff see the key on the same page.
  const staff = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } });
  const teacherPage = await staff.newPage();
  await useLanguage(teacherPage, "en");
  const login = await teacherPage.request.post("/api/auth/login", { data: { email: E2E_ACCOUNTS.teacher.email, password: E2E_ACCOUNTS.teacher.password, loginType: "school" } });
  expect(login.status()).toBe(200);
  await teacherPage.goto(`/student/exam/${attemptId}/results`);
  await expect(teacherPage.getByTestId("result-student")).toHaveText(s.student.name);
  await expect(teacherPage.getByTestId("answer-key").first()).toContainText("Madinah");
  await staff.close();
  await s.teacher.dispose();
});

test("the timer follows the server's clock on a device whose clock is wrong, turns red, and submits at zero", async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const lang = "en";
  const s = await setup(playwright, baseURL!, { durationMinutes: 1 });
  await useLanguage(page, lang);
  // This device's clock is three hours fast.
  await page.addInitScript(() => {
    const shift = 3 * 60 * 60 * 1000;
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as [number]));
      }
      static override now() {
        return RealDate.now() + shift;
      }
    }
    (globalThis as { Date: DateConstructor }).Date = ShiftedDate as DateConstructor;
  });
  await signInStudent(page, s.student, `/student/exam/${s.examId}/take`);
  await expect(page.getByTestId("question")).toHaveCount(5);
  const timer = page.getByTestId("timer-value");
  await expect(timer).toHaveText(/^00:00:[3-5]\d$|^00:01:00$/);
  // At five minutes or less the timer is red from the start; with a minute or less left the page says so at once.
  await expect(page.getByTestId("exam-timer")).toHaveAttribute("data-warning", "true");
  await expect(page.getByTestId("announcer-assertive")).toHaveText("1 minute or less remaining.");
  await expect(page.getByTestId("exam-timer")).toHaveCSS("background-color", "rgb(180, 35, 24)");
  await question(page, 1).getByRole("radio", { name: "Madinah" }).check();
  await question(page, 5).getByRole("textbox").fill("Patience");
  await expectSaved(page, lang);

  // No confirmation at zero: the exam is submitted by itself, and the student is told why.
  await expect(page).toHaveURL(/\/results$/, { timeout: 75_000 });
  await expectToast(page, TEXT.en.timeUp);
  const attemptId = page.url().split("/").at(-2)!;
  const result = await (await s.teacher.get(`/api/attempts/${attemptId}/result`)).json();
  expect(result.attempt.status).toBe("completed");
  expect(result.questions[0].answer.choice.en).toBe("Madinah");
  expect(result.questions[4].answer.text).toBe("Patience");
  await s.teacher.dispose();
});

test("no timer without a time limit; a phone-sized take page in dark mode; axe", async ({ browser, playwright, baseURL }) => {
  const s = await setup(playwright, baseURL!, { durationMinutes: null });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useLanguage(page, "ar", { dark: true });
  await signInStudent(page, s.student, `/student/exam/${s.examId}/take`);
  await expect(page.getByTestId("question")).toHaveCount(5);
  await expect(page.getByTestId("exam-timer")).toHaveCount(0);
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await question(page, 1).getByRole("radio", { name: "مكة" }).check();
  await expectSaved(page, "ar");
  await expectNoAxeViolations(page, "take ar dark 390");
  // The navigator marks the answered question, and jumps to a question.
  await expect(page.getByRole("link", { name: "السؤال 1، تمت الإجابة" })).toBeVisible();
  await page.getByRole("link", { name: "السؤال 5، لم تتم الإجابة" }).click();
  await expect(question(page, 5)).toBeFocused();
  await context.close();
  await s.teacher.dispose();
});

test("errors: an exam not offered, a result that does not exist, someone else's result, the take page signed out", async ({ page, playwright, baseURL, browser }) => {
  const s = await setup(playwright, baseURL!);
  await useLanguage(page, "en");
  await signInStudent(page, s.student);

  await page.goto(`/student/exam/${randomUUID()}/take`);
  await expect(page).toHaveURL(/\/dashboard(\/overview)?$/);
  await expectToast(page, TEXT.en.notAvailable);

  await page.goto(`/student/exam/${randomUUID()}/results`);
  await expect(page).toHaveURL(/\/dashboard(\/overview)?$/);
  await expectToast(page, TEXT.en.notFound);

  // Another student's attempt.
  const other = await setup(playwright, baseURL!);
  const otherCtx = await apiAs(playwright, baseURL!, other.student, "student");
  const started = await otherCtx.post(`/api/student/exams/${other.examId}/attempt`, { data: {} });
  expect(started.status()).toBe(200);
  const otherAttempt = (await started.json()).id as string;
  await page.goto(`/student/exam/${otherAttempt}/results`);
  await expect(page).toHaveURL(/\/dashboard(\/overview)?$/);
  await expectToast(page, TEXT.en.forbidden);
  await otherCtx.dispose();
  await other.teacher.dispose();
  await s.teacher.dispose();

  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  await anonPage.goto(`/student/exam/${s.examId}/take`);
  await expect(anonPage).toHaveURL(/\/login\/student$/);
  await anonPage.goto(`/student/exam/${randomUUID()}/results`);
  await expect(anonPage).toHaveURL(/\/login\/student$/);
  await anon.close();
});

test("empty states on the overview for a student of a school with no exams", async ({ page, playwright, baseURL }) => {
  const admin = await apiAs(playwright, baseURL!, E2E_ACCOUNTS.super_admin, "admin");
  const schoolId = `school_empty_${randomUUID().slice(0, 6)}`;
  const school = await admin.post("/api/schools", { data: { id: schoolId, nameAr: "مدرسة بلا اختبارات", nameEn: "A school with no exams" } });
  expect(school.status(), await school.text()).toBeLessThan(300);
  await admin.dispose();
  const s = await setup(playwright, baseURL!, { schoolId });
  await useLanguage(page, "ar", { dark: true });
  await signInStudent(page, s.student);
  // The teacher's exam is offered to the teacher's school only, and no browser test publishes an exam for
  // every school, so this new school has none.
  await expect(page.getByTestId("available-empty")).toHaveText(TEXT.ar.emptyAvailable);
  await expect(page.getByTestId("available-exam")).toHaveCount(0);
  await expect(page.getByTestId("completed-empty")).toHaveText(TEXT.ar.emptyCompleted);
  await expectNoAxeViolations(page, "overview ar dark");
  await s.teacher.dispose();
});
