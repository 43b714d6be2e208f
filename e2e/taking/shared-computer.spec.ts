// Issue 37, a shared school computer. Student A answers (some offline), comes back online and signs out: the same
// browser then holds nothing readable of A — no journal record or key, no sitting's copy, no answer or review mark
// in localStorage/sessionStorage, no service worker — and student B, signed in on it, cannot open A's paper offline.
// And when A leaves without signing out, B (same sitting, same computer) is never served A's copy: the copies are
// per user (decision 0055).
import { randomUUID } from "node:crypto";
import type { APIRequest, Page } from "@playwright/test";
import { E2E_ACCOUNTS, expect, test, useLanguage } from "../fixtures";
import { studentAndExam } from "./three-question-exam";

const question = (page: Page, n: number) => page.getByTestId("question").nth(n - 1);

/** A second student of Dubai, who may take the same exam. */
async function anotherStudent(playwright: { request: APIRequest }, baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: { email: E2E_ACCOUNTS.super_admin.email, password: E2E_ACCOUNTS.super_admin.password, loginType: "admin" } })).status()).toBe(200);
  const tag = randomUUID().slice(0, 8);
  const student = { email: `shared-b-${tag}@qias.test`, password: "Shared-b-pass-1" };
  const res = await admin.post("/api/users", { data: { ...student, role: "student", username: `shared-b-${tag}`, name: `طالب ${tag}`, schoolId: "school_dubai" } });
  expect(res.status(), await res.text()).toBe(201);
  await admin.dispose();
  return student;
}

const signInAs = async (page: Page, who: { email: string; password: string }) =>
  expect((await page.request.post("/api/auth/login", { data: { ...who, loginType: "student" } })).status()).toBe(200);

/** The take page is open, controlled by the worker, and its copy of the sitting is made. */
async function waitForOfflineCopy(page: Page, examId: string) {
  await expect
    .poll(() => page.evaluate(async (id) => !!navigator.serviceWorker.controller && !!(await caches.match(`/api/student/exams/${id}/paper`)), examId), { timeout: 20_000 })
    .toBe(true);
}

/** Everything the origin keeps that could hold an answer: journal records, caches, both storages, workers. */
const deviceHolds = (page: Page) =>
  page.evaluate(async () => {
    const records = await new Promise<number>((resolve) => {
      const req = indexedDB.open("qias-offline");
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains("journal")) return resolve(0);
        const count = db.transaction("journal").objectStore("journal").count();
        count.onsuccess = () => (resolve(count.result), db.close());
      };
      req.onerror = () => resolve(-1);
    });
    const storage = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`);
    return {
      records,
      caches: (await caches.keys()).filter((k) => k.startsWith("qias-")),
      storage: [...storage(localStorage), ...storage(sessionStorage)],
      workers: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    };
  });

test("en: after sign-out a shared computer holds nothing readable of the student, and the next one cannot open the paper offline", async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, exam } = await studentAndExam(playwright, baseURL!, "shared", { ar: "اختبار الحاسوب المشترك", en: "Shared computer test" });
  const studentB = await anotherStudent(playwright, baseURL!);
  await useLanguage(page, "en");
  await signInAs(page, student);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("question")).toHaveCount(3);
  await waitForOfflineCopy(page, exam.id);
  await question(page, 1).getByRole("radio").first().check();
  await question(page, 1).getByTestId("strike-option").nth(1).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

  // Some answers offline, and a question flagged for review; then back online.
  await context.setOffline(true);
  await question(page, 2).getByRole("textbox").fill("كتب-أ");
  await question(page, 3).getByRole("textbox").fill("صديقي الطالب أ");
  await question(page, 3).getByTestId("flag-question").click();
  await question(page, 3).getByRole("textbox").blur();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 30_000 });
  const before = await deviceHolds(page);
  expect(before.records).toBe(1);
  expect(before.workers.length).toBe(1);
  expect(before.storage.join("\n")).toContain("qias.marks.");

  // A leaves the paper and signs out.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  const after = await deviceHolds(page);
  expect(after.records).toBe(0);
  expect(after.caches).toEqual([]);
  expect(after.workers).toEqual([]);
  const stored = after.storage.join("\n");
  for (const text of ["كتب-أ", "صديقي الطالب أ", "qias.marks.", "qias.attempt.", ...exam.questions.map((q) => q.id)]) expect(stored).not.toContain(text);

  // B signs in on the same browser and, offline, cannot open A's paper: nothing is kept to serve it.
  await signInAs(page, studentB);
  await page.goto("/dashboard");
  await context.setOffline(true);
  await page.goto(`/student/exam/${exam.id}/take`).catch(() => null);
  await expect(page.getByTestId("question")).toHaveCount(0);
  await expect(page.getByText("A synonym of loyalty?")).toHaveCount(0);
  await context.setOffline(false);
});

test("en: a student who leaves without signing out — the next student of the same sitting is never served their copy offline", async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { student, exam } = await studentAndExam(playwright, baseURL!, "sharedkeep", { ar: "اختبار النسخة لكل طالب", en: "Copy per student test" });
  const studentB = await anotherStudent(playwright, baseURL!);
  await useLanguage(page, "en");
  await signInAs(page, student);
  await page.goto(`/student/exam/${exam.id}/take`);
  await expect(page.getByTestId("question")).toHaveCount(3);
  await waitForOfflineCopy(page, exam.id);
  await question(page, 2).getByRole("textbox").fill("إجابة الطالب أ");
  await question(page, 2).getByRole("textbox").blur();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

  // A walks away; B signs in over A's session and opens a page, then the network drops.
  await signInAs(page, studentB);
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Logout" }).first()).toBeVisible();
  await context.setOffline(true);
  page.on("dialog", (d) => void d.accept());
  await page.goto(`/student/exam/${exam.id}/take`).catch(() => null);
  // Whatever the page shows, it is not A's paper nor A's answer.
  await page.waitForTimeout(3000);
  await expect(page.getByTestId("question")).toHaveCount(0);
  await expect(page.getByText("إجابة الطالب أ")).toHaveCount(0);
  await context.setOffline(false);
});
