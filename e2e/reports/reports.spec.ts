// Issue 14 in the browser: a teacher generates the report and the plan of a graded attempt on its result page; the
// student reads them in their language; the school_admin opens the printable school report (chart and table);
// another school's admin is turned away with the spec's message; a teacher generates for every graded attempt of
// an exam from the results list and watches the progress, then sees the stale ones counted and generates them again. Arabic and English, with axe. Every test makes its own
// exam and students through the API, so they run in parallel with the rest.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, pageInLook, test, useLanguage } from "../fixtures";
import { apiAs, apiAsAccount, TF, createStudent as makeStudent, json, STUDENT_PASSWORD as PASSWORD, type TStudent } from "../api";

type Playwright = PlaywrightWorkerArgs["playwright"];
const createStudent = (admin: APIRequestContext, schoolId = "school_dubai") => makeStudent(admin, schoolId, "reports");

const TEXT = {
  en: {
    section: "Report and development plan",
    generateReport: "Generate report",
    generatePlan: "Generate plan",
    reportReady: "Report generated",
    planReady: "Development plan generated",
    level: "Level: Developing",
    mastery: "Mastery by skill",
    strengths: "Strengths",
    areas: "Areas for improvement",
    goal: "Goal",
    weeks: "Weeks 1–2",
    skill: "Reading comprehension",
    noneStudent: "Your teacher has not prepared a report for this exam yet.",
    schoolReport: "School report",
    openSchoolReport: "Open the school report",
    otherSchool: "You are not authorized to view this result for another school.",
    bulkStart: "Generate for all graded attempts",
    exam: "Exam",
    staleReport: "Out of date: the figures this report quotes have changed",
    stalePlan: "Out of date: the figures this plan was made from have changed",
    again: "Generate again",
    version: "Version",
    earlier: "You are reading version 1, an earlier one; the latest is version 2.",
    showLatest: "Show the latest",
  },
  ar: {
    section: "تقرير الأداء وخطة التطوير",
    generateReport: "إنشاء التقرير",
    generatePlan: "إنشاء الخطة",
    reportReady: "أُنشئ التقرير",
    planReady: "أُنشئت خطة التطوير",
    level: "المستوى: في طور النمو",
    mastery: "الإتقان حسب المهارة",
    strengths: "نقاط القوة",
    areas: "جوانب تحتاج إلى تحسين",
    goal: "الهدف",
    weeks: "الأسبوعان 1 و2",
    skill: "الفهم القرائي",
    noneStudent: "لم يُعدّ معلمك تقريرًا لهذا الاختبار بعد.",
    schoolReport: "تقرير المدرسة",
    openSchoolReport: "فتح تقرير المدرسة",
    otherSchool: "غير مصرّح لك بعرض هذه النتيجة لمدرسة أخرى.",
    bulkStart: "إنشاء لكل المحاولات المصحَّحة",
    exam: "الاختبار",
    staleReport: "غير محدَّث: تغيّرت الأرقام التي يذكرها هذا التقرير",
    stalePlan: "غير محدَّثة: تغيّرت الأرقام التي بُنيت عليها هذه الخطة",
    again: "إنشاء من جديد",
    version: "النسخة",
    earlier: "تقرأ النسخة 1، وهي نسخة سابقة؛ وأحدث نسخة هي النسخة 2.",
    showLatest: "عرض الأحدث",
  },
} as const;

type TExam = { id: string; titleAr: string; titleEn: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

/** Grammar (two questions) and reading (one): the student gets grammar right and reading wrong — "developing". */
async function createExam(teacher: APIRequestContext): Promise<TExam> {
  const tag = randomUUID().slice(0, 6);
  return json<TExam>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار المهارات ${tag}`,
        titleEn: `Skills test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        questions: [
          { type: "true_false", questionTextAr: "الفاعل مرفوع.", questionTextEn: "The doer is nominative.", points: 3, options: TF(true), skillId: "arabic.grammar" },
          { type: "true_false", questionTextAr: "المفعول به منصوب.", questionTextEn: "The object is accusative.", points: 3, options: TF(true), skillId: "arabic.grammar" },
          { type: "true_false", questionTextAr: "الفكرة الرئيسة في الفقرة الأولى.", questionTextEn: "The main idea is in the first paragraph.", points: 4, options: TF(false), skillId: "arabic.reading" },
        ],
      },
    }),
    201,
  );
}

async function sit(playwright: Playwright, student: TStudent, exam: TExam): Promise<string> {
  const s = await apiAs(playwright, student.email, PASSWORD, "student");
  const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  for (const [i, right] of [[0, true], [1, true], [2, false]] as const) {
    const option = exam.questions[i]!.options.find((o) => o.isCorrect === right)!;
    await json(await s.put(`/api/attempts/${attempt.id}/answers/${exam.questions[i]!.id}`, { data: { examId: exam.id, selectedOptionId: option.id, clientSeq: 1 } }));
  }
  expect((await json<{ status: string }>(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }))).status).toBe("graded");
  await s.dispose();
  return attempt.id;
}

function latestToast(page: Page) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/, includeHidden: true }).locator("li[data-state=open]").first();
}

async function signInPage(page: Page, email: string, password: string, loginType: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of ["ar", "en"] as const) {
  test(`a teacher generates the report and plan; the student reads them; the school_admin opens the school report (${lang})`, async ({ page, playwright, browser }) => {
    test.slow();
    const t = TEXT[lang];
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await createExam(teacher);
    const student = await createStudent(admin);
    const attemptId = await sit(playwright, student, exam);

    // The teacher, on the result page: nothing yet, then the report, then the plan.
    await useLanguage(page, lang);
    await signInPage(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password, "school");
    await page.goto(`/student/exam/${attemptId}/results`);
    const section = page.getByRole("region", { name: t.section });
    await expect(section.getByTestId("reports-empty")).toBeVisible();
    await section.getByRole("button", { name: t.generateReport }).click();
    await expect(latestToast(page)).toContainText(t.reportReady);
    await expect(section.getByTestId("report-band")).toHaveText(t.level);
    await expect(section.getByTestId("mastery-table")).toContainText(t.skill);
    await expect(section.getByText(t.strengths, { exact: true })).toBeVisible();
    await expect(section.getByTestId("areas")).toContainText(t.skill);
    await section.getByRole("button", { name: t.generatePlan }).click();
    await expect(latestToast(page)).toContainText(t.planReady);
    await expect(section.getByTestId("plan-steps")).toContainText(t.weeks);
    await expect(section.getByRole("button", { name: /Generate|إنشاء/ })).toHaveCount(0);
    // A teacher does not open school reports.
    await expect(section.getByRole("link", { name: t.openSchoolReport })).toHaveCount(0);
    await expectNoAxeViolations(page, `result with report (${lang}, teacher)`);

    // The student reads their own, in their language, and cannot generate.
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await useLanguage(studentPage, lang);
    await signInPage(studentPage, student.email, PASSWORD, "student");
    await studentPage.goto(`/student/exam/${attemptId}/results`);
    const mine = studentPage.getByRole("region", { name: t.section });
    // A loaded machine (the whole suite on two cores, a bulk generation in another test) has taken over 10 s here.
    await expect(mine.getByTestId("report-summary")).toBeVisible({ timeout: 30_000 });
    await expect(mine.getByTestId("plan-goal")).toBeVisible();
    await expect(mine.getByRole("button", { name: /Generate|إنشاء/ })).toHaveCount(0);
    const summary = await mine.getByTestId("report-summary").innerText();
    expect(summary).toMatch(lang === "ar" ? /[\u0600-\u06FF]/ : /^[^\u0600-\u06FF]*“/);
    await expectNoAxeViolations(studentPage, `result with report (${lang}, student)`);
    await studentContext.close();

    // The school_admin: the school report page, with the chart and the table beside it.
    const principalContext = await browser.newContext();
    const principal = await principalContext.newPage();
    await useLanguage(principal, lang);
    await signInPage(principal, E2E_ACCOUNTS.school_admin.email, E2E_ACCOUNTS.school_admin.password, "school");
    await principal.goto(`/student/exam/${attemptId}/results`);
    await principal.getByRole("link", { name: t.openSchoolReport }).click();
    await expect(principal).toHaveURL(new RegExp(`/school/report/${attemptId}$`));
    const report = principal.getByTestId("school-report");
    await expect(report.getByRole("heading", { level: 1 })).toHaveText(student.name);
    await expect(report.getByTestId("mastery-chart")).toHaveAttribute("aria-hidden", "true");
    await expect(report.getByRole("table")).toContainText(t.skill);
    await expect(report.getByTestId("school-report-score")).toContainText("6");
    await expectNoAxeViolations(principal, `school report (${lang})`);
    // Printing leaves the buttons out.
    await principal.emulateMedia({ media: "print" });
    await expect(principal.getByTestId("print-school-report")).toBeHidden();
    await expect(report.getByTestId("plan-steps")).toBeVisible();
    await principalContext.close();
    await admin.dispose();
    await teacher.dispose();
  });
}

for (const lang of ["ar", "en"] as const) {
  test(`a report whose figures changed is marked, generated again, and its first version is still readable (${lang})`, async ({ page, playwright }) => {
    test.slow();
    const t = TEXT[lang];
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await createExam(teacher);
    const attemptId = await sit(playwright, await createStudent(admin), exam);
    await json(await teacher.post(`/api/attempts/${attemptId}/report`), 201);
    await json(await teacher.post(`/api/attempts/${attemptId}/plan`), 201);
    // A classmate is graded: the averages and counts the report and plan quote are no longer today's.
    await sit(playwright, await createStudent(admin), exam);

    await useLanguage(page, lang);
    await signInPage(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password, "school");
    await page.goto(`/student/exam/${attemptId}/results`);
    const section = page.getByRole("region", { name: t.section });
    const reportCard = section.getByTestId("report-card");
    await expect(reportCard.getByTestId("report-stale")).toContainText(t.staleReport);
    await expect(section.getByTestId("plan-card").getByTestId("plan-stale")).toContainText(t.stalePlan);
    await expectNoAxeViolations(page, `stale report and plan (${lang})`);

    await reportCard.getByRole("button", { name: t.again }).click();
    await expect(latestToast(page)).toContainText(t.reportReady);
    await expect(reportCard.getByTestId("report-stale")).toHaveCount(0);
    await expect(reportCard.getByTestId("report-versions")).toHaveAttribute("data-version", "2");
    // The plan is still the old one, and still says so.
    await expect(section.getByTestId("plan-stale")).toBeVisible();
    // The first version, picked from the list, reads as it was, and says it is not the latest.
    const picker = reportCard.getByLabel(t.version);
    await expect(picker.locator("option")).toHaveCount(2);
    await picker.selectOption("1");
    await expect(reportCard.getByTestId("report-versions")).toHaveAttribute("data-version", "1");
    await expect(reportCard.getByTestId("report-earlier-notice")).toContainText(t.earlier);
    await expectNoAxeViolations(page, `an earlier version of a report (${lang})`);
    await reportCard.getByRole("button", { name: t.showLatest }).click();
    await expect(reportCard.getByTestId("report-versions")).toHaveAttribute("data-version", "2");
    await admin.dispose();
    await teacher.dispose();
  });
}

test("another school's admin is turned away from the school report with the spec's message; a teacher goes to the school login, which sends a signed-in user on to the dashboard", async ({ page, playwright, browser }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await createExam(teacher);
  const attemptId = await sit(playwright, await createStudent(admin), exam);
  const tag = randomUUID().slice(0, 8);
  const otherEmail = `principal-alain-${tag}@qias.test`;
  await json(await admin.post("/api/users", { data: { email: otherEmail, password: "Principal-9x", role: "school_admin", schoolId: "school_alain" } }), 201);

  await useLanguage(page, "en");
  await signInPage(page, otherEmail, "Principal-9x", "school");
  await page.goto(`/school/report/${attemptId}`);
  await expect(latestToast(page)).toContainText(TEXT.en.otherSchool);
  await expect(page).toHaveURL(/\/dashboard/);

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await signInPage(teacherPage, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password, "school");
  // SPEC: the school report sends anyone else to the school login, and a login screen sends a signed-in user to
  // /dashboard — so a teacher passes through the first to the second. (Waiting for the login's address alone raced
  // the second redirect and failed whenever the page was quicker than the check.)
  await teacherPage.goto(`/school/report/${attemptId}`);
  await expect(teacherPage).toHaveURL(/\/dashboard/);
  await expect(teacherPage.getByTestId("school-report")).toHaveCount(0);
  await teacherContext.close();
  await admin.dispose();
  await teacher.dispose();
});

test("a teacher generates for every graded attempt of an exam and watches it finish (ar)", async ({ page, playwright }) => {
  test.slow();
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await createExam(teacher);
  const attempts: string[] = [];
  for (let i = 0; i < 3; i++) attempts.push(await sit(playwright, await createStudent(admin), exam));

  await useLanguage(page, "ar");
  await signInPage(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password, "school");
  await page.goto(`/dashboard/results?exam=${exam.id}`);
  const bulk = page.getByTestId("bulk-reports");
  await expect(bulk).toBeVisible();
  await bulk.getByRole("button", { name: TEXT.ar.bulkStart }).click();
  await expect(bulk).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(bulk.getByTestId("bulk-status")).toHaveText("اكتمل 3 من 3");
  await expect(latestToast(page)).toContainText("اكتمل الإنشاء: 3 من 3.");
  await expectNoAxeViolations(page, "bulk reports done (ar)");
  // A reload finds the finished job again.
  await page.reload();
  await expect(page.getByTestId("bulk-reports")).toHaveAttribute("data-status", "done");
  for (const id of attempts) {
    const reports = await json<{ report: unknown; plan: unknown }>(await teacher.get(`/api/attempts/${id}/reports`));
    expect(reports.report).toBeTruthy();
    expect(reports.plan).toBeTruthy();
  }
  await expect(bulk.getByTestId("bulk-stale")).toHaveCount(0);
  // A fourth attempt is marked: the three reports and plans quote a class average that is no longer today's. The
  // card counts them and generates them again in bulk; then none is out of date.
  await sit(playwright, await createStudent(admin), exam);
  await page.reload();
  await expect(bulk.getByTestId("bulk-stale-count")).toHaveText("غير محدَّث: 3 تقارير و3 خطط؛ تغيّرت أرقامها منذ إنشائها.");
  await bulk.getByTestId("bulk-again-stale").click();
  await expect(bulk.getByTestId("bulk-stale")).toHaveCount(0, { timeout: 30_000 });
  await expect(bulk.getByTestId("bulk-status")).toHaveText("اكتمل 4 من 4");
  await admin.dispose();
  await teacher.dispose();
});

// Not a test: pictures of the stale mark and the versions for a person to look at (REPORTS_SCREENSHOTS=1), in
// ar/en × light/dark × 390/1280 px, written to screenshots/reports/ (gitignored).
test("reports screenshots: stale, generated again, an earlier version", async ({ playwright, browser }) => {
  test.skip(!process.env.REPORTS_SCREENSHOTS, "set REPORTS_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(600_000);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await createExam(teacher);
  const stale = await sit(playwright, await createStudent(admin), exam);
  const versioned = await sit(playwright, await createStudent(admin), exam);
  for (const id of [stale, versioned]) for (const kind of ["report", "plan"]) await json(await teacher.post(`/api/attempts/${id}/${kind}`), 201);
  await sit(playwright, await createStudent(admin), exam);
  await json(await teacher.post(`/api/attempts/${versioned}/report/again`), 201);
  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => `screenshots/reports/${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`;
        const page = await pageInLook(browser, { lang, dark, width });
        await signInPage(page, E2E_ACCOUNTS.teacher.email, E2E_ACCOUNTS.teacher.password, "school");
        await page.goto(`/student/exam/${stale}/results`);
        await expect(page.getByTestId("report-stale")).toBeVisible();
        await page.getByTestId("attempt-reports").screenshot({ path: name("stale") });
        await page.goto(`/student/exam/${versioned}/results`);
        await page.getByTestId("report-version-picker").selectOption("1");
        await expect(page.getByTestId("report-earlier-notice")).toBeVisible();
        await page.getByTestId("report-card").screenshot({ path: name("earlier") });
        await page.context().close();
      }
    }
  }
  await admin.dispose();
  await teacher.dispose();
});
