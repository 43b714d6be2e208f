// The exam list in English (search, filters, delete with confirmation, archive instead), the student preview
// with its own language, reordering by keyboard, the unsaved-changes guard, and who may open the editor.
import type { Page } from "@playwright/test";
import { E2E_ACCOUNTS, expectNoAxeViolations, signIn, test, useLanguage } from "../fixtures";
import { choose, createExam, expect, expectToast, makeTeacher, readExam, signInWith, text } from "./helpers";

test.describe.configure({ timeout: 150_000 });

const en = (key: string, vars?: Record<string, string | number>) => text("en", key, vars);

test("English UI: search and filters, then delete with confirmation", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en", { dark: true });
  await signInWith(page, teacher);
  const keep = await createExam(page, { titleEn: "Geography Basics", titleAr: "أساسيات الجغرافيا", subjectId: "social", status: "published" });
  const doomed = await createExam(page, { titleEn: "Grammar Drill", titleAr: "تدريب نحوي" });

  await page.goto("/dashboard/exams");
  await expect(page.getByRole("heading", { level: 2, name: en("list.title") })).toBeVisible();
  const rows = page.locator('[data-testid^="exam-row-"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("exam-title")).toHaveText("Grammar Drill"); // newest first
  const keepRow = page.getByTestId(`exam-row-${keep.id}`);
  await expect(keepRow).toContainText("Social Studies");
  await expect(keepRow.getByTestId("status-badge")).toHaveText("Published");
  await expect(keepRow.getByRole("link", { name: "Edit/Questions: Geography Basics" })).toHaveAttribute("href", `/exams/edit/${keep.id}`);
  await expectNoAxeViolations(page, "exam list, dark (en)");

  // Search (either language's title) and filters.
  await page.getByTestId("exam-search").fill("نحوي");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("exam-title")).toHaveText("Grammar Drill");
  await page.getByTestId("exam-search").fill("");
  await choose(page, "filter-subject", "Social Studies");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-testid", `exam-row-${keep.id}`);
  await choose(page, "filter-status", "Draft");
  await expect(page.getByTestId("list-empty")).toContainText(en("list.noMatches"));
  await page.getByRole("button", { name: en("list.clearFilters") }).click();
  await expect(rows).toHaveCount(2);

  // Delete asks first; Cancel keeps the exam.
  const doomedRow = page.getByTestId(`exam-row-${doomed.id}`);
  await doomedRow.getByRole("button", { name: "Delete Grammar Drill" }).click();
  const dialog = page.getByTestId("delete-exam-dialog");
  await expect(dialog).toContainText(en("delete.message"));
  await expect(dialog.getByRole("button", { name: en("common.cancel") })).toBeFocused();
  await expectNoAxeViolations(page, "delete dialog (en)");
  await dialog.getByRole("button", { name: en("common.cancel") }).click();
  await expect(dialog).toHaveCount(0);
  await expect(doomedRow).toBeVisible();
  await doomedRow.getByRole("button", { name: "Delete Grammar Drill" }).click();
  await dialog.getByRole("button", { name: en("delete.confirm") }).click();
  await expectToast(page, en("toast.deleted"));
  await expect(doomedRow).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  expect((await page.request.get(`/api/exams/${doomed.id}`)).status()).toBe(404);
});

test("an exam students have taken is not deleted: the dialog offers to archive it instead", async ({ page, request, playwright }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  const exam = await createExam(page, { titleEn: "Taken Exam", status: "published" });

  // A student of the same school starts it.
  const studentApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const s = E2E_ACCOUNTS.student;
  expect((await studentApi.post("/api/auth/login", { data: { email: s.email, password: s.password, loginType: "student" } })).status()).toBe(200);
  const started = await studentApi.post(`/api/student/exams/${exam.id}/attempt`, { data: {} });
  expect(started.status(), await started.text()).toBe(200);
  await studentApi.dispose();

  await page.goto("/dashboard/exams");
  await page.getByTestId(`exam-row-${exam.id}`).getByRole("button", { name: "Delete Taken Exam" }).click();
  const dialog = page.getByTestId("delete-exam-dialog");
  await expect(dialog).toContainText(en("delete.cannotTitle"));
  await expect(dialog).toContainText(en("delete.hasAttempts"));
  await expect(dialog.getByRole("button", { name: en("delete.confirm") })).toHaveCount(0);
  await dialog.getByRole("button", { name: en("delete.archiveInstead") }).click();
  await expectToast(page, en("toast.archived"));
  await expect(page.getByTestId(`exam-row-${exam.id}`).getByTestId("status-badge")).toHaveText("Archived");
  const archived = await readExam(page, exam.id);
  expect(archived.status).toBe("archived");
  expect(archived.questions.map((q) => q.id)).toEqual(exam.questions.map((q) => q.id));
});

test("the preview shows the exam as a student sees it, in either language, without the answers", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  const exam = await createExam(page);
  await page.goto(`/exams/edit/${exam.id}`);
  await expect(page.getByTestId("exam-title-en")).toHaveValue("Reading Comprehension");
  // The preview renders the form as it is now, saved or not.
  await page.getByTestId("question-0-text-en").fill("Which word means loyalty?");
  await page.getByTestId("preview-button").click();

  const preview = page.getByTestId("preview-dialog");
  const body = preview.getByTestId("preview-body");
  await expect(body).toHaveAttribute("dir", "ltr");
  await expect(body.getByTestId("preview-title")).toHaveText("Reading Comprehension");
  await expect(body.getByRole("heading", { name: "Question 1" })).toBeVisible();
  await expect(preview.getByTestId("preview-question-0")).toContainText("Which word means loyalty?");
  await expect(preview.getByTestId("preview-question-0").getByRole("radio")).toHaveCount(2);
  for (const radio of await preview.getByRole("radio").all()) await expect(radio).toBeDisabled();
  await expect(preview.getByTestId("preview-question-2").locator("textarea")).toHaveAttribute("rows", "6");
  await expect(preview.getByTestId("preview-question-3").locator("textarea")).toHaveAttribute("rows", "3");
  await expect(preview.getByTestId("preview-question-4").locator("select")).toHaveCount(2);
  await expect(preview.getByTestId("preview-question-4").locator("select").first()).toBeDisabled();
  // No answer key anywhere: no "correct" mark, no model answer.
  await expect(preview).not.toContainText(en("options.correct"));
  await expect(preview).not.toContainText("كتب");
  await expectNoAxeViolations(page, "preview (en)");

  // Its own language switch; the interface stays in English.
  await preview.getByTestId("preview-lang-ar").click();
  await expect(preview.getByTestId("preview-lang-ar")).toHaveAttribute("aria-pressed", "true");
  await expect(body).toHaveAttribute("dir", "rtl");
  await expect(body.getByTestId("preview-title")).toHaveText("اختبار الفهم القرائي");
  await expect(body.getByRole("heading", { name: "السؤال 1" })).toBeVisible();
  await expect(preview.getByTestId("preview-question-1")).toContainText("صح");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
});

test("questions reorder with the keyboard; leaving with unsaved changes asks first", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  const exam = await createExam(page);
  await page.goto(`/exams/edit/${exam.id}`);
  await expect(page.getByTestId("question-0")).toHaveAttribute("data-type", "multiple_choice");

  // Move the essay (3rd) up twice with Enter; the focus follows the moved question's button.
  await page.getByTestId("question-2-up").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("question-1")).toHaveAttribute("data-type", "essay");
  await expect(page.getByTestId("question-1-up")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("question-0")).toHaveAttribute("data-type", "essay");
  await expect(page.getByTestId("question-0-down")).toBeFocused(); // "up" is disabled at the top
  await expect(page.getByTestId("editor-announcement")).toHaveText("Question 2 moved to position 1.");

  // Leaving asks; "Stay" keeps the changes.
  await page.getByTestId("back-to-exams").click();
  const leave = page.getByTestId("leave-dialog");
  await expect(leave).toContainText(en("leave.message"));
  await leave.getByRole("button", { name: en("leave.stay") }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/edit/${exam.id}$`));
  await expect(page.getByTestId("question-0")).toHaveAttribute("data-type", "essay");

  // Saved, the order is the one on screen, and leaving no longer asks.
  await page.getByTestId("save-exam").click();
  await expectToast(page, en("toast.saved"));
  const saved = await readExam(page, exam.id);
  expect(saved.questions.map((q) => q.type)).toEqual(["essay", "multiple_choice", "true_false", "short_answer", "matching"]);
  expect(saved.questions.map((q) => q.id)).toEqual([2, 0, 1, 3, 4].map((i) => exam.questions[i]!.id));
  await page.getByTestId("back-to-exams").click();
  await expect(page).toHaveURL(/\/dashboard\/exams$/);

  // Discarding: "Leave without saving" goes, and nothing was stored.
  await page.goto(`/exams/edit/${exam.id}`);
  await page.getByTestId("exam-title-en").fill("Changed but not saved");
  await page.getByTestId("back-to-exams").click();
  await page.getByTestId("leave-dialog").getByRole("button", { name: en("leave.confirm") }).click();
  await expect(page).toHaveURL(/\/dashboard\/exams$/);
  expect((await readExam(page, exam.id)).titleEn).toBe("Reading Comprehension");
});

test("an exam that cannot be loaded says so and returns to the list", async ({ page, request }) => {
  const teacher = await makeTeacher(request);
  await useLanguage(page, "en");
  await signInWith(page, teacher);
  await page.goto("/exams/edit/00000000-0000-4000-8000-000000000000");
  await expectToast(page, en("toast.loadFailed"));
  await expect(page).toHaveURL(/\/dashboard\/exams$/);
});

/** Every address the page passes through, history changes included. */
function trackUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
  });
  return urls;
}

test("school_admin, student and signed-out visitors opening the editor are sent to the admin login", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/exams/create");
  await expect(page).toHaveURL(/\/login\/admin$/);

  for (const role of ["school_admin", "student"] as const) {
    await signIn(page, role);
    const urls = trackUrls(page);
    await page.goto("/exams/create");
    // The admin login then sends a signed-in user on to their dashboard.
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    expect(urls).toContain("/login/admin");
    await expect(page.getByTestId("exam-editor")).toHaveCount(0);
    await page.goto("/exams/edit/00000000-0000-4000-8000-000000000000");
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await page.request.post("/api/auth/logout", { data: {} });
  }

  // A teacher and a super_admin may open it; a super_admin chooses the audience.
  await signIn(page, "super_admin", { goto: "/exams/create" });
  await expect(page.getByTestId("exam-editor")).toBeVisible();
  await expect(page.getByTestId("audience-summary")).toContainText(en("audience.everySchool"));
  await page.getByTestId("audience-school-school_dubai").check();
  await expect(page.getByTestId("audience-summary")).toContainText("Offered to the students of the chosen school.");
  await expectNoAxeViolations(page, "exam editor, super_admin (en)");
});
