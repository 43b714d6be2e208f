// One database type over two drivers: PGlite (embedded, default) or node-postgres (DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fillPlaceholders, getTableColumns, type SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTable } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import { openNotices, type TNotices } from "./notices";
import * as schema from "./schema";

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a service works with: the database or a transaction. Inside a transaction, always use `tx`. */
export type TTx = Parameters<Parameters<TDb["transaction"]>[0]>[0];
export type TDbOrTx = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: "pglite" | "postgres";
  /** Notices between the processes sharing this database (PostgreSQL); null for the embedded one (one process). */
  notices: TNotices | null;
  /** The connection pool's state, for /metrics (PostgreSQL); null for the embedded database, one connection in the process. */
  poolStats: (() => { inUse: number; idle: number; waiting: number }) | null;
  /** The embedded database's own client, whose snapshot a backup takes (src/server/backup); null on PostgreSQL. */
  pglite: PGlite | null;
  close: () => Promise<void>;
};

/** The key of the advisory lock held while migrating (a constant no other lock of the app uses). */
const MIGRATION_LOCK = 0x51a5_0003;
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

/** Where the embedded database keeps its files under DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * Opens the database and applies the committed migrations.
 * - `databaseUrl`: PostgreSQL through a connection pool.
 * - otherwise PGlite under `<dataDir>/pglite`, guarded by a lock file so that a second process fails clearly
 *   instead of corrupting the files; `dataDir: null` gives an in-memory PGlite (tests), started from `loadDataDir` (a
 *   PGlite dump) when given: the tests' already-migrated database (docs/decisions/0062), which the migrator then finds
 *   up to date.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null; poolSize?: number; loadDataDir?: Blob }): Promise<TDatabase> {
  if (options.databaseUrl) {
    const { Pool } = (await import("pg")).default;
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // A connection that cannot be made within 10 s fails (503 to the client) instead of holding the request.
    // Connections are kept once opened (no idle timeout): opening one costs a SCRAM exchange on the thread pool, and
    // closing idle ones during a quiet lobby meant reopening them all at the sitting's start (bench:exam-day).
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 0 });
    // An idle client that errors (the server restarted) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzle({ client: pool, schema }) as unknown as TDb;
    // Instances started at once take turns to migrate: the first applies what is new, the others find it done.
    // The lock is held on a connection of its own, so a pool of one can still migrate.
    const { Client } = (await import("pg")).default;
    const lock = new Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000 });
    lock.on("error", () => {});
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK]);
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.end().catch(() => {}); // ending the session releases the lock
    }
    preparedRunners.set(db, async (name, text, values) => (await pool.query({ name, text, values })).rows);
    const notices = openNotices(options.databaseUrl, (text, values) => pool.query(text, values));
    noticesByDb.set(db, notices);
    return {
      db,
      kind: "postgres",
      notices,
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pglite: null,
      close: async () => {
        await notices.close();
        await pool.end();
      },
    };
  }

  const { createPGlite } = await import("./pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let release = () => {};
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
    try {
      client = await createPGlite(embeddedDatabaseDir(options.dataDir));
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await createPGlite(undefined, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzle({ client, schema }) as unknown as TDb;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  // PGlite has one connection in the same process and no statement names to keep; parameters are enough.
  preparedRunners.set(db, async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows);
  return {
    db,
    kind: "pglite",
    notices: null,
    poolStats: null,
    pglite: client,
    close: async () => {
      await client.close();
      release();
    },
  };
}

const heldLocks = new Set<string>();

/**
 * Claims DATA_DIR for this process (the server, the demo, a backup or a restore): a lock file holding our pid; a stale one (its process is gone) is taken over. A file with our own pid that
 * this process does not hold is stale too: in a container the server is pid 1 after every restart.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "qias.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      heldLocks.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldLocks.delete(lockPath);
        process.off("exit", release); // a process that locks many folders (restores, tests) keeps no listener each
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockPath, "utf8").trim());
      const ours = pid === process.pid;
      if (pid && ((ours && heldLocks.has(lockPath)) || (!ours && isAlive(pid)))) {
        throw new DatabaseLockedError(
          `Another Qias process (pid ${pid}) is using the database in ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}.`);
}

/** Whether process `pid` is running (EPERM: it is, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

type TPreparedRunner = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
const preparedRunners = new WeakMap<object, TPreparedRunner>();
const noticesByDb = new WeakMap<object, TNotices>();

/** The notices of the processes sharing this database handle, if there can be more than one (PostgreSQL). */
export function noticesOf(db: TDb): TNotices | null {
  return noticesByDb.get(db) ?? null;
}
const dialect = new PgDialect();

/**
 * A statement that an exam morning sends thousands of times a second (an answer save, a session lookup), written
 * once with `sql.placeholder("name")` for its values. It is compiled to SQL text once, and on PostgreSQL runs as a
 * named prepared statement, planned once per connection instead of on every call: on a 2-core machine the answer
 * upsert alone went from about 2,750 to 5,100 per second. It runs on the database handle, never in a transaction.
 */
export function preparedStatement<T>(name: string, query: SQL): TPrepared<T> {
  let compiled: { sql: string; params: unknown[] } | undefined;
  const runOn = (db: TDb, suffix: string, prefix: string, values: Record<string, unknown>) => {
    const run = preparedRunners.get(db);
    if (!run) throw new Error(`${name}: prepared statements run on the database handle opened by openDatabase`);
    compiled ??= dialect.sqlToQuery(query);
    return run(name + suffix, prefix + compiled.sql, fillPlaceholders(compiled.params, values));
  };
  const statement = async (db: TDb, values: Record<string, unknown>) => (await runOn(db, "", "", values)) as T[];
  // The plan the database makes for these values, as EXPLAIN prints it: a test can hold a plan to its shape.
  statement.explain = async (db: TDb, values: Record<string, unknown>) =>
    (await runOn(db, ":explain", "explain ", values)).map((row) => String(Object.values(row)[0])).join("\n");
  return statement;
}
type TPrepared<T> = ((db: TDb, values: Record<string, unknown>) => Promise<T[]>) & { explain: (db: TDb, values: Record<string, unknown>) => Promise<string> };

/** True for the handle openDatabase returned, false for a transaction's `tx`. */
export function isDatabaseHandle(db: TDbOrTx): db is TDb {
  return preparedRunners.has(db);
}

/** Rows of `table` from raw SQL, made what Drizzle's select gives: the drivers differ (dates as text or as Date). */
export function rowMapper<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T["$inferSelect"] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => Object.fromEntries(columns.map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])])) as T["$inferSelect"];
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
