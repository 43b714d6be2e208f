// The item bank's migration (issue 34; docs/decisions/0036) over the demo database as it was before the issue
// (fixtures/demo-0011.json.gz, made by scripts/bank-fixture.ts at commit 689655e): every row is still there as it
// was, every question is a bank item's version 1 holding its content, and every result, grading sheet and item
// analysis the services give is the one they gave before.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPGlite } from "./pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { asc, eq } from "drizzle-orm";
import * as schema from "./schema";
import type { TDb } from "./client";
import { createScratchDatabase } from "../test/harness";
import { contentsOfRows, searchTextOf } from "../modules/bank/content";
import { fillSearchText } from "../modules/bank/search-text";
import { findGradingSheet, findResult } from "../modules/results/results.service";
import { computeItemAnalysis, findItemAnalysis } from "../modules/analytics/item-analysis.service";
import type { TItemAnalysis } from "../../shared/schemas/analytics";
import type { TSessionUser } from "../../shared/permissions";

const MIGRATIONS = path.join(import.meta.dirname, "migrations");
const TAG = "0015_item_bank";
type TFixture = { tables: Record<string, Record<string, unknown>[]>; figures: { results: Record<string, unknown>; sheets: Record<string, unknown>; analyses: Record<string, unknown> } };
const fixture = JSON.parse(gunzipSync(fs.readFileSync(path.join(import.meta.dirname, "fixtures", "demo-0011.json.gz"))).toString("utf8")) as TFixture;
/** Values as JSON carries them (dates as ISO text), for comparing. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const tenDigits = (v: unknown): unknown => JSON.parse(JSON.stringify(v), (_k, x: unknown) => (typeof x === "number" ? Number(x.toPrecision(10)) : x));

/** PGlite by default; a scratch PostgreSQL database when DATABASE_URL is set (the SQL is meant for both). */
type TClient = { query: <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>; close: () => Promise<void> };
let client: TClient;
let db: TDb;
let dir: string;
let migrateTo: (folder: string) => Promise<void>;

/** A migrations folder holding only the migrations before TAG: the database as it was. */
function migrationsBefore(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-bank-migration-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, at);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const pg = (await import("pg")).default;
    const { drizzle: pgDrizzle } = await import("drizzle-orm/node-postgres");
    const { migrate: pgMigrate } = await import("drizzle-orm/node-postgres/migrator");
    const scratch = await createScratchDatabase(baseUrl, "qias_bank_migration");
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    client = { query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }), close: async () => (await pool.end(), await scratch.drop()) };
    db = pgDrizzle({ client: pool, schema }) as unknown as TDb;
    migrateTo = (folder) => pgMigrate(db as never, { migrationsFolder: folder });
  } else {
    const lite = await createPGlite();
    client = { query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await lite.query<T>(text, params)).rows }), close: () => lite.close() };
    db = drizzle({ client: lite, schema }) as unknown as TDb;
    migrateTo = (folder) => migrate(db as never, { migrationsFolder: folder });
  }
  await migrateTo(migrationsBefore());
  for (const [table, rows] of Object.entries(fixture.tables)) {
    await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1) on conflict do nothing`, [JSON.stringify(rows)]);
  }
  await migrateTo(MIGRATIONS);
  await fillSearchText(db);
}, 120_000);
afterAll(async () => {
  await client?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A value without the `interaction` and `response` keys that are null (the old types' answers carry them empty). */
function withoutNullItemTypes(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNullItemTypes);
  if (v === null || typeof v !== "object") return v;
  // Results carry the pictures the paper showed since decision 0064 (`image` on questions, choices and pairs), and
  // the passages their questions were asked about (`passages`, `passageId`) since its amendment.
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => !((k === "interaction" || k === "response") && x === null) && !["image", "passages", "passageId"].includes(k))
      .map(([k, x]) => [k, withoutNullItemTypes(x)]),
  );
}

describe("0012 item bank over the demo database of 689655e", () => {
  it("keeps every row of every table as it was", async () => {
    expect(fixture.tables.questions!.length).toBeGreaterThan(10);
    expect(fixture.tables.student_answers!.length).toBeGreaterThan(100);
    for (const [table, rows] of Object.entries(fixture.tables)) {
      // The fixture's own columns: those added by this migration and later ones are checked by the tests below.
      const columns = Object.keys(rows[0] ?? {});
      const strip = (list: Record<string, unknown>[]) => list.map((r) => JSON.stringify(columns.map((c) => [c, r[c]]))).sort();
      // Both sides as PostgreSQL writes them in JSON (numbers, dates and documents alike): today's rows, and the
      // fixture's read back through the same table type.
      const json = async (from: string, params: unknown[] = []) =>
        (await client.query<{ rows: Record<string, unknown>[] }>(`select coalesce(json_agg(x), '[]') as rows from (select * from ${from}) x`, params)).rows[0]!.rows;
      const now = await json(table);
      const before = await json(`json_populate_recordset(null::${table}, $1)`, [JSON.stringify(rows)]);
      expect(now.length, table).toBe(rows.length);
      if (table === "questions") for (const r of now) expect([r.replaced_at, r.current_from]).toEqual([null, null]);
      expect(strip(now), table).toEqual(strip(before));
    }
  });

  it("makes every question a bank item of its exam's school, version 1 holding its content and passage", async () => {
    const rows = await db.select().from(schema.questions).orderBy(asc(schema.questions.id));
    const contents = await contentsOfRows(db, rows);
    const superAdmins = new Set((await db.select({ id: schema.profiles.id }).from(schema.profiles).where(eq(schema.profiles.role, "super_admin"))).map((p) => p.id));
    let system = 0;
    for (const row of rows) {
      const [v] = await db.select().from(schema.bankItemVersions).where(eq(schema.bankItemVersions.id, row.itemVersionId));
      const [item] = await db.select().from(schema.bankItems).where(eq(schema.bankItems.id, v!.itemId));
      const [exam] = await db.select().from(schema.exams).where(eq(schema.exams.id, row.examId));
      const [creator] = exam!.creatorId ? await db.select().from(schema.profiles).where(eq(schema.profiles.id, exam!.creatorId)) : [];
      expect(v!.version).toBe(1);
      expect(item!.currentVersion).toBe(1);
      expect(plain(v!.content)).toEqual(plain(contents.get(row.id)));
      if (row.passageId) expect(v!.content.passage?.textAr ?? v!.content.passage?.textEn).toBeTruthy();
      expect(item!.subjectId).toBe(exam!.subjectId);
      expect(item!.schoolId).toBe(creator && !superAdmins.has(creator.id) ? creator.schoolId : null);
      if (item!.schoolId === null) system++;
      expect(item!.type).toBe(row.type);
      expect(item!.skillId).toBe(row.skillId);
      expect(item!.searchText).toBe(searchTextOf(v!.content));
      expect(item!.searchText).not.toBe("");
    }
    // The demo has teachers' exams; every item there is a school's.
    expect(system).toBeLessThan(rows.length);
  });

  it("gives every result, grading sheet and item analysis the services gave before", async () => {
    const [admin] = await db.select().from(schema.profiles).where(eq(schema.profiles.role, "super_admin"));
    const actor: TSessionUser = { id: admin!.id, username: admin!.username, email: admin!.email, role: "super_admin", schoolId: null, name: admin!.name, grade: null };
    expect(Object.keys(fixture.figures.results).length).toBeGreaterThan(10);
    // The scale score came later (issue 35, 0049); the fixture's database has no scale, so none is on one.
    for (const [attemptId, before] of Object.entries(fixture.figures.results)) {
      const now = plain(await findResult(db, actor, attemptId)) as { attempt: Record<string, unknown> };
      const { scaleScore, ...attempt } = now.attempt;
      expect(scaleScore, attemptId).toBeNull();
      // The item types' content and response came later (issue 36, 0057): null on every answer of the five old types;
      // the pictures later still (decision 0064).
      expect({ ...(withoutNullItemTypes(now) as object), attempt }, attemptId).toEqual(before);
    }
    for (const [examId, before] of Object.entries(fixture.figures.sheets)) expect(plain(await findGradingSheet(db, actor, examId)), examId).toEqual(before);
    // Figures summed in another order may differ in the last binary digit: compared to ten significant digits. The
    // parallel forms' fields came later (issue 34, 0038); the fixture's exams have none.
    // Kelley's groups share the attempts tied at an edge since decision 0066 (they were broken by attempt id): the
    // groups' figures — upper − lower, each option's group shares, the flag read from them — are compared with the
    // same figures worked out from every answer, everything else with what the services gave before.
    const groupsOf = (a: TItemAnalysis) => a.questions.map((q) => [q.upperLowerDifference, q.options.map((o) => [o.upperShare, o.lowerShare]), q.flags.includes("distractor_attracts_strong")]);
    const withoutGroups = (a: TItemAnalysis) => ({
      ...a,
      questions: a.questions.map((q) => ({ ...q, upperLowerDifference: null, options: q.options.map((o) => ({ ...o, upperShare: null, lowerShare: null })), flags: q.flags.filter((f) => f !== "distractor_attracts_strong") })),
    });
    for (const [examId, before] of Object.entries(fixture.figures.analyses)) {
      // figuresAsOf came later too (decision 0068): the fixture's figures count every mark.
      const { forms, form, figuresAsOf, ...now } = await findItemAnalysis(db, actor, examId);
      expect([forms, form, figuresAsOf]).toEqual([[], null, null]);
      expect(tenDigits(plain(withoutGroups(now as TItemAnalysis))), examId).toEqual(tenDigits(withoutGroups(before as TItemAnalysis)));
      const [exam] = await db.select().from(schema.exams).where(eq(schema.exams.id, examId));
      const fromAnswers = await computeItemAnalysis(db, actor, exam!, !now.keyWithheld, { numbers: [], chosen: null }, "answers");
      expect(tenDigits(groupsOf(now as TItemAnalysis)), examId).toEqual(tenDigits(groupsOf(fromAnswers)));
    }
  });
});
