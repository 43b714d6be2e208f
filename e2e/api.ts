// Setting up data through the API from a browser test: a signed-in request context per person, JSON with its
// status checked, students of a school. Tests make their own data, so they run in parallel with the rest.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ACCOUNTS, expect } from "./fixtures";
import { E2E_PORT } from "./env";

type Playwright = PlaywrightWorkerArgs["playwright"];
const BASE = `http://127.0.0.1:${E2E_PORT}`;
export const STUDENT_PASSWORD = "Student-9x";
export const LOGIN_TYPE = { super_admin: "admin", school_admin: "school", teacher: "school", student: "student" } as const;

export async function apiAs(playwright: Playwright, email: string, password: string, loginType: "admin" | "school" | "student") {
  const request = await playwright.request.newContext({ baseURL: BASE });
  const res = await request.post("/api/auth/login", { data: { email, password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

export const apiAsAccount = (playwright: Playwright, who: keyof typeof LOGIN_TYPE) => apiAs(playwright, E2E_ACCOUNTS[who].email, E2E_ACCOUNTS[who].password, LOGIN_TYPE[who]);

export async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** The two options of a true/false question, `correct` saying which is right. */
export const TF = (correct: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: correct },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !correct },
];

export type TStudent = { id: string; email: string; name: string };

/** A new student of `schoolId` (password STUDENT_PASSWORD), made by a super_admin's request context. */
export async function createStudent(admin: APIRequestContext, schoolId = "school_dubai", prefix = "student"): Promise<TStudent> {
  const tag = randomUUID().slice(0, 8);
  const email = `${prefix}-${tag}@qias.test`;
  const name = `طالبة ${tag}`;
  const user = await json<{ id: string }>(await admin.post("/api/users", { data: { email, password: STUDENT_PASSWORD, role: "student", username: `${prefix}-${tag}`, name, schoolId } }), 201);
  return { id: user.id, email, name };
}
