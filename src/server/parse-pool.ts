// Uploaded files that could be hostile (a QTI package, an .xlsx roster) are read off the event loop, in a thread of
// their own (docs/decisions/0029): a zip or XML crafted to take seconds of a core or gigabytes of memory then delays
// that one upload, not every sign-in and save of an exam morning. One thread per file, started for it and ended with
// it, at a lower priority than the password threads; one file at a time per process, so imports take at most one
// core between them; a heap and a time limit, past which the thread is ended and the file refused.
import { Worker } from "node:worker_threads";
import { AppError } from "./http/errors";
import { isErrorCode } from "../shared/errors";
import type { TParseInput, TParseJob, TParseResult } from "./parse-jobs";

/** Below the password threads' 10 (auth/password.ts): a sign-in's derivation goes before an import's parsing. */
export const PARSE_NICE = 15;
/** A package or roster that takes longer than this to read is not one anyone made by hand. */
export const PARSE_TIME_LIMIT_MS = 60_000;
/** The thread's JavaScript heap: a 5 MB XML file parses in about 200 MB (the unpacked bytes are outside it, capped by http/zip.ts). */
const PARSE_HEAP_MB = 768;

type TAnswer = { nice: number; value?: unknown; error?: { code: string | null; vars?: Record<string, string | number>; message: string } };

/** The nice value the last parse thread ran at (the tests read it). */
export const parseThreadNice = { value: null as number | null };

function runInThread(job: TParseJob, input: unknown, refused: () => AppError, timeLimitMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./parse-thread.mjs", import.meta.url), {
      workerData: { job, input, nice: PARSE_NICE },
      // Not the parent's flags (tsx's --import, vitest's): the thread registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    // Out of time: the thread is ended where it is, whatever it was doing.
    const timer = setTimeout(() => settle(() => reject(refused())), timeLimitMs);
    worker.on("message", (m: TAnswer) =>
      settle(() => {
        parseThreadNice.value = m.nice;
        if (!m.error) return resolve(m.value);
        const { code, vars, message } = m.error;
        reject(code && isErrorCode(code) ? new AppError(code, { vars }) : new Error(message));
      }),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or gone without an answer: the file took the thread down.
    worker.on("error", (err) => settle(() => reject(err && (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY" ? refused() : err)));
    worker.on("exit", () => settle(() => reject(refused())));
  });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * `job` done on `input` in a parse thread, after the files before it in this process; `refused` is the caller's
 * refusal for a file that ran out of the thread's time or memory.
 */
export function parseInThread<J extends TParseJob>(job: J, input: TParseInput<J>, refused: () => AppError, timeLimitMs = PARSE_TIME_LIMIT_MS): Promise<TParseResult<J>> {
  const run = queue.then(() => runInThread(job, input, refused, timeLimitMs));
  queue = run.catch(() => {});
  return run as Promise<TParseResult<J>>;
}
