// A second process opening the same ./data gets a clear error instead of corrupting the embedded database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase, type TDatabase } from "./client";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-lock-"));
let first: TDatabase | undefined;
afterAll(async () => {
  await first?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.DATABASE_URL)("embedded database lock", () => {
  it("refuses a second process with a readable message, and frees the lock on close", async () => {
    first = await openDatabase({ dataDir: dir });
    const second = spawnSync(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
      env: { ...process.env, DATA_DIR: dir, PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Qias cannot start: Another Qias process (pid ${process.pid}) is using the database in ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);

    await first.close();
    first = undefined;
    expect(fs.existsSync(path.join(dir, "qias.lock"))).toBe(false);
  });

  it("takes over a lock left by a process that is gone", async () => {
    fs.writeFileSync(path.join(dir, "qias.lock"), "999999");
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });
});
