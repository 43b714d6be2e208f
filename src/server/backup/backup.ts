// Backups of the embedded database and the uploaded files under DATA_DIR, as one .tar.gz, whether or not the server
// is running; and restoring one into an empty DATA_DIR (docs/decisions/0022). PostgreSQL and buckets have their own
// tools (README, "Backups").
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { Transform } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { DatabaseLockedError, embeddedDatabaseDir, isAlive, lockDataDir, MIGRATIONS_DIR } from "../db/client";
import { PARTIAL_SUFFIX } from "../storage/storage";
import type { TConfig } from "../config";

const { version } = createRequire(import.meta.url)("../../../package.json") as { version: string };
const FORMAT = "qias-backup";
const FORMAT_VERSION = 1;
/** The archive's first entry: what it holds, with every other entry's size and SHA-256. */
const MANIFEST = "qias-backup.json";
/**
 * The embedded database's data folder as a tar of its files, in the layout of PGlite's own dump (dumpDataDir): the
 * files of the folder, by their paths inside it, so PGlite's loadDataDir reads it too. Older backups hold PGlite's dump
 * itself (its names begin with "/"); both restore the same way (docs/decisions/0022).
 */
const DATABASE = "database.tar";
/** In the staging folder: the copy of the data folder, before it is tarred. */
const DATABASE_COPY = "pglite";
/** Where a restore keeps the backup's database.tar until its checksum is checked and it is unpacked. */
const STAGED_DATABASE = ".restore-database.tar";
/** Staging folders in DATA_DIR: `.backup-<pid of the process writing the backup>-<random>`. */
const STAGING_PREFIX = ".backup-";
/** The stored files, under the same keys as in DATA_DIR/files. */
const FILES = "files";

export type TManifest = {
  format: typeof FORMAT;
  version: number;
  qias: string;
  /** The last migration applied: its tag in src/server/db/migrations, and drizzle's timestamp of it. */
  migration: { tag: string | null; when: number };
  createdAt: string;
  /** Rows in each table of the database. */
  counts: Record<string, number>;
  entries: { path: string; size: number; sha256: string }[];
};

export type TBackupSummary = { file: string; bytes: number; rows: number; tables: number; files: number; manifest: TManifest };

export class BackupError extends Error {
  override name = "BackupError";
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

/** The local folder of uploaded files a backup takes, or null when they are in a bucket (backed up by its own tools). */
export function backedUpFilesDir(config: Pick<TConfig, "s3" | "filesDir">): string | null {
  return config.s3 ? null : config.filesDir;
}

/** Where a running server takes snapshot requests from `npm run backup`: a socket in DATA_DIR, for DATA_DIR's owner. */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "qias.sock");
}

type TSnapshot = { staging: string; pausedMs: number };

/** The staging folders of the backups this process is writing: never leftovers, whatever their pid says. */
const ownStagings = new Set<string>();

/**
 * Removes the staging folders of backups that will never finish: their writer (the pid in the name) is gone — killed,
 * or crashed — or it is this process's pid but not one of its backups (in a container the server is pid 1 after
 * every restart). A folder whose writer is alive is a backup under way, perhaps by another process: it is left.
 * Run by whoever holds DATA_DIR: at the server's start and before every snapshot.
 */
export async function removeLeftoverStagings(dataDir: string): Promise<string[]> {
  const removed: string[] = [];
  const names = await fsp.readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(STAGING_PREFIX))) {
    const full = path.join(dataDir, name);
    const writer = Number(/^\.backup-(\d+)-/.exec(name)?.[1] ?? 0);
    const underWay = writer === process.pid ? ownStagings.has(full) : writer > 0 && isAlive(writer);
    if (underWay) continue;
    await fsp.rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * The one consistent moment of a backup, for the backup written by process `writer`. A transaction holds the embedded
 * database's only connection, so every other query and transaction of the process waits while the database is
 * checkpointed (every change is then in the data files, and a restore replays no log), its data folder's files are
 * copied into a staging folder, and every stored file is hard-linked there. A stored file is written before its row
 * and removed only once its row is deleted (or inside the deleting transaction), so every row of the copy finds its
 * file among the links. The copy is made by the kernel (copyTree), not through this process's memory. Verifying,
 * packing, checksums and compression happen afterwards, from the staging folder, while writers go on.
 */
async function takeSnapshot(client: PGlite, dataDir: string, filesDir: string | null, writer: number): Promise<TSnapshot> {
  await removeLeftoverStagings(dataDir);
  const staging = await fsp.mkdtemp(path.join(dataDir, `${STAGING_PREFIX}${writer}-`));
  if (writer === process.pid) ownStagings.add(staging);
  try {
    const started = performance.now();
    await client.transaction(async (tx) => {
      await tx.exec("CHECKPOINT");
      await copyTree(embeddedDatabaseDir(dataDir), path.join(staging, DATABASE_COPY));
      if (filesDir) await linkTree(filesDir, path.join(staging, FILES));
    });
    return { staging, pausedMs: performance.now() - started };
  } catch (err) {
    ownStagings.delete(staging);
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A copy of every file under `from`, all at once (the copies queue on libuv's threads: a third to a half shorter than
 * fs.cp's one by one for the demo's 1,100 files), each a clone where the filesystem can (btrfs, XFS), else a
 * kernel copy.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  const entries = await fsp.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) return copyTree(source, target);
      return fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE);
    }),
  );
}

/** Hard links (a copy across filesystems) of every complete file under `from`: no bytes are copied while writers wait. */
async function linkTree(from: string, to: string): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  await fsp.mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile() && !entry.name.endsWith(PARTIAL_SUFFIX)) {
      await fsp.link(source, target).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === "EXDEV" || err.code === "EPERM") return fsp.copyFile(source, target);
        // Removed since the folder was read: its row was deleted before the snapshot began.
        if (err.code !== "ENOENT") throw err;
      });
    }
  }
}

/** Serves snapshots to `npm run backup` while this process holds the embedded database. */
export async function listenForBackups(client: PGlite, dataDir: string, filesDir: string | null): Promise<{ close: () => Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  // One left by a server that stopped without closing: this process holds DATA_DIR's lock, so no one else listens.
  await fsp.rm(socketPath, { force: true });
  // …and the staging folders of backups killed before they finished.
  await removeLeftoverStagings(dataDir);
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    // The request is one line: {"pid": the command's pid}, which names the staging folder as the command's.
    let asked = "";
    socket.on("data", (chunk: string) => {
      asked += chunk;
      if (!asked.includes("\n")) {
        if (asked.length > 100) socket.destroy();
        return;
      }
      socket.removeAllListeners("data");
      let writer = 0;
      try {
        writer = Number((JSON.parse(asked) as { pid?: unknown }).pid);
      } catch {
        /* answered below */
      }
      if (!Number.isSafeInteger(writer) || writer <= 0) return void socket.end(JSON.stringify({ error: "the request names no process" }));
      takeSnapshot(client, dataDir, filesDir, writer).then(
        (snapshot) => socket.end(JSON.stringify(snapshot)),
        (err: Error) => socket.end(JSON.stringify({ error: err.message })),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(socketPath, resolve));
  await fsp.chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function askServer(dataDir: string): Promise<TSnapshot> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(socketPath, () => socket.write(`${JSON.stringify({ pid: process.pid })}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (err: NodeJS.ErrnoException) =>
      reject(new BackupError(`another Qias process has the database in ${dataDir} open and did not answer on ${socketPath} (${err.code ?? err.message}).`)),
    );
    socket.on("end", () => {
      try {
        const reply = JSON.parse(answer) as TSnapshot | { error: string };
        if ("error" in reply) reject(new BackupError(`the running server could not take the snapshot: ${reply.error}`));
        else resolve(reply);
      } catch {
        reject(new BackupError(`the running server gave no snapshot on ${socketPath}.`));
      }
    });
  });
}

/** Takes the snapshot itself when no one holds the database, without migrating it: a backup keeps what it finds. */
async function snapshotHere(dataDir: string, filesDir: string | null): Promise<TSnapshot> {
  const release = lockDataDir(dataDir);
  try {
    const { createPGlite } = await import("../db/pglite");
    const client = await createPGlite(embeddedDatabaseDir(dataDir));
    try {
      return await takeSnapshot(client, dataDir, filesDir, process.pid);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Writes a backup of DATA_DIR to `to`, asking the server for the snapshot when it has the database open. */
export async function writeBackup(options: { dataDir: string; filesDir: string | null; to: string }): Promise<TBackupSummary & { pausedMs: number }> {
  const { dataDir, filesDir, to } = options;
  if (fs.existsSync(to)) throw new BackupError(`${to} already exists; name another file.`);
  if (!fs.existsSync(path.join(embeddedDatabaseDir(dataDir), "PG_VERSION"))) throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR).`);
  let snapshot: TSnapshot;
  try {
    snapshot = await snapshotHere(dataDir, filesDir);
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    snapshot = await askServer(dataDir);
  }
  ownStagings.add(snapshot.staging);
  try {
    const manifest = await pack(snapshot.staging, to);
    const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
    const files = manifest.entries.filter((e) => e.path.startsWith(`${FILES}/`)).length;
    return { file: to, bytes: (await fsp.stat(to)).size, rows, tables: Object.keys(manifest.counts).length, files, manifest, pausedMs: snapshot.pausedMs };
  } finally {
    await fsp.rm(snapshot.staging, { recursive: true, force: true });
    ownStagings.delete(snapshot.staging);
  }
}

/**
 * The staging folder as one .tar.gz, the manifest first. The copy of the database is opened and counted first (on
 * disk: PGlite reads its files as it needs them), then tarred as it was closed.
 */
async function pack(staging: string, to: string): Promise<TManifest> {
  const copy = path.join(staging, DATABASE_COPY);
  const { counts, migration } = await inspect(copy);
  await tar.c({ cwd: copy, file: path.join(staging, DATABASE), portable: true }, await fsp.readdir(copy));
  await fsp.rm(copy, { recursive: true });
  const paths = [DATABASE, ...(await listFiles(staging, FILES))];
  const entries: TManifest["entries"] = [];
  for (const p of paths) entries.push({ path: p, ...(await digest(path.join(staging, p))) });
  const manifest: TManifest = { format: FORMAT, version: FORMAT_VERSION, qias: version, migration, createdAt: new Date().toISOString(), counts, entries };
  await fsp.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
  // Written aside and renamed, so a file with the backup's name is always a whole one.
  const partial = `${to}${PARTIAL_SUFFIX}`;
  try {
    await tar.c({ gzip: true, cwd: staging, file: partial, portable: true }, [MANIFEST, ...paths]);
    await fsp.rename(partial, to);
  } catch (err) {
    await fsp.rm(partial, { force: true });
    throw err;
  }
  return manifest;
}

/** Paths (with "/") of the files under `root/dir`, relative to root. */
async function listFiles(root: string, dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await fsp.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const p = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await listFiles(root, p)));
    else found.push(p);
  }
  return found;
}

async function digest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };

/**
 * Opens a copy of the database's data folder and reads its row counts and migration level: a backup that PGlite
 * cannot open is found when it is made, not when it is needed.
 */
async function inspect(pgdata: string): Promise<Pick<TManifest, "counts" | "migration">> {
  const { createPGlite } = await import("../db/pglite");
  const client = await createPGlite(pgdata);
  try {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${name.replaceAll('"', '""')}"`);
      counts[name] = rows[0]!.n;
    }
    const { rows } = await client.query<{ when: string }>("select max(created_at)::text as when from drizzle.__drizzle_migrations");
    const when = Number(rows[0]?.when ?? 0);
    return { counts, migration: { tag: journal.entries.find((e) => e.when === when)?.tag ?? null, when } };
  } finally {
    await client.close();
  }
}

/**
 * Restores a backup into `dataDir`, which must be empty or new. Every entry is checked before it is written (only
 * the database and files under files/, never a path leading out) and against the manifest's sizes and checksums
 * after; the database is then opened and its row counts compared. On any refusal nothing is left behind.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<TBackupSummary> {
  const { file, dataDir } = options;
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist.`);
  const existed = fs.existsSync(dataDir);
  if (existed && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreError(`DATA_DIR ${dataDir} is not empty; restore into an empty or new folder (set DATA_DIR).`);
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  let restored = false;
  try {
    const manifest = await unpack(file, dataDir);
    const latest = Math.max(...journal.entries.map((e) => e.when));
    if (manifest.migration.when > latest) {
      throw new RestoreError(`${file} was made by a newer Qias (${manifest.qias}, migration ${manifest.migration.tag ?? manifest.migration.when}); update Qias first.`);
    }
    const { counts } = await inspect(embeddedDatabaseDir(dataDir));
    const differing = Object.keys({ ...counts, ...manifest.counts }).find((t) => counts[t] !== manifest.counts[t]);
    if (differing) throw new RestoreError(`${file} is damaged: table ${differing} has ${counts[differing] ?? 0} rows, the backup says ${manifest.counts[differing] ?? 0}.`);
    restored = true;
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    const files = manifest.entries.filter((e) => e.path.startsWith(`${FILES}/`)).length;
    return { file, bytes: (await fsp.stat(file)).size, rows, tables: Object.keys(counts).length, files, manifest };
  } finally {
    release();
    if (!restored) {
      // Retried: the unpacker of a cut-off database.tar may still be closing the file it was writing.
      const gone = { recursive: true, force: true, maxRetries: 10, retryDelay: 50 };
      if (existed) for (const name of await fsp.readdir(dataDir)) await fsp.rm(path.join(dataDir, name), gone);
      else await fsp.rm(dataDir, gone);
    }
  }
}

/** Writes the archive's entries into `dataDir`, refusing anything a Qias backup would not hold; returns its manifest. */
async function unpack(file: string, dataDir: string): Promise<TManifest> {
  const notBackup = (why: string) => new RestoreError(`${file} is not a Qias backup (${why}).`);
  const root = path.resolve(dataDir);
  const written = new Map<string, Promise<{ size: number; sha256: string }>>();
  let manifestText: Promise<string> | null = null;
  let refusal: RestoreError | null = null;
  const sinks: NodeJS.WritableStream[] = [];
  const onReadEntry = (entry: tar.ReadEntry) => {
    const first = manifestText === null && written.size === 0;
    if (refusal) return entry.resume();
    if (first) {
      if (entry.path !== MANIFEST || entry.type !== "File") {
        refusal = notBackup(`it begins with ${entry.path}, not ${MANIFEST}`);
        return entry.resume();
      }
      manifestText = entry.concat().then((b) => b.toString("utf8"));
      return;
    }
    const target = path.resolve(root, entry.path);
    const allowed = entry.path === DATABASE || target.startsWith(path.join(root, FILES) + path.sep);
    if (!allowed || path.isAbsolute(entry.path)) {
      refusal = new RestoreError(`${file} names a path outside the data folder, refused: ${entry.path}`);
      return entry.resume();
    }
    if (entry.type !== "File" || written.has(entry.path)) {
      refusal = new RestoreError(`${file} is damaged: unexpected ${entry.type} entry ${entry.path}.`);
      return entry.resume();
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash("sha256");
    let size = 0;
    // One consumer of the entry (it flows to the first one attached, so a second would miss what came before).
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Every entry is written to a file as it streams in — the database's tar beside the data folder, unpacked only
    // once its checksum is right. (Piping it straight into tar's unpacker chained two stream libraries' backpressure:
    // on CI, twice, a damaged archive's restore waited for a 'drain' that never came, and hung.)
    const out = fs.createWriteStream(entry.path === DATABASE ? path.join(root, STAGED_DATABASE) : target, { flags: "wx" });
    const done = new Promise<{ size: number; sha256: string }>((resolve, reject) => {
      out.on("close", () => resolve({ size, sha256: hash.digest("hex") }));
      out.on("error", (err: Error) => reject(refusal ?? new RestoreError(`${file} is damaged: ${entry.path} (${err.message}).`)));
    });
    done.catch(() => {}); // awaited once the archive is read; until then a failure must not count as unhandled
    written.set(entry.path, done);
    sinks.push(out);
    entry.pipe(counted).pipe(out);
  };
  try {
    // Read in small pieces: each is unzipped and handed on at once, so a 16 MB piece (tar's default) of a database
    // that compresses 20 times became 300 MB waiting in memory for the unpacker; 64 KB keeps it to a few.
    await tar.t({ file, strict: true, noResume: true, maxReadSize: 64 * 1024, onReadEntry });
  } catch (err) {
    // A cut-off archive leaves its last entry's writer open: closed, so nothing is written into the folder after the
    // refusal removes it.
    for (const sink of sinks) sink.end();
    await Promise.allSettled(written.values());
    throw refusal ?? new RestoreError(`${file} is damaged or not a Qias backup (${(err as Error).message}).`);
  }
  // Every entry written out (the database's may still be unpacking) before anything is judged.
  await Promise.allSettled(written.values());
  if (refusal) throw refusal;
  if (!manifestText) throw notBackup("it is empty");
  let manifest: TManifest;
  try {
    manifest = JSON.parse(await manifestText) as TManifest;
  } catch {
    throw notBackup(`${MANIFEST} is not JSON`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.entries)) throw notBackup(`${MANIFEST} is not a Qias manifest`);
  if (manifest.version !== FORMAT_VERSION) throw new RestoreError(`${file} is a Qias backup of format ${manifest.version}; this Qias reads format ${FORMAT_VERSION}.`);
  for (const expected of manifest.entries) {
    const got = await written.get(expected.path);
    if (!got) throw new RestoreError(`${file} is damaged: ${expected.path} is missing.`);
    if (got.size !== expected.size || got.sha256 !== expected.sha256) throw new RestoreError(`${file} is damaged: ${expected.path} does not match its checksum.`);
  }
  const extra = [...written.keys()].find((p) => !manifest.entries.some((e) => e.path === p));
  if (extra) throw new RestoreError(`${file} is damaged: ${extra} is not in its manifest.`);
  if (written.has(DATABASE)) {
    const staged = path.join(root, STAGED_DATABASE);
    await unpackDatabase(staged, embeddedDatabaseDir(root), (what) => (refusal ??= new RestoreError(`${file} is damaged: ${DATABASE} holds ${what}, refused.`)));
    if (refusal) throw refusal;
    await fsp.rm(staged);
  }
  return manifest;
}

/**
 * Unpacks the data folder's tar (checked against the manifest) into `pgdata` in 64 KB reads, never holding it whole:
 * folders and regular files only, every one inside `pgdata`; an archive tar cannot read is refused, not thrown. PGlite's own dump names its files "/PG_VERSION"…, which tar reads as relative to
 * the folder it unpacks into (the informational TAR_ENTRY_INFO says it stripped the "/").
 */
async function unpackDatabase(staged: string, pgdata: string, refuse: (what: string) => void): Promise<void> {
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  await tar.x({
    file: staged,
    cwd: pgdata,
    maxReadSize: 64 * 1024,
    filter: (name, entry) => {
      const type = "type" in entry ? entry.type : null;
      if (name.split("/").includes("..") || (type !== "File" && type !== "Directory")) {
        refuse(`${type ?? "an"} entry ${name}`);
        return false;
      }
      return true;
    },
    onwarn: (code, message) => {
      if (code !== "TAR_ENTRY_INFO") refuse(`${code}: ${message}`);
    },
  }).catch((err: Error) => refuse(err.message));
}
