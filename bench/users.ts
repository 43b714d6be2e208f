// A school with thousands of students: how fast the students list answers, first page and a search.
// In-process through the real app (inject), so the figure is the server and the database, not the network.
//
//   npx tsx bench/users.ts                         # embedded database (PGlite)
//   DATABASE_URL=postgres://… npx tsx bench/users.ts
//   STUDENTS=5000 REPEAT=50 npx tsx bench/users.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { buildApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { createLocalStorage } from "../src/server/storage/storage";
import { authUsers, profiles, schools } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/password";

const STUDENTS = Number(process.env.STUDENTS ?? 5000);
const REPEAT = Number(process.env.REPEAT ?? 50);
const tag = randomBytes(3).toString("hex");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-bench-users-"));
const config = parseConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ADMIN_EMAIL: `admin-${tag}@bench.local`, ADMIN_PASSWORD: "bench-admin-1" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : dataDir });
await prepareDatabase(database.db, config.admin);

const schoolId = `bench_${tag}`;
await database.db.insert(schools).values({ id: schoolId, nameAr: "مدرسة القياس", nameEn: "Bench School" });
const hash = await hashPassword("bench-pass");
const names = ["محمد", "فاطمة", "Omar", "Aisha", "خالد", "Sara", "يوسف", "Layla"];
for (let i = 0; i < STUDENTS; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, STUDENTS - i) }, (_, j) => `s${i + j}-${tag}@bench.local`);
  const made = await database.db.insert(authUsers).values(batch.map((email) => ({ email, passwordHash: hash }))).returning({ id: authUsers.id, email: authUsers.email });
  await database.db
    .insert(profiles)
    .values(made.map((m, k) => ({ id: m.id, email: m.email, username: m.email.split("@")[0]!, name: `${names[(i + k) % names.length]} ${i + k}`, role: "student" as const, schoolId })));
}

const app = await buildApp({ config: { ...config, webDir: "/nonexistent" }, database, mailer: { kind: "outbox", send: async () => {} }, storage: createLocalStorage(config.filesDir), logger: false });
await app.ready();
const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: config.admin.email, password: "bench-admin-1", loginType: "admin" } });
const cookie = `qias_session=${login.cookies.find((c) => c.name === "qias_session")!.value}`;

async function measure(label: string, url: string) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    const r = await app.inject({ method: "GET", url, headers: { cookie } });
    times.push(performance.now() - t0);
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    total = r.json().total;
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${p(0.5).padStart(6)} ms   p95 ${p(0.95).padStart(6)} ms   (${total} matching)`);
}

console.log(`${STUDENTS} students in one school, ${REPEAT} requests each, ${config.databaseUrl ? "PostgreSQL" : "PGlite"}`);
await measure("first page (50)", `/api/users?group=students&schoolId=${schoolId}`);
await measure("page 60", `/api/users?group=students&page=60`);
await measure("search by name (Arabic)", `/api/users?group=students&q=${encodeURIComponent("فاطمة")}`);
await measure("search by email fragment", `/api/users?group=students&q=s4999-${tag}`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
