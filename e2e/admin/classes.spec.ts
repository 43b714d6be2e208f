// Issue 15, grades and classes: a school_admin places a student in a grade and class from the dialog (a class
// without a grade is refused on its field), finds them by the list's grade and class filters; an exam offered
// to grade 9 reaches a grade-9 student only, says so in the exam list and the editor (where a grade is added),
// and its results filter by class.
import { randomUUID } from "node:crypto";
import { apiAs, apiAsAccount, json, STUDENT_PASSWORD, TF } from "../api";
import { expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { choose } from "../exams/helpers";
import { allowSlowMachine, errorOf, expect, expectToast, LANGS, texts, uniqueTag } from "./helpers";

allowSlowMachine();

const GRADE = { ar: (g: number) => `الصف ${g}`, en: (g: number) => `Grade ${g}` };

for (const lang of LANGS) {
  test(`${lang}: a student's grade and class from the dialog, and the list's filters`, async ({ page }) => {
    const t = texts(lang);
    const tag = uniqueTag();
    const email = `class.${tag}@example.com`;
    // The tag's random tail: its head is a timestamp every test of the run shares.
    const className = lang === "ar" ? `9/${tag.slice(-4)}` : `9${tag.slice(-4)}`;
    await useLanguage(page, lang);
    await signIn(page, "school_admin", { goto: "/dashboard/users/students" });

    await page.getByRole("button", { name: t.users.groups.students.add }).click();
    const dialog = page.getByRole("dialog", { name: t.users.groups.students.createTitle });
    await dialog.locator("#user-email").fill(email);
    await dialog.locator("#user-password").fill("secret1");
    await dialog.locator("#user-username").fill(`class-${tag}`);
    await dialog.locator("#user-name").fill(lang === "ar" ? `سلمى ${tag}` : `Salma ${tag}`);
    // A class without a grade: refused on the grade, before anything is sent.
    await dialog.locator("#user-class").fill(className);
    await dialog.locator("button[type=submit]").click();
    await expect(dialog.getByTestId("user-grade-error")).toHaveText(errorOf("CLASS_NEEDS_GRADE", lang).message);
    await expectNoAxeViolations(page, `user dialog with a class and no grade (${lang})`);
    await choose(page, "user-grade", GRADE[lang](9));
    await dialog.locator("button[type=submit]").click();
    await expectToast(page, t.toast.userCreated);
    await expect(dialog).toBeHidden();

    // The list: a grade, then a class narrows it to the new student, whose row says both.
    await choose(page, "grade-filter", GRADE[lang](9));
    await page.getByTestId("class-filter").fill(className.toUpperCase());
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText(`${GRADE[lang](9)} · ${className}`);
    await expect(page.getByTestId("users-table").getByRole("row")).toHaveCount(2);
    await choose(page, "grade-filter", GRADE[lang](10));
    await expect(row).toBeHidden();
    await expectNoAxeViolations(page, `students filtered by grade (${lang})`);

    // Edit: clearing the grade clears the class.
    await choose(page, "grade-filter", lang === "ar" ? "كل الصفوف" : "All grades");
    await page.getByRole("searchbox").fill(tag);
    await row.getByRole("button", { name: new RegExp(t.common.edit) }).click();
    const edit = page.getByRole("dialog", { name: t.users.groups.students.editTitle });
    await expect(edit.locator("#user-class")).toHaveValue(className);
    await choose(page, "user-grade", lang === "ar" ? "بلا صف" : "No grade");
    await expect(edit.locator("#user-class")).toHaveValue("");
    await edit.locator("button[type=submit]").click();
    await expect(edit).toBeHidden();
    await expect(row).not.toContainText(GRADE[lang](9));
  });
}

test("ar: an exam for grade 9 reaches grade-9 students only, and its results filter by class", async ({ page, playwright }) => {
  test.slow(); // four students through the API, the exam list, the editor, the results and a phone
  const admin = await apiAsAccount(playwright, "super_admin");
  const tag = randomUUID().slice(0, 6);
  const made = async (grade: number | null, className: string | null) => {
    const email = `g${grade ?? 0}-${tag}-${randomUUID().slice(0, 4)}@qias.test`;
    const name = `طالب ${className ?? "بلا صف"} ${tag}`;
    await json(await admin.post("/api/users", { data: { email, password: STUDENT_PASSWORD, role: "student", username: email.split("@")[0], name, schoolId: "school_dubai", grade, className } }), 201);
    return { email, name, api: await apiAs(playwright, email, STUDENT_PASSWORD, "student") };
  };
  const exam = await json<{ id: string; titleAr: string }>(
    await admin.post("/api/exams", {
      data: { titleAr: `اختبار الصف التاسع ${tag}`, titleEn: `Grade 9 test ${tag}`, subjectId: "social", durationMinutes: 20, status: "published", schoolIds: ["school_dubai"], grades: [9], questions: [{ type: "true_false", questionTextAr: "أبوظبي عاصمة الدولة.", questionTextEn: "Abu Dhabi is the capital.", points: 1, options: TF(true) }] },
    }),
    201,
  );
  const a = await made(9, "9A");
  const b = await made(9, "9B");
  const eighth = await made(8, "8A");
  const offered = async (s: { api: typeof admin }) => (await json<{ available: { examId: string }[] }>(await s.api.get("/api/student/overview"))).available.some((e) => e.examId === exam.id);
  expect(await offered(a)).toBe(true);
  expect(await offered(eighth)).toBe(false);
  for (const s of [a, b]) {
    const attempt = await json<{ id: string }>(await s.api.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
    await json(await s.api.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  }

  await useLanguage(page, "ar");
  await signIn(page, "super_admin", { goto: "/dashboard/exams" });
  await page.getByRole("searchbox").fill(tag);
  const examRow = page.getByTestId(`exam-row-${exam.id}`);
  await expect(examRow.getByTestId("exam-grades")).toHaveText("الصفوف 9");
  await expect(examRow.getByTestId("exam-schools")).toHaveText("مدرسة النهضة النموذجية");

  // The editor shows the grades it is offered to; ticking one more saves it with the exam.
  await page.goto(`/exams/edit/${exam.id}`);
  const grades = page.getByTestId("audience-grades");
  await expect(grades.getByTestId("audience-grade-9")).toBeChecked();
  await expect(page.getByTestId("audience-grades-summary")).toHaveText("للصفوف 9 فقط: لا يُطرح على الطلاب الذين لم يُسجَّل صفهم.");
  await grades.getByTestId("audience-grade-10").check();
  await page.getByTestId("save-exam").click();
  await expect(page.getByTestId("audience-grades-summary")).toHaveText(/للصفوف 9، 10 فقط/);
  await expect.poll(async () => (await json<{ grades: number[] }>(await admin.get(`/api/exams/${exam.id}`))).grades).toEqual([9, 10]);
  await expectNoAxeViolations(page, "exam editor's grades (ar)");

  await page.goto(`/dashboard/results?exam=${exam.id}&grade=9`);
  await expect(page.getByTestId("result-row")).toHaveCount(2);
  await page.getByTestId("results-class-filter").fill("9b");
  await page.getByTestId("results-class-filter").press("Enter");
  await expect(page.getByTestId("result-row")).toHaveCount(1);
  await expect(page.getByTestId("result-row").getByTestId("result-class")).toHaveText("الصف 9 · 9B");
  await expect(page).toHaveURL(/class=9b/);
  await expectNoAxeViolations(page, "results filtered by class (ar)");

  // On a phone the filters fold behind one button that counts them.
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByTestId("results-filters-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("results-class-filter")).toBeHidden();
  await toggle.click();
  await expect(page.getByTestId("results-class-filter")).toBeVisible();
  for (const ctx of [admin, a.api, b.api, eighth.api]) await ctx.dispose();
});
