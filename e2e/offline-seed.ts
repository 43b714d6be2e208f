// For the live view's offline states (e2e/sittings/live-offline.spec.ts, issue 37): a sitting under way at Dubai for
// grade 12, of an exam of its own, with a student offline whose device holds 6 answers, and two students whose
// answers came back after the offline grace and wait for a decision (2 and 1). States a browser test cannot reach
// in seconds (90 s of silence, 15 minutes after a deadline), so they are written as they would be.
import { eq, sql } from "drizzle-orm";
import type { TDb } from "../src/server/db/client";
import { attemptEvents, authUsers, heldAnswers, profiles, sittings, studentExams } from "../src/server/db/schema";
import { createAccount } from "../src/server/auth/accounts";
import { createExam } from "../src/server/modules/exams/exams.service";
import { ZExamInput } from "../src/shared/schemas/exam";
import { E2E_ACCOUNTS } from "./accounts";

export const OFFLINE_SITTING_ID = "0e37a0f1-0037-4037-8037-000000000037";
export const OFFLINE_GRADE = 12;
export const OFFLINE_STUDENTS = {
  away: { email: "offline.away@qias.test", name: "سالم المهيري" },
  late: { email: "offline.late@qias.test", name: "Layla Haddad" },
  later: { email: "offline.later@qias.test", name: "حمدة السويدي" },
} as const;

const TF = (right: boolean) => [
  { optionTextAr: "صح", optionTextEn: "True", isCorrect: right },
  { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: !right },
];

// A second sitting of the same kind, grade 9, for the decisions one by one and for the whole sitting (its own
// students, so the tests of the first one keep theirs).
export const HELD_SITTING_ID = "0e37a0f1-0037-4037-8037-000000000038";
export const HELD_STUDENTS = {
  away: { email: "held.away@qias.test", name: "مريم الكعبي" },
  late: { email: "held.late@qias.test", name: "Omar Nasser" },
  later: { email: "held.later@qias.test", name: "عائشة الظاهري" },
} as const;

export async function seedOfflineSitting(db: TDb, sittingId: string = OFFLINE_SITTING_ID, students: Record<keyof typeof OFFLINE_STUDENTS, { email: string; name: string }> = OFFLINE_STUDENTS, grade = OFFLINE_GRADE): Promise<void> {
  const [teacher] = await db.select({ id: profiles.id, name: profiles.name }).from(profiles).innerJoin(authUsers, eq(authUsers.id, profiles.id)).where(eq(authUsers.email, E2E_ACCOUNTS.teacher.email));
  if (!teacher) return;
  const exam = await createExam(
    db,
    { id: teacher.id, username: "", email: E2E_ACCOUNTS.teacher.email, role: "teacher", schoolId: "school_dubai", name: teacher.name, grade: null },
    ZExamInput.parse({
      titleAr: "اختبار الدراسات الاجتماعية للصف الثاني عشر",
      titleEn: "Grade 12 social studies test",
      subjectId: "social",
      durationMinutes: 45,
      status: "published",
      grades: [grade],
      questions: [
        { type: "true_false", questionTextAr: "أبوظبي عاصمة دولة الإمارات.", questionTextEn: "Abu Dhabi is the capital of the UAE.", points: 1, options: TF(true) },
        { type: "true_false", questionTextAr: "دبي أكبر الإمارات مساحةً.", questionTextEn: "Dubai is the largest emirate by area.", points: 1, options: TF(false) },
      ],
    }),
  );
  await db.insert(sittings).values({
    id: sittingId,
    examId: exam.id,
    schoolId: "school_dubai",
    grade,
    startsAt: sql`now() - interval '40 minutes'`,
    entryClosesAt: sql`now() + interval '20 minutes'`,
    endsAt: sql`now() + interval '8 hours'`,
  });
  const ids: Record<string, string> = {};
  for (const [key, s] of Object.entries(students)) {
    ids[key] = (await createAccount(db, { email: s.email, password: "Offline-student-1", role: "student", name: s.name, schoolId: "school_dubai", grade, className: `${grade}A` })).id;
  }
  const base = { examId: exam.id, sittingId, totalPossibleScore: 2, grade, className: `${grade}A` };
  await db.insert(studentExams).values({
    ...base,
    studentId: ids.away!,
    // Its deadline far enough ahead that the whole browser run (seeded at its start) ends before the sweep submits it.
    startedAt: sql`now() - interval '5 minutes'`,
    deadlineAt: sql`now() + interval '40 minutes'`,
    lastSeenAt: sql`now() - interval '4 minutes'`,
    pendingAnswers: 6,
  });
  const q = exam.questions;
  for (const [key, held] of [
    ["late", 2],
    ["later", 1],
  ] as const) {
    const [attempt] = await db
      .insert(studentExams)
      .values({
        ...base,
        studentId: ids[key]!,
        status: "graded",
        score: 0,
        startedAt: sql`now() - interval '65 minutes'`,
        deadlineAt: sql`now() - interval '20 minutes'`,
        completedAt: sql`now() - interval '20 minutes'`,
        lastSeenAt: sql`now() - interval '21 minutes'`,
      })
      .returning({ id: studentExams.id });
    // Closed by the sweep at the deadline; the answers came back 20 minutes later.
    await db.insert(attemptEvents).values([
      { examId: exam.id, studentId: ids[key]!, kind: "started", at: sql`now() - interval '65 minutes'` },
      { examId: exam.id, studentId: ids[key]!, kind: "auto_submitted", at: sql`now() - interval '20 minutes'` },
      ...Array.from({ length: held }, () => ({ examId: exam.id, studentId: ids[key]!, kind: "answer_held" as const })),
    ]);
    await db.insert(heldAnswers).values(
      q.slice(0, held).map((question) => ({
        attemptId: attempt!.id,
        questionId: question.id,
        selectedOptionId: question.options.find((o) => o.isCorrect)!.id,
        clientSeq: 3,
        answeredAt: sql`now() - interval '21 minutes'`,
      })),
    );
  }
}
