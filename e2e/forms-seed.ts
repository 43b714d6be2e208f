// For the pictures of forms (e2e/results/forms-screenshots.spec.ts; E2E_FORMS=1): the demo exam with the most graded
// attempts is given two parallel forms — its first question an anchor of both, the rest dealt between them — and its
// attempts are given the forms in turn, as if they had sat them. The demo itself has no forms.
import { desc, eq, sql } from "drizzle-orm";
import type { TDb } from "../src/server/db/client";
import { examFormQuestions, examForms, questions, studentExams } from "../src/server/db/schema";

export async function seedFormsForPictures(db: TDb): Promise<void> {
  const [top] = await db
    .select({ examId: studentExams.examId, n: sql<number>`count(*)::int` })
    .from(studentExams)
    .where(eq(studentExams.status, "graded"))
    .groupBy(studentExams.examId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  if (!top) return;
  const qs = await db.select({ id: questions.id }).from(questions).where(eq(questions.examId, top.examId)).orderBy(questions.position);
  const forms = await db.insert(examForms).values([1, 2].map((number) => ({ examId: top.examId, number }))).returning({ id: examForms.id });
  await db.insert(examFormQuestions).values(qs.flatMap((q, i) => (i === 0 ? forms.map((f) => ({ formId: f.id, questionId: q.id, isAnchor: true })) : [{ formId: forms[i % 2]!.id, questionId: q.id }])));
  const attempts = await db.select({ id: studentExams.id }).from(studentExams).where(eq(studentExams.examId, top.examId)).orderBy(studentExams.id);
  for (const [i, a] of attempts.entries()) await db.update(studentExams).set({ formId: forms[i % 2]!.id }).where(eq(studentExams.id, a.id));
}
