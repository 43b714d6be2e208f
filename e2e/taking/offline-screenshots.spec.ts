// Not a test: pictures of the take page's offline states for a person to look at (OFFLINE_SCREENSHOTS=1 to run):
// the status with answers waiting, and the time-up-offline dialog, in ar/en × light/dark × 390/1280 px, written to
// screenshots/offline/ (gitignored).
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { APIRequest } from "@playwright/test";
import { E2E_ACCOUNTS, expect, pageInLook, test } from "../fixtures";

const OUT = path.resolve("screenshots/offline");

test.skip(!process.env.OFFLINE_SCREENSHOTS, "set OFFLINE_SCREENSHOTS=1 to take the pictures");
test.setTimeout(600_000);

async function apiAs(playwright: { request: APIRequest }, baseURL: string, who: { email: string; password: string }, loginType: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  const res = await ctx.post("/api/auth/login", { data: { email: who.email, password: who.password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

async function setup(playwright: { request: APIRequest }, baseURL: string) {
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAs(playwright, baseURL, E2E_ACCOUNTS.super_admin, "admin");
  const student = { email: `offline-${tag}@qias.test`, password: "Offline-pass-1" };
  const created = await admin.post("/api/users", { data: { ...student, role: "student", username: `offline-${tag}`, name: `طالب ${tag}`, schoolId: "school_dubai" } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  const teacher = await apiAs(playwright, baseURL, E2E_ACCOUNTS.teacher, "school");
  const res = await teacher.post("/api/exams", {
    data: {
      titleAr: `اختبار بلا اتصال ${tag}`,
      titleEn: `Offline test ${tag}`,
      subjectId: "arabic",
      descriptionAr: "",
      descriptionEn: "",
      durationMinutes: 30,
      status: "published",
      questions: [
        {
          type: "multiple_choice",
          questionTextAr: "ما مرادف «الوفاء»؟",
          questionTextEn: "A synonym of loyalty?",
          points: 1,
          options: [
            { optionTextAr: "الإخلاص", optionTextEn: "Faithfulness", isCorrect: true },
            { optionTextAr: "الغضب", optionTextEn: "Anger", isCorrect: false },
          ],
        },
        { type: "short_answer", questionTextAr: "ما جمع «كتاب»؟", questionTextEn: "The plural of kitab?", points: 1, correctAnswerText: "كتب" },
        { type: "essay", questionTextAr: "صف صديقك.", questionTextEn: "Describe your friend.", points: 2, correctAnswerText: "وصف" },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const exam = (await res.json()) as { id: string; questions: { id: string }[] };
  await teacher.dispose();
  return { student, exam };
}

const LOOKS = (["ar", "en"] as const).flatMap((lang) => [false, true].flatMap((dark) => [390, 1280].map((width) => ({ lang, dark, width }))));

test("offline screenshots", async ({ browser, playwright, baseURL }) => {
  const { student, exam } = await setup(playwright, baseURL!);
  for (const look of LOOKS) {
    const page = await pageInLook(browser, look, baseURL);
    await page.clock.install();
    expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);
    await page.context().setOffline(true);
    await page.getByTestId("question").nth(1).getByRole("textbox").fill(`كتب ${look.width}`);
    await page.getByTestId("question").nth(2).getByRole("textbox").fill("صديقي وفيّ");
    await page.getByTestId("question").nth(2).getByRole("textbox").blur();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
    const name = `${look.lang}-${look.dark ? "dark" : "light"}-${look.width}`;
    await page.screenshot({ path: path.join(OUT, `status-${name}.png`) });
    await page.clock.fastForward("31:00");
    await expect(page.getByTestId("submit-description")).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `time-up-${name}.png`) });
    await page.context().close();
  }
});
