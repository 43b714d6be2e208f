// Issue 37: the lobby reloaded with no network. A student waits for a sitting that starts later; the network drops
// and the page is reloaded: the worker serves the page, the student's session and the lobby as the server last gave
// it, and the countdown carries on by the server's clock. (The paper itself cannot be had before the start: the
// server gives it only then, so a lobby that reaches the start offline waits for the network.)
import { randomUUID } from "node:crypto";
import { apiAsAccount, createStudent, json, STUDENT_PASSWORD } from "../api";
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

test("ar: the lobby reloaded offline shows the waiting room and its countdown", async ({ page, context, playwright }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAsAccount(playwright, "super_admin");
  const teacher = await apiAsAccount(playwright, "teacher");
  const student = await createStudent(admin, "school_dubai", "lobby");
  await json(await admin.patch(`/api/users/${student.id}`, { data: { grade: 11 } }));
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: `اختبار قاعة الانتظار ${tag}`,
        titleEn: `Waiting room test ${tag}`,
        subjectId: "arabic",
        durationMinutes: 20,
        status: "published",
        grades: [11],
        questions: [{ type: "short_answer", questionTextAr: "ما جمع «كتاب»؟", questionTextEn: "The plural of kitab?", points: 1, correctAnswerText: "كتب" }],
      },
    }),
    201,
  );
  await json(await teacher.post(`/api/exams/${exam.id}/sittings`, { data: { schoolId: "school_dubai", grade: 11, startsAt: inSeconds(1800), entryClosesAt: inSeconds(2400), endsAt: inSeconds(4000) } }), 201);
  await Promise.all([admin.dispose(), teacher.dispose()]);

  await useLanguage(page, "ar");
  expect((await page.request.post("/api/auth/login", { data: { email: student.email, password: STUDENT_PASSWORD, loginType: "student" } })).status()).toBe(200);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect
    .poll(() => page.evaluate(async (id) => !!navigator.serviceWorker.controller && !!(await caches.match(`/api/student/exams/${id}/lobby`)), exam.id), { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page.getByTestId("lobby-title")).toContainText(tag);
  // 30 minutes away by the server's clock, carried on from its last word.
  await expect(page.getByTestId("lobby-countdown")).toHaveText(/^00:(29|30):\d\d$/);
  const first = await page.getByTestId("lobby-countdown").textContent();
  await expect(page.getByTestId("lobby-countdown")).not.toHaveText(first!);
  await expectNoAxeViolations(page, "lobby offline ar");
  await context.setOffline(false);
});
