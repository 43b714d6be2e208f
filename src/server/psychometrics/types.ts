// Shared types of the psychometrics module (issue 35). Helper E (calibration) and helper F (linking, equating,
// reliability, DIF) keep identical copies of this file; change it in both or not at all.
//
// Metric: the logistic metric with no scaling constant unless a function takes `D` (mirt's default, D = 1).
// Kolen & Brennan's linking examples are on the normal metric, D = 1.7: pass D = NORMAL_METRIC_D there.

export type DichotomousModel = "rasch" | "2pl" | "3pl";
export type IrtModel = DichotomousModel | "gpcm";

export const IRT_MODELS: readonly IrtModel[] = ["rasch", "2pl", "3pl", "gpcm"];

/** Logistic scaling constant that makes the logistic curve approximate the normal ogive. */
export const NORMAL_METRIC_D = 1.7;

/**
 * A right/wrong item: P(right | θ) = c + (1 − c) / (1 + exp(−D·a·(θ − b))).
 * Rasch: a = 1 (the ability's SD carries the scale), c = 0. 2PL: c = 0.
 */
export interface ItemParams {
  a: number;
  b: number;
  c: number;
}

/** An anchor or bank item with its name, as read from an `item,a,b,c` file. */
export interface NamedItemParams extends ItemParams {
  item: string;
}

/**
 * A generalised partial credit item scored 0..m (Muraki 1992):
 * P(k | θ) ∝ exp(Σ_{v=1..k} D·a·(θ − b[v−1])), the empty sum for k = 0 being 0. `b` has m step difficulties.
 */
export interface GpcmParams {
  a: number;
  b: number[];
}

/**
 * Responses of persons to items, row-major (person p, item i at p * nItems + i).
 * A score 0..m, or NOT_PRESENTED for an item the person was not given (skipped by every computation).
 */
export interface ResponseMatrix {
  items: string[];
  nPersons: number;
  data: Int8Array;
}

export const NOT_PRESENTED = -1;

/** The rows `keep` of a matrix (indexes, in its order) as a matrix of their own. */
export function matrixRows(matrix: ResponseMatrix, keep: ArrayLike<number>): ResponseMatrix {
  const k = matrix.items.length;
  const data = new Int8Array(keep.length * k);
  for (let row = 0; row < keep.length; row++) data.set(matrix.data.subarray(keep[row]! * k, (keep[row]! + 1) * k), row * k);
  return { items: matrix.items, nPersons: keep.length, data };
}

/**
 * Bad input to a command-line command (a missing file, a missing header, a non-number, ragged rows, an unknown
 * option): the CLI prints the message alone and exits with code 2, never a stack trace.
 */
export class CliError extends Error {
  override name = "CliError";
}
