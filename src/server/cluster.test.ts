// WORKERS (issue 17): the real server started as a cluster over PostgreSQL — it migrates once, runs two workers on
// one port, replaces a worker that dies, and stops them all on SIGTERM. The embedded database allows one process
// (config refuses WORKERS > 1 without DATABASE_URL, tested in config.test.ts), so this runs on PostgreSQL only.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "./test/harness";
import { freePort } from "./test/ports";

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) console.log("cluster.test.ts: skipped — a cluster of workers needs PostgreSQL (set DATABASE_URL); the embedded database allows one process");

/** The worker processes of `pid`, read from /proc (a fresh Debian machine may have no pgrep). */
const workersOf = (pid: number): number[] =>
  fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        // "pid (comm) state ppid …": the command may hold spaces, so read after its closing parenthesis.
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const cmdline = fs.readFileSync(`/proc/${d}/cmdline`, "utf8");
        return ppid === pid && cmdline.includes("src/server/index.ts") ? [Number(d)] : [];
      } catch {
        return []; // gone meanwhile
      }
    });

async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const METRICS_TOKEN = "cluster-metrics-token-1";

describe.skipIf(!baseUrl)("the server as a cluster (WORKERS=2)", () => {
  let server: ChildProcess | null = null;
  let dropDatabase = async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-cluster-"));
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates once, serves from two workers on one port, adds their metrics up, replaces one that dies, stops on SIGTERM", async () => {
    const scratch = await createScratchDatabase(baseUrl!, "qias_cluster");
    dropDatabase = scratch.drop;
    const port = await freePort();
    let output = "";
    server = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
      env: { ...process.env, DATABASE_URL: scratch.url, WORKERS: "2", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", ADMIN_PASSWORD: "cluster-admin-1", METRICS_TOKEN: METRICS_TOKEN },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d) => (output += String(d)));
    server.stderr!.on("data", (d) => (output += String(d)));
    await waitFor(() => output.includes("2 workers"), 60_000, `the cluster to start:\n${output}`);
    expect(output.match(/Qias is running on/g)).toHaveLength(1);

    const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200;
    expect(await health()).toBe(true);
    const workers = workersOf(server.pid!);
    expect(workers).toHaveLength(2);

    // /metrics answers for the whole server, whichever worker the scrape reaches: the primary adds up the workers' figures.
    for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/healthz`);
    const healthCount = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      return Number(/^qias_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(await res.text())?.[1]);
    };
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push(await healthCount());
    expect(counts).toEqual(Array(6).fill(21));

    // A worker dies: another takes its place, and the port keeps answering.
    process.kill(workers[0]!, "SIGKILL");
    await waitFor(() => output.includes("starting another"), 10_000, "the primary to notice");
    await waitFor(() => workersOf(server!.pid!).length === 2 && !workersOf(server!.pid!).includes(workers[0]!), 60_000, "a new worker");
    await waitFor(health, 60_000, "the port to answer");

    // SIGTERM stops every worker, then the primary.
    const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(workersOf(server.pid!)).toEqual([]);
  }, 180_000);
});
