// Uploaded files that could be hostile (a QTI package, an .xlsx roster) are read off the event loop, in a thread of
// their own (docs/decisions/0029): a zip or XML crafted to take seconds of a core or gigabytes of memory then delays
// that one upload, not every sign-in and save of an exam morning. One thread per file, started for it and ended with
// it, scheduled only on a core nothing else wants (parse-thread.mjs); one file at a time per process; a heap and a
// CPU-time limit, past which the thread is ended and the file refused.
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { AppError } from "./http/errors";
import { isErrorCode } from "../shared/errors";
import { runParseJob, type TParseInput, type TParseJob, type TParseResult } from "./parse-jobs";

/** Where the system does not allow SCHED_IDLE: the lowest nice value, below the password threads' 10 (auth/password.ts). */
export const PARSE_NICE = 19;
/**
 * A package or roster that takes more than this of a core to read is not one anyone made by hand. CPU time, not the
 * clock's: on an exam morning the thread may wait minutes for an idle core, and a file is not too complex for that.
 */
export const PARSE_CPU_LIMIT_MS = 60_000;
/** How long a file may wait for idle cores in all before its author is told to try again after the exams. */
export const PARSE_WAIT_LIMIT_MS = 10 * 60_000;
/** The thread's JavaScript heap: a 5 MB XML file parses in about 200 MB (the unpacked bytes are outside it, capped by http/zip.ts). */
const PARSE_HEAP_MB = 768;
/** Linux counts a thread's CPU in clock ticks of 1/100 s (USER_HZ, 100 on every architecture Node runs on). */
const TICK_MS = 10;

type TAnswer = {
  started?: { tid: number | null; priority: string };
  value?: unknown;
  error?: { code: string | null; vars?: Record<string, string | number>; message: string };
};

/** How the last parse thread was scheduled ("idle", "nice 19", "normal"; the tests read it). */
export const parseThreadPriority = { value: null as string | null };

/** CPU time (ms) a thread of this process has used, from /proc; null where that cannot be read. */
function threadCpuMs(tid: number | null): number | null {
  if (!tid) return null;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces, so cut at its closing parenthesis): utime and stime are
    // the 14th and 15th of the line, the 12th and 13th after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function runInThread(job: TParseJob, input: unknown, refused: () => AppError, limits: TParseLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./parse-thread.mjs", import.meta.url), {
      workerData: { job, input, nice: PARSE_NICE },
      // Not the parent's flags (tsx's --import, vitest's): the thread registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    });
    const startedAt = Date.now();
    let tid: number | null = null;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      fn();
      void worker.terminate();
    };
    // The limits, looked at a few times a second: a thread past its CPU time is ended where it is, whatever it was
    // doing; one that has waited too long for idle cores is ended too, and its author asked to come back later.
    // Where the thread's CPU cannot be read (not Linux), the clock stands in for it. Looked at no less often than the
    // smaller limit, so that a limit shorter than the usual quarter-second is kept.
    const timer = setInterval(() => {
      const cpu = threadCpuMs(tid) ?? Date.now() - startedAt;
      if (cpu > limits.cpuMs) settle(() => reject(refused()));
      else if (Date.now() - startedAt > limits.waitMs) settle(() => reject(new AppError("FILE_WAITED_TOO_LONG")));
    }, Math.max(1, Math.min(250, limits.cpuMs, limits.waitMs)));
    worker.on("message", (m: TAnswer) => {
      if (m.started) {
        tid = m.started.tid;
        parseThreadPriority.value = m.started.priority;
        return;
      }
      settle(() => {
        if (!m.error) return resolve(m.value);
        const { code, vars, message } = m.error;
        reject(code && isErrorCode(code) ? new AppError(code, { vars }) : new Error(message));
      });
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or gone without an answer: the file took the thread down.
    worker.on("error", (err) => settle(() => reject(err && (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY" ? refused() : err)));
    worker.on("exit", () => settle(() => reject(refused())));
  });
}

export type TParseLimits = { cpuMs: number; waitMs: number };
const LIMITS: TParseLimits = { cpuMs: PARSE_CPU_LIMIT_MS, waitMs: PARSE_WAIT_LIMIT_MS };

/** The cells of the largest single calibration: 200,000 attempts × 40 questions (issue 39). */
const CALIBRATION_CELLS = 200_000 * 40;

/**
 * A calibration's limits (decision 0067): the files' minute of a core per 200,000 × 40 cells of its matrix, and never
 * less. A matrix is not a hostile upload but the database's own attempts; the limit stops a runaway, not a size. A
 * ministry's concurrent calibration of two forms (400,000 attempts × 70 questions) took 115 s of a core, and under a
 * flat minute it was refused whatever the machine.
 */
export function calibrationLimits(matrix: { nPersons: number; items: unknown[] }): TParseLimits {
  const cells = matrix.nPersons * matrix.items.length;
  return { cpuMs: Math.max(PARSE_CPU_LIMIT_MS, Math.round((PARSE_CPU_LIMIT_MS * cells) / CALIBRATION_CELLS)), waitMs: PARSE_WAIT_LIMIT_MS };
}

/**
 * Each lane's last job: a job waits for the one before it in its lane. Files (uploads, packages, calibrations: up to
 * a minute of a core each) and figures (an exam's reliability and DIF: under a second) have a lane each, so a view's
 * figures never wait behind a calibration (decision 0067).
 */
const lanes = { files: Promise.resolve() as Promise<unknown>, figures: Promise.resolve() as Promise<unknown> };

/**
 * `job` done on `input` in a parse thread, after the jobs before it in its lane in this process; `refused` is the
 * caller's refusal for a file that ran out of the thread's time or memory.
 */
export function parseInThread<J extends TParseJob>(job: J, input: TParseInput<J>, refused: () => AppError, limits: TParseLimits = LIMITS, lane: keyof typeof lanes = "files"): Promise<TParseResult<J>> {
  const run = lanes[lane].then(() => runInThread(job, input, refused, limits));
  lanes[lane] = run.catch(() => {});
  return run as Promise<TParseResult<J>>;
}

/**
 * The fewest rows of a matrix whose figures (reliability, DIF) are worked out in a parse thread rather than on the
 * event loop (decision 0067). Below it the figures take milliseconds, less than a thread's start; above it, at the
 * year's 200,000 rows, a quarter to a half second of a core each — the saves' and sign-ins' time, were it the loop's.
 * An object, so that a test can send every matrix to the thread.
 */
export const FIGURES_THREAD_ROWS = { value: 20_000 };

/**
 * `job` on `input`, a matrix of `rows` rows: here when it is small, else in a parse thread (in the figures' lane, at
 * the files' priority: only on a core nothing else wants). A thread that waited past the wait limit, or ran
 * out of its time or memory, is the server being busy: FIGURES_BUSY, try again later.
 */
export async function figuresOffLoop<J extends "reliability" | "dif">(job: J, input: TParseInput<J>, rows: number, limits = LIMITS): Promise<TParseResult<J>> {
  if (rows < FIGURES_THREAD_ROWS.value) return runParseJob(job, input);
  try {
    return await parseInThread(job, input, () => new AppError("FIGURES_BUSY"), limits, "figures");
  } catch (err) {
    throw err instanceof AppError && err.code === "FILE_WAITED_TOO_LONG" ? new AppError("FIGURES_BUSY") : err;
  }
}
