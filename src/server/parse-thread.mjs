// The thread a hostile upload is read in (parse-pool.ts, docs/decisions/0029). Plain JavaScript so that it loads the
// same under tsx, vitest and node: it lowers its own priority (on Linux a thread's nice value is its own), registers
// tsx for the TypeScript readers, then runs the one job it was started for and posts the answer.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

let nice = 0;
try {
  setPriority(workerData.nice); // this thread only
  nice = workerData.nice;
} catch {
  // not allowed here: the job runs at the priority of the rest
}
register();
const { runParseJob } = await import("./parse-jobs.ts");
try {
  parentPort.postMessage({ nice, value: await runParseJob(workerData.job, workerData.input) });
} catch (err) {
  parentPort.postMessage({ nice, error: { code: err?.name === "AppError" ? err.code : null, vars: err?.vars, message: String(err?.message ?? err) } });
}
