// Parallel forms for tests (issue 34), written as rows: the route that writes forms (PUT /api/exams/:id/forms) is
// built elsewhere, and the delivery of forms is tested without it.
import { eq, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { examFormQuestions, examForms, exams } from "../db/schema";
import { examsChanged } from "../modules/attempts/paper";

/** Gives the exam these forms (each a list of its question ids) and says so, as a change to the exam. Returns the forms' ids. */
export async function makeForms(db: TDb, examId: string, forms: string[][], assignment: "random" | "class" = "random"): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, questionIds] of forms.entries()) {
    const [form] = await db.insert(examForms).values({ examId, number: i + 1 }).returning({ id: examForms.id });
    await db.insert(examFormQuestions).values(questionIds.map((questionId) => ({ formId: form!.id, questionId })));
    ids.push(form!.id);
  }
  await db.update(exams).set({ formAssignment: assignment, updatedAt: sql`now()` }).where(eq(exams.id, examId));
  await examsChanged(db, [examId]);
  return ids;
}
