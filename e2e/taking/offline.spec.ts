// Issue 37: the exam keeps working offline in a plain browser. With answers given offline, the page reloads, is
// closed and opened again, all with no network: paper, answers and clock stay. Back online, every answer arrives
// once. After submission nothing readable is left on the device: no journal record, no sitting's cache.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequest, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, useLanguage } from "../fixtures";
import { studentAndExam } from "./three-question-exam";

const TEXT = {
  en: { offline: (n: number) => `Offline — ${n} answers waiting`, success: "Exam Submitted Successfully!" },
  ar: { offline: (n: number) => (n === 2 ? "لا يوجد اتصال — إجابتان بانتظار الإرسال" : `لا يوجد اتصال — ${n} إجابات بانتظار الإرسال`), success: "تم تسليم الاختبار بنجاح!" },
} as const;

const setup = (playwright: { request: APIRequest }, baseURL: string) => studentAndExam(playwright, baseURL, "offline", { ar: "اختبار بلا اتصال", en: "Offline test" });

const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);

/** The worker controls the page and the sitting's copy is made (shell, paper, attempt). */
async function waitForOfflineCopy(page: Page, examId: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          if (!navigator.serviceWorker.controller) return false;
          const name = (await caches.keys()).find((k) => k.startsWith("qias-exam-") && k.endsWith(`/${id}`));
          if (!name) return false;
          const exam = await caches.open(name);
          const shells = (await caches.keys()).filter((k) => k.startsWith("qias-shell-"));
          const shell = shells.length ? await caches.open(shells[0]!) : null;
          return !!(await exam.match(`/api/student/exams/${id}/paper`)) && !!(await exam.match(`/api/student/exams/${id}/attempt`)) && !!(await shell?.match("/__qias-shell"));
        }, examId),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** What the device holds: the journal's records and the caches' names. */
const deviceHolds = (page: Page) =>
  page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).map((d) => d.name);
    let records = 0;
    if (dbs.includes("qias-offline")) {
      records = await new Promise<number>((resolve) => {
        const req = indexedDB.open("qias-offline");
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains("journal")) return resolve(0);
          const count = db.transaction("journal").objectStore("journal").count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
        req.onerror = () => resolve(-1);
      });
    }
    return { records, caches: (await caches.keys()).filter((k) => k.startsWith("qias-exam-")), local: Object.keys(localStorage).filter((k) => k.startsWith("qias.attempt.")) };
  });

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: offline answers survive a reload and a new page, arrive once when back online, and nothing is left after submission`, async ({ page, context, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const { student, exam } = await setup(playwright, baseURL!);
    const [q1, q2, q3] = exam.questions.map((q) => q.id) as [string, string, string];
    const saves: { id: string; status: number; body: Record<string, unknown> }[] = [];
    let batches = 0;
    context.on("response", (r) => {
      if (!/\/api\/attempts\/[^/]+\/answers\/[^/?]+$/.test(r.url())) return;
      const body = r.request().postDataJSON() as Record<string, unknown>;
      // The journal flush sends what waited in one request (decision 0056): one save per entry.
      if (r.url().endsWith("/answers/batch")) {
        batches++;
        for (const e of body.entries as { questionId: string }[]) saves.push({ id: e.questionId, status: r.status(), body: e });
      } else saves.push({ id: r.url().split("/").pop()!, status: r.status(), body });
    });

    await useLanguage(page, lang);
    const login = await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } });
    expect(login.status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);
    await waitForOfflineCopy(page, exam.id);
    await question(page, 1).getByRole("radio").first().check();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

    // The connection goes: two answers wait on the device.
    await context.setOffline(true);
    await question(page, 2).getByRole("textbox").fill("كتب");
    await question(page, 3).getByRole("textbox").fill("صديقي وفيّ");
    await question(page, 3).getByRole("textbox").blur();
    await expect(page.getByTestId("save-status")).toHaveText(t.offline(2));
    await expectNoAxeViolations(page, `take offline ${lang}`);
    const timerBefore = await page.getByTestId("exam-timer").textContent();

    // A reload with no network: the paper, the answers and the clock are still there.
    page.on("dialog", (d) => void d.accept());
    await page.reload();
    await expect(page.getByTestId("question")).toHaveCount(3);
    await expect(question(page, 2).getByRole("textbox")).toHaveValue("كتب");
    await expect(question(page, 3).getByRole("textbox")).toHaveValue("صديقي وفيّ");
    await expect(question(page, 1).getByRole("radio").first()).toBeChecked();
    await expect(page.getByTestId("exam-timer")).toBeVisible();
    expect(timerBefore).toBeTruthy();

    // The page closed and a new one opened, still offline.
    const url = page.url();
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    again.on("dialog", (d) => void d.accept());
    await again.goto(url);
    await expect(again.getByTestId("question")).toHaveCount(3);
    await expect(question(again, 3).getByRole("textbox")).toHaveValue("صديقي وفيّ");
    await expect(again.getByTestId("save-status")).toHaveText(t.offline(2));

    // Nothing readable at rest while offline: the journal is ciphertext, and the old clear copy is gone.
    const raw = await again.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const req = indexedDB.open("qias-offline");
          req.onsuccess = () => {
            const all = req.result.transaction("journal").objectStore("journal").getAll();
            all.onsuccess = () => resolve(JSON.stringify(all.result.map((r: { data: ArrayBuffer }) => new TextDecoder().decode(r.data))));
          };
        }),
    );
    expect(raw).not.toContain("صديقي");

    // Back online: each answer arrives once, with the moment it was made.
    await context.setOffline(false);
    await again.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(again.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 30_000 });
    const ok = saves.filter((s) => s.status === 200);
    expect(ok.filter((s) => s.id === q1)).toHaveLength(1);
    expect(ok.filter((s) => s.id === q2)).toHaveLength(1);
    expect(ok.filter((s) => s.id === q3)).toHaveLength(1);
    expect(typeof ok.find((s) => s.id === q3)?.body.answeredAt).toBe("string");
    // The two that waited went together, in one request.
    expect(batches).toBe(1);
    const state = (await (await again.request.post(`/api/student/exams/${exam.id}/attempt`, { data: { paperLanguage: lang } })).json()) as { answers: { questionId: string; answerText: string | null; selectedOptionId: string | null }[] };
    expect(state.answers).toHaveLength(3);
    expect(state.answers.find((a) => a.questionId === q2)?.answerText).toBe("كتب");
    expect(state.answers.find((a) => a.questionId === q3)?.answerText).toBe("صديقي وفيّ");

    // Submitted: the device holds nothing of the sitting.
    await again.getByTestId("submit-exam").click();
    await again.getByTestId("confirm-submit").click();
    await expect(again).toHaveURL(/\/results$/, { timeout: 30_000 });
    await expect(again.getByText(t.success).first()).toBeVisible();
    await expect.poll(() => deviceHolds(again)).toEqual({ records: 0, caches: [], local: [] });
  });
}

test("en: the deadline passing offline closes the paper and says the answers go when the connection returns; they do", async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, exam } = await setup(playwright, baseURL!);
  const [, q2] = exam.questions.map((q) => q.id) as [string, string, string];
  // The page's clock is the test's: 30 minutes pass in a moment (the server's deadline does not, so the answers
  // are accepted when they arrive — the grace for late arrivals is the server's part).
  await page.clock.install();
  await useLanguage(page, "en");
  expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("question")).toHaveCount(3);
  await waitForOfflineCopy(page, exam.id);
  await context.setOffline(true);
  await question(page, 2).getByRole("textbox").fill("كتب");
  await page.clock.fastForward("31:00");
  await expect(page.getByTestId("submit-description")).toHaveText(
    "Time is up and there is no connection. The paper is closed; your answers are kept on this device and will be sent when the connection returns.",
  );
  await expect(question(page, 2).locator("input, textarea").first()).toBeDisabled();
  await expectNoAxeViolations(page, "time up offline en");
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });
  const state = (await (await page.request.post(`/api/student/exams/${exam.id}/attempt`, { data: { paperLanguage: "en" } })).json()) as { code?: string; details?: { attemptId?: string } };
  expect(state.code).toBe("ATTEMPT_ALREADY_COMPLETED");
  const result = (await (await page.request.get(`/api/attempts/${state.details!.attemptId}/result`)).json()) as { answers?: { questionId: string; answerText: string | null }[] };
  expect(JSON.stringify(result)).toContain("كتب");
  expect(q2).toBeTruthy();
});

test("ar: the browser restarted with no network (a persistent profile): paper, answers and clock are still there", async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, exam } = await setup(playwright, baseURL!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-offline-profile-"));
  const config = test.info().project.use;
  const launch = () =>
    chromium.launchPersistentContext(dir, { baseURL, executablePath: config.launchOptions?.executablePath, args: config.launchOptions?.args, locale: "ar" });
  try {
    let browser = await launch();
    let page = browser.pages()[0] ?? (await browser.newPage());
    await useLanguage(page, "ar");
    expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);
    await waitForOfflineCopy(page, exam.id);
    await browser.setOffline(true);
    await question(page, 3).getByRole("textbox").fill("صديقي وفيّ");
    await question(page, 3).getByRole("textbox").blur();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-pending", "1");
    await browser.close();

    browser = await launch();
    await browser.setOffline(true);
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on("dialog", (d) => void d.accept());
    await page.goto(`/student/exam/${exam.id}/take`);
    await expect(page.getByTestId("question")).toHaveCount(3);
    await expect(question(page, 3).getByRole("textbox")).toHaveValue("صديقي وفيّ");
    await expect(page.getByTestId("exam-timer")).toBeVisible();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
    await browser.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
