// What `npm start` tells whoever starts Qias (issue 19): at the default log level, where it is running and, while
// the first admin's password is the default, a warning to change it — at every start, not only the first — and
// nothing else (not the warm-up's requests, not Fastify's own "listening" lines). Real traffic after the start
// is still logged. The real server process, on the embedded database (or a scratch PostgreSQL database with
// DATABASE_URL).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createScratchDatabase } from "./test/harness";
import { freePort } from "./test/ports";
import { scryptEngine } from "./auth/password";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-start-"));
let server: ChildProcess | null = null;
let dropDatabase = async () => {};
afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, ms: number, what: () => string) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server with nothing configured but where it listens and keeps its data; resolves once it runs. */
async function start(env: Record<string, string>): Promise<{ output: () => string; stop: () => Promise<number | null> }> {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  await waitFor(() => output.includes("Qias is running on") || child.exitCode !== null, 90_000, () => `the server to start:\n${output}`);
  return {
    output: () => output,
    stop: () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      return exited;
    },
  };
}

it("says where Qias runs and warns about the default admin password, and nothing else; requests after it are logged", async () => {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WORKERS: "1" };
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, "qias_start");
    dropDatabase = scratch.drop;
    env.DATABASE_URL = scratch.url;
  }
  const database = env.DATABASE_URL ? `PostgreSQL database ${new URL(env.DATABASE_URL).pathname.slice(1)} on 127.0.0.1:5432` : `the embedded database in ${dataDir}`;
  const changeIt = `sign in at http://localhost:${port}/login/admin and change it on the My account page (http://localhost:${port}/dashboard/account).`;

  const first = await start(env);
  expect(first.output().trim().split("\n")).toEqual([
    `Created the first super_admin admin@qias.local with the default password "ChangeMe123!": ${changeIt}`,
    `Qias is running on http://localhost:${port} with ${database}; passwords by ${scryptEngine}.`,
  ]);
  expect(first.output()).not.toMatch(/postgres(ql)?:\/\/[^ ]*:[^ ]*@/); // no password of DATABASE_URL

  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  await waitFor(() => first.output().includes('"request completed"'), 5000, () => `a request log line:\n${first.output()}`);
  expect(await first.stop()).toBe(0);

  // A restart says it again while the default password still opens the account.
  const again = await start(env);
  expect(again.output().trim().split("\n")).toEqual([
    `The first super_admin admin@qias.local still has the default password "ChangeMe123!": ${changeIt}`,
    `Qias is running on http://localhost:${port} with ${database}; passwords by ${scryptEngine}.`,
  ]);
  expect(await again.stop()).toBe(0);
}, 240_000);
