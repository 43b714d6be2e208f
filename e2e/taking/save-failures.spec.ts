// Issue 13, item 5: one answer the server keeps failing on (5xx) never holds back the student's other answers
// nor Submit; an answer the server refuses (a NUL character → 400) is shown on its question and not retried;
// the submit dialog names the answers that are not saved. In Arabic and in English, with axe.
import type { APIRequest, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { studentAndExam } from "./three-question-exam";
import { ERRORS } from "../../src/shared/errors";

// These drills fake the server with page.route, which does not see what the take page's service worker fetches
// (decision 0055: it passes the start and the paper through). The page's own retries are what is tested here; the
// worker has its own spec (offline.spec.ts).
test.use({ serviceWorkers: "block" });

type TLang = "ar" | "en";

const TEXT = {
  en: { submit: "Submit Exam", submitNow: "Submit Now", success: "Exam Submitted Successfully!", notSaved: (n: number) => `Question ${n}, not saved` },
  ar: { submit: "تسليم الاختبار", submitNow: "سلّم الآن", success: "تم تسليم الاختبار بنجاح!", notSaved: (n: number) => `السؤال ${n}، لم تُحفظ الإجابة` },
} as const;

const setup = (playwright: { request: APIRequest }, baseURL: string) => studentAndExam(playwright, baseURL, "saver", { ar: "اختبار الحفظ", en: "Saving test" });

const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);

/** Types into a text box the way a paste would, so a character no keyboard makes (NUL) can reach the page. */
async function pasteInto(page: Page, n: number, value: string) {
  await question(page, n)
    .getByRole("textbox")
    .evaluate((el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
      setter.call(el, v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, value);
}

for (const lang of ["ar", "en"] as const satisfies TLang[]) {
  test(`${lang}: a failing answer holds back neither the others nor Submit; a refused one is shown and not retried`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const { student, exam } = await setup(playwright, baseURL!);
    const [q1, q2, q3] = exam.questions.map((q) => q.id) as [string, string, string];
    const sent: Record<string, number> = { [q1]: 0, [q2]: 0, [q3]: 0 };
    // The server fails on question 1 every time; the others reach the real server.
    await page.route(/\/api\/attempts\/[^/]+\/answers\/[^/?]+$/, async (route) => {
      const id = route.request().url().split("/").pop()!;
      sent[id] = (sent[id] ?? 0) + 1;
      if (id !== q1) return route.continue();
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", title: ERRORS.INTERNAL.title, message: ERRORS.INTERNAL.message, requestId: "drill" }),
      });
    });

    await useLanguage(page, lang);
    const login = await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } });
    expect(login.status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);

    // Question 1 fails with 500 and goes into its own backoff.
    await question(page, 1).getByRole("radio").first().check();
    await expect(question(page, 1)).toHaveAttribute("data-save-problem", "retrying");
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "retrying");
    await expect(page.getByRole("link", { name: t.notSaved(1) })).toBeVisible();
    // Said once in the paper's polite live region (issue 37).
    await expect(page.getByTestId("announcer-polite")).toHaveText(lang === "ar" ? "بعض الإجابات لم تُحفظ بعد. نحاول مرة أخرى." : "Some answers are not saved yet. Trying again.");

    // The essay is saved at once, again and again, while question 1 keeps failing.
    for (const text of ["صديقي وفيّ", "صديقي وفيّ وصادق"]) {
      const before = sent[q3]!;
      const saved = page.waitForResponse((r) => r.url().endsWith(`/answers/${q3}`) && r.status() === 200);
      await question(page, 3).getByRole("textbox").fill(text);
      await saved;
      expect(sent[q3]).toBeGreaterThan(before);
    }
    await expect(question(page, 3)).not.toHaveAttribute("data-save-problem", /.+/);

    // A NUL character in the short answer: the real server refuses it with the bilingual 400, shown on the
    // question, and it is not sent again until the answer changes.
    const refused = page.waitForResponse((r) => r.url().endsWith(`/answers/${q2}`) && r.status() === 400);
    await pasteInto(page, 2, "كتب\u0000");
    await refused;
    await expect(question(page, 2)).toHaveAttribute("data-save-problem", "refused");
    await expect(question(page, 2).getByTestId("save-problem")).toContainText(ERRORS.TEXT_INVALID_CHARACTERS.message[lang]);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "error");
    // An answer that cannot be saved for good does not wait its turn: the assertive region.
    await expect(page.getByTestId("announcer-assertive")).toHaveText(lang === "ar" ? "تعذّر حفظ بعض الإجابات. اختر «إعادة المحاولة» بجانب حالة الحفظ." : "Error saving answers. Select “Try again” beside the save status.");
    const refusedCount = sent[q2]!;
    await page.waitForTimeout(3_000);
    expect(sent[q2]).toBe(refusedCount);
    await expectNoAxeViolations(page, `take with failing saves ${lang}`);

    // The submit dialog names both answers that are not saved; submitting does not wait for them.
    await page.getByTestId("submit-exam").click();
    await expect(page.getByTestId("submit-unsaved")).toBeVisible();
    await expect(page.getByTestId("submit-unsaved")).toContainText(lang === "ar" ? "1، 2" : "1, 2");
    await expectNoAxeViolations(page, `submit dialog with unsaved answers ${lang}`);
    await page.getByTestId("confirm-submit").click();
    await expect(page).toHaveURL(new RegExp(`/results$`), { timeout: 30_000 });
    await expect(page.getByText(t.success).first()).toBeVisible();
  });
}

// A start that raced a change to the exam twice on the server answers 409 START_FAILED (attempts.service.ts): the page
// asks again by itself and the paper opens, with no error shown. Refused every time, it says so once and offers a retry.
async function refuseStarts(page: Page, examId: string, times: number) {
  let starts = 0;
  await page.route(`**/api/student/exams/${examId}/attempt`, async (route) => {
    if (route.request().method() !== "POST" || starts++ >= times) return route.continue();
    return route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ code: "START_FAILED", title: ERRORS.START_FAILED.title, message: ERRORS.START_FAILED.message, requestId: "drill" }),
    });
  });
  return () => starts;
}

test("a start refused as raced (409 START_FAILED) is asked again by the page, and the paper opens", async ({ page, playwright, baseURL }) => {
  const { student, exam } = await setup(playwright, baseURL!);
  const starts = await refuseStarts(page, exam.id, 1);
  await useLanguage(page, "en");
  const login = await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } });
  expect(login.status()).toBe(200);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("question")).toHaveCount(3);
  expect(starts()).toBe(2);
  await expect(page.getByText(ERRORS.START_FAILED.message.en)).toHaveCount(0);
});

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: a start refused every time says so once, in a toast and on the page, and Try again starts it`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(60_000);
    const { student, exam } = await setup(playwright, baseURL!);
    await refuseStarts(page, exam.id, 3); // the first ask and the page's two retries
    await useLanguage(page, lang);
    expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    const error = page.getByTestId("take-error");
    await expect(error).toContainText(ERRORS.START_FAILED.message[lang], { timeout: 30_000 });
    // The toast's title is the operation's words, which are the server's here: said once, not twice.
    await expect(page.getByText(ERRORS.START_FAILED.message[lang], { exact: true })).toHaveCount(2);
    await expectNoAxeViolations(page, `start failed (${lang})`);
    await error.getByRole("button").click();
    await expect(page.getByTestId("question")).toHaveCount(3);
  });
}
