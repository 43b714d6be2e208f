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
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../db/client";
import { arrayLiteral } from "../db/array-literal";
import { inSlices } from "../in-slices";
import { attemptAbilities, calibrations, itemCalibrations } from "../db/schema";
import { seenBySql } from "../modules/bank/views";
import { cachedBulkyByVersion } from "../modules/analytics/version-cache";
import { examFiguresVersion } from "../modules/analytics/figures";
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
 * The graded attempts of an exam as a response matrix (persons × question rows), kept under the exam's version
 * (examResponsesVersion) as item analysis keeps its figures: reliability, DIF and calibration each read every answer
 * of the exam, and at a ministry's scale that is seconds (issue 39). Nothing changed, the next of them costs the
 * version's read; the matrix is shared, so no reader may write into it. `schoolId`: only the graded attempts of that
 * school's students (a principal's DIF), read through their attempts' own index — a school's 250 attempts at the
 * year, not the exam's 200,000.
 */
export async function examResponses(db: TDbOrTx, examId: string, schoolId?: string): Promise<ExamResponses> {
  const version = await examResponsesVersion(db, examId);
  if (schoolId === undefined) return cachedBulkyByVersion(db, version, () => readExamResponses(db, examId));
  // A school's: tens of kilobytes each, kept apart from the exams' (a principal's view never pushes one out).
  return cachedBulkyByVersion(db, `${version}|school:${schoolId}`, () => readExamResponses(db, examId, schoolId), 100, "school matrices");
}

/**
 * The key examResponses keeps its matrix under; a reader that keeps figures worked out from it adds to this. The
 * exam's figures' version (examFiguresVersion): every mark, submission, deletion and edit that can change the matrix
 * moves it, and it is read from a row per school and class — a count over the exam's attempts took 100 ms at the year
 * on every view of DIF.
 */
export async function examResponsesVersion(db: TDbOrTx, examId: string): Promise<string> {
  return ["responses", examId, await examFiguresVersion(db, examId)].join("|");
}

async function readExamResponses(db: TDbOrTx, examId: string, schoolId?: string): Promise<ExamResponses> {
  // The questions and the matrix are two statements, each its own snapshot: an edit of the exam between them (a row
  // added, a position moved) would number the columns differently, so the matrix's statement names its columns and
  // the two are read again until they agree (an edit during the read; twice is plenty, a third is refused).
  for (let attempt = 1; ; attempt++) {
    const questionRows = rowsOf<TQuestionRow>(
      await db.execute(sql`select id, item_version_id, position, type::text as type, points, interaction
        from questions where exam_id = ${examId} order by position, id`),
    );
    const rows = await readMatrixRows(db, examId, schoolId);
    if (!rows.length || rows[0]!.qids!.join() === questionRows.map((q) => q.id).join()) return await matrixOf(questionRows, rows);
    if (attempt === 3) throw new Error(`exam ${examId} changed while its responses were read, three times`);
  }
}

type TMatrixRow = { id: string; form_id: string | null; k: number; given: number[] | null; qids: string[] | null; cols: number[] | null; marks: number[] | null };

/**
 * One row per graded attempt in the matrix's order: its marks above 0 (anything else counts 0) as column and mark,
 * read from the exam's answers through student_answers_exam_idx in the heap's order (decision 0065), open years' and
 * a closed year's archived ones alike (decision 0059), not probed per (attempt, question). What an attempt was given
 * depends on its form and on which of the exam's question changes (a row replaced, or current from a time) came
 * before its start: attempts alike in both share one set (`given`, on the first row of each), worked out once from
 * the earliest of them by bank/views.ts's rule — per class (a handful), not per cell (8 M at the year). The first row
 * also names the columns (`qids`).
 */
async function readMatrixRows(db: TDbOrTx, examId: string, schoolId?: string): Promise<TMatrixRow[]> {
  // A school's: its students' attempts, and their answers through the attempt index (the exam's would read them all).
  const school = schoolId === undefined ? sql`` : sql`and se.student_id in (select id from profiles where school_id = ${schoolId})`;
  const answers = schoolId === undefined ? sql`sa.exam_id = ${examId}` : sql`sa.student_exam_id in (select id from att)`;
  return fetchInBatches<TMatrixRow>(
    db,
    sql`with
      pts as materialized (
        select distinct t from questions q cross join lateral (values (q.replaced_at), (q.current_from)) v(t) where q.exam_id = ${examId} and t is not null),
      att as (
        select se.id, se.started_at, se.form_id, (select count(*)::int from pts where t <= se.started_at) as k
        from student_exams se where se.exam_id = ${examId} and se.status = 'graded' ${school}),
      qs as (select q.*, (row_number() over (order by q.position, q.id) - 1)::int as col from questions q where q.exam_id = ${examId}),
      cls as (select form_id, k, min(started_at) as at from att group by 1, 2),
      given as (
        select c.form_id, c.k, coalesce(array_agg(q.col order by q.col) filter (where q.id is not null), '{}') as cols
        from cls c left join qs q on ${seenBySql("q", sql.raw("c.at"), sql.raw("c.form_id"))}
        group by 1, 2),
      marked as (
        select sa.student_exam_id as id, array_agg(q.col) as cols, array_agg(sa.score::float8) as marks
        from all_student_answers sa join qs q on q.id = sa.question_id
        where ${answers} and sa.score > 0
        group by 1)
      select a.id, a.form_id, a.k,
        case when row_number() over (partition by a.form_id, a.k order by a.started_at, a.id) = 1 then g.cols end as given,
        case when row_number() over (order by a.started_at, a.id) = 1 then (select array_agg(id::text order by col) from qs) end as qids,
        m.cols, m.marks
      from att a
      join given g on g.form_id is not distinct from a.form_id and g.k = a.k
      left join marked m on m.id = a.id
      order by a.started_at, a.id`,
  );
}

/** Rows a cursor hands over at a time: a few hundred kilobytes of the matrix's text to parse. */
const MATRIX_BATCH_ROWS = 2_000;

/**
 * A query's rows through a cursor, a batch at a time (decision 0067): node-postgres parses a result's rows as they
 * arrive, and libuv hands a busy socket over in turns of up to 2 MB, so the year's 200,000 rows read as one result
 * held the event loop 60–150 ms a turn on a quiet machine and 400–600 ms on a loaded one. Between batches the loop
 * is free. The whole result is still one statement's snapshot, planned for all of its rows (cursor_tuple_fraction 1:
 * a cursor is otherwise planned for its first tenth).
 */
async function fetchInBatches<T>(db: TDbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local cursor_tuple_fraction = 1`);
    await tx.execute(sql`declare matrix_rows no scroll cursor for ${query}`);
    const rows: T[] = [];
    for (;;) {
      const batch = rowsOf<T>(await tx.execute(sql.raw(`fetch ${MATRIX_BATCH_ROWS} from matrix_rows`)));
      for (const row of batch) rows.push(row);
      if (batch.length < MATRIX_BATCH_ROWS) break;
    }
    await tx.execute(sql`close matrix_rows`);
    return rows;
  });
}

async function matrixOf(questionRows: TQuestionRow[], rows: TMatrixRow[]): Promise<ExamResponses> {
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
  const nItems = questions.length;
  const data = new Int8Array(rows.length * nItems).fill(NOT_PRESENTED);
  // Each class's set comes on its first row, which the matrix's order puts before the class's others. In slices: at
  // the year, 200,000 rows are 0.15 s of the event loop (decision 0067).
  const givenTo = new Map<string, number[]>();
  await inSlices(rows, (r, p) => {
    const key = `${r.form_id}|${r.k}`;
    if (r.given) givenTo.set(key, r.given);
    for (const i of givenTo.get(key)!) data[p * nItems + i] = 0;
    r.cols?.forEach((i, j) => {
      // A mark on a question the attempt was not given (not on its form) stays blank, as the grid left it out.
      if (data[p * nItems + i] !== NOT_PRESENTED) data[p * nItems + i] = scoreOf(Number(r.marks![j]), questions[i]!);
    });
  });
  return { matrix: { items: questions.map((q) => q.questionId), nPersons: rows.length, data }, questions, attemptIds: rows.map((r) => r.id) };
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
    const ids = arrayLiteral(sorted.slice(i, i + 5000));
    for (const r of rowsOf<{ id: string }>(await db.execute(sql`select id from student_exams where id = any(${ids}::uuid[]) order by id for key share`))) kept.add(r.id);
  }
  const at = run.attemptIds.flatMap((id, i) => (kept.has(id) ? [i] : []));
  // A column each, as one array a piece (unnest): a row of bind parameters each took 10.5 s for the year's 200,000
  // attempts (drizzle's insert, 5,000 rows a statement), the arrays 3.7 s (decision 0068).
  for (let i = 0; i < at.length; i += ABILITIES_PER_STATEMENT) {
    const part = at.slice(i, i + ABILITIES_PER_STATEMENT);
    const column = (value: (p: number) => string | number | null) => arrayLiteral(part.map(value));
    const a = (p: number) => result.abilities[p]!;
    await db.execute(sql`insert into ${attemptAbilities} (calibration_id, student_exam_id, items, eap, eap_se, ml, ml_se, extreme)
      select ${calibrationId}::uuid, u.* from unnest(${column((p) => run.attemptIds[p]!)}::uuid[], ${column((p) => a(p).items)}::int[], ${column((p) => a(p).eap)}::float8[],
        ${column((p) => a(p).eapSd)}::float8[], ${column((p) => a(p).ml)}::float8[], ${column((p) => a(p).mlSe)}::float8[], ${column((p) => a(p).extreme ?? null)}::text[]) as u`);
  }
  return calibrationId;
}

/** Abilities written by one statement: a few megabytes of array text. */
const ABILITIES_PER_STATEMENT = 50_000;

/** Keeps one exam's calibration (storeCalibration, one column per question row). */
export async function storeExamCalibration(db: TDbOrTx, calibration: ExamCalibration, createdBy: string | null = null): Promise<string> {
  const columns = calibration.questions.map((q) => ({ name: q.questionId, itemVersionId: q.itemVersionId }));
  return storeCalibration(db, { examId: calibration.examId, scope: "exam", result: calibration, columns, attemptIds: calibration.attemptIds }, createdBy);
}
