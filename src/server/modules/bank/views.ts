// Which of an exam's question rows a reader sees (docs/decisions/0036, 0038). A row replaced by a newer version's row
// stays, with its answers, for the attempts that saw it: the exam's current rows are those not replaced; an
// attempt's view is the rows current when it started. Taking a version is refused while an attempt is in progress,
// so every attempt started wholly before or wholly after each replacement. An attempt given a parallel form (issue
// 34) sees only that form's rows: taking a version copies the replaced row's place in its forms to the new row.
import { and, isNull, lte, gt, or, sql, type SQL } from "drizzle-orm";
import { examFormQuestions, examForms, questions } from "../../db/schema";

/** The exam's questions as its editor, its paper and its counts show them now. */
export const currentQuestion: SQL = isNull(questions.replacedAt);

/** What decides an attempt's view: when it started and the form it was given (null: the exam has no forms). */
export type TAttemptView = { startedAt: Date; formId: string | null };

/** The questions an attempt was given. */
export function seenBy(attempt: TAttemptView): SQL {
  const inTime = and(or(isNull(questions.replacedAt), gt(questions.replacedAt, attempt.startedAt)), or(isNull(questions.currentFrom), lte(questions.currentFrom, attempt.startedAt)))!;
  if (!attempt.formId) return inTime;
  return and(inTime, sql`exists (select 1 from ${examFormQuestions} fq where fq.form_id = ${attempt.formId} and fq.question_id = ${questions.id})`)!;
}

/**
 * The same rule over a raw `questions` alias `q` and an attempt's `started_at` and `form_id` expressions, for SQL
 * written by hand.
 */
export function seenBySql(q: string, startedAt: SQL, formId: SQL): SQL {
  const r = sql.raw(q);
  return sql`(${r}.replaced_at is null or ${r}.replaced_at > ${startedAt}) and (${r}.current_from is null or ${r}.current_from <= ${startedAt})
    and (${formId} is null or exists (select 1 from ${examFormQuestions} fq where fq.form_id = ${formId} and fq.question_id = ${r}.id))`;
}

/**
 * What a student is told before a form is given (the lobby, the exam's card, the live view's "answered of"): the
 * exam's first form's questions (parallel forms are of one length as a rule), or all for an exam without forms.
 */
export const shownBeforeStart: SQL = sql`(not exists (select 1 from ${examForms} f where f.exam_id = ${questions.examId})
  or ${questions.id} in (select fq.question_id from ${examFormQuestions} fq join ${examForms} f on f.id = fq.form_id
    where f.exam_id = ${questions.examId} and f.number = (select min(f1.number) from ${examForms} f1 where f1.exam_id = ${questions.examId})))`;
