// The thread a hostile upload is read in (parse-pool.ts, docs/decisions/0029). Plain JavaScript so that it loads the
// same under tsx, vitest and node: it puts itself below everything else on the machine, tells the pool which thread
// it is (so the pool can count its CPU time), registers tsx for the TypeScript readers, then runs the one job it was
// started for and posts the answer.
//
// Its scheduling: SCHED_IDLE where Linux allows it (`chrt`), so a parse runs only on a core nothing else wants —
// a nice value is a share, not an order: at nice 15 the thread still took a quarter of a core from the password
// threads (nice 10) whenever they shared one, which on an exam morning's lobby was the sign-ins' whole margin
// (docs/performance.md, 2026-11-28). Failing that, the lowest nice value. A child process the thread starts (tsx's
// esbuild) inherits it.
import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

/** This thread's id in the kernel (Linux: /proc/thread-self), or null elsewhere. */
function threadId() {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").pop()) || null;
  } catch {
    return null;
  }
}

const tid = threadId();
let priority = "normal";
if (tid && spawnSync("chrt", ["--idle", "--pid", "0", String(tid)], { stdio: "ignore" }).status === 0) priority = "idle";
else {
  try {
    setPriority(workerData.nice); // this thread only
    priority = `nice ${workerData.nice}`;
  } catch {
    // not allowed here: the job runs at the priority of the rest
  }
}
parentPort.postMessage({ started: { tid, priority } });
const { register } = await import("tsx/esm/api");
register();
const { runParseJob } = await import("./parse-jobs.ts");
try {
  parentPort.postMessage({ value: await runParseJob(workerData.job, workerData.input) });
} catch (err) {
  parentPort.postMessage({ error: { code: err?.name === "AppError" ? err.code : null, vars: err?.vars, message: String(err?.message ?? err) } });
}
