// Builds the real app over a real database for API tests: in-memory PGlite by default; a fresh PostgreSQL
// database per test file when DATABASE_URL is set (dropped afterwards). Either starts as a copy of the run's migrated
// template when there is one (template.ts, docs/decisions/0062).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage, type TStorage } from "../storage/storage";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { parseConfig } from "../config";
import { openDatabase, type TDatabase, type TDb } from "../db/client";
import { buildApp } from "../app";
import { prepareDatabase } from "../bootstrap";
import { createAccount } from "../auth/accounts";
import type { TMail, TMailer } from "../mail/mailer";
import { schools } from "../db/schema";
import { pgliteTemplate, postgresTemplate } from "./template";
import type { TRole } from "../../shared/permissions";

export const ADMIN = { email: "admin@test.local", password: "admin-pass-1", name: "Test Admin" };

export type THarness = {
  app: FastifyInstance;
  db: TDb;
  mails: TMail[];
  config: ReturnType<typeof parseConfig>;
  /** The test's own PostgreSQL database (unset on PGlite). */
  databaseUrl?: string;
  /** Signs in through the real endpoint and returns the cookie header value. */
  signIn: (email: string, password: string, loginType: "student" | "school" | "admin") => Promise<string>;
  /** Creates an account of the given role (and its school when needed). */
  makeUser: (
    role: TRole,
    options?: { schoolId?: string | null; email?: string; password?: string; name?: string; grade?: number | null; className?: string | null },
  ) => Promise<{ id: string; email: string; password: string }>;
  makeSchool: (id?: string, name?: string) => Promise<string>;
  request: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  /** Runs every background job that is due (mail after a reply, bulk work) and says how many ran. */
  drainJobs: () => Promise<number>;
  /** A second app instance over the same database (scale-out: nothing may live in one instance's memory). */
  buildAnotherApp: () => Promise<FastifyInstance>;
  close: () => Promise<void>;
};

/**
 * A new PostgreSQL database on the server of `baseUrl` — empty, or a copy of the database `template` — its address,
 * and a way to drop it (even in use).
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import("pg")).default;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createHarness(options: { storage?: TStorage; config?: Record<string, string>; webDir?: string } = {}): Promise<THarness> {
  const baseUrl = process.env.DATABASE_URL;
  let database: TDatabase;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl, "qias_test", postgresTemplate());
    databaseUrl = scratch.url;
    database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 5 });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({ dataDir: null, loadDataDir: pgliteTemplate() });
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-test-"));
  const config = parseConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    ...options.config,
  });
  await prepareDatabase(database.db, config.admin);
  const mails: TMail[] = [];
  const mailer: TMailer = { kind: "outbox", send: async (m) => void mails.push(m) };
  const storage = options.storage ?? createLocalStorage(config.filesDir);
  const app = await buildApp({ config: { ...config, webDir: options.webDir ?? "/nonexistent" }, database, mailer, storage, logger: false });
  await app.ready();

  let counter = 0;
  const request: THarness["request"] = ({ cookie, headers, ...options }) =>
    app.inject({ ...options, headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) } });

  const signIn: THarness["signIn"] = async (email, password, loginType) => {
    const res = await request({ method: "POST", url: "/api/auth/login", payload: { email, password, loginType } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === "qias_session");
    return `qias_session=${cookie!.value}`;
  };

  const makeSchool: THarness["makeSchool"] = async (id, name) => {
    const schoolId = id ?? `school_${++counter}_${randomBytes(3).toString("hex")}`;
    await database.db.insert(schools).values({ id: schoolId, nameAr: name ?? `مدرسة ${schoolId}`, nameEn: name ?? `School ${schoolId}` });
    return schoolId;
  };

  const makeUser: THarness["makeUser"] = async (role, options = {}) => {
    const email = options.email ?? `${role}-${++counter}-${randomBytes(3).toString("hex")}@test.local`;
    const password = options.password ?? "secret-pass";
    let schoolId = options.schoolId;
    if (schoolId === undefined && role !== "super_admin") schoolId = await makeSchool();
    const { id } = await createAccount(database.db, { email, password, role, schoolId, name: options.name, grade: options.grade, className: options.className });
    return { id, email, password };
  };

  return {
    app,
    db: database.db,
    mails,
    config,
    databaseUrl,
    signIn,
    makeUser,
    makeSchool,
    request,
    drainJobs: () => app.jobs.drain(),
    buildAnotherApp: async () => {
      const other = await buildApp({ config: { ...config, webDir: "/nonexistent" }, database, mailer, storage, logger: false });
      await other.ready();
      return other;
    },
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
