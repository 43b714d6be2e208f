// Shared by the exam-authoring browser tests: accounts of their own, texts of the "exams" namespace, and small
// steps (Radix selects, the toast, an exam created through the API).
import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "../accounts";
import type { TExamDetail, TExamInput } from "../../src/shared/schemas/exam";

type TDict = Record<string, unknown>;
const load = (lang: "ar" | "en"): TDict => JSON.parse(fs.readFileSync(path.resolve(`src/shared/i18n/exams.${lang}.json`), "utf8")) as TDict;
const dicts = { ar: load("ar"), en: load("en") };

/** A text of the "exams" namespace with its {{placeholders}} filled. */
export function text(lang: "ar" | "en", key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split(".").reduce<unknown>((a, k) => (a as TDict | undefined)?.[k], dicts[lang]);
  if (typeof value !== "string") throw new Error(`no text ${lang}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}

/** The machine these run on can be slow (lazy chunks on a busy CPU): every wait in these specs is longer. */
export const expect = baseExpect.configure({ timeout: 30_000 });

let counter = 0;

/**
 * A teacher of school_dubai made for one test (through the admin API), so what it sees is only what the test
 * wrote, whatever the other tests do at the same time.
 */
export async function makeTeacher(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const admin = E2E_ACCOUNTS.super_admin;
  const login = await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password, loginType: "admin" } });
  expect(login.status(), await login.text()).toBe(200);
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = { email: `author.${id}@qias.test`, password: "Author-e2e-1" };
  const res = await request.post("/api/users", {
    data: { ...account, role: "teacher", username: `author_${id}`, name: `Author ${id}`, schoolId: "school_dubai" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Signs the page in (API login; the cookie lands in the page's context). */
export async function signInWith(page: Page, account: { email: string; password: string }, loginType: "admin" | "school" | "student" = "school") {
  const res = await page.request.post("/api/auth/login", { data: { ...account, loginType } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Picks `option` in the Radix select behind `trigger`. The list opens positioned so the chosen item sits over the
 * trigger, and a click sent while it is still moving into place can miss (once in a suite on a loaded machine the
 * list stayed open for 30 s): the pick is tried again, opening the list again if it closed. Picking the same option
 * twice changes nothing.
 */
export async function choose(page: Page, trigger: string, option: string | RegExp) {
  const listbox = page.getByRole("listbox");
  await expect(async () => {
    if (!(await listbox.isVisible())) await page.getByTestId(trigger).click();
    await page.getByRole("option", { name: option, exact: typeof option === "string" }).click({ timeout: 5_000 });
    await expect(listbox).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The toast region's open notification. */
export function latestToast(page: Page) {
  return page.getByRole("region", { name: /Notifications|الإشعارات/ }).locator("li[data-state=open]").first();
}

/** An open notification with this title. One look for both: on a loaded machine a toast could be seen open, then
 *  close (its time up) before a second look read its text. */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const toast = page.getByRole("region", { name: /Notifications|الإشعارات/ }).locator("li[data-state=open]", { hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** An exam with all five question types (the API's own shape). */
export function fullExam(over: Partial<TExamInput> = {}): TExamInput {
  return {
    titleAr: "اختبار الفهم القرائي",
    titleEn: "Reading Comprehension",
    subjectId: "arabic",
    descriptionAr: "اقرأ الأسئلة بعناية.",
    descriptionEn: "Read the questions carefully.",
    durationMinutes: 30,
    status: "draft",
    questions: [
      {
        type: "multiple_choice",
        questionTextAr: "ما مرادف «الوفاء»؟",
        questionTextEn: "What is a synonym of loyalty?",
        points: 2,
        options: [
          { optionTextAr: "الإخلاص", optionTextEn: "Faithfulness", isCorrect: true },
          { optionTextAr: "الغضب", optionTextEn: "Anger", isCorrect: false },
        ],
      },
      {
        type: "true_false",
        questionTextAr: "الفاعل مرفوع.",
        questionTextEn: "The subject is nominative.",
        points: 1,
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
      },
      { type: "essay", questionTextAr: "اكتب فقرة عن الصدق.", questionTextEn: "Write a paragraph about honesty.", points: 5, correctAnswerText: "فقرة نموذجية" },
      { type: "short_answer", questionTextAr: "ما جمع «كتاب»؟", questionTextEn: "What is the plural of kitab?", points: 2, correctAnswerText: "كتب" },
      {
        type: "matching",
        questionTextAr: "صِل كل كلمة بضدها.",
        questionTextEn: "Match each word with its opposite.",
        points: 3,
        matchingPairs: [
          { premise_ar: "طويل", premise_en: "Tall", response_ar: "قصير", response_en: "Short" },
          { premise_ar: "سريع", premise_en: "Fast", response_ar: "بطيء", response_en: "Slow" },
        ],
      },
    ],
    ...over,
  };
}

/** Creates an exam through the API as whoever the page is signed in as. */
export async function createExam(page: Page, over: Partial<TExamInput> = {}): Promise<TExamDetail> {
  const res = await page.request.post("/api/exams", { data: fullExam(over) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TExamDetail;
}

export async function readExam(page: Page, id: string): Promise<TExamDetail> {
  const res = await page.request.get(`/api/exams/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TExamDetail;
}
