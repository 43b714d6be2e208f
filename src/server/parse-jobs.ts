// What a parse thread can be asked to do (parse-thread.mjs, docs/decisions/0029): each job reads an uploaded file's
// bytes into plain data, or packs files into one, which crosses back to the event loop by structured clone. Each
// loads only its own code: a thread lives for one file, and its start is most of what a small file costs.
import type { TAssembleInput } from "./modules/bank/assemble";
import type { CalibrationOptions } from "./psychometrics/calibrate";
import type { IrtModel, ResponseMatrix } from "./psychometrics/types";
import type { classicalFiguresByReach } from "./psychometrics/reliability";
import type { difOfCodedGroups } from "./psychometrics/dif";

export const PARSE_JOBS = {
  /** A QTI package: its tests as draft exams with their media (qti-import.ts). */
  qti: async (bytes: Uint8Array) => (await import("./modules/qti/qti-import")).readPackage(bytes),
  /** An .xlsx roster's first sheet as rows of text (http/table.ts). */
  xlsx: async (bytes: Uint8Array) => (await import("./http/table")).readXlsxRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  /** An exported package's files deflated into its zip (qti-export.ts): up to 50 exams' XML and media. */
  qtiZip: async (files: Record<string, Uint8Array>) => (await import("./modules/qti/qti-export")).zipPackage(files),
  /** Forms from a blueprint (bank/assemble.ts, docs/decisions/0035): a 0–1 program for HiGHS, seconds of a core. */
  assemble: async (input: TAssembleInput) => (await import("./modules/bank/assemble")).assemble(input),
  /** An exam's IRT calibration (psychometrics/calibrate.ts, docs/decisions/0045): ~8 s of a core for 20,000 × 40. */
  calibrate: async (input: { matrix: ResponseMatrix; model: IrtModel; options: CalibrationOptions }) =>
    (await import("./psychometrics/calibrate")).calibrate(input.matrix, input.model, input.options),
  /** An exam's classical reliability over every school's attempts and each school's (decision 0067): 0.3 s of a core at 200,000 × 40. */
  reliability: async (input: Parameters<typeof classicalFiguresByReach>[0]) => (await import("./psychometrics/reliability")).classicalFiguresByReach(input),
  /** DIF's Mantel–Haenszel tallies over an exam's matrix (decision 0067): half a second of a core at 200,000 × 40. */
  dif: async (input: Parameters<typeof difOfCodedGroups>[0]) => (await import("./psychometrics/dif")).difOfCodedGroups(input),
};
export type TParseJob = keyof typeof PARSE_JOBS;
export type TParseInput<J extends TParseJob> = Parameters<(typeof PARSE_JOBS)[J]>[0];
export type TParseResult<J extends TParseJob> = Awaited<ReturnType<(typeof PARSE_JOBS)[J]>>;

export const runParseJob = <J extends TParseJob>(job: J, input: TParseInput<J>) => (PARSE_JOBS[job] as (input: TParseInput<J>) => Promise<TParseResult<J>>)(input);
