// The exam the accessibility specs sit (issue 37): the five old question types, with the eliminator allowed, made
// through the API for a new student of their own (one attempt each).
import { randomUUID } from "node:crypto";
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { apiAsAccount, createStudent, json, TF, type TStudent } from "../api";

const option = (ar: string, en: string, isCorrect = false) => ({ optionTextAr: ar, optionTextEn: en, isCorrect });

export async function a11yExam(playwright: PlaywrightWorkerArgs["playwright"]): Promise<{ examId: string; student: TStudent; title: { ar: string; en: string } }> {
  const tag = randomUUID().slice(0, 6);
  const admin = await apiAsAccount(playwright, "super_admin");
  const student = await createStudent(admin, "school_dubai", "a11y");
  await admin.dispose();
  const teacher = await apiAsAccount(playwright, "teacher");
  const title = { ar: `اختبار الوصول ${tag}`, en: `Access test ${tag}` };
  const exam = await json<{ id: string }>(
    await teacher.post("/api/exams", {
      data: {
        titleAr: title.ar,
        titleEn: title.en,
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        allowedTools: ["read_aloud", "eliminator"],
        questions: [
          { type: "multiple_choice", questionTextAr: "ما جمع كلمة «كتاب»؟", questionTextEn: "What is the plural of “kitab”?", points: 1, options: [option("كُتُب", "kutub", true), option("كتابات", "kitabat"), option("مكاتب", "makatib")] },
          { type: "true_false", questionTextAr: "الفعل «كتبَ» فعل ماضٍ.", questionTextEn: "“Kataba” is a past-tense verb.", points: 1, options: TF(true) },
          { type: "short_answer", questionTextAr: "اكتب مفرد «أقلام».", questionTextEn: "Write the singular of “aqlam”.", points: 2, correctAnswerText: "قلم" },
          {
            type: "matching",
            questionTextAr: "صِل كل كلمة بضدّها.",
            questionTextEn: "Match each word with its opposite.",
            points: 2,
            matchingPairs: [
              { premise_ar: "كبير", premise_en: "big", response_ar: "صغير", response_en: "small" },
              { premise_ar: "طويل", premise_en: "tall", response_ar: "قصير", response_en: "short" },
            ],
          },
          { type: "essay", questionTextAr: "صف مدرستك في جملتين.", questionTextEn: "Describe your school in two sentences.", points: 3, correctAnswerText: "—" },
        ],
      },
    }),
    201,
  );
  await teacher.dispose();
  return { examId: exam.id, student, title };
}
