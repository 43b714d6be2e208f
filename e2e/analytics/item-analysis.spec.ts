// Issue 15 in the browser: a teacher opens an exam's item analysis from the results list and from the exam list;
// the whole-exam figures, the score distribution (chart and table), the figures per question with a flagged
// question, who chose each option, the glossary, the CSV — in Arabic and English, with axe. The exam and its
// six students are made through the API.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ACCOUNTS, expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { apiAs, apiAsAccount, TF, createStudent, json, STUDENT_PASSWORD, type TStudent } from "../api";

type Playwright = PlaywrightWorkerArgs["playwright"];
type TTexts = (typeof import("../../src/shared/i18n/analytics.en.json"))["itemAnalysis"];
const load = (lang: "ar" | "en") => (JSON.parse(fs.readFileSync(`src/shared/i18n/analytics.${lang}.json`, "utf8")) as { itemAnalysis: TTexts }).itemAnalysis;
const T = { ar: load("ar"), en: load("en") };

type TExam = { id: string; titleAr: string; titleEn: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };

async function createExam(teacher: APIRequestContext): Promise<TExam> {
  const tag = randomUUID().slice(0, 6);
  return json<TExam>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار التحليل ${tag}`,
        titleEn: `Analysis test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        questions: [
          { type: "true_false", questionTextAr: "الفاعل مرفوع.", questionTextEn: "The doer is nominative.", points: 1, options: TF(true), skillId: "arabic.grammar" },
          { type: "true_false", questionTextAr: "المفعول به منصوب.", questionTextEn: "The object is accusative.", points: 1, options: TF(true), skillId: "arabic.grammar" },
          {
            type: "multiple_choice",
            questionTextAr: "ما مرادف «الوفاء»؟",
            questionTextEn: "Which word means “loyalty”?",
            points: 2,
            options: [
              { optionTextAr: "الإخلاص", optionTextEn: "Faithfulness", isCorrect: true },
              { optionTextAr: "الغضب", optionTextEn: "Anger", isCorrect: false },
              { optionTextAr: "الكسل", optionTextEn: "Laziness", isCorrect: false },
            ],
            skillId: "arabic.vocabulary",
          },
          // The weaker students get this one right and the stronger wrong: it is flagged.
          { type: "true_false", questionTextAr: "سؤال معيب.", questionTextEn: "A faulty question.", points: 1, options: TF(true) },
        ],
      },
    }),
    201,
  );
}

// Per student: Q1 and Q2 right (1) or wrong (0), the choice of Q3 (0 = the key), Q4 right or wrong.
const ANSWERS = [
  [1, 1, 0, 0],
  [1, 1, 0, 0],
  [1, 0, 0, 0],
  [0, 1, 1, 1],
  [0, 0, 2, 1],
  [0, 0, 1, 1],
];

async function sit(playwright: Playwright, student: TStudent, exam: TExam, answers: number[]) {
  const s = await apiAs(playwright, student.email, STUDENT_PASSWORD, "student");
  const attempt = await json<{ id: string }>(await s.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  for (const [i, a] of answers.entries()) {
    const q = exam.questions[i]!;
    const option = q.options.length === 2 ? q.options.find((o) => o.isCorrect === (a === 1))! : q.options[a]!;
    await json(await s.put(`/api/attempts/${attempt.id}/answers/${q.id}`, { data: { examId: exam.id, selectedOptionId: option.id, clientSeq: 1 } }));
  }
  expect((await json<{ status: string }>(await s.post(`/api/attempts/${attempt.id}/submit`, { data: {} }))).status).toBe("graded");
  await s.dispose();
}

for (const lang of ["ar", "en"] as const) {
  test(`a teacher reads an exam's item analysis (${lang})`, async ({ page, playwright }) => {
    test.slow();
    const t = T[lang];
    const admin = await apiAsAccount(playwright, "super_admin");
    const teacher = await apiAsAccount(playwright, "teacher");
    const exam = await createExam(teacher);
    const students: TStudent[] = [];
    for (const answers of ANSWERS) {
      const student = await createStudent(admin, "school_dubai", "analysis");
      students.push(student);
      await sit(playwright, student, exam, answers);
    }

    await useLanguage(page, lang);
    const res = await page.request.post("/api/auth/login", { data: { email: E2E_ACCOUNTS.teacher.email, password: E2E_ACCOUNTS.teacher.password, loginType: "school" } });
    expect(res.status()).toBe(200);

    // The results list filtered by the exam sums it up, finds a student by name and sorts by score.
    await page.goto(`/dashboard/results?exam=${exam.id}`);
    await expect(page.getByTestId("results-summary-attempts")).toContainText("6");
    await expect(page.getByTestId("results-summary-graded")).toContainText("6");
    await page.getByTestId("results-search").fill(students[4]!.name);
    await page.getByTestId("results-search").press("Enter");
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByTestId("result-row")).toHaveCount(1);
    await expect(page.getByTestId("result-row")).toContainText(students[4]!.name);
    await expect(page.getByTestId("results-summary-attempts")).toContainText("1");
    await page.goto(`/dashboard/results?exam=${exam.id}&sort=score`);
    // Students 1 and 2 scored 4 of 5, the best.
    await expect(page.getByTestId("result-row").first()).toContainText(/طالبة/);
    const first = await page.getByTestId("result-row").first().getByTestId("result-student").innerText();
    expect([students[0]!.name, students[1]!.name]).toContain(first.trim());
    await expectNoAxeViolations(page, `results with a summary (${lang})`);

    // From the results list to the item analysis.
    await page.getByTestId("item-analysis-link").click();
    await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/analysis$`));
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId("item-analysis-exam")).toHaveText(lang === "ar" ? exam.titleAr : exam.titleEn);

    // The exam as a whole: six attempts; the distribution as a chart and a table that add up to six.
    await expect(page.getByTestId("summary-attempts")).toContainText("6");
    await expect(page.getByTestId("summary-reliability")).toContainText(t.summary.reliability_kr20);
    await expect(page.getByTestId("histogram-chart").locator("svg")).toBeVisible();
    const counts = await page.getByTestId("histogram-table").locator("tbody td").allInnerTexts();
    expect(counts.map(Number).reduce((s, n) => s + n, 0)).toBe(6);

    // Per question: four rows; Q4 is flagged for its negative discrimination, Q1 is not.
    const table = page.getByTestId("item-table");
    await expect(table.locator("[data-testid^=item-row-]")).toHaveCount(4);
    await expect(table.getByTestId("item-row-4").getByTestId("item-flags")).toContainText(t.flags.negative_discrimination);
    await expect(table.getByTestId("item-row-1").getByTestId("item-flags")).not.toContainText(t.flags.negative_discrimination);
    await expect(table.getByTestId("item-row-1").getByTestId("item-facility")).toContainText("50");

    // Who chose each option of the multiple-choice question, opened from its row.
    const toggle = table.getByTestId("item-choices-toggle-3");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const choices = table.getByTestId("item-choices-3");
    await expect(choices).toBeVisible();
    await expect(choices).toContainText(t.choices.key);
    await expect(choices).toContainText(lang === "ar" ? "الإخلاص" : "Faithfulness");
    await expect(page.getByTestId("item-analysis-glossary")).toContainText(t.glossary.discrimination.slice(0, 20));
    await expectNoAxeViolations(page, `item analysis (${lang})`);

    // The CSV behind the download button answers, with the headers in the page's language.
    const href = await page.getByTestId("item-analysis-csv").getAttribute("href");
    expect(href).toBe(`/api/analytics/exams/${exam.id}/items.csv?lang=${lang}`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(lang === "ar" ? "معامل السهولة" : "Facility %");

    // On a phone the questions are cards, with nothing to scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeHidden();
    await expect(page.getByTestId("item-cards").getByTestId("item-card-4")).toContainText(t.flags.negative_discrimination);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, `item analysis at 390 px (${lang})`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // From the exam list too.
    await page.goto("/dashboard/exams");
    await page.getByTestId(`exam-row-${exam.id}`).getByTestId("exam-analysis").click();
    await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/analysis$`));
    await expect(page.getByTestId("summary-attempts")).toContainText("6");
    await expect(page.getByTestId("item-analysis-as-of")).toHaveCount(0);

    // Figures of an earlier moment (a ministry's size while the newest marks are added; the server's rule is tested in
    // maintained-figures.test.ts): the page says so, in the reader's language, and stays readable.
    await page.route(`**/api/analytics/exams/${exam.id}/items`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), figuresAsOf: "2026-11-29T21:40:00.000Z" } });
    });
    await page.reload();
    await expect(page.getByTestId("item-analysis-as-of")).toContainText(t.asOf.slice(0, 12));
    await expectNoAxeViolations(page, `item analysis of an earlier moment (${lang})`);
    await admin.dispose();
    await teacher.dispose();
  });
}

test("a student is not let in", async ({ page, playwright }) => {
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "analysis");
  await useLanguage(page, "en");
  const res = await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } });
  expect(res.status()).toBe(200);
  await page.goto("/exams/00000000-0000-4000-8000-000000000000/analysis");
  await expect(page.getByTestId("item-analysis")).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/analysis$/);
  await admin.dispose();
});
