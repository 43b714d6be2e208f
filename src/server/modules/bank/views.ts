// Which of an exam's question rows a reader sees (docs/decisions/0036). A row replaced by a newer version's row
// stays, with its answers, for the attempts that saw it: the exam's current rows are those not replaced; an
// attempt's view is the rows current when it started. Taking a version is refused while an attempt is in progress,
// so every attempt started wholly before or wholly after each replacement.
import { and, isNull, lte, gt, or, sql, type SQL } from "drizzle-orm";
import { questions } from "../../db/schema";

/** The exam's questions as its editor, its paper and its counts show them now. */
export const currentQuestion: SQL = isNull(questions.replacedAt);

/** The questions an attempt started at `startedAt` was given. */
export function seenBy(startedAt: Date): SQL {
  return and(or(isNull(questions.replacedAt), gt(questions.replacedAt, startedAt)), or(isNull(questions.currentFrom), lte(questions.currentFrom, startedAt)))!;
}

/** The same rule over a raw `questions` alias `q` and an attempt's `started_at` expression, for SQL written by hand. */
export function seenBySql(q: string, startedAt: SQL): SQL {
  return sql`(${sql.raw(q)}.replaced_at is null or ${sql.raw(q)}.replaced_at > ${startedAt}) and (${sql.raw(q)}.current_from is null or ${sql.raw(q)}.current_from <= ${startedAt})`;
}
