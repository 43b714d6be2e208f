// Prometheus metrics (issue 19): off by default, behind a bearer token or on a port of their own, and scraped after a
// burst of sign-ins and answer saves through the real app, showing what moved and with which labels.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "./test/harness";
import { listenForMetrics } from "./metrics";
import { freePort } from "./test/ports";

const TOKEN = "metrics-token-for-the-test";
let h: THarness;

beforeAll(async () => {
  h = await createHarness({ config: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => h.close());

const scrape = async (harness = h) => {
  const res = await harness.request({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toContain("text/plain");
  return res.body;
};

/** The value of one series in an exposition text (0 when absent); labels given must all match, others may follow. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe("GET /metrics", () => {
  it("is a 404 in the product's shape when metrics are off", async () => {
    const off = await createHarness();
    try {
      const res = await off.request({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
    } finally {
      await off.close();
    }
  });

  it("wants the bearer token: none or a wrong one is a 401", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await h.request({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toBe("Bearer");
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
    expect(await scrape()).toContain("# TYPE qias_http_request_duration_seconds histogram");
  });

  it("after a burst: sign-ins and refusals, answer saves and their batches, requests by route pattern, active attempts", async () => {
    const teacher = await h.makeUser("teacher");
    const teacherCookie = await h.signIn(teacher.email, teacher.password, "school");
    const created = await h.request({
      method: "POST",
      url: "/api/exams",
      cookie: teacherCookie,
      payload: {
        titleAr: "اختبار قصير",
        titleEn: "Short test",
        subjectId: "arabic",
        durationMinutes: 30,
        status: "published",
        questions: [1, 2, 3].map((n) => ({ type: "short_answer", questionTextAr: `سؤال ${n}`, questionTextEn: `Question ${n}`, points: 1, correctAnswerText: "نعم" })),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as { id: string; questions: { id: string }[] };
    const before = await scrape();

    const students = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const s = await h.makeUser("student", { schoolId: (await h.request({ method: "GET", url: "/api/auth/me", cookie: teacherCookie })).json().user.schoolId });
        return h.signIn(s.email, s.password, "student");
      }),
    );
    const refused = await h.request({ method: "POST", url: "/api/auth/login", payload: { email: teacher.email, password: "not-the-password", loginType: "school" } });
    expect(refused.statusCode).toBe(401);
    const wrongDoor = await h.request({ method: "POST", url: "/api/auth/login", payload: { email: teacher.email, password: teacher.password, loginType: "student" } });
    expect(wrongDoor.json().code).toBe("ROLE_MISMATCH");

    const attempts: string[] = [];
    for (const c of students) {
      const res = await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      attempts.push(res.json().id);
    }
    // Every student saves every question at once: 12 saves, some of them written together.
    const saves = await Promise.all(
      students.flatMap((c, i) =>
        exam.questions.map((q) => h.request({ method: "PUT", url: `/api/attempts/${attempts[i]}/answers/${q.id}`, cookie: c, payload: { examId: exam.id, answerText: "نعم", clientSeq: 1 } })),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    await h.request({ method: "GET", url: "/api/no-such-thing" });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(moved("qias_sign_ins_total", { login_type: "student", outcome: "success" })).toBe(4);
    expect(moved("qias_sign_ins_total", { login_type: "school", outcome: "INVALID_CREDENTIALS" })).toBe(1);
    expect(moved("qias_sign_ins_total", { login_type: "student", outcome: "ROLE_MISMATCH" })).toBe(1);

    expect(moved("qias_answer_saves_total")).toBe(12);
    expect(moved("qias_answer_batch_size_sum")).toBe(12);
    const batches = moved("qias_answer_batch_size_count");
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(12);

    // By the route's pattern, never its address: no attempt id reaches a label.
    const saveRoute = { method: "PUT", route: "/api/attempts/:attemptId/answers/:questionId", status: "200" };
    expect(moved("qias_http_request_duration_seconds_count", saveRoute)).toBe(12);
    expect(moved("qias_http_request_duration_seconds_bucket", { ...saveRoute, le: "+Inf" })).toBe(12);
    expect(moved("qias_http_request_duration_seconds_count", { method: "POST", route: "/api/auth/login", status: "401" })).toBe(1);
    expect(moved("qias_http_request_duration_seconds_count", { method: "GET", route: "unmatched", status: "404" })).toBe(1);
    for (const id of [...attempts, exam.id]) expect(after).not.toContain(id);
    // A scrape does not count itself.
    expect(after).not.toContain('route="/metrics"');

    expect(valueOf(after, "qias_active_attempts")).toBe(4);
    expect(after).toContain("nodejs_eventloop_lag_p99_seconds");
    // The pool's state on PostgreSQL; the embedded database has no pool to report.
    if (h.databaseUrl) {
      expect(after).toMatch(/^qias_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(after).toMatch(/^qias_db_pool_waiting \d+$/m);
    } else {
      expect(after).not.toMatch(/^qias_db_pool_connections\{/m);
    }
  });
});

describe("METRICS_PORT", () => {
  it("serves the metrics on a listener of its own, never on the public port; with a token there too when one is set", async () => {
    const port = await freePort();
    // A built web app: each of its files is a route, counted together rather than one series per file.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-web-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<html></html>");
    fs.writeFileSync(path.join(webDir, "assets", "app-abc123.js"), "console.log(1)");
    const p = await createHarness({ config: { METRICS_PORT: String(port), HOST: "127.0.0.1" }, webDir });
    const server = await listenForMetrics(p.config);
    try {
      const publicPort = await p.request({ method: "GET", url: "/metrics" });
      expect(publicPort.statusCode).toBe(404);
      expect(publicPort.json().code).toBe("NOT_FOUND");
      await p.request({ method: "GET", url: "/healthz" });
      expect((await p.request({ method: "GET", url: "/assets/app-abc123.js" })).statusCode).toBe(200);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(valueOf(text, "qias_http_request_duration_seconds_count", { method: "GET", route: "/healthz", status: "200" })).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, "qias_http_request_duration_seconds_count", { method: "GET", route: "static", status: "200" })).toBe(1);
      expect(text).not.toContain("app-abc123");
      // Its refusals in the product's error shape too (issue 33 item 25), not a line of text.
      const other = await fetch(`http://127.0.0.1:${port}/`);
      expect([other.status, other.headers.get("content-type")]).toEqual([404, "application/json; charset=utf-8"]);
      expect(await other.json()).toMatchObject({ code: "NOT_FOUND", title: { en: expect.any(String), ar: expect.any(String) }, requestId: other.headers.get("x-request-id") });
    } finally {
      server!.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }

    const guardedPort = await freePort();
    const guarded = await listenForMetrics({ ...p.config, metrics: { token: TOKEN, port: guardedPort } });
    try {
      const refused = await fetch(`http://127.0.0.1:${guardedPort}/metrics`);
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([401, "UNAUTHENTICATED"]);
      expect((await fetch(`http://127.0.0.1:${guardedPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      guarded!.close();
      await p.close();
    }
  });
});
