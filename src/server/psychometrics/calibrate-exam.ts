// Calibration of one exam's graded attempts, all forms together (issue 35), and its storage as history per item
// version (item_calibrations: one row per question row's version per run).
//
// One calibrations row per run, its items' parameters (item_calibrations) and its attempts' abilities
// (attempt_abilities), in the caller's transaction.
//
// One column per question row (an item version at its position, decision 0036): a row is "presented" to an attempt
// when the attempt saw it (bank/views.ts's rule: current when the attempt started) and, for an attempt given a
// parallel form (issue 34), when the row is on that form. Anything else is blank, not wrong. A presented question
// with no answer, or not yet marked, counts 0, as item analysis counts it (its score coalesced to 0).
// Scores: multiple choice and true/false are right (full points) or wrong; essays, short answers and matching are
// scored in steps — their mark rounded to whole points (0..points), or to tenths of the points above 10 points — so
// that the GPCM (and Rasch's partial credit) sees the partial marks; the 2PL and 3PL name such items
// `scores_above_one` rather than guess a cut. The item types of issue 36 are scored in the steps their scoring makes
// (shared/item-types/mark-steps.ts; decision 0058): a gap of three, a right area of two, an ordered pair — categories
// of the generalised partial credit model (Muraki 1992) — and all-or-nothing ones right or wrong.

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../db/client";
import { attemptAbilities, calibrations, itemCalibrations } from "../db/schema";
import { seenBySql } from "../modules/bank/views";
import { cachedBulkyByVersion } from "../modules/analytics/version-cache";
import { calibrate, type CalibrationOptions, type CalibrationResult } from "./calibrate";
import { NOT_PRESENTED, type IrtModel, type ResponseMatrix } from "./types";
import { markSteps, stepOf } from "../../shared/item-types/mark-steps";
import { isItemType, type TInteraction } from "../../shared/item-types";

const RIGHT_WRONG = new Set(["multiple_choice", "true_false"]);
const MAX_STEPS = 10;

export interface ExamQuestionColumn {
  /** The column's name in the calibration: the question row's id. */
  questionId: string;
  itemVersionId: string;
  position: number;
  type: string;
  points: number;
  /** The highest score in the column: 1 for right/wrong, else the steps. */
  maxScore: number;
  /** An item type's possible marks as shares of the points (mark-steps.ts); absent for the seed's types. */
  steps?: number[];
}

export interface ExamResponses {
  matrix: ResponseMatrix;
  questions: ExamQuestionColumn[];
  /** The attempts in the matrix's row order. */
  attemptIds: string[];
}

export interface ExamCalibration extends CalibrationResult {
  examId: string;
  questions: ExamQuestionColumn[];
  attemptIds: string[];
}

type TQuestionRow = { id: string; item_version_id: string; position: number; type: string; points: number; interaction: TInteraction | null };

/**
 * The graded attempts of an exam as a response matrix (persons × question rows), kept under the exam's version —
 * its graded attempts' count and latest mark, and its last edit — as item analysis keeps its figures: reliability,
 * DIF and calibration each read every answer of the exam, and at a ministry's scale that is seconds (issue 39).
 * Nothing changed, the next of them costs one index scan; the matrix is shared, so no reader may write into it.
 */
export async function examResponses(db: TDbOrTx, examId: string): Promise<ExamResponses> {
  const [version] = rowsOf<{ n: number; at: string | null; edited: string | null }>(
    await db.execute(sql`select count(*)::int as n, max(marked_at)::text as at, (select updated_at::text from exams where id = ${examId}) as edited
      from student_exams where exam_id = ${examId} and status = 'graded'`),
  );
  const key = ["responses", examId, version?.n ?? 0, version?.at ?? "", version?.edited ?? ""].join("|");
  return cachedBulkyByVersion(db, key, () => readExamResponses(db, examId));
}

async function readExamResponses(db: TDbOrTx, examId: string): Promise<ExamResponses> {
  const questionRows = rowsOf<TQuestionRow>(
    await db.execute(sql`select id, item_version_id, position, type::text as type, points, interaction
      from questions where exam_id = ${examId} order by position, id`),
  );
  const attempts = rowsOf<{ id: string }>(
    await db.execute(sql`select id from student_exams where exam_id = ${examId} and status = 'graded' order by started_at, id`),
  );
  // Every (attempt, question) the attempt was given, with its mark; a pair not listed was not presented. The answers
  // of a closed year's attempts are archived (decision 0059): the reliability job reads them too.
  const presented = rowsOf<{ attempt: string; question: string; score: number | string }>(
    await db.execute(sql`select se.id as attempt, q.id as question, coalesce(sa.score, 0)::float8 as score
      from student_exams se
      join questions q on q.exam_id = se.exam_id
      left join all_student_answers sa on sa.student_exam_id = se.id and sa.question_id = q.id
      where se.exam_id = ${examId} and se.status = 'graded' and ${seenBySql("q", sql.raw("se.started_at"), sql.raw("se.form_id"))}`),
  );

  const questions: ExamQuestionColumn[] = questionRows.map((q) => {
    const steps = isItemType(q.type) && q.interaction ? markSteps(q.interaction) : undefined;
    return {
      questionId: q.id,
      itemVersionId: q.item_version_id,
      position: q.position,
      type: q.type,
      points: q.points,
      maxScore: steps ? steps.length - 1 : RIGHT_WRONG.has(q.type) ? 1 : Math.min(q.points, MAX_STEPS),
      ...(steps ? { steps } : {}),
    };
  });
  const column = new Map(questionRows.map((q, i) => [q.id, i]));
  const row = new Map(attempts.map((a, p) => [a.id, p]));
  const nItems = questions.length;
  const data = new Int8Array(attempts.length * nItems).fill(NOT_PRESENTED);
  for (const pair of presented) {
    const p = row.get(pair.attempt)!;
    const i = column.get(pair.question)!;
    data[p * nItems + i] = scoreOf(Number(pair.score), questions[i]!);
  }
  return { matrix: { items: questions.map((q) => q.questionId), nPersons: attempts.length, data }, questions, attemptIds: attempts.map((a) => a.id) };
}

/** A mark as a calibration score: 0/1 for right/wrong questions, else steps 0..maxScore. */
export function scoreOf(mark: number, question: Pick<ExamQuestionColumn, "type" | "points" | "maxScore" | "steps">): number {
  if (!(mark > 0) || question.points <= 0) return 0;
  if (question.steps) return stepOf(mark, question.points, question.steps);
  if (RIGHT_WRONG.has(question.type)) return mark >= question.points ? 1 : 0;
  return Math.min(question.maxScore, Math.max(0, Math.round((mark / question.points) * question.maxScore)));
}

/** Calibrates an exam's graded attempts (every school's, all forms together); nothing is stored. */
export async function calibrateExam(db: TDbOrTx, examId: string, model: IrtModel, options: CalibrationOptions = {}): Promise<ExamCalibration> {
  const { matrix, questions, attemptIds } = await examResponses(db, examId);
  return { ...calibrate(matrix, model, options), examId, questions, attemptIds };
}

/** A calibration to keep: its exam (null for several), what it covered, and each column's item version. */
export interface CalibrationRun {
  examId: string | null;
  scope: "exam" | "bank";
  result: CalibrationResult;
  /** The calibration's item names and the item version each stands for. */
  columns: { name: string; itemVersionId: string }[];
  /** The attempts in the matrix's row order. */
  attemptIds: string[];
  /** More for the run's summary (the exams of a concurrent run, its groups). */
  summary?: Record<string, unknown>;
}

/**
 * Keeps a calibration: its run, one new row per column's item version (its parameters, SEs and fit, or the reason
 * it got none) and each attempt's ability, under one calibration id; earlier calibrations stay as history.
 * Call it in a transaction.
 */
export async function storeCalibration(db: TDbOrTx, run: CalibrationRun, createdBy: string | null = null): Promise<string> {
  const calibrationId = randomUUID();
  const { result } = run;
  const { converged, iterations, logLikelihood, latent, personsUsed, patterns } = result;
  await db.insert(calibrations).values({
    id: calibrationId,
    examId: run.examId,
    scope: run.scope,
    model: result.model,
    students: result.persons,
    items: result.items.length,
    summary: { converged, iterations, logLikelihood, latent, personsUsed, patterns, ...run.summary },
    createdBy,
  });
  const byName = new Map(result.items.map((item) => [item.item, item]));
  const problems = new Map(result.problems.map((problem) => [problem.item, problem]));
  const rows = run.columns.flatMap((column): (typeof itemCalibrations.$inferInsert)[] => {
    const base = { calibrationId, itemVersionId: column.itemVersionId, examId: run.examId, model: result.model };
    const item = byName.get(column.name);
    if (item) {
      const { a, b, c, d, steps, se, fit, n } = item;
      return [{ ...base, n, params: { a, b, c, d, ...(steps ? { steps: { b: steps.b, d: steps.d } } : {}) }, se: { ...se, ...(steps ? { steps: { b: steps.seB, d: steps.seD } } : {}) }, fit: { ...fit } }];
    }
    const problem = problems.get(column.name);
    return problem ? [{ ...base, n: problem.n, problem: { reason: problem.reason, detail: problem.detail } }] : [];
  });
  if (rows.length) await db.insert(itemCalibrations).values(rows);
  // The attempts still there, each held (FOR KEY SHARE, as the abilities' foreign key would) to the commit, all before
  // the first ability and in one order: a student deleted meanwhile drops out here — their ability would have gone
  // with them a moment later — instead of failing the foreign key of the abilities' second piece, and a deletion or
  // move from now on waits for this commit rather than holding an attempt a later piece needs (decision 0053).
  const sorted = [...run.attemptIds].sort();
  const kept = new Set<string>();
  for (let i = 0; i < sorted.length; i += 5000) {
    const ids = `{${sorted.slice(i, i + 5000).join(",")}}`;
    for (const r of rowsOf<{ id: string }>(await db.execute(sql`select id from student_exams where id = any(${ids}::uuid[]) order by id for key share`))) kept.add(r.id);
  }
  const abilities = run.attemptIds.flatMap((studentExamId, i) => {
    if (!kept.has(studentExamId)) return [];
    const a = result.abilities[i]!;
    return [{ calibrationId, studentExamId, items: a.items, eap: a.eap, eapSe: a.eapSd, ml: a.ml, mlSe: a.mlSe, extreme: a.extreme ?? null }];
  });
  // In pieces: 20,000 attempts × 8 columns would pass PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < abilities.length; i += 5000) await db.insert(attemptAbilities).values(abilities.slice(i, i + 5000));
  return calibrationId;
}

/** Keeps one exam's calibration (storeCalibration, one column per question row). */
export async function storeExamCalibration(db: TDbOrTx, calibration: ExamCalibration, createdBy: string | null = null): Promise<string> {
  const columns = calibration.questions.map((q) => ({ name: q.questionId, itemVersionId: q.itemVersionId }));
  return storeCalibration(db, { examId: calibration.examId, scope: "exam", result: calibration, columns, attemptIds: calibration.attemptIds }, createdBy);
}
