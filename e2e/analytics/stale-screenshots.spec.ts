// Not a test: pictures for a person to look at (STALE_SCREENSHOTS=1), in ar/en × light/dark × 390/1280 px, written
// to screenshots/stale/ (gitignored). Issue 33's smaller gaps: a group plan out of date with its earlier version,
// the bulk card counting the stale reports and plans, and a principal's exams offered to their school on Exam day.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, pageInLook, test } from "../fixtures";
import { apiAs, apiAsAccount, json, STUDENT_PASSWORD, TF } from "../api";

type Playwright = PlaywrightWorkerArgs["playwright"];
type TExam = { id: string; questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
const PASSWORD = "Principal-9x";

async function sit(playwright: Playwright, admin: APIRequestContext, schoolId: string, exam: TExam, tag: string, i: number, className: string) {
  const email = `stale-${tag}-${i}@qias.test`;
  await json(await admin.post("/api/users", { data: { email, password: STUDENT_PASSWORD, role: "student", username: `stale-${tag}-${i}`, name: `طالب ${i} Student`, schoolId, grade: 8, className } }), 201);
  const student = await apiAs(playwright, email, STUDENT_PASSWORD, "student");
  const attempt = await json<{ id: string }>(await student.post(`/api/student/exams/${exam.id}/attempt`, { data: {} }));
  for (const [qi, q] of exam.questions.entries()) {
    const option = q.options.find((o) => o.isCorrect === ((qi + i) % 2 === 0))!;
    await json(await student.put(`/api/attempts/${attempt.id}/answers/${q.id}`, { data: { examId: exam.id, clientSeq: 1, selectedOptionId: option.id } }));
  }
  await json(await student.post(`/api/attempts/${attempt.id}/submit`, { data: {} }));
  await student.dispose();
  return attempt.id;
}

test("screenshots: a stale group plan and its versions, the bulk card's stale count, the exams offered on Exam day", async ({ playwright, browser }) => {
  test.skip(!process.env.STALE_SCREENSHOTS, "set STALE_SCREENSHOTS=1 to take the pictures");
  test.setTimeout(600_000);
  const tag = randomUUID().slice(0, 6);
  const schoolId = `school_stale_${tag}`;
  const admin = await apiAsAccount(playwright, "super_admin");
  await json(await admin.post("/api/schools", { data: { id: schoolId, nameAr: `مدرسة النسخ ${tag}`, nameEn: `Versions school ${tag}` } }), 201);
  const principalEmail = `principal-stale-${tag}@qias.test`;
  await json(await admin.post("/api/users", { data: { email: principalEmail, password: PASSWORD, role: "school_admin", name: `مديرة ${tag}`, schoolId } }), 201);
  const exam = await json<TExam>(
    await admin.post("/api/exams", {
      data: {
        titleAr: `اختبار القواعد ${tag}`,
        titleEn: `Grammar test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 25,
        status: "published",
        schoolIds: [schoolId],
        grades: [8],
        questions: [
          { type: "true_false", questionTextAr: "الفاعل مرفوع.", questionTextEn: "The doer is nominative.", points: 2, options: TF(true), skillId: "arabic.grammar" },
          { type: "true_false", questionTextAr: "«الوفاء» ضد «الغدر».", questionTextEn: "Loyalty is the opposite of betrayal.", points: 1, options: TF(true), skillId: "arabic.vocabulary" },
        ],
      },
    }),
    201,
  );
  const principal = await apiAs(playwright, principalEmail, PASSWORD, "school");
  const attempts: string[] = [];
  for (let i = 0; i < 3; i++) attempts.push(await sit(playwright, admin, schoolId, exam, tag, i, "8A"));
  for (const id of attempts) for (const kind of ["report", "plan"]) await json(await principal.post(`/api/attempts/${id}/${kind}`), 201);
  const scope = { examId: exam.id, grade: 8, className: "8A" };
  await json(await principal.post("/api/analytics/group-plan", { data: scope }), 201);
  await sit(playwright, admin, schoolId, exam, tag, 3, "8A");
  await json(await principal.post("/api/analytics/group-plan", { data: scope }), 201);
  await sit(playwright, admin, schoolId, exam, tag, 4, "8A");

  for (const lang of ["ar", "en"] as const) {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const name = (what: string) => `screenshots/stale/${what}-${lang}-${dark ? "dark" : "light"}-${width}.png`;
        const page = await pageInLook(browser, { lang, dark, width });
        expect((await page.request.post("/api/auth/login", { data: { email: principalEmail, password: PASSWORD, loginType: "school" } })).status()).toBe(200);
        await page.goto(`/dashboard/analytics?exam=${exam.id}&grade=8&class=8A`);
        const plan = page.getByTestId("group-plan");
        await expect(plan.getByTestId("group-plan-stale")).toBeVisible();
        await plan.screenshot({ path: name("group-plan-stale") });
        await plan.getByTestId("group-plan-version-picker").selectOption("1");
        await expect(plan.getByTestId("group-plan-earlier")).toBeVisible();
        await plan.screenshot({ path: name("group-plan-earlier") });

        await page.goto(`/dashboard/results?exam=${exam.id}`);
        await expect(page.getByTestId("bulk-stale-count")).toBeVisible();
        await page.getByTestId("bulk-reports").screenshot({ path: name("bulk-stale") });

        await page.goto("/dashboard/sittings");
        await expect(page.getByTestId("offered-exam").first()).toBeVisible();
        await page.screenshot({ path: name("exam-day-offered"), fullPage: true });
        await page.context().close();
      }
    }
  }
  await principal.dispose();
  await admin.dispose();
});
