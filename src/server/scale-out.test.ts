// Scale-out (issue 17): two instances of the real server on two ports over one PostgreSQL and one S3-compatible
// bucket (s3rver), as behind a load balancer. Nothing a request needs may live in one instance's memory: a session
// made on one works on the other and ends on both at once; a file uploaded to one downloads from the other; an
// exam edited on one reaches the student's copy on the other; an abandoned attempt is closed exactly once; and
// when one instance dies, its students carry on at the other with nothing lost.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { openDatabase, type TDatabase } from "./db/client";
import { attemptEvents, profiles, schools, studentExams } from "./db/schema";
import { createAccount } from "./auth/accounts";
import { createScratchDatabase } from "./test/harness";
import { freePort } from "./test/ports";

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) console.log("scale-out.test.ts: skipped — two instances over one database need PostgreSQL (set DATABASE_URL); the embedded database allows one process");

type TInstance = { proc: ChildProcess; url: string; output: () => string };

async function waitFor<T>(check: () => T | Promise<T>, ms: number, what: string): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A signed-in person: their cookie, sent to whichever instance a request names. */
class Person {
  cookie = "";
  async signIn(at: TInstance, email: string, password: string, loginType: "student" | "school" | "admin") {
    const res = await fetch(`${at.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password, loginType }) });
    expect(res.status, await res.clone().text()).toBe(200);
    this.cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    return this;
  }
  call(at: TInstance, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const json = body !== undefined && !(body instanceof FormData);
    return fetch(`${at.url}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(json ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
  }
}

const EXAM = (questionEn: string) => ({
  titleAr: "اختبار التوسع",
  titleEn: "Scale-out test",
  subjectId: "islamic",
  durationMinutes: 30,
  status: "published",
  questions: [
    {
      type: "multiple_choice",
      questionTextAr: "إلى أين هاجر النبي ﷺ؟",
      questionTextEn: questionEn,
      points: 2,
      options: [
        { optionTextAr: "المدينة", optionTextEn: "Madinah", isCorrect: true },
        { optionTextAr: "الطائف", optionTextEn: "Taif", isCorrect: false },
      ],
    },
    { type: "short_answer", questionTextAr: "اسم الغار؟", questionTextEn: "Name of the cave?", points: 1, correctAnswerText: "ثور" },
  ],
});

describe.skipIf(!baseUrl)("two instances over one PostgreSQL and one bucket", () => {
  const instances: TInstance[] = [];
  let dropDatabase = async () => {};
  let database: TDatabase | null = null;
  let s3: { close: () => Promise<void> } | null = null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "qias-scale-out-"));

  afterAll(async () => {
    for (const i of instances) if (i.proc.exitCode === null) i.proc.kill("SIGKILL");
    await database?.close();
    await s3?.close();
    await dropDatabase();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("shares sessions, files, exams and the sweep, and survives losing an instance", async () => {
    const S3rver = (await import("s3rver")).default;
    const bucket = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3"), configureBuckets: [{ name: "qias-scale" }] });
    const { port: s3Port } = (await bucket.run()) as { port: number };
    s3 = { close: () => bucket.close() };

    const scratch = await createScratchDatabase(baseUrl!, "qias_scale");
    dropDatabase = scratch.drop;

    // Both start at once over an empty database: they take turns to migrate and to create the first admin.
    const start = (name: string, port: number): TInstance => {
      let output = "";
      const proc = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
        env: {
          ...process.env,
          DATABASE_URL: scratch.url,
          WORKERS: "1",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: path.join(tmp, name),
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
          ADMIN_PASSWORD: "scale-admin-1",
          S3_BUCKET: "qias-scale",
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      proc.stdout!.on("data", (d) => (output += String(d)));
      proc.stderr!.on("data", (d) => (output += String(d)));
      const instance = { proc, url: `http://127.0.0.1:${port}`, output: () => output };
      instances.push(instance);
      return instance;
    };
    const a = start("a", await freePort());
    const b = start("b", await freePort());
    for (const i of [a, b]) await waitFor(() => i.output().includes("Qias is running on") || i.proc.exitCode !== null, 90_000, `an instance to start:\n${i.output()}`);
    expect(a.output() + b.output()).not.toContain("cannot start");
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 2 });
    const db = database.db;
    const [admins] = await db.select({ n: count() }).from(profiles).where(eq(profiles.role, "super_admin"));
    expect(admins!.n).toBe(1);

    await db.insert(schools).values({ id: "school_scale", nameAr: "مدرسة التوسع", nameEn: "Scale School" });
    const account = async (role: "teacher" | "student", name: string) => {
      const email = `${name}@scale.test`;
      const { id } = await createAccount(db, { email, password: "scale-pass-1", role, schoolId: "school_scale", name });
      return { id, email };
    };
    const [teacherAcc, s1Acc, s2Acc] = [await account("teacher", "teacher"), await account("student", "student1"), await account("student", "student2")];

    // A session made on one instance is honoured by the other.
    const teacher = await new Person().signIn(a, teacherAcc.email, "scale-pass-1", "school");
    expect((await teacher.call(b, "GET", "/api/auth/me")).status).toBe(200);
    const created = await teacher.call(b, "POST", "/api/exams", EXAM("Where did the Prophet migrate?"));
    expect(created.status, await created.clone().text()).toBe(201);
    const examId = ((await created.json()) as { id: string }).id;

    // An attempt abandoned past its deadline and grace, while both instances sweep: it is closed once.
    const s2 = await new Person().signIn(a, s2Acc.email, "scale-pass-1", "student");
    const abandoned = (await (await s2.call(b, "POST", `/api/student/exams/${examId}/attempt`, {})).json()) as { id: string };
    await db.update(studentExams).set({ deadlineAt: sql`now() - interval '5 minutes'` }).where(eq(studentExams.id, abandoned.id));

    // The student's copy cached by A follows an edit made on B.
    const s1 = await new Person().signIn(b, s1Acc.email, "scale-pass-1", "student");
    const paper1 = await s1.call(a, "GET", `/api/student/exams/${examId}/paper`);
    expect(paper1.status).toBe(200);
    expect(await paper1.text()).toContain("Where did the Prophet migrate?");
    const edited = await teacher.call(b, "PUT", `/api/exams/${examId}`, EXAM("To which city did the Prophet migrate?"));
    expect(edited.status, await edited.clone().text()).toBe(200);
    const exam = (await edited.json()) as { questions: { id: string; options: { id: string; isCorrect: boolean }[] }[] };
    const paper2 = await s1.call(a, "GET", `/api/student/exams/${examId}/paper`, undefined, { "if-none-match": paper1.headers.get("etag") ?? "" });
    expect(paper2.status).toBe(200);
    expect(await paper2.text()).toContain("To which city did the Prophet migrate?");

    // Started on A, answered on B.
    const attempt = (await (await s1.call(a, "POST", `/api/student/exams/${examId}/attempt`, {})).json()) as { id: string };
    const [q1, q2] = exam.questions;
    const saved = await s1.call(b, "PUT", `/api/attempts/${attempt.id}/answers/${q1!.id}`, { examId, selectedOptionId: q1!.options.find((o) => o.isCorrect)!.id, clientSeq: 1 });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // Uploaded to A, downloaded from B.
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.4 scale-out"], { type: "application/pdf" }), "خطة.pdf");
    form.append("studentIds", JSON.stringify([s1Acc.id]));
    const uploaded = await teacher.call(a, "POST", "/api/files", form);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const file = (await uploaded.json()) as { id: string };
    const downloaded = await s1.call(b, "GET", `/api/files/${file.id}/download`);
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe("%PDF-1.4 scale-out");

    // A sign-out on one instance ends the session on the other at once, though B had just remembered it.
    const s1Again = await new Person().signIn(a, s1Acc.email, "scale-pass-1", "student");
    expect((await s1Again.call(b, "GET", "/api/auth/me")).status).toBe(200);
    expect((await s1Again.call(a, "POST", "/api/auth/logout", {})).status).toBeLessThan(300);
    expect((await s1Again.call(b, "GET", "/api/auth/me")).status).toBe(401);
    // So does a password set by an administrator (every session of the user).
    const superAdmin = await new Person().signIn(b, "admin@qias.local", "scale-admin-1", "admin");
    const teacherOnA = await new Person().signIn(a, teacherAcc.email, "scale-pass-1", "school");
    expect((await teacherOnA.call(b, "GET", "/api/auth/me")).status).toBe(200);
    const reset = await superAdmin.call(a, "PATCH", `/api/users/${teacherAcc.id}`, { password: "scale-pass-2" });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await teacherOnA.call(b, "GET", "/api/auth/me")).status).toBe(401);
    expect((await teacher.call(a, "GET", "/api/auth/me")).status).toBe(401);

    // Both instances sweep every 30 s (they started together); the abandoned attempt is closed, once.
    await waitFor(async () => (await db.select().from(studentExams).where(eq(studentExams.id, abandoned.id)))[0]?.status !== "in_progress", 75_000, "the sweep");
    const [closes] = await db.select({ n: count() }).from(attemptEvents).where(and(eq(attemptEvents.studentId, s2Acc.id), eq(attemptEvents.kind, "auto_submitted")));
    expect(closes!.n).toBe(1);

    // Instance A dies mid-exam: student 1 (signed in on B) carries on at B, and nothing saved is lost.
    a.proc.kill("SIGKILL");
    await waitFor(() => a.proc.exitCode !== null || a.proc.signalCode !== null, 10_000, "instance A to die");
    const later = await s1.call(b, "PUT", `/api/attempts/${attempt.id}/answers/${q2!.id}`, { examId, answerText: "ثور", clientSeq: 1 });
    expect(later.status, await later.clone().text()).toBe(200);
    const submitted = await s1.call(b, "POST", `/api/attempts/${attempt.id}/submit`, {});
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const [mine] = await db.select().from(studentExams).where(eq(studentExams.id, attempt.id));
    expect(mine).toMatchObject({ status: "graded", score: 3 });
  }, 240_000);
});
