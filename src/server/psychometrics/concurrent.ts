// Concurrent calibration (issue 35): several exams — a year's forms, or this year's and last year's — calibrated in
// one run, so their items land on one scale through the items they share, without a linking step (Kolen & Brennan
// 2014, §6.5). Each exam's students are a group with its own ability distribution (calibrate.ts: Bock & Zimowski
// 1997's multiple groups), the first exam's being the reference N(0, 1): pooling two populations as one would shift
// the items only one of them saw towards the pooled mean.
//
// A column is an item version (at one score range): the same bank item sat in two exams is one column; one exam's
// student was not presented the other's items (blank). The run is kept like an exam's (calibrate-exam.ts), its scope
// "bank", with no exam and the exams it covered in its summary.

import { CalibrationInputError, calibrate, type CalibrationOptions, type CalibrationResult } from "./calibrate";
import { examResponses } from "./calibrate-exam";
import { NOT_PRESENTED, type IrtModel, type ResponseMatrix } from "./types";
import type { TDbOrTx } from "../db/client";

/** Stacks the groups' matrices into one: the union of their items by name, a blank where a group lacked one. */
export function mergeMatrices(parts: readonly ResponseMatrix[]): { matrix: ResponseMatrix; groups: Int32Array } {
  const items: string[] = [];
  const column = new Map<string, number>();
  for (const part of parts) for (const name of part.items) if (!column.has(name)) column.set(name, items.push(name) - 1);
  const nPersons = parts.reduce((n, part) => n + part.nPersons, 0);
  const data = new Int8Array(nPersons * items.length).fill(NOT_PRESENTED);
  const groups = new Int32Array(nPersons);
  let row = 0;
  parts.forEach((part, g) => {
    const to = part.items.map((name) => column.get(name)!);
    for (let p = 0; p < part.nPersons; p++, row++) {
      groups[row] = g;
      for (let i = 0; i < part.items.length; i++) data[row * items.length + to[i]!] = part.data[p * part.items.length + i]!;
    }
  });
  return { matrix: { items, nPersons, data }, groups };
}

export interface ConcurrentCalibration extends CalibrationResult {
  examIds: string[];
  /** Each column's item version (its name in the calibration). */
  columns: { name: string; itemVersionId: string }[];
  attemptIds: string[];
}

/** The exams' graded responses stacked into one matrix (a column per item version), one group per exam. */
export async function concurrentResponses(
  db: TDbOrTx,
  examIds: readonly string[],
): Promise<{ matrix: ResponseMatrix; groups: Int32Array; columns: { name: string; itemVersionId: string }[]; attemptIds: string[] }> {
  if (new Set(examIds).size !== examIds.length || examIds.length < 2) throw new CalibrationInputError("a concurrent calibration needs two or more different exams");
  const parts: ResponseMatrix[] = [];
  const versionOf = new Map<string, string>();
  const attemptIds: string[] = [];
  for (const examId of examIds) {
    const responses = await examResponses(db, examId);
    // Columns by item version and score range: one bank item in two exams is one item, unless marked out of more.
    // (The same version twice in one exam stays two columns: they are two places on one paper.)
    const seen = new Set<string>();
    const names = responses.questions.map((q) => {
      const name = `${q.itemVersionId}:${q.maxScore}`;
      return seen.has(name) ? `${name}:${q.questionId}` : (seen.add(name), name);
    });
    responses.questions.forEach((q, i) => versionOf.set(names[i]!, q.itemVersionId));
    parts.push({ ...responses.matrix, items: names });
    // Not push(...ids): spreading an exam's 200,000 attempt ids as arguments overflows V8's stack (a 500 at the
    // ministry's year, bench:ministry 2026-11-29).
    for (const id of responses.attemptIds) attemptIds.push(id);
  }
  const { matrix, groups } = mergeMatrices(parts);
  return { matrix, groups, columns: matrix.items.map((name) => ({ name, itemVersionId: versionOf.get(name)! })), attemptIds };
}

/** Calibrates the graded attempts of several exams together, the first exam's students the reference group. */
export async function calibrateConcurrent(db: TDbOrTx, examIds: readonly string[], model: IrtModel, options: CalibrationOptions = {}): Promise<ConcurrentCalibration> {
  const { matrix, groups, columns, attemptIds } = await concurrentResponses(db, examIds);
  const result = calibrate(matrix, model, { ...options, groups });
  return { ...result, examIds: [...examIds], columns, attemptIds };
}
