// npm run backup / restore (issue 19): the demo and an upload made through the app, backed up while the app holds
// DATA_DIR open and again with it stopped, come back in a fresh folder with every row and every file's bytes; and a
// restore refuses a folder in use, a file that is not a backup, a damaged one and one naming a path outside.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import type { FastifyInstance } from "fastify";
import { parseConfig } from "../config";
import { openDatabase, rowsOf, type TDatabase, type TDb } from "../db/client";
import { buildApp } from "../app";
import { prepareDatabase } from "../bootstrap";
import { createLocalStorage } from "../storage/storage";
import { DEMO_PASSWORD, seedDemo, seedDemoAttempts } from "../demo-data";
import { multipart } from "../test/multipart";
import { PGlite } from "@electric-sql/pglite";
import { listenForBackups, restoreBackup, writeBackup } from "./backup";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "qias-backup-test-"));
const dataDir = path.join(work, "data");
const config = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
let database: TDatabase | null = null;
let app: FastifyInstance | null = null;
let backups: { close: () => Promise<void> } | null = null;
/** What the live database and files held when the first backup was taken. */
let before: { counts: Record<string, number>; users: unknown[]; files: Record<string, string> };

const UPLOAD = Buffer.from("%PDF-1.4 خطة القراءة\n" + "x".repeat(5000));

async function tableCounts(db: TDb): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  return counts;
}

const someUsers = async (db: TDb) =>
  rowsOf(await db.execute(sql`select a.id, a.email, a.password_hash, p.role, p.school_id from auth_users a join profiles p on p.id = a.id order by a.email`));

/** Every file under root, by its path, as the SHA-256 of its bytes (a readable diff when one differs). */
function filesUnder(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      found[path.relative(root, full)] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
    }
  }
  return found;
}

/** Opens a restored folder as the server does (migrations included) and checks it holds what was backed up. */
async function expectRestored(restoredDir: string) {
  const restored = await openDatabase({ dataDir: restoredDir });
  try {
    expect(await tableCounts(restored.db)).toEqual(before.counts);
    expect(await someUsers(restored.db)).toEqual(before.users);
  } finally {
    await restored.close();
  }
  expect(filesUnder(path.join(restoredDir, "files"))).toEqual(before.files);
}

const runCommand = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/server/backup/command.ts", ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  await prepareDatabase(database.db, config.admin);
  const storage = createLocalStorage(config.filesDir);
  app = await buildApp({ config: { ...config, webDir: "/nonexistent" }, database, storage, mailer: { kind: "outbox", send: async () => {} }, logger: false });
  await app.ready();
  await seedDemo(database.db, storage);
  await seedDemoAttempts(database.db, storage);
  // One more file, uploaded through the API with an Arabic name, as a teacher does.
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "teacher1.dubai@demo.qias.ae", password: DEMO_PASSWORD, loginType: "school" } });
  const cookie = `qias_session=${login.cookies.find((c) => c.name === "qias_session")!.value}`;
  const { payload, headers } = multipart([{ name: "file", filename: "خطة القراءة.pdf", type: "application/pdf", content: UPLOAD }]);
  const res = await app.inject({ method: "POST", url: "/api/files", payload, headers: { ...headers, cookie } });
  expect(res.statusCode).toBe(201);
  backups = await listenForBackups(database.pglite!, dataDir, config.filesDir);
}, 240_000);

afterAll(async () => {
  await backups?.close();
  await app?.close();
  await database?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!!process.env.DATABASE_URL)("backup and restore of the embedded database", () => {
  const liveBackup = path.join(work, "live.tar.gz");

  it("backs up while the app holds DATA_DIR open, and restores every row and file into a fresh folder", async () => {
    before = { counts: await tableCounts(database!.db), users: await someUsers(database!.db), files: filesUnder(config.filesDir) };
    expect(before.counts.auth_users).toBeGreaterThan(60);
    expect(before.counts.exam_media).toBeGreaterThan(0);
    expect(Object.values(before.files)).toContain(createHash("sha256").update(UPLOAD).digest("hex"));

    // This process holds DATA_DIR's lock, as a running server does: the snapshot comes over the socket.
    const summary = await writeBackup({ dataDir, filesDir: config.filesDir, to: liveBackup });
    expect(summary.files).toBe(Object.keys(before.files).length);
    expect(summary.manifest.counts).toEqual(before.counts);
    expect(summary.manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith(".backup-"))).toEqual([]);

    const restoredDir = path.join(work, "restored-live");
    const restored = await restoreBackup({ file: liveBackup, dataDir: restoredDir });
    expect(restored.rows).toBe(summary.rows);
    await expectRestored(restoredDir);
  }, 180_000);

  const stagings = () => fs.readdirSync(dataDir).filter((n) => n.startsWith(".backup-")).sort();

  it("cleans the staging folder of a backup killed while writing, at the next backup and at the server's start, and leaves one under way", async () => {
    // npm run backup, killed once the server gave it the snapshot, while it packs.
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/backup/command.ts", "backup", path.join(work, "killed.tar.gz")], {
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const staging = `.backup-${child.pid}-`;
    const deadline = Date.now() + 90_000;
    while (!stagings().some((n) => n.startsWith(staging) && fs.existsSync(path.join(dataDir, n, "database.tar")))) {
      expect(Date.now(), "the command never began to pack").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill("SIGKILL");
    await exited;
    expect(stagings().filter((n) => n.startsWith(staging))).toHaveLength(1);
    // Others: one of this process's pid that is none of its backups (a restarted container's pid 1), one from before
    // staging folders were named by their writer, and one of a live process (a backup under way elsewhere).
    const alive = `.backup-${process.ppid}-underway`;
    for (const name of [`.backup-${process.pid}-stale`, ".backup-Xq3ZaB", alive]) fs.mkdirSync(path.join(dataDir, name));

    const next = await writeBackup({ dataDir, filesDir: config.filesDir, to: path.join(work, "next.tar.gz") });
    expect(next.manifest.counts).toEqual(before.counts);
    expect(stagings()).toEqual([alive]);

    fs.mkdirSync(path.join(dataDir, `.backup-${process.pid}-stale`));
    await backups!.close();
    backups = await listenForBackups(database!.pglite!, dataDir, config.filesDir);
    expect(stagings()).toEqual([alive]);
    fs.rmSync(path.join(dataDir, alive), { recursive: true });

    // The socket's one request names the writing process; anything else takes no snapshot.
    const ask = (line: string) =>
      new Promise<string>((resolve) => {
        let answer = "";
        const socket = net.connect(path.join(dataDir, "qias.sock"), () => socket.write(line));
        socket.setEncoding("utf8").on("data", (c: string) => (answer += c)).on("close", () => resolve(answer));
      });
    for (const line of ["{}\n", '{"pid":"../x"}\n', "not json\n", '{"pid":-1}\n']) {
      expect(JSON.parse(await ask(line)), line).toEqual({ error: "the request names no process" });
    }
    expect(await ask("x".repeat(200))).toBe("");
    expect(stagings()).toEqual([]);
  }, 180_000);

  it("restores a backup whose database.tar is PGlite's own dump (as Qias wrote them before), and PGlite's loader reads the new one", async () => {
    // The live backup, its database.tar replaced by PGlite's dump of the same database and the manifest updated.
    const unpacked = path.join(work, "as-before");
    fs.mkdirSync(unpacked);
    await tar.x({ file: liveBackup, cwd: unpacked });
    const ours = fs.readFileSync(path.join(unpacked, "database.tar"));
    const dump = Buffer.from(await (await database!.pglite!.dumpDataDir("none")).arrayBuffer());
    fs.writeFileSync(path.join(unpacked, "database.tar"), dump);
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "qias-backup.json"), "utf8")) as { entries: { path: string; size: number; sha256: string }[] };
    Object.assign(manifest.entries.find((e) => e.path === "database.tar")!, { size: dump.length, sha256: createHash("sha256").update(dump).digest("hex") });
    fs.writeFileSync(path.join(unpacked, "qias-backup.json"), JSON.stringify(manifest));
    const asBefore = path.join(work, "as-before.tar.gz");
    const names: string[] = [];
    await tar.t({ file: liveBackup, onReadEntry: (e) => void names.push(e.path) });
    await tar.c({ gzip: true, cwd: unpacked, file: asBefore }, names);
    const restoredDir = path.join(work, "restored-as-before");
    await restoreBackup({ file: asBefore, dataDir: restoredDir });
    await expectRestored(restoredDir);

    // A Qias from before this change restores with PGlite's loadDataDir: it reads the new database.tar as its own.
    const loaded = await PGlite.create({ loadDataDir: new Blob([ours]) });
    try {
      expect((await loaded.query<{ n: number }>("select count(*)::int as n from auth_users")).rows[0]!.n).toBe(before.counts.auth_users);
    } finally {
      await loaded.close();
    }
  }, 180_000);

  it("backs up with the server stopped, and says so in one line each way", async () => {
    await backups!.close();
    backups = null;
    await app!.close();
    app = null;
    await database!.close();
    database = null;

    const file = path.join(work, "stopped.tar.gz");
    const backedUp = runCommand(["backup", file], { DATA_DIR: dataDir });
    expect(backedUp.stderr).toBe("");
    expect(backedUp.stdout.trim()).toMatch(
      new RegExp(`^Backup written: ${file} \\(\\d+\\.\\d MB\\): [\\d,]+ rows in \\d+ tables, ${Object.keys(before.files).length} stored files; writers waited \\d+\\.\\d s\\.$`),
    );
    expect(fs.existsSync(path.join(dataDir, "qias.lock"))).toBe(false);

    const restoredDir = path.join(work, "restored-stopped");
    const restored = runCommand(["restore", file], { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe("");
    expect(restored.stdout.trim()).toMatch(new RegExp(`^Restored ${file} \\(Qias .*\\) into ${restoredDir}: [\\d,]+ rows in \\d+ tables, ${Object.keys(before.files).length} stored files\\.`));
    await expectRestored(restoredDir);
  }, 180_000);

  it("refuses a DATA_DIR that is not empty", async () => {
    const busy = path.join(work, "busy");
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, "notes.txt"), "mine");
    await expect(restoreBackup({ file: liveBackup, dataDir: busy })).rejects.toThrow(`DATA_DIR ${busy} is not empty`);
    expect(fs.readdirSync(busy)).toEqual(["notes.txt"]);
  });

  /** Restores `file` into a new folder, expects `message`, and that nothing was left behind. */
  async function expectRefused(file: string, message: string | RegExp) {
    const target = path.join(work, `refused-${path.basename(file)}`);
    await expect(restoreBackup({ file, dataDir: target })).rejects.toThrow(message);
    expect(fs.existsSync(target)).toBe(false);
  }

  it("refuses a file that is not a Qias backup", async () => {
    const text = path.join(work, "notes.txt");
    fs.writeFileSync(text, "just some notes");
    await expectRefused(text, /is damaged or not a Qias backup/);
    const other = path.join(work, "other.tar.gz");
    fs.writeFileSync(path.join(work, "readme.md"), "hello");
    await tar.c({ gzip: true, cwd: work, file: other }, ["readme.md"]);
    await expectRefused(other, `${other} is not a Qias backup (it begins with readme.md, not qias-backup.json)`);
  });

  it("refuses a damaged backup: a changed file, a cut-off file", async () => {
    // The same archive with one stored file's bytes changed and the manifest kept.
    const unpacked = path.join(work, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.x({ file: liveBackup, cwd: unpacked });
    const names: string[] = [];
    await tar.t({ file: liveBackup, onReadEntry: (e) => void names.push(e.path) });
    const changed = names.find((n) => n.endsWith(".pdf"))!;
    fs.appendFileSync(path.join(unpacked, changed), "!");
    const tampered = path.join(work, "tampered.tar.gz");
    await tar.c({ gzip: true, cwd: unpacked, file: tampered }, names);
    await expectRefused(tampered, `${tampered} is damaged: ${changed} does not match its checksum.`);

    const cut = path.join(work, "cut.tar.gz");
    const whole = fs.readFileSync(liveBackup);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefused(cut, /is damaged/);
    // A database.tar whose bytes were changed is refused by its checksum before a byte of it is unpacked.
    const dbChanged = path.join(work, "db-changed.tar.gz");
    const database = path.join(unpacked, "database.tar");
    fs.writeFileSync(database, Buffer.concat([fs.readFileSync(database).subarray(0, 512 * 40), Buffer.alloc(1024)]));
    await tar.c({ gzip: true, cwd: unpacked, file: dbChanged }, names);
    await expectRefused(dbChanged, `${dbChanged} is damaged: database.tar does not match its checksum.`);
    // Real tar and gzip of the whole backup twice, beside the suite's other files on two cores: its siblings' time.
  }, 180_000);

  it("refuses an entry whose path leads out of the data folder, writing nothing, in the archive or in its database.tar", async () => {
    const escaping = "files/../../escaped.txt";
    const content = Buffer.from("owned");
    const manifest = Buffer.from(
      JSON.stringify({ format: "qias-backup", version: 1, qias: "0.1.0", migration: { tag: null, when: 0 }, createdAt: "", counts: {}, entries: [] }),
    );
    const entry = (name: string, body: Buffer) => {
      const header = new tar.Header({ path: name, mode: 0o644, size: body.length, type: "File", mtime: new Date(0) });
      header.encode();
      return [header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512)];
    };
    const slip = path.join(work, "slip.tar.gz");
    fs.writeFileSync(slip, gzipSync(Buffer.concat([...entry("qias-backup.json", manifest), ...entry(escaping, content), Buffer.alloc(1024)])));
    await expectRefused(slip, `${slip} names a path outside the data folder, refused: ${escaping}`);
    expect(fs.existsSync(path.join(work, "escaped.txt"))).toBe(false);

    // …and inside database.tar, whose checksum is right (it is unpacked only then): a path leading out, or a link.
    for (const [name, type] of [["../../escaped-db.txt", "File"], ["base/link", "SymbolicLink"]] as const) {
      const header = new tar.Header({ path: name, mode: 0o644, size: type === "File" ? content.length : 0, type, linkpath: type === "File" ? "" : "/etc/passwd", mtime: new Date(0) });
      header.encode();
      const inner = Buffer.concat([header.block!, ...(type === "File" ? [content, Buffer.alloc(512 - content.length)] : []), Buffer.alloc(1024)]);
      const named = Buffer.from(
        JSON.stringify({
          ...JSON.parse(manifest.toString()),
          entries: [{ path: "database.tar", size: inner.length, sha256: createHash("sha256").update(inner).digest("hex") }],
        }),
      );
      const bad = path.join(work, `bad-database-${type}.tar.gz`);
      fs.writeFileSync(bad, gzipSync(Buffer.concat([...entry("qias-backup.json", named), ...entry("database.tar", inner), Buffer.alloc(1024)])));
      await expectRefused(bad, `${bad} is damaged: database.tar holds ${type} entry ${name}, refused.`);
    }
    expect(fs.existsSync(path.join(work, "escaped-db.txt"))).toBe(false);
  });

  it("does not pretend with DATABASE_URL: it names pg_dump and fails", () => {
    const r = runCommand(["backup"], { DATABASE_URL: "postgres://qias@127.0.0.1:1/qias", DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toMatch(/^Backup not written: DATABASE_URL is set: back PostgreSQL up with its own tools, e.g\. pg_dump .*$/);
  });
});
