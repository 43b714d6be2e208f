// A new student of Dubai and a published 30-minute exam of three questions (multiple choice, short answer, essay) by the
// demo teacher, made through the API: the paper the save and offline drills (save-failures, offline and their
// pictures) take. `name` tells the runs' accounts and exams apart ("saver", "offline").
import { randomUUID } from "node:crypto";
import type { APIRequest } from "@playwright/test";
import { E2E_ACCOUNTS, expect } from "../fixtures";

async function apiAs(playwright: { request: APIRequest }, baseURL: string, who: { email: string; password: string }, loginType: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  const res = await ctx.post("/api/auth/login", { data: { email: who.email, password: who.password, loginType } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

export async function studentAndExam(playwright: { request: APIRequest }, baseURL: string, name: string, title: { ar: string; en: string }) {
  const tag = randomUUID().slice(0, 8);
  const admin = await apiAs(playwright, baseURL, E2E_ACCOUNTS.super_admin, "admin");
  const student = { email: `${name}-${tag}@qias.test`, password: `${name[0]!.toUpperCase()}${name.slice(1)}-pass-1` };
  const created = await admin.post("/api/users", { data: { ...student, role: "student", username: `${name}-${tag}`, name: `طالب ${tag}`, schoolId: "school_dubai" } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  const teacher = await apiAs(playwright, baseURL, E2E_ACCOUNTS.teacher, "school");
  const res = await teacher.post("/api/exams", {
    data: {
      titleAr: `${title.ar} ${tag}`,
      titleEn: `${title.en} ${tag}`,
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
