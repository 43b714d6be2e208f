// A fault drill: PostgreSQL goes away while students save answers (a restart, a failover), then comes back. The
// app reaches the database through a TCP proxy the test can cut. While it is cut, saves are answered 503 with
// Retry-After (the take page retries those; a 500 would look like a bug), the outage is logged once rather than
// once per request, and the answer texts never reach the log. When it is back, saves go through again.
import net from "node:net";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { openDatabase, type TDatabase } from "./client";
import { buildApp } from "../app";
import { resetOutageLog } from "../http/log";
import type { FastifyInstance } from "fastify";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) console.log("outage.test.ts: skipped — the drill cuts a PostgreSQL connection (set DATABASE_URL); the embedded database runs in-process and cannot go away");

/** A TCP proxy in front of PostgreSQL that can refuse connections and drop the open ones. */
function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    up: listen,
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server?.close(() => resolve());
        server = null;
      }),
    get port() {
      return port;
    },
  };
}

describe.skipIf(!onPostgres)("PostgreSQL goes away and comes back", () => {
  let h: THarness;
  let proxy: ReturnType<typeof createProxy>;
  let database: TDatabase;
  let app: FastifyInstance;
  const log = new PassThrough();
  let logText = "";
  log.on("data", (d) => (logText += d.toString("utf8")));

  beforeAll(async () => {
    h = await createHarness();
    const url = new URL(h.databaseUrl!);
    proxy = createProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.up();
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 3 });
    app = await buildApp({ config: { ...h.config, webDir: "/nonexistent", logLevel: "info" }, database, logger: log });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.up().catch(() => {});
    await database?.close().catch(() => {});
    await h?.close();
  });

  it("saves answer 503 with Retry-After while it is gone, the outage is logged once without the answers, and saves resume", async () => {
    const school = await h.makeSchool();
    const teacher = await h.makeUser("teacher", { schoolId: school });
    const student = await h.makeUser("student", { schoolId: school });
    const teacherCookie = await h.signIn(teacher.email, teacher.password, "school");
    const exam = await h.request({
      method: "POST",
      url: "/api/exams",
      cookie: teacherCookie,
      payload: {
        titleAr: "اختبار",
        titleEn: "Test",
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        questions: [{ type: "essay", questionTextAr: "اكتب.", questionTextEn: "Write.", points: 5 }],
      },
    });
    const examId = exam.json().id as string;
    const questionId = exam.json().questions[0].id as string;
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: student.email, password: student.password, loginType: "student" } });
    const cookie = `qias_session=${login.cookies.find((c) => c.name === "qias_session")!.value}`;
    const attempt = await app.inject({ method: "POST", url: `/api/student/exams/${examId}/attempt`, headers: { cookie } });
    expect(attempt.statusCode).toBe(200);
    const save = (text: string, clientSeq: number) =>
      app.inject({ method: "PUT", url: `/api/attempts/${attempt.json().id}/answers/${questionId}`, headers: { cookie }, payload: { examId, answerText: text, clientSeq } });
    expect((await save("before the outage", 1)).statusCode).toBe(200);

    resetOutageLog();
    logText = "";
    await proxy.down();
    // Past the 2-second memory of sessions, so the session lookup meets the outage too.
    await new Promise((r) => setTimeout(r, 2100));
    for (let i = 0; i < 6; i++) {
      const res = await save(`SECRET-ANSWER-${i} during the outage`, 2 + i);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({ code: "UNAVAILABLE", requestId: res.headers["x-request-id"] });
      expect(res.json().message.ar.length).toBeGreaterThan(0);
    }
    const lines = logText.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.msg.startsWith("database unavailable"))).toHaveLength(1);
    expect(lines.filter((l) => l.level >= 50 && !l.msg.startsWith("database unavailable"))).toEqual([]);
    expect(logText).not.toContain("SECRET-ANSWER");

    await proxy.up();
    let res = await save("after the outage", 20);
    for (let i = 0; i < 20 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await save("after the outage", 20);
    }
    expect(res.statusCode, res.body).toBe(200);
    const state = await app.inject({ method: "POST", url: `/api/student/exams/${examId}/attempt`, headers: { cookie } });
    expect(state.json().answers[0].answerText).toBe("after the outage");
  }, 60_000);
});
