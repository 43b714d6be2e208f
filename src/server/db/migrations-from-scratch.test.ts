// The harnesses start from a copy of one migrated database (test/template.ts, docs/decisions/0062), so the migrations
// are run from scratch here, on the database this run uses (PGlite, or PostgreSQL when DATABASE_URL is set): every
// migration of the journal applies to an empty database, and what it makes is exactly the harnesses' database.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, MIGRATIONS_DIR, type TDatabase, type TDb } from "./client";
import { createHarness, createScratchDatabase, type THarness } from "../test/harness";

let scratch: TDatabase;
let dropScratch = async () => {};
let h: THarness;

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const empty = await createScratchDatabase(baseUrl, "qias_scratch"); // no template: an empty database
    dropScratch = empty.drop;
    scratch = await openDatabase({ databaseUrl: empty.url, dataDir: null, poolSize: 1 });
  } else {
    scratch = await openDatabase({ dataDir: null }); // no loadDataDir: an empty database
  }
  h = await createHarness();
}, 180_000); // a migration from scratch and a harness: twice the usual hook (60 s) ran out on a machine loaded ×15
afterAll(async () => {
  await h?.close();
  await scratch?.close();
  await dropScratch();
});

/** The shape of the public schema: columns, indexes, constraints, functions and triggers, sorted. */
async function schemaOf(db: TDb): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r));
  return [
    ...(await rows(sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, ordinal_position from information_schema.columns where table_schema = 'public'`)),
    ...(await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`)),
    ...(await rows(sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace`)),
    ...(await rows(sql`select proname, pg_get_functiondef(p.oid) as def from pg_proc p where pronamespace = 'public'::regnamespace and prokind = 'f'`)),
    ...(await rows(sql`select tgrelid::regclass::text as table_name, tgname from pg_trigger where not tgisinternal`)),
    ...(await rows(sql`select extname from pg_extension`)),
  ].sort();
}

it("applies every migration of the journal to an empty database, giving the harnesses' database", async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const applied = (await scratch.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  expect(applied.rows[0]!.n).toBe(journal.entries.length);

  const fromScratch = await schemaOf(scratch.db);
  expect(fromScratch.some((r) => r.includes('"table_name":"schools"'))).toBe(true);
  expect(await schemaOf(h.db)).toEqual(fromScratch);
});
