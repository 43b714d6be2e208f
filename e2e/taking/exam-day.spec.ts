// Issue 16 in the browser: a sitting's lobby counting down to the paper in Arabic and English, focus mode (no
// site navigation, leaving asks first), extra time on the timer, and the live view following students as they
// act — with time granted from it reaching the student's timer and the attempt's trail.
import type { APIRequestContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { apiAs, apiAsAccount, createStudent, json, STUDENT_PASSWORD, type TStudent } from "../api";
import { expect, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";

const TEXT = {
  ar: { kicker: "قاعة الانتظار", leaveTitle: "مغادرة الاختبار؟", stay: "البقاء في الاختبار", extra: "+13 دقيقة وقتًا إضافيًا", waitingRoom: "الدخول إلى قاعة الانتظار" },
  en: { kicker: "Waiting room", leaveTitle: "Leave the exam?", stay: "Stay in the exam", extra: "+13 minutes extra time", waitingRoom: "Go to the waiting room" },
} as const;

async function makeExam(teacher: APIRequestContext, tag: string, grade: number) {
  return json<{ id: string; questions: { id: string; options: { id: string }[] }[] }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار الصباح ${tag}`,
        titleEn: `Morning test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 25,
        status: "published",
        grades: [grade],
        questions: [1, 2].map((i) => ({
          type: "multiple_choice",
          questionTextAr: `السؤال ${i}: ما جمع «كتاب»؟`,
          questionTextEn: `Question ${i}: the plural of "kitab"?`,
          points: 1,
          options: [
            { optionTextAr: "كُتُب", optionTextEn: "kutub", isCorrect: true },
            { optionTextAr: "كتابات", optionTextEn: "kitabat", isCorrect: false },
          ],
        })),
      },
    }),
    201,
  );
}

async function gradedStudent(admin: APIRequestContext, grade: number, extra: { extraTimePercent?: number; extraTimeMinutes?: number } = {}): Promise<TStudent> {
  const s = await createStudent(admin, "school_dubai", "sitter");
  await json(await admin.patch(`/api/users/${s.id}`, { data: { grade, ...extra } }));
  return s;
}

async function signInAs(page: Page, student: TStudent, goto: string) {
  const res = await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(goto);
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: the lobby counts down to the start and opens the paper by itself; focus mode; extra time on the timer; leaving asks first`, async ({ page, playwright }) => {
    test.slow();
    const tag = randomUUID().slice(0, 8);
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    // 25 minutes × 50 % = 13 (rounded up) extra minutes.
    const student = await gradedStudent(admin, 10, { extraTimePercent: 50 });
    const exam = await makeExam(teacher, tag, 10);
    await json(await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 10, startsAt: inSeconds(12), entryClosesAt: inSeconds(600), endsAt: inSeconds(3600) } }), 201);

    await useLanguage(page, lang, { dark: lang === "en" });
    await signInAs(page, student, "/dashboard");
    const card = page.getByTestId("available-exam").filter({ hasText: tag });
    await expect(card.getByTestId("exam-sitting")).toBeVisible();
    await card.getByRole("link", { name: TEXT[lang].waitingRoom }).click();

    // The lobby: no paper yet, whatever the page could ask for.
    const lobby = page.getByTestId("lobby");
    await expect(lobby).toBeVisible();
    await expect(lobby).toContainText(TEXT[lang].kicker);
    await expect(page.getByTestId("lobby-countdown")).toHaveText(/^00:00:(0\d|1[0-2])$/);
    const early = await page.request.get(`/api/student/exams/${exam.id}/paper`);
    expect(early.status()).toBe(409);
    expect((await early.json()).code).toBe("SITTING_NOT_STARTED");
    // Focus mode: the brand, the language and theme toggles, and nothing to leave by.
    await expect(page.getByTestId("focus-frame")).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // (Links within the page — the skip link, the question navigator — stay.)
    await expect(page.locator('[data-testid=focus-frame] a[href]:not([href^="#"])')).toHaveCount(0);
    await expectNoAxeViolations(page, `lobby ${lang}`);

    // The start: the paper opens without a click.
    await expect(page.getByTestId("take-exam")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("question")).toHaveCount(2);
    await expect(page.locator('[data-testid=focus-frame] a[href]:not([href^="#"])')).toHaveCount(0);
    await expect(page.getByTestId("extra-time")).toHaveText(TEXT[lang].extra);
    // 25 + 13 minutes on the clock.
    await expect(page.getByTestId("timer-value")).toHaveText(/^00:3[78]:\d\d$/);
    await expectNoAxeViolations(page, `take in focus mode ${lang}`);

    // The browser's Back asks before leaving; staying keeps the exam on screen.
    await page.goBack();
    const leave = page.getByTestId("leave-dialog");
    await expect(leave).toBeVisible();
    await expect(leave).toContainText(TEXT[lang].leaveTitle);
    await leave.getByRole("button", { name: TEXT[lang].stay }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByTestId("take-exam")).toBeVisible();
    await admin.dispose();
    await teacher.dispose();
  });
}

test("after the last entry a newcomer is told so, with the way back", async ({ page, playwright }) => {
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const student = await gradedStudent(admin, 10);
  const exam = await makeExam(teacher, tag, 10);
  await json(await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 10, startsAt: inSeconds(-600), entryClosesAt: inSeconds(-60), endsAt: inSeconds(1800) } }), 201);
  await useLanguage(page, "en");
  await signInAs(page, student, `/student/exam/${exam.id}/take`);
  const closed = page.getByTestId("entry-closed");
  await expect(closed).toBeVisible();
  await expect(closed).toContainText("The latest entry time for this sitting has passed. Please speak to your teacher.");
  await expect(closed.getByRole("link", { name: "Back to my exams" })).toBeVisible();
  await expectNoAxeViolations(page, "entry closed");
  await admin.dispose();
  await teacher.dispose();
});

test("the live view follows students as they act; time given from it reaches the student's timer and the trail", async ({ page, browser, playwright }) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const [sitter, finisher] = [await gradedStudent(admin, 11), await gradedStudent(admin, 11)];
  const exam = await makeExam(teacher, tag, 11);
  const sitting = await json<{ id: string }>(
    await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 11, startsAt: inSeconds(-30), entryClosesAt: inSeconds(900), endsAt: inSeconds(3600) } }),
    201,
  );

  // The teacher finds the sitting on Exam day and opens its live view.
  await useLanguage(page, "en");
  const login = await page.request.post("/api/auth/login", { data: { email: "teacher@qias.test", password: "Teacher-1", loginType: "school" } });
  expect(login.status()).toBe(200);
  await page.goto("/dashboard/sittings");
  await page.getByTestId("exam-day-sitting").filter({ hasText: tag }).getByTestId("open-live").click();
  await expect(page.getByTestId("live-view")).toBeVisible();
  const row = (s: TStudent) => page.locator(`[data-testid=live-student][data-student-id="${s.id}"]`);
  await expect(row(sitter).getByTestId("live-state")).toHaveAttribute("data-state", "absent");
  await expect(row(finisher).getByTestId("live-state")).toHaveAttribute("data-state", "absent");
  await expectNoAxeViolations(page, "live view");

  // One student opens the exam in a browser; the other answers and submits through the API.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await useLanguage(studentPage, "ar");
  await signInAs(studentPage, sitter, `/student/exam/${exam.id}/take`);
  await expect(studentPage.getByTestId("take-exam")).toBeVisible();
  await expect(studentPage.getByTestId("extra-time")).toHaveCount(0);
  const other = await apiAs(playwright, finisher.email, STUDENT_PASSWORD, "student");
  const attempt = await json<{ id: string }>(await other.post(`/api/student/exams/${exam.id}/attempt`));
  await json(await other.put(`/api/attempts/${attempt.id}/answers/${exam.questions[0]!.id}`, { data: { examId: exam.id, selectedOptionId: exam.questions[0]!.options[0]!.id, clientSeq: 1 } }));
  await json(await other.post(`/api/attempts/${attempt.id}/submit`));

  // Within a refresh or two (every 5 s; the server keeps the view 2 s), without reloading the page.
  await expect(row(sitter).getByTestId("live-state")).toHaveAttribute("data-state", "working", { timeout: 15_000 });
  await expect(row(finisher).getByTestId("live-state")).toHaveAttribute("data-state", "submitted", { timeout: 15_000 });
  await expect(row(finisher)).toContainText("1 of 2 answered");

  // Give the working student ten minutes, with a reason.
  await row(sitter).getByTestId("grant-time").click();
  const dialog = page.getByTestId("grant-dialog");
  await dialog.getByTestId("grant-reason").fill("");
  await dialog.getByTestId("grant-submit").click();
  await expect(dialog).toContainText("Say why the time is granted.");
  await dialog.getByTestId("grant-reason").fill("Power cut in room 4");
  await dialog.getByTestId("grant-submit").click();
  await expect(dialog).toBeHidden();
  await expect(row(sitter)).toContainText("+10 min", { timeout: 15_000 });

  // The student's timer learns it at its next heartbeat (every 30 s), and says so.
  await expect(studentPage.getByTestId("extra-time")).toHaveText("+10 دقائق وقتًا إضافيًا", { timeout: 45_000 });
  await expect(studentPage.getByTestId("timer-value")).toHaveText(/^00:3[45]:\d\d$/);

  // The trail on the result page, for staff.
  await page.goto(`/student/exam/${attempt.id}/results#trail`);
  const trail = page.getByTestId("attempt-trail");
  await expect(trail.getByTestId("trail-event")).toHaveCount(2);
  await expect(trail.locator("[data-kind=submitted]")).toBeVisible();
  await page.goto("/dashboard/sittings");
  await page.goto(`/sittings/${sitting.id}/live`);
  await row(sitter).getByRole("link", { name: /Result and trail/ }).click();
  await expect(page.getByTestId("attempt-trail").locator("[data-kind=time_granted]")).toContainText("Power cut in room 4");
  await expectNoAxeViolations(page, "result with trail");
  await studentContext.close();
  await other.dispose();
  await admin.dispose();
  await teacher.dispose();
});

// Issue 33 items 7 and 8, one page load per screen and language: the principal finds an exam offered to their
// school on Exam day and schedules a sitting for their school in a dialog that writes times as the app does and proposes a free slot; the live view's search, class
// filter, sort and attendance download.
const DAY = {
  ar: { sortName: "الاسم", allClasses: "كل الشعب", header: "الطالب,المدرسة,الشعبة,الحالة", working: "يجيب", noMatch: "لا يوجد طالب يطابق البحث أو عوامل التصفية." },
  en: { sortName: "Name", allClasses: "All classes", header: "Student,School,Class,Status", working: "Working", noMatch: "No student matches the search or the filters." },
} as const;

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: a principal schedules a sitting; the live view searches, filters by class, sorts and downloads attendance`, async ({ page, playwright }) => {
    test.slow();
    const tag = randomUUID().slice(0, 6);
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await makeExam(teacher, tag, 9);
    const students: TStudent[] = [];
    for (const [name, className] of [[`Zainab ${tag}`, `9A${tag}`], [`Ali ${tag}`, `9B${tag}`], [`Huda ${tag}`, `9B${tag}`]] as const) {
      const s = await createStudent(admin, "school_dubai", "day");
      await json(await admin.patch(`/api/users/${s.id}`, { data: { grade: 9, className, name } }));
      students.push({ ...s, name });
    }
    const now = await json<{ id: string }>(
      await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 9, startsAt: inSeconds(-30), entryClosesAt: inSeconds(900), endsAt: inSeconds(3600) } }),
      201,
    );
    // Tomorrow at 08:00 (the dialog's first proposal) is taken.
    const taken = new Date();
    taken.setDate(taken.getDate() + 1);
    taken.setHours(8, 0, 0, 0);
    const plus = (m: number) => new Date(taken.getTime() + m * 60_000).toISOString();
    await json(await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 9, startsAt: plus(0), entryClosesAt: plus(15), endsAt: plus(50) } }), 201);
    const working = await apiAs(playwright, students[0]!.email, STUDENT_PASSWORD, "student");
    await json(await working.post(`/api/student/exams/${exam.id}/attempt`));

    // The principal finds the teacher's exam among those offered to their school on Exam day (they have no exams
    // list), and opens its schedule from there: they may add a sitting for their school.
    await useLanguage(page, lang, { dark: lang === "ar" });
    await signIn(page, "school_admin", { goto: "/dashboard/sittings" });
    const offered = page.locator(`[data-testid="offered-exam"][data-exam-id="${exam.id}"]`);
    await expect(offered.getByTestId("offered-next")).toContainText(lang === "ar" ? "جلستان محدَّدتان" : "2 sittings scheduled");
    await expectNoAxeViolations(page, `exam day with the offered exams ${lang}`);
    if (lang === "ar") {
      // On a phone the list stays within the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const button = (await offered.getByTestId("offered-schedule").boundingBox())!;
      expect(button.x).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await offered.getByTestId("offered-schedule").click();
    await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/sittings$`));
    await page.getByTestId("add-sitting").click();
    const dialog = page.getByTestId("sitting-dialog");
    await expect(dialog).toBeVisible();
    // The first free quarter hour after the taken slot (08:00–08:50 → 09:00), written as the app writes times.
    await expect(dialog.getByTestId("sitting-startsAt")).toHaveValue(/T09:00$/);
    const reads = dialog.getByTestId("sitting-startsAt-reads");
    await expect(reads).toHaveText(lang === "ar" ? /^\d{1,2}\u200f?\/\d{1,2}\u200f?\/20\d\d، 9:00 ص$/u : /^\d{1,2} \w{3} \d{4}, 09:00$/);
    await expectNoAxeViolations(page, `add-sitting dialog ${lang}`);
    await dialog.getByTestId("sitting-save").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("sitting-row")).toHaveCount(3);

    // The live view of the sitting under way.
    await page.goto(`/sittings/${now.id}/live`);
    await expect(page.getByTestId("live-view")).toBeVisible();
    const rows = page.getByTestId("live-student");
    await page.getByTestId("live-search").fill(tag);
    await expect(rows).toHaveCount(3);
    const first = rows.first();
    // Working first (needs attention before those not arrived); its state beside its name.
    await expect(first.getByTestId("live-name")).toHaveText(`Zainab ${tag}`);
    await expect(first.getByTestId("live-state")).toHaveText(DAY[lang].working);
    await page.getByTestId("live-sort").click();
    await page.getByRole("option", { name: DAY[lang].sortName, exact: true }).click();
    await expect(rows.first().getByTestId("live-name")).toHaveText(`Ali ${tag}`);
    await page.getByTestId("live-class").click();
    await page.getByRole("option", { name: `9B${tag}` }).click();
    await expect(rows).toHaveCount(2);
    await page.getByTestId("live-search").fill(`huda ${tag}`);
    await expect(rows).toHaveCount(1);
    await page.getByTestId("live-search").fill("nobody at all");
    await expect(page.getByTestId("live-no-match")).toHaveText(new RegExp(DAY[lang].noMatch));
    await expectNoAxeViolations(page, `live view filtered ${lang}`);
    await page.getByTestId("live-no-match").getByRole("button").click();
    await expect(page.getByTestId("live-class")).toHaveText(DAY[lang].allClasses);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("live-export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^qias-attendance-\d{4}-\d\d-\d\d\.csv$/);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(text.replace(/^\uFEFF/, "").startsWith(DAY[lang].header)).toBe(true);
    expect(text).toContain(`Zainab ${tag}`);
    await working.dispose();
    await admin.dispose();
    await teacher.dispose();
  });
}
