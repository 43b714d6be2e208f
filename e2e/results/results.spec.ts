// Issue 7, the staff side in the browser: a teacher grades an essay question by question for two students (in
// Arabic and in English), the attempts become graded and the results list shows the scores; the CSV export
// downloads with a BOM and Arabic; a student's list holds only their own attempts; a school_admin's only their
// school's; a 390 px phone; axe on the results list, the grading queue and the grading screen.
// Every test makes its own students and exams through the API, so the tests can run in parallel.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, pageInLook, signIn, test, useLanguage } from "../fixtures";
import { E2E_PORT } from "../env";

type TLang = "ar" | "en";
type Playwright = PlaywrightWorkerArgs["playwright"];
const BASE = `http://127.0.0.1:${E2E_PORT}`;
const PASSWORD = "Student-9x";

// The words the UI must show, in each language.
const TEXT = {
  en: {
    results: "Results",
    grading: "Grading",
    waiting2: "2 answers waiting",
    start: (title: string) => `Start grading: ${title}`,
    question: (n: number) => `Question ${n}`,
    progress: (m: number, t: number) => `${m} of ${t} marked`,
    mark: /^Mark \(0 to 4\)$/,
    comment: "Comment for the student (optional)",
    outOfRange: "The mark must be between 0 and the question's points.",
    next: "Next question",
    keyWithheld: "This exam is still open in other schools, so its model answers are hidden until it is closed. Mark from the question and your own key.",
    examDone: "Every answer in this exam is marked.",
    graded: "Graded",
    score: (s: string, t: string) => `${s} / ${t}`,
    modelAnswer: "Model answer",
    exam: "Exam",
    student: "Student",
    school: "School",
    exportCsv: "Export CSV",
    allExams: "All exams",
    view: "View result",
  },
  ar: {
    results: "النتائج",
    grading: "التصحيح",
    waiting2: "إجابتان بانتظار التصحيح",
    start: (title: string) => `ابدأ التصحيح: ${title}`,
    question: (n: number) => `السؤال ${n}`,
    progress: (m: number, t: number) => `تم تصحيح ${m} من ${t}`,
    mark: /^الدرجة \(من 0 إلى 4\)$/,
    comment: "ملاحظة للطالب (اختيارية)",
    outOfRange: "يجب أن تكون الدرجة بين 0 ودرجة السؤال.",
    next: "السؤال التالي",
    keyWithheld: "ما زال هذا الاختبار متاحًا في مدارس أخرى، لذا تُخفى إجاباته النموذجية حتى يُغلق. صحّح وفق السؤال ومعاييرك.",
    examDone: "صُحّحت جميع الإجابات في هذا الاختبار.",
    graded: "مصحّح",
    score: (s: string, t: string) => `${s} من ${t}`,
    modelAnswer: "الإجابة النموذجية",
    exam: "الاختبار",
    student: "الطالب",
    school: "المدرسة",
    exportCsv: "تصدير CSV",
    allExams: "جميع الاختبارات",
    view: "عرض النتيجة",
  },
} as const;

const LOGIN_TYPE = { super_admin: "admin", school_admin: "school", teacher: "school", student: "student" } as const;

/** An API client signed in as someone (its own cookies). */
async function apiAs(playwright: Playwright, email: string, password: string, loginType: "admin" | "school" | "student") {
  const request = await playwright.request.newContext({ baseURL: BASE });
  const res = await request.post("/api/auth/login", { data: { email, password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

const apiAsAccount = (playwright: Playwright, who: keyof typeof LOGIN_TYPE) =>
  apiAs(playwright, E2E_ACCOUNTS[who].email, E2E_ACCOUNTS[who].password, LOGIN_TYPE[who]);

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

type TStudent = { id: string; email: string; name: string };

async function createStudent(admin: APIRequestContext, name: string, schoolId = "school_dubai"): Promise<TStudent> {
  const tag = randomUUID().slice(0, 8);
  const email = `results-${tag}@qias.test`;
  const user = await json<{ id: string }>(
    await admin.post("/api/users", { data: { email, password: PASSWORD, role: "student", username: `results-${tag}`, name, schoolId } }),
    201,
  );
  return { id: user.id, email, name };
}

const MC = {
  type: "multiple_choice",
  questionTextAr: "إلى أين هاجر النبي ﷺ؟",
  questionTextEn: "Where did the Prophet migrate?",
  points: 1,
  options: [
    { optionTextAr: "المدينة", optionTextEn: "Madinah", isCorrect: true },
    { optionTextAr: "الطائف", optionTextEn: "Taif", isCorrect: false },
  ],
};
const ESSAY = {
  type: "essay",
  questionTextAr: "اذكر درسين من دروس الهجرة.",
  questionTextEn: "Give two lessons of the Hijrah.",
  points: 4,
  correctAnswerText: "التخطيط الجيد والصبر",
};

type TExam = { id: string; titleAr: string; titleEn: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

async function createExam(author: APIRequestContext, questions: object[], schoolIds: string[] = []): Promise<TExam> {
  const tag = randomUUID().slice(0, 6);
  return json<TExam>(
    await author.post("/api/exams", {
      data: { titleAr: `اختبار الهجرة ${tag}`, titleEn: `Hijrah test ${tag}`, subjectId: "islamic", durationMinutes: 30, status: "published", questions, schoolIds },
    }),
    201,
  );
}

/** The student starts the exam, picks the right option, writes `essay` if the exam has an essay, and submits. */
async function sit(playwright: Playwright, student: TStudent, exam: TExam, essay?: string) {
  const s = await apiAs(playwright, student.email, PASSWORD, "student");
  const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  const right = exam.questions[0]!.options.find((o) => o.isCorrect)!;
  await json(await s.put(`/api/attempts/${attempt.id}/answers/${exam.questions[0]!.id}`, { data: { examId: exam.id, selectedOptionId: right.id, clientSeq: 1 } }));
  if (essay !== undefined) {
    await json(await s.put(`/api/attempts/${attempt.id}/answers/${exam.questions[1]!.id}`, { data: { examId: exam.id, answerText: essay, clientSeq: 1 } }));
  }
  const done = await json<{ status: string }>(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await s.dispose();
  return { attemptId: attempt.id, status: done.status };
}

function latestToast(page: Page) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/, includeHidden: true }).locator("li[data-state=open]").first();
}

async function pickExamFilter(page: Page, lang: TLang, title: string) {
  // Once in a full run on a loaded machine the option's click was lost (the list closed with no choice made): open
  // the list again if it is closed, and choose until the address carries the exam.
  await expect(async () => {
    const option = page.getByRole("option", { name: title });
    if (!(await option.isVisible())) await page.getByRole("combobox", { name: TEXT[lang].exam }).click();
    await option.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/[?&]exam=/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

for (const lang of ["ar", "en"] as const) {
  test(`a teacher grades an essay question by question for two students; the results list shows the scores (${lang})`, async ({ page, playwright }) => {
    test.slow(); // two students sit the exam through the API first
    const t = TEXT[lang];
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await createExam(teacher, [MC, ESSAY]);
    const title = lang === "ar" ? exam.titleAr : exam.titleEn;
    const [first, second] = await Promise.all([createStudent(admin, `أ-ليلى ${randomUUID().slice(0, 4)}`), createStudent(admin, `ب-حمدان ${randomUUID().slice(0, 4)}`)]);
    expect((await sit(playwright, first!, exam, "من دروس الهجرة التخطيط الجيد، والصبر على الأذى.")).status).toBe("completed");
    expect((await sit(playwright, second!, exam, "The first lesson is planning; the second is patience (الصبر).")).status).toBe("completed");

    await useLanguage(page, lang);
    await signIn(page, "teacher", { goto: "/dashboard/grading" });
    const menu = page.getByRole("navigation", { name: lang === "en" ? "Dashboard menu" : "قائمة لوحة التحكم" }).filter({ visible: true });
    await expect(menu.getByRole("link", { name: t.grading, exact: true })).toHaveAttribute("aria-current", "page");
    const item = page.getByTestId("queue-item").filter({ hasText: title });
    await expect(item.getByTestId("queue-pending")).toHaveText(t.waiting2);
    await expectNoAxeViolations(page, `grading queue (${lang})`);
    await item.getByRole("link", { name: t.start(title) }).click();

    // The sheet: question 2 (the essay) for everyone, the model answer beside each answer.
    await expect(page.getByTestId("grading-exam-title")).toHaveText(title);
    await expect(page.getByTestId("grading-question-heading")).toHaveText(t.question(2));
    await expect(page.getByTestId("grading-progress")).toHaveText(t.progress(0, 2));
    const rows = page.getByTestId("grading-answer");
    await expect(rows).toHaveCount(2);
    const rowA = rows.filter({ hasText: first!.name });
    const rowB = rows.filter({ hasText: second!.name });
    await expect(rowA.getByTestId("grading-answer-text")).toHaveAttribute("dir", "rtl");
    await expect(rowB.getByTestId("grading-answer-text")).toHaveAttribute("dir", "ltr");
    await expect(rowA.getByTestId("grading-model-answer")).toHaveText(ESSAY.correctAnswerText);
    await expect(rowA.getByText(t.modelAnswer)).toBeVisible();
    await expectNoAxeViolations(page, `grading sheet (${lang})`);

    // Too many points: explained before anything is sent.
    const markA = rowA.getByRole("spinbutton", { name: t.mark });
    await markA.fill("5");
    await markA.press("Enter");
    await expect(rowA.getByTestId("grading-row-message")).toHaveText(t.outOfRange);
    await expect(markA).toHaveAttribute("aria-invalid", "true");
    await expect(rowA).toHaveAttribute("data-marked", "false");

    // Enter saves and moves to the next student; the last manual mark grades the attempt.
    await markA.fill("3.5");
    await rowA.getByRole("textbox", { name: t.comment }).fill("أحسنت، وأضف مثالًا.");
    await markA.focus();
    await markA.press("Enter");
    const markB = rowB.getByRole("spinbutton", { name: t.mark });
    await expect(markB).toBeFocused();
    await expect(rowA.getByTestId("grading-attempt-graded")).toBeVisible();
    await expect(page.getByTestId("grading-progress")).toHaveText(t.progress(1, 2));

    // Arabic digits are marks too; ArrowUp steps by half a point.
    await markB.fill(lang === "ar" ? "٣٫٥" : "3.5");
    await markB.press("ArrowUp");
    await expect(markB).toHaveValue("4");
    await markB.press("Enter");
    await expect(rowB.getByTestId("grading-attempt-graded")).toBeVisible();
    await expect(page.getByTestId("grading-progress")).toHaveText(t.progress(2, 2));
    // Each mark is said in its row; no toast lands on the next comment box (issue 13).
    await expect(latestToast(page)).toHaveCount(0);
    await expect(rows).toHaveCount(2); // marked answers stay on screen under "waiting only"
    await expect(page.getByTestId("grading-exam-done")).toHaveText(t.examDone);

    // The results list, filtered to this exam: both graded, with their scores.
    await page.goto("/dashboard/results");
    await pickExamFilter(page, lang, title);
    const results = page.getByTestId("result-row");
    await expect(results).toHaveCount(2);
    const resA = results.filter({ hasText: first!.name });
    const resB = results.filter({ hasText: second!.name });
    await expect(resA.getByTestId("attempt-status")).toHaveText(t.graded);
    await expect(resA.getByTestId("result-score")).toHaveText(t.score("4.5", "5"));
    await expect(resB.getByTestId("result-score")).toHaveText(t.score("5", "5"));
    await expect(resA.getByRole("link", { name: new RegExp(t.view) })).toHaveAttribute("href", /^\/student\/exam\/[0-9a-f-]+\/results$/);
    await expectNoAxeViolations(page, `results list (${lang})`);

    // The exam has left the queue.
    await page.goto("/dashboard/grading");
    await expect(page.getByTestId("grading-queue")).toBeVisible();
    await expect(page.getByTestId("queue-item").filter({ hasText: title })).toHaveCount(0);
    await Promise.all([admin.dispose(), teacher.dispose()]);
  });

  test(`the sheet stays on a question once its last answer is marked, the teacher moves on; a shared exam's key is withheld (${lang})`, async ({ page, playwright }) => {
    test.slow();
    const t = TEXT[lang];
    const admin = await apiAsAccount(playwright, "super_admin");
    // A super_admin's exam for two schools, still open: its key must not reach a teacher (decision 0010).
    const SHORT = { type: "short_answer", questionTextAr: "ما اسم الغار؟", questionTextEn: "Name of the cave?", points: 2, correctAnswerText: "غار ثور" };
    const exam = await createExam(admin, [MC, ESSAY, SHORT], ["school_dubai", "school_alain"]);
    const title = lang === "ar" ? exam.titleAr : exam.titleEn;
    const student = await createStudent(admin, `ج-سالم ${randomUUID().slice(0, 4)}`);
    const s = await apiAs(playwright, student.email, PASSWORD, "student");
    const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
    for (const [q, answerText] of [[exam.questions[1]!, "التخطيط والصبر"], [exam.questions[2]!, "غار حراء"]] as const) {
      await json(await s.put(`/api/attempts/${attempt.id}/answers/${q.id}`, { data: { examId: exam.id, answerText, clientSeq: 1 } }));
    }
    expect((await json<{ status: string }>(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }))).status).toBe("completed");
    await s.dispose();

    await useLanguage(page, lang);
    await signIn(page, "teacher", { goto: "/dashboard/grading" });
    await page.getByTestId("queue-item").filter({ hasText: title }).getByRole("link", { name: t.start(title) }).click();
    await expect(page.getByTestId("grading-question-heading")).toHaveText(t.question(2));
    await expect(page.getByTestId("grading-key-withheld")).toHaveText(t.keyWithheld);
    await expect(page.getByTestId("grading-model-answer")).toHaveCount(0);
    await expect(page.getByTestId("grading-no-model-answer")).toBeVisible();
    // The key names keep their order inside the sentence in either direction: each is an isolated <kbd dir=ltr>.
    const keys = page.getByTestId("grading-keyboard-hint").locator('kbd[dir="ltr"]');
    await expect(keys).toHaveText(["Enter", "Ctrl+Enter"]);
    await expectNoAxeViolations(page, `grading sheet, key withheld (${lang})`);

    // The last answer of question 2 is marked: the sheet stays, says so, and offers the next question.
    const mark = page.getByRole("spinbutton", { name: t.mark });
    await mark.fill("3");
    await mark.press("Enter");
    await expect(page.getByTestId("grading-question-done")).toBeVisible();
    await expect(page.getByTestId("grading-progress")).toHaveText(t.progress(1, 1));
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId("grading-question-heading")).toHaveText(t.question(2));
    await expect(latestToast(page)).toHaveCount(0);
    const next = page.getByTestId("grading-next-question");
    await expect(next).toBeFocused(); // Enter on the last answer goes to "Next question", not past it
    await expect(next).toHaveText(t.next);
    await next.press("Enter");
    await expect(page.getByTestId("grading-question-heading")).toHaveText(t.question(3));
    await expect(page.getByTestId("grading-question-heading")).toBeFocused();
    await admin.dispose();
  });
}

test("the CSV export downloads the filtered rows with a BOM, in Arabic", async ({ page, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await createExam(teacher, [MC]);
  const student = await createStudent(admin, `مريم الكعبي ${randomUUID().slice(0, 4)}`);
  expect((await sit(playwright, student, exam)).status).toBe("graded");

  await useLanguage(page, "ar");
  await signIn(page, "teacher", { goto: `/dashboard/results?exam=${exam.id}` });
  await expect(page.getByTestId("result-row")).toHaveCount(1);
  const link = page.getByRole("link", { name: TEXT.ar.exportCsv });
  await expect(link).toHaveAttribute("href", `/api/results/export.csv?examId=${exam.id}&lang=ar`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("qias-results.csv");
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text).toContain("الطالب");
  expect(text).toContain(student.name);
  expect(text).toContain(exam.titleAr);
  expect(text).toContain("مصحّح");
  expect(text.trim().split(/\r?\n/)).toHaveLength(2); // the header and the one row of this exam
  await Promise.all([admin.dispose(), teacher.dispose()]);
});

test.describe("a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a student's results list shows only their own attempts, as cards (en)", async ({ page, playwright }) => {
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await createExam(teacher, [MC]);
    const mine = await createStudent(admin, `Noura ${randomUUID().slice(0, 4)}`);
    const theirs = await createStudent(admin, `Saeed ${randomUUID().slice(0, 4)}`);
    await sit(playwright, mine, exam);
    await sit(playwright, theirs, exam);

    await useLanguage(page, "en");
    const res = await page.request.post("/api/auth/login", { data: { email: mine.email, password: PASSWORD, loginType: "student" } });
    expect(res.status()).toBe(200);
    await page.goto("/dashboard/results");
    const rows = page.getByTestId("result-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("result-exam")).toHaveText(exam.titleEn);
    await expect(rows.getByTestId("result-score")).toHaveText("1 / 1");
    await expect(rows.getByTestId("attempt-status")).toHaveText("Graded");
    await expect(page.getByText(theirs.name)).toHaveCount(0);
    await expect(page.getByTestId("result-student")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/results/export.csv?lang=en");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, "student results on a phone (en)");
    await Promise.all([admin.dispose(), teacher.dispose()]);
  });
});

test("a school_admin sees their school's attempts only; a super_admin sees every school (ar)", async ({ page, browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  // A super_admin's exam offered to both demo schools (not to every school: another test needs a school
  // with no exams at all, and tests run in parallel).
  const exam = await createExam(admin, [MC], ["school_dubai", "school_alain"]);
  const dubai = await createStudent(admin, `عائشة ${randomUUID().slice(0, 4)}`, "school_dubai");
  const alain = await createStudent(admin, `Omar ${randomUUID().slice(0, 4)}`, "school_alain");
  await sit(playwright, dubai, exam);
  await sit(playwright, alain, exam);

  await useLanguage(page, "ar");
  await signIn(page, "school_admin", { goto: "/dashboard/results" });
  await pickExamFilter(page, "ar", exam.titleAr);
  const rows = page.getByTestId("result-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId("result-student")).toHaveText(dubai.name);
  await expect(page.getByRole("columnheader", { name: TEXT.ar.student })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: TEXT.ar.school })).toHaveCount(0);
  await expectNoAxeViolations(page, "school_admin results (ar)");

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  await useLanguage(other, "ar");
  await signIn(other, "super_admin", { goto: `/dashboard/results?exam=${exam.id}` });
  // Up to 30 s: in one full run on a loaded 2-core machine the two rows were on screen only as the default 10 s ran
  // out (twice; the API answered in under a second) — not understood yet, see the closing note of 2026-11-25.
  await expect(other.getByTestId("result-row")).toHaveCount(2, { timeout: 30_000 });
  await expect(other.getByRole("columnheader", { name: TEXT.ar.school })).toBeVisible();
  await expect(other.getByTestId("result-row").filter({ hasText: alain.name })).toContainText("أكاديمية العين للتميّز");
  await context.close();
  await admin.dispose();
});

// The hotspot's picture on the result page (docs/decisions/0064): the demo's map-and-timeline exam, sat through the
// API with a wrong place chosen. The student sees the map with their area ticked and no key; the school's teacher the
// same map with the right area hatched and named in the legend; a map that cannot be loaded leaves a note and the list.
test("the result page draws the hotspot's picture: the student's area ticked, the right one hatched for the teacher (en)", async ({ page, browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, `Mariam ${randomUUID().slice(0, 4)}`);
  const { items } = await json<{ items: { id: string; titleEn: string }[] }>(await admin.get(`/api/exams?q=${encodeURIComponent("map and timeline")}`));
  await admin.dispose();
  const examId = items.find((e) => e.titleEn === "Social studies — map and timeline")!.id;
  const s = await apiAs(playwright, student.email, PASSWORD, "student");
  const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${examId}/attempt`, { data: { paperLanguage: "en" } }));
  const paper = await json<{ questions: { id: string; interaction: { type: string; areas?: { id: string; textEn: string }[] } | null }[] }>(await s.get(`/api/student/exams/${examId}/paper`));
  const hot = paper.questions.find((q) => q.interaction?.type === "hotspot")!;
  const wrong = hot.interaction!.areas!.find((a) => a.textEn === "Place 4")!.id;
  await json(await s.put(`/api/attempts/${attempt.id}/answers/${hot.id}`, { data: { examId, response: { type: "hotspot", chosen: [wrong] }, clientSeq: 1 } }));
  await json(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await s.dispose();

  const loaded = (view: ReturnType<Page["getByTestId"]>) => view.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  await useLanguage(page, "en");
  expect((await page.request.post("/api/auth/login", { data: { email: student.email, password: PASSWORD, loginType: "student" } })).status()).toBe(200);
  await page.goto(`/student/exam/${attempt.id}/results`);
  const mine = page.getByTestId("hotspot-view");
  await expect(mine.locator("img")).toBeVisible();
  await expect.poll(() => loaded(mine)).toBe(true);
  await expect(mine.locator("[data-area-chosen=true]")).toHaveCount(1);
  await expect(mine.locator("[data-area-correct=true]")).toHaveCount(0);
  await expect(mine.getByTestId("hotspot-legend")).toHaveText(/Area\s*Chosen$/);
  // The labels list stays for screen readers: the chosen place in words.
  await expect(mine.locator("li[data-chosen=true]")).toHaveText(/Chosen:\s*Place 4/);
  await expectNoAxeViolations(page, "hotspot result with its picture (student, en)");

  // A picture gone from storage: a note, the list, no broken image.
  await page.route("**/api/media/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.reload();
  await expect(mine.getByTestId("hotspot-picture-missing")).toHaveText("The picture could not be shown. Its areas are listed below.");
  await expect(mine.locator("img")).toHaveCount(0);
  await expect(mine.locator("li[data-chosen=true]")).toHaveCount(1);
  await page.unroute("**/api/media/**");

  // The school's teacher: the right place hatched and named in the legend, the student's wrong one ticked.
  if (process.env.RESULT_SCREENSHOTS === "1") test.setTimeout(300_000);
  const looks = process.env.RESULT_SCREENSHOTS === "1" ? ([...["ar", "en"].flatMap((lang) => [false, true].flatMap((dark) => [390, 1280].map((width) => ({ lang, dark, width }))))] as { lang: TLang; dark: boolean; width: number }[]) : [{ lang: "en" as const, dark: false, width: 1280 }];
  for (const look of looks) {
    const tp = await pageInLook(browser, look);
    await tp.request.post("/api/auth/login", { data: { email: E2E_ACCOUNTS.teacher.email, password: E2E_ACCOUNTS.teacher.password, loginType: "school" } });
    await tp.goto(`/student/exam/${attempt.id}/results`);
    const view = tp.getByTestId("hotspot-view");
    await expect.poll(() => loaded(view)).toBe(true);
    await expect(view.locator("[data-area-correct=true]")).toHaveCount(1);
    await expect(view.locator("[data-area-chosen=true]")).toHaveCount(1);
    await expect(view.getByTestId("hotspot-legend")).toContainText(look.lang === "ar" ? "موضع صحيح" : "Right area");
    if (look.lang === "en" && !look.dark && look.width === 1280) await expectNoAxeViolations(tp, "hotspot result with its picture (teacher, en)");
    if (process.env.RESULT_SCREENSHOTS === "1") {
      const name = `${look.lang}-${look.dark ? "dark" : "light"}-${look.width}`;
      await view.locator("xpath=ancestor::*[@data-testid='result-question']").screenshot({ path: `screenshots/result-hotspot/teacher-${name}.png` });
      // The student's own view, and the note of a missing picture, in the same look.
      const sp = await pageInLook(browser, look);
      await sp.request.post("/api/auth/login", { data: { email: student.email, password: PASSWORD, loginType: "student" } });
      await sp.goto(`/student/exam/${attempt.id}/results`);
      await expect.poll(() => loaded(sp.getByTestId("hotspot-view"))).toBe(true);
      await sp.getByTestId("hotspot-view").screenshot({ path: `screenshots/result-hotspot/student-${name}.png` });
      await sp.route("**/api/media/**", (route) => route.fulfill({ status: 404, body: "" }));
      await sp.reload();
      await expect(sp.getByTestId("hotspot-picture-missing")).toBeVisible();
      await sp.getByTestId("hotspot-view").screenshot({ path: `screenshots/result-hotspot/missing-${name}.png` });
      await sp.context().close();
    }
    await tp.context().close();
  }
});

// The rest of the result page's pictures and passages (issue 36, decision 0064): an exam whose two questions hang on a
// passage with a picture — one with its own picture, one a hotspot — submitted with nothing answered. The passage
// shows once, folded behind its button (opened by the keyboard); the unanswered hotspot still draws its map beside
// "No answer"; a picture that cannot be loaded leaves the one short note, never a broken image.
test("the result page shows a passage folded, an unanswered hotspot's map, and a note for a missing picture (en)", async ({ page, browser, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const map = await json<{ id: string }>(
    await admin.post("/api/media", { multipart: { file: { name: "uae-map.png", mimeType: "image/png", buffer: fs.readFileSync("src/server/demo-assets/uae-map.png") } } }),
    201,
  );
  const picture = { id: map.id, altAr: "خريطة الإمارات", altEn: "A map of the UAE" };
  const tag = randomUUID().slice(0, 6);
  const exam = await json<{ id: string }>(
    await admin.post("/api/exams", {
      data: {
        titleAr: `الخريطة والقطعة ${tag}`,
        titleEn: `Map and passage ${tag}`,
        subjectId: "social",
        durationMinutes: 30,
        status: "published",
        schoolIds: ["school_dubai"], // its student's school only: taking.spec's new school must still have no exam
        passages: [{ key: "p", titleAr: "ساحل الإمارات", titleEn: "The UAE's coast", textAr: "تطل الإمارات على الخليج العربي وخليج عُمان.", textEn: "The UAE lies on the Arabian Gulf and the Gulf of Oman.", image: picture }],
        questions: [
          { type: "true_false", questionTextAr: "تطل الفجيرة على خليج عُمان.", questionTextEn: "Fujairah lies on the Gulf of Oman.", points: 1, passageKey: "p", image: picture, options: [{ optionTextAr: "صح", optionTextEn: "True", isCorrect: true }, { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false }] },
          {
            type: "hotspot",
            questionTextAr: "أين الفجيرة؟",
            questionTextEn: "Where is Fujairah?",
            points: 1,
            passageKey: "p",
            image: picture,
            interaction: { type: "hotspot", width: 640, height: 440, maxChoices: 1, scoring: "all_or_nothing", areas: [{ id: "e", textAr: "شرق", textEn: "East", shape: "circle", coords: [560, 200, 40], correct: true }, { id: "w", textAr: "غرب", textEn: "West", shape: "rect", coords: [60, 220, 200, 340] }] },
          },
        ],
      },
    }),
    201,
  );
  const student = await createStudent(admin, `Hessa ${tag}`);
  await admin.dispose();
  const s = await apiAs(playwright, student.email, PASSWORD, "student");
  const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${exam.id}/attempt`, { data: { paperLanguage: "en" } }));
  await json(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await s.dispose();

  const loaded = (img: ReturnType<Page["locator"]>) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
  const open = async (p: Page) => {
    await p.request.post("/api/auth/login", { data: { email: student.email, password: PASSWORD, loginType: "student" } });
    await p.goto(`/student/exam/${attempt.id}/results`);
    await expect(p.getByTestId("result-question")).toHaveCount(2);
  };
  await useLanguage(page, "en");
  await open(page);
  // The passage once, folded; its button opens it from the keyboard.
  const passage = page.getByTestId("passage");
  await expect(passage).toHaveCount(1);
  const toggle = passage.getByTestId("passage-toggle");
  await expect(toggle).toHaveText("Show the passage");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(passage.getByTestId("passage-body")).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveText("Hide the passage");
  await expect(passage.getByTestId("passage-text")).toHaveText("The UAE lies on the Arabian Gulf and the Gulf of Oman.");
  await expect.poll(() => loaded(passage.getByTestId("exam-image"))).toBe(true);
  // The unanswered hotspot: "No answer", and the map with its areas (no key for the student).
  const unanswered = page.getByTestId("hotspot-unanswered");
  await expect(unanswered).toContainText("No answer");
  await expect.poll(() => loaded(unanswered.locator("img"))).toBe(true);
  await expect(unanswered.getByTestId("hotspot-view-area")).toHaveCount(2);
  await expect(unanswered.locator("[data-area-correct=true]")).toHaveCount(0);
  await expectNoAxeViolations(page, "result with a passage and an unanswered hotspot (student, en)");

  // Pictures gone from storage: the question's picture and the hotspot's map leave the note, no broken image.
  await page.route("**/api/media/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.reload();
  const question = page.getByTestId("result-question").first();
  await expect(question.getByTestId("picture-missing")).toHaveText(/^The picture could not be shown\.\s*A map of the UAE$/);
  await expect(question.getByTestId("exam-image")).toHaveCount(0);
  await expect(page.getByTestId("hotspot-picture-missing")).toBeVisible();
  await page.unroute("**/api/media/**");

  if (process.env.RESULT_SCREENSHOTS === "1") {
    test.setTimeout(300_000);
    for (const lang of ["ar", "en"] as const) {
      for (const dark of [false, true]) {
        for (const width of [390, 1280]) {
          const name = `${lang}-${dark ? "dark" : "light"}-${width}`;
          const sp = await pageInLook(browser, { lang, dark, width });
          await open(sp);
          await sp.getByTestId("results-page").locator("ol > li").first().screenshot({ path: `screenshots/result-passage/folded-${name}.png` });
          await sp.getByTestId("passage-toggle").click();
          await expect.poll(() => loaded(sp.getByTestId("passage").getByTestId("exam-image"))).toBe(true);
          await expect.poll(() => loaded(sp.getByTestId("hotspot-unanswered").locator("img"))).toBe(true);
          await sp.getByTestId("results-page").locator("section ol").screenshot({ path: `screenshots/result-passage/open-${name}.png` });
          await sp.route("**/api/media/**", (route) => route.fulfill({ status: 404, body: "" }));
          await sp.reload();
          await expect(sp.getByTestId("picture-missing").first()).toBeVisible();
          await sp.getByTestId("results-page").locator("section ol").screenshot({ path: `screenshots/result-passage/missing-${name}.png` });
          await sp.context().close();
        }
      }
    }
  }
});
