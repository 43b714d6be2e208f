// Makes the fixture of the item bank's migration test (src/server/db/bank-migration.test.ts; docs/decisions/0036):
// the demo database at the version before issue 34 — its rows, and what the services said of it (every result,
// grading sheet and item analysis) — as gzipped JSON. Run it once in a scratch worktree at that commit:
//   git worktree add /tmp/qias-689655e 689655e && ln -s "$PWD/node_modules" /tmp/qias-689655e/node_modules
//   cp scripts/bank-fixture.ts /tmp/qias-689655e/scripts/ && cd /tmp/qias-689655e
//   npx tsx scripts/bank-fixture.ts <repo>/src/server/db/fixtures/demo-0011.json.gz
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { seedDemo, seedDemoAttempts } from "../src/server/demo-data";
import { createLocalStorage } from "../src/server/storage/storage";
import { exams, profiles, studentExams } from "../src/server/db/schema";
import { findGradingSheet, findResult } from "../src/server/modules/results/results.service";
import { findItemAnalysis } from "../src/server/modules/analytics/item-analysis.service";
import type { TSessionUser } from "../src/shared/permissions";

/** The app's tables the test loads, in an order their foreign keys allow. */
const FIXTURE_TABLES = [
  "app_secrets",
  "subjects",
  "skills",
  "schools",
  "auth_users",
  "profiles",
  "exams",
  "exam_schools",
  "exam_media",
  "passages",
  "questions",
  "question_options",
  "sittings",
  "student_exams",
  "student_answers",
  "reports",
  "development_plans",
  "group_plans",
] as const;

const out = process.argv[2];
if (!out) throw new Error("usage: tsx scripts/bank-fixture.ts <out.json.gz>");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-fixture-"));
const database = await openDatabase({ dataDir: path.join(dir, "db") });
const db = database.db;
await prepareDatabase(db, { email: "admin@fixture.local", password: "fixture-admin-1", name: "Fixture Admin" });
const storage = createLocalStorage(path.join(dir, "files"));
await seedDemo(db, storage);
await seedDemoAttempts(db, storage);

const tables: Record<string, unknown[]> = {};
for (const t of FIXTURE_TABLES) tables[t] = rowsOf(await db.execute(sql.raw(`select * from ${t} order by 1`)));
// Passwords are not the test's business.
for (const u of tables.auth_users as { password_hash: string }[]) u.password_hash = "unused";

const [admin] = await db.select().from(profiles).where(eq(profiles.role, "super_admin"));
const actor: TSessionUser = { id: admin!.id, username: admin!.username, email: admin!.email, role: "super_admin", schoolId: null, name: admin!.name, grade: null };
const results: Record<string, unknown> = {};
for (const a of await db.select({ id: studentExams.id }).from(studentExams).orderBy(studentExams.id)) results[a.id] = await findResult(db, actor, a.id);
const sheets: Record<string, unknown> = {};
const analyses: Record<string, unknown> = {};
for (const e of await db.select({ id: exams.id }).from(exams).orderBy(exams.id)) {
  sheets[e.id] = await findGradingSheet(db, actor, e.id);
  analyses[e.id] = await findItemAnalysis(db, actor, e.id);
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, gzipSync(JSON.stringify({ commit: "689655e", tables, figures: { results, sheets, analyses } })));
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
console.log(`fixture written to ${out}`);
