// What the benchmarks share: the HTTP client, CPU readings from /proc, percentiles, and ways to send work
// (a pool kept busy, or an open loop at a steady rate).
import http from "node:http";
import fs from "node:fs";
import { LeanHttpClient } from "./lean-http";

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// The client: lean-http.ts by default; CLIENT=node uses node:http with keep-alive (nearly twice the CPU per
// request; fetch costs more still). The client shares the two cores with the server and the database, so what
// it spends is taken from the server it measures; the CPU columns of the report show each one's share.
export type TSend = (method: string, urlPath: string, cookie: string, body: string) => Promise<{ status: number; text: string }>;
export function makeClient(port: number, connections: number): { send: TSend; close: () => void } {
  if (process.env.CLIENT !== "node") {
    const client = new LeanHttpClient(port, connections);
    return { send: (method, urlPath, cookie, body) => client.request(method, urlPath, { cookie, "content-type": "application/json" }, body), close: () => client.close() };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send: TSend = (method, urlPath, cookie, body) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: urlPath, method, agent, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is no /proc. */
export function cpuMsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** CPU time of each PostgreSQL process on this machine (the local server the bench is meant for). */
export function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.existsSync("/proc") ? fs.readdirSync("/proc") : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").startsWith("postgres")) byPid.set(Number(entry), cpuMsOf(Number(entry)) ?? 0);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return byPid;
}
/** CPU spent between two readings by the processes alive at the second (a backend that ended takes its time with it). */
export function cpuSpent(before: Map<number, number>, now: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

export async function waitForServer(base: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

export async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Sends item i when it is due (i / rate seconds after the start), however long earlier ones take. */
export async function runAtRate<T>(items: T[], rate: number, work: (item: T, due: number) => Promise<void>) {
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  let i = 0;
  while (i < items.length) {
    const due = Math.min(items.length, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
    for (; i < due; i++) pending.push(work(items[i]!, t0 + (i * 1000) / rate));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
}

