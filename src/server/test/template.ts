// The tests' migrated database, made once per `vitest run` (global-setup.ts) and copied for each harness
// (docs/decisions/0062): running the ~33 migrations cost ~5 s per harness on PGlite, copying their result ~1 s.
// PGlite: a dump of its data folder in a file, loaded by each harness (loadDataDir). PostgreSQL: a template
// database, copied by CREATE DATABASE … TEMPLATE. Without one (a single file run outside this setup, or the template
// could not be made) a harness migrates a database of its own as before. The migrations themselves are still run
// from scratch by db/migrations-from-scratch.test.ts, on both databases.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase } from "../db/client";

/** Where a worker finds the template: set by the global setup in the main process, inherited by the workers. */
export const PGLITE_TEMPLATE_ENV = "QIAS_TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "QIAS_TEST_POSTGRES_TEMPLATE";

/** Makes the template for the database the tests run on; returns how to remove it. Never throws: no template, no copy. */
export async function makeTestTemplate(): Promise<() => Promise<void>> {
  const started = Date.now();
  try {
    const remove = process.env.DATABASE_URL ? await makePostgresTemplate(process.env.DATABASE_URL) : await makePgliteTemplate();
    console.log(`test database template made in ${Date.now() - started} ms`);
    return remove;
  } catch (err) {
    console.warn(`no test database template (each harness migrates its own database): ${(err as Error).message}`);
    return async () => {};
  }
}

async function makePgliteTemplate(): Promise<() => Promise<void>> {
  const database = await openDatabase({ dataDir: null });
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-test-template-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function makePostgresTemplate(baseUrl: string): Promise<() => Promise<void>> {
  const pg = (await import("pg")).default;
  const name = `qias_template_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const drop = async () => {
    await admin(`ALTER DATABASE ${name} WITH IS_TEMPLATE false ALLOW_CONNECTIONS true`).catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 1 });
    await database.close();
    // A template is copied only while nobody is connected to it: from now on nobody may.
    await admin(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await drop();
  };
}

let pgliteDump: { file: string; blob: Blob } | null = null;

/** The PGlite dump to start a harness's database from, or undefined to migrate one from scratch. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  if (pgliteDump?.file !== file) pgliteDump = { file, blob: new Blob([fs.readFileSync(file)]) };
  return pgliteDump.blob;
}

/** The PostgreSQL template database to copy for a harness, or undefined to migrate one from scratch. */
export function postgresTemplate(): string | undefined {
  return process.env[POSTGRES_TEMPLATE_ENV] || undefined;
}
