// What bench/reports.ts and bench/analytics.ts both start from: a throwaway database (PostgreSQL with
// DATABASE_URL, else embedded), one school with one teacher and one published exam of theirs, and the real app
// with the teacher signed in.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase } from "../src/server/db/client";
import { prepareDatabase } from "../src/server/bootstrap";
import { buildApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { createLocalStorage } from "../src/server/storage/storage";
import { authUsers, examSchools, exams, profiles, schools } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/password";

export async function openBench(name: string) {
  const tag = randomBytes(3).toString("hex");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `qias-bench-${name}-`));
  const config = parseConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ADMIN_EMAIL: `admin-${tag}@bench.local`, ADMIN_PASSWORD: "bench-admin-1" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : dataDir, poolSize: 10 });
  await prepareDatabase(database.db, config.admin);
  const { db } = database;

  const schoolId = `bench_${tag}`;
  await db.insert(schools).values({ id: schoolId, nameAr: "مدرسة القياس", nameEn: "Bench School" });
  // One hash for every bench account: hashing thousands of passwords would be the bench.
  const passwordHash = await hashPassword("bench-pass");
  const teacherEmail = `t-${tag}@bench.local`;
  const [teacher] = await db.insert(authUsers).values({ email: teacherEmail, passwordHash }).returning({ id: authUsers.id });
  await db.insert(profiles).values({ id: teacher!.id, email: teacherEmail, username: `t-${tag}`, name: "Bench Teacher", role: "teacher", schoolId });
  const [exam] = await db
    .insert(exams)
    .values({ titleAr: "اختبار القياس", titleEn: "Bench exam", subjectId: "arabic", status: "published", creatorId: teacher!.id })
    .returning({ id: exams.id });
  await db.insert(examSchools).values({ examId: exam!.id, schoolId });

  /** The app over the same database, and the teacher's session cookie. */
  const startApp = async () => {
    const app = await buildApp({ config: { ...config, webDir: "/nonexistent" }, database, mailer: { kind: "outbox", send: async () => {} }, storage: createLocalStorage(config.filesDir), logger: false });
    await app.ready();
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: teacherEmail, password: "bench-pass", loginType: "school" } });
    const cookie = `qias_session=${login.cookies.find((c) => c.name === "qias_session")!.value}`;
    return { app, cookie };
  };
  const close = async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { tag, config, database, db, schoolId, passwordHash, examId: exam!.id, startApp, close };
}
