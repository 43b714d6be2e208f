// Not a test: pictures of exam day for a person to look at (EXAM_DAY_SCREENSHOTS=1 to run) — Exam day's list, the
// add-sitting dialog and the live view, in ar/en × light/dark × 390/1280 px, written to screenshots/exam-day/
// (gitignored).
import path from "node:path";
import { randomUUID } from "node:crypto";
import { apiAs, apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expect, signIn, test, useLanguage } from "../fixtures";

const OUT = path.resolve("screenshots/exam-day");

test.skip(!process.env.EXAM_DAY_SCREENSHOTS, "set EXAM_DAY_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

test("exam day screenshots", async ({ browser, playwright }) => {
  const tag = randomUUID().slice(0, 4);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار القواعد الشهري ${tag}`,
        titleEn: `Monthly grammar test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 40,
        status: "published",
        grades: [9],
        questions: [{ type: "multiple_choice", questionTextAr: "ما جمع كتاب؟", questionTextEn: "Plural of book?", points: 1, options: [{ optionTextAr: "كتب", optionTextEn: "kutub", isCorrect: true }, { optionTextAr: "كتابات", optionTextEn: "kitabat", isCorrect: false }] }],
      },
    }),
    201,
  );
  const names = ["مريم الشامسي", "Ahmed Al Mansoori", "سلطان الكعبي", "نورة الظاهري", "Fatima Khan", "عبدالله النعيمي"];
  const students = [];
  for (const [i, name] of names.entries()) {
    const s = await createStudent(admin, "school_dubai", "shot");
    await json(await admin.patch(`/api/users/${s.id}`, { data: { grade: 9, className: i % 2 ? "9B" : "9A", name } }));
    students.push(s);
  }
  const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  const sitting = await json<{ id: string }>(await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 9, startsAt: at(-60), entryClosesAt: at(900), endsAt: at(3600) } }), 201);
  for (const s of students.slice(0, 3)) {
    const api = await apiAs(playwright, s.email, STUDENT_PASSWORD, "student");
    await json(await api.post(`/api/student/exams/${exam.id}/attempt`));
    await api.dispose();
  }
  const lobby = await apiAs(playwright, students[3]!.email, STUDENT_PASSWORD, "student");
  await admin.dispose();
  await teacher.dispose();

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => path.join(OUT, `${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`);
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await useLanguage(page, lang, { dark });
        await signIn(page, "school_admin", { goto: "/dashboard/sittings" });
        await expect(page.getByTestId("exam-day-sitting").first()).toBeVisible();
        await page.screenshot({ path: name("list"), fullPage: true });

        await page.goto(`/exams/${exam.id}/sittings`);
        await page.getByTestId("add-sitting").click();
        await expect(page.getByTestId("sitting-dialog")).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("dialog") });
        await page.keyboard.press("Escape");

        await page.goto(`/sittings/${sitting.id}/live`);
        await expect(page.getByTestId("live-student").first()).toBeVisible();
        await page.getByTestId("live-search").fill("");
        await page.screenshot({ path: name("live"), fullPage: true });
        await context.close();
      }
    }
  }
  await lobby.dispose();
});
