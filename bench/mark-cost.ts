// What a mark costs its transaction at the year (issue 39, decision 0054: "A mark's cost at the year" in
// docs/performance.md): one attempt's figures out and in (a teacher's mark) and in only (a submission), for 20
// attempts of one school of an exam, each in a transaction that is rolled back — the old figures.ts (OLD_REF, read from
// git) against the current one, paired (old and new alternate attempt by attempt, which goes first alternating too), beside a floor
// measured in the same run: the attempt's answers read once. Nothing is written: it may run beside a year others use.
//   DATABASE_URL=postgres://…/qias_year npx tsx bench/mark-cost.ts                 # timings, old against new
//   DATABASE_URL=postgres://…/qias_year EXPLAIN=1 npx tsx bench/mark-cost.ts       # each statement's plan (ANALYZE, BUFFERS), one attempt
// SEED_TAG=<tag> picks the school m<tag>_1 of the year bench/ministry.ts seeded (else the first m…_1 school found);
// OLD_REF is the commit whose figures.ts is "old" (default 34446e5: main before the fix of stop 10); ROUNDS (default 1)
// repeats the 20 attempts.
// It opens its own pool and never migrates (openDatabase would apply this branch's migrations to the year).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import * as schema from "../src/server/db/schema";
import { rowsOf, type TDb, type TTx } from "../src/server/db/client";
import * as current from "../src/server/modules/analytics/figures";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (the seeded year, PostgreSQL) is needed");
const OLD_REF = process.env.OLD_REF ?? "34446e5";
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const EXPLAIN = process.env.EXPLAIN === "1";

// The old figures.ts beside the current one (its relative imports resolve the same), removed when the run ends.
const here = path.dirname(fileURLToPath(import.meta.url));
const oldFile = path.join(here, "../src/server/modules/analytics/figures.bench-old.ts");
fs.writeFileSync(oldFile, execFileSync("git", ["show", `${OLD_REF}:src/server/modules/analytics/figures.ts`], { cwd: here }));
process.on("exit", () => fs.rmSync(oldFile, { force: true }));
const old = (await import(oldFile)) as typeof current;

// One connection: the year is shared, so one session at a time. In EXPLAIN mode each statement of the figures runs
// as EXPLAIN (ANALYZE, BUFFERS) instead (which runs it); a read whose rows the code uses runs once more for them.
let explaining = false;
const client = new pg.Client({ connectionString: url });
await client.connect();
const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
(client as unknown as { query: unknown }).query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
  const text = typeof config === "string" ? config : config.text;
  if (!explaining || /^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) return query(config, values);
  const params = typeof config === "string" ? values : (config.values ?? values);
  const plan = await query(`explain (analyze, buffers) ${text}`, params);
  console.log(`\n--- ${text.replace(/\s+/g, " ").slice(0, 160)}…\n${plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
  return /^\s*(with[\s\S]*\)\s*)?(insert|update|delete)\b/i.test(text) || /\binsert into\b/i.test(text) ? plan : query(config, values);
};
const db = drizzle({ client, schema }) as unknown as TDb;

const [school] = rowsOf<{ id: string }>(
  await db.execute(process.env.SEED_TAG ? sql`select ${`m${process.env.SEED_TAG}_1`}::text as id` : sql`select id from schools where id like 'm%\_1' order by id limit 1`),
);
const [exam] = rowsOf<{ id: string }>(
  await db.execute(sql`select se.exam_id as id from student_exams se join profiles p on p.id = se.student_id where p.school_id = ${school!.id} and se.status = 'graded' limit 1`),
);
const ids = rowsOf<{ id: string }>(
  await db.execute(sql`select se.id from student_exams se join profiles p on p.id = se.student_id where se.exam_id = ${exam!.id}::uuid and p.school_id = ${school!.id} and se.status = 'graded' limit 20`),
).map((r) => r.id);
const [size] = rowsOf<{ answers: number }>(await db.execute(sql`select count(*)::int as answers from all_student_answers where student_exam_id = ${ids[0]!}::uuid`));
console.log(`exam ${exam!.id}, school ${school!.id}: ${ids.length} graded attempts of ${size!.answers} answers each; old = ${OLD_REF}'s figures.ts`);

/** Runs `work` in a transaction that is rolled back; its time in ms. */
async function timed(work: (tx: TTx) => Promise<unknown>): Promise<number> {
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const t = performance.now();
      await work(tx);
      ms = performance.now() - t;
      throw new Error("rollback");
    })
    .catch((err: Error) => {
      if (err.message !== "rollback") throw err;
    });
  return ms;
}

const mark = (f: typeof current, id: string) => (tx: TTx) => f.recountFigures(tx, [id], async () => {});
const submission = (f: typeof current, id: string) => (tx: TTx) => f.applyFigures(tx, [id], 1);
/** The floor: the attempt's answers, every column the figures read, once. */
const floor = (id: string) => (tx: TTx) => tx.execute(sql`select * from all_student_answers where student_exam_id = ${id}::uuid`);

if (EXPLAIN) {
  const [firstOfGroup] = rowsOf<{ id: string }>(
    await db.execute(sql`select se.id from student_exams se join profiles p on p.id = se.student_id where se.exam_id = ${exam!.id}::uuid and p.school_id = ${school!.id} and se.status = 'graded' order by se.completed_at limit 1`),
  );
  for (const [name, f] of [["old", old], ["new", current]] as const) {
    console.log(`\n===== ${name}: a submission (in only), attempt ${ids[0]}`);
    explaining = true;
    await timed(submission(f, ids[0]!));
    console.log(`\n===== ${name}: a mark (out and in), attempt ${ids[1]}`);
    await timed(mark(f, ids[1]!));
    // The school's earliest submission is its group's first: taken out, the group's first is looked up again.
    console.log(`\n===== ${name}: a mark of its group's first submission, attempt ${firstOfGroup!.id}`);
    await timed(mark(f, firstOfGroup!.id));
    explaining = false;
  }
} else {
  const ms: Record<string, number[]> = { "mark old": [], "mark new": [], "submission old": [], "submission new": [], floor: [] };
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(", ");
  const loadBefore = load();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, id] of ids.entries()) {
      const pair = i % 2 ? (["new", "old"] as const) : (["old", "new"] as const);
      ms.floor!.push(await timed(floor(id)));
      for (const which of pair) ms[`mark ${which}`]!.push(await timed(mark(which === "old" ? old : current, id)));
      for (const which of pair) ms[`submission ${which}`]!.push(await timed(submission(which === "old" ? old : current, id)));
    }
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`;
  };
  console.log(`\nwhat a mark costs its transaction, ${ids.length * ROUNDS} attempts (paired), load average before ${loadBefore}, after ${load()}`);
  for (const [k, xs] of Object.entries(ms)) console.log(`  ${k.padEnd(15)} ${stat(xs)}`);
  console.log("  (floor: the attempt's answers read once)");
}
await client.end();
