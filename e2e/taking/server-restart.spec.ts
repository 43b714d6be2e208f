// Issue 37, "the server killed mid-exam": the school's one server (the embedded database) dies with SIGKILL while a
// student answers. The take page keeps the answers on the device, a reload is served by the service worker (the
// status says the answers wait), the server is started again on the same data folder, and every answer arrives once;
// the paper goes on and the submission works. This spec runs a server of its own (its own port and data folder), so
// killing it touches no other test.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_PORT } from "../env";
import { expect, test, useLanguage } from "../fixtures";
import { studentAndExam } from "./three-question-exam";

const PORT = E2E_PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(`tmp/e2e-restart-${PORT}`);
const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);

/** The server as a school runs it (NODE_ENV production, the built app), on this spec's port and data folder. */
function startServer(seed: boolean): ChildProcess {
  const env = {
    ...process.env,
    E2E_PORT: String(PORT),
    E2E_DATA_DIR: DATA_DIR,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PUBLIC_URL: BASE,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
  };
  // The first start seeds a fresh folder (e2e/server.ts); the restart is the plain server on what is there.
  const child = spawn(process.execPath, ["--import", "tsx", seed ? "e2e/server.ts" : "src/server/index.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return child;
}
let stderr = "";

async function waitReady(child: ChildProcess, timeout = 90_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not start in ${timeout} ms: ${stderr}`);
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await gone;
}

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await kill(server);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test("en: the server killed mid-exam — the paper reloads from the device, the answers wait, and arrive once when it is back", async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = startServer(true);
  await waitReady(server, 150_000);
  const { student, exam } = await studentAndExam(playwright, BASE, "restart", { ar: "اختبار إعادة التشغيل", en: "Restart test" });
  const [q1, q2, q3] = exam.questions.map((q) => q.id) as [string, string, string];

  const context = await browser.newContext({ baseURL: BASE });
  const saves: { id: string; status: number }[] = [];
  context.on("response", (r) => {
    if (!/\/api\/attempts\/[^/]+\/answers\/[^/?]+$/.test(r.url())) return;
    // The journal flush sends what waited in one request (decision 0056): one save per entry.
    if (r.url().endsWith("/answers/batch")) for (const e of (r.request().postDataJSON() as { entries: { questionId: string }[] }).entries) saves.push({ id: e.questionId, status: r.status() });
    else saves.push({ id: r.url().split("/").pop()!, status: r.status() });
  });
  const page = await context.newPage();
  page.on("dialog", (d) => void d.accept());
  await useLanguage(page, "en");
  expect((await page.request.post("/api/auth/login", { data: { ...student, loginType: "student" } })).status()).toBe(200);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("question")).toHaveCount(3);
  await expect
    .poll(() => page.evaluate(async (id) => !!navigator.serviceWorker.controller && !!(await caches.match(`/api/student/exams/${id}/paper`)), exam.id), { timeout: 20_000 })
    .toBe(true);
  await question(page, 1).getByRole("radio").first().check();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

  // The server dies with no warning: no shutdown, no flush, the lock file left behind.
  await kill(server);
  await question(page, 2).getByRole("textbox").fill("كتب");
  await question(page, 3).getByRole("textbox").fill("صديقي وفيّ");
  await question(page, 3).getByRole("textbox").blur();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline", { timeout: 30_000 });
  await expect(page.getByTestId("save-status")).toHaveText("Offline — 2 answers waiting");

  // A reload while the server is down: the worker serves the page and the paper; the answers are still there.
  await page.reload();
  await expect(page.getByTestId("question")).toHaveCount(3);
  await expect(question(page, 1).getByRole("radio").first()).toBeChecked();
  await expect(question(page, 2).getByRole("textbox")).toHaveValue("كتب");
  await expect(question(page, 3).getByRole("textbox")).toHaveValue("صديقي وفيّ");
  await expect(page.getByTestId("save-status")).toHaveText("Offline — 2 answers waiting", { timeout: 30_000 });

  // The server comes back on the same folder (the embedded database recovers from its write-ahead log).
  server = startServer(false);
  await waitReady(server);
  // The browser never went offline, so no 'online' event: each answer's own backoff sends it.
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 60_000 });
  const ok = saves.filter((s) => s.status === 200);
  expect(ok.filter((s) => s.id === q1)).toHaveLength(1);
  expect(ok.filter((s) => s.id === q2)).toHaveLength(1);
  expect(ok.filter((s) => s.id === q3)).toHaveLength(1);

  // The paper goes on: a changed answer is saved, and the submission works.
  await question(page, 1).getByRole("radio").nth(1).check();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
  await page.getByTestId("submit-exam").click();
  await page.getByTestId("confirm-submit").click();
  await expect(page).toHaveURL(/\/results$/, { timeout: 30_000 });

  // What the server holds: one answer per question, the newest of each.
  const state = (await (await page.request.post(`/api/student/exams/${exam.id}/attempt`, { data: { paperLanguage: "en" } })).json()) as { code?: string; details?: { attemptId?: string } };
  expect(state.code).toBe("ATTEMPT_ALREADY_COMPLETED");
  type TAnswer = { choice: { en: string } | null; text: string | null };
  const result = (await (await page.request.get(`/api/attempts/${state.details!.attemptId}/result`)).json()) as { questions: { id: string; answer: TAnswer }[] };
  const answer = (id: string) => result.questions.find((q) => q.id === id)?.answer;
  expect(answer(q1)?.choice?.en).toBe("Anger");
  expect(answer(q2)?.text).toBe("كتب");
  expect(answer(q3)?.text).toBe("صديقي وفيّ");
  await context.close();
});
