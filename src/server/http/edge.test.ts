// Every route, every role, the bad input an attacker or a careless client sends: nothing answers 500, every answer
// has the product's error shape and the security headers, and text the database cannot store (U+0000) is refused
// with one bilingual 400 wherever it sits (path, query, body). The route list is read from the app itself, so a
// route added later is swept too.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import type { TRouteEntry } from "../app";
import { LTI_DEEP_LINK_URL, LTI_LAUNCH_URL } from "../lti/lti.routes";

let h: THarness;
const cookies: Record<string, string> = { anonymous: "" };

beforeAll(async () => {
  h = await createHarness();
  const school = await h.makeSchool();
  cookies.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  for (const [role, type] of [["school_admin", "school"], ["teacher", "school"], ["student", "student"]] as const) {
    const u = await h.makeUser(role, { schoolId: school });
    cookies[role] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

const SOME_ID = "3b241101-e2bb-4255-8caf-4136c566a962";

/** The keys a zod object schema declares, through refinements and transforms. */
function keysOf(schema: unknown): string[] {
  for (let s = schema as { shape?: object; def?: { in?: unknown; innerType?: unknown; schema?: unknown } } | undefined, i = 0; s && i < 5; i++) {
    if (s.shape && typeof s.shape === "object") return Object.keys(s.shape);
    s = (s.def?.in ?? s.def?.innerType ?? s.def?.schema) as typeof s;
  }
  return [];
}

function urlOf(route: TRouteEntry, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? SOME_ID);
}

function paramNames(route: TRouteEntry): string[] {
  return [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

type TCase = { label: string; method: string; url: string; payload?: unknown; expectCode?: string };

function casesFor(route: TRouteEntry): TCase[] {
  const { method } = route;
  const cases: TCase[] = [];
  for (const p of paramNames(route)) {
    cases.push({ label: `${p}=%00`, method, url: urlOf(route, { [p]: "%00" }), expectCode: "TEXT_INVALID_CHARACTERS" });
    cases.push({ label: `${p}=a%00b`, method, url: urlOf(route, { [p]: "a%00b" }), expectCode: "TEXT_INVALID_CHARACTERS" });
    cases.push({ label: `${p}=%ff`, method, url: urlOf(route, { [p]: "%ff" }), expectCode: "BAD_URL" });
    cases.push({ label: `${p}=5000 chars`, method, url: urlOf(route, { [p]: "a".repeat(5000) }) });
    cases.push({ label: `${p}=not an id`, method, url: urlOf(route, { [p]: "not-an-id" }) });
  }
  const queryKeys = [...new Set(["q", ...keysOf(route.schema?.querystring)])];
  for (const k of queryKeys) {
    cases.push({ label: `?${k}=%00`, method, url: `${urlOf(route)}?${k}=%00`, expectCode: "TEXT_INVALID_CHARACTERS" });
    cases.push({ label: `?${k}=wrong type`, method, url: `${urlOf(route)}?${k}=%5B%5D&${k}=2&${k}=-1` });
    cases.push({ label: `?${k}=too long`, method, url: `${urlOf(route)}?${k}=${"x".repeat(3000)}` });
  }
  if (method !== "GET" && method !== "DELETE") {
    const keys = keysOf(route.schema?.body);
    const every = (v: unknown) => Object.fromEntries((keys.length ? keys : ["field"]).map((k) => [k, v]));
    cases.push({ label: "body: every field with NUL", method, url: urlOf(route), payload: every("a\u0000b"), expectCode: "TEXT_INVALID_CHARACTERS" });
    cases.push({ label: "body: NUL deep in an array", method, url: urlOf(route), payload: { ...every("x"), nested: [{ deeper: ["ok", "\u0000"] }] }, expectCode: "TEXT_INVALID_CHARACTERS" });
    cases.push({ label: "body: NUL in a key", method, url: urlOf(route), payload: { "k\u0000": 1 }, expectCode: "TEXT_INVALID_CHARACTERS" });
    for (const [label, v] of [
      ["numbers", 12345],
      ["arrays", [1, "2"]],
      ["objects", { a: 1 }],
      ["nulls", null],
      ["booleans", true],
      ["100,000 characters", "x".repeat(100_000)],
    ] as const) {
      cases.push({ label: `body: every field ${label}`, method, url: urlOf(route), payload: every(v) });
    }
    cases.push({ label: "body: missing", method, url: urlOf(route) });
    cases.push({ label: "body: a bare string", method, url: urlOf(route), payload: "just text" });
  }
  return cases;
}

/**
 * Routes a browser posts a form to from another site (an LMS's LTI launch and deep-linking return, decision 0051):
 * a refusal the route words itself is a bilingual page naming its code, since no page of ours shows a JSON error.
 */
const BROWSER_PAGES = new Set([LTI_LAUNCH_URL, LTI_DEEP_LINK_URL]);

function expectProductShape(res: Awaited<ReturnType<THarness["request"]>>, label: string, browserPage = false) {
  const where = `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.headers["x-request-id"], where).toBeTruthy();
  expect(res.headers["content-security-policy"], where).toContain("default-src 'self'");
  expect(res.headers["x-content-type-options"], where).toBe("nosniff");
  // A refusal the route itself words is that page; one the edge answers before the route (bad input) is JSON.
  if (res.statusCode >= 400 && browserPage && String(res.headers["content-type"]).includes("text/html")) {
    expect(res.body, where).toMatch(/Error code: <code>[A-Z_]+<\/code>/);
    expect(res.body, where).toMatch(/رمز الخطأ/);
  } else if (res.statusCode >= 400) {
    const body = res.json();
    expect(body, where).toMatchObject({ code: expect.any(String), requestId: res.headers["x-request-id"] });
    expect(body.title.en && body.title.ar && body.message.en && body.message.ar, where).toBeTruthy();
  }
}

describe("the edge: every route, every role, bad input", () => {
  it("the route table lists the API (so the sweep below cannot silently cover nothing)", () => {
    const api = h.app.routeTable.filter((r) => r.url.startsWith("/api/"));
    expect(api.length).toBeGreaterThan(40);
    expect(api.some((r) => r.method === "PUT" && r.url === "/api/attempts/:attemptId/answers/:questionId")).toBe(true);
  });

  for (const role of ["anonymous", "super_admin", "school_admin", "teacher", "student"]) {
    it(`${role}: no 500, the product's shape and headers, NUL refused everywhere`, async () => {
      const failures: string[] = [];
      for (const route of h.app.routeTable.filter((r) => r.url.startsWith("/api/"))) {
        // Signing out would end the session the rest of the sweep uses.
        if (route.url === "/api/auth/logout" && role !== "anonymous") continue;
        for (const c of casesFor(route)) {
          const res = await h.request({
            method: c.method as "GET",
            url: c.url,
            cookie: cookies[role],
            ...(c.payload !== undefined ? { payload: typeof c.payload === "string" ? c.payload : JSON.stringify(c.payload), headers: { "content-type": typeof c.payload === "string" ? "text/plain" : "application/json" } } : {}),
          });
          const label = `${role} ${c.method} ${route.url} [${c.label}]`;
          try {
            const browserPage = BROWSER_PAGES.has(route.url);
            expectProductShape(res, label, browserPage);
            if (c.expectCode) {
              if (browserPage && String(res.headers["content-type"]).includes("text/html")) expect(res.body, label).toContain(`<code>${c.expectCode}</code>`);
              else expect(res.json().code, label).toBe(c.expectCode);
            }
          } catch (err) {
            failures.push((err as Error).message.split("\n")[0]!);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it("pages outside the API: a bad address and NUL in a path answer in the product's shape", async () => {
    for (const [url, code] of [
      ["/%ff", "BAD_URL"],
      ["/about%00", "TEXT_INVALID_CHARACTERS"],
      ["/assets/x%00.js", "TEXT_INVALID_CHARACTERS"],
      ["/dashboard?tab=%00", "TEXT_INVALID_CHARACTERS"],
    ] as const) {
      const res = await h.request({ method: "GET", url });
      expectProductShape(res, url);
      expect(res.json().code, url).toBe(code);
    }
  });

  it("a login whose email carries NUL is refused with the bilingual 400, and counts no failure", async () => {
    const res = await h.request({ method: "POST", url: "/api/auth/login", payload: { email: `${ADMIN.email}\u0000`, password: "x", loginType: "admin" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "TEXT_INVALID_CHARACTERS", title: { en: "Invalid Input", ar: "بيانات غير صالحة" } });
    expect(res.json().message.ar).toContain("محرف");
  });

  it("multipart without a boundary, with an empty one or an overlong one: 400, not 500", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=", `multipart/form-data; boundary=${"b".repeat(300)}`]) {
      const res = await h.request({ method: "POST", url: "/api/files", cookie: cookies.teacher, headers: { "content-type": type }, payload: "--x\r\n\r\n" });
      expectProductShape(res, type);
      expect(res.statusCode, type).toBe(400);
    }
  });
});

describe("the edge: requests Node's HTTP parser refuses", () => {
  let port = 0;
  beforeAll(async () => {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    port = (h.app.server.address() as net.AddressInfo).port;
  });

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
      let data = "";
      socket.on("data", (d) => (data += d.toString("utf8")));
      socket.on("end", () => resolve(data));
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
  }

  for (const [label, request, status, code] of [
    ["a header line without a colon", "GET /api/auth/me HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n", 400, "BAD_REQUEST"],
    ["NUL in a header value", "GET /api/auth/me HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n", 400, "BAD_REQUEST"],
    ["headers over the size limit", `GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "HEADERS_TOO_LARGE"],
  ] as const) {
    it(`${label}: ${status} in the product's shape with the security headers`, async () => {
      const response = await raw(request);
      const [head, body] = response.split("\r\n\r\n");
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
      const requestId = head!.match(/\r\nx-request-id: (\S+)/i)?.[1];
      expect(requestId).toBeTruthy();
      const json = JSON.parse(body!);
      expect(json).toMatchObject({ code, requestId });
      expect(json.message.ar.length).toBeGreaterThan(0);
    });
  }
});

describe("the edge: where a state-changing request comes from", () => {
  it("Origin: null is refused like another site's; our own origin and no Origin at all pass", async () => {
    const post = (headers: Record<string, string>) => h.request({ method: "POST", url: "/api/contact", headers, payload: { name: "N", email: "n@example.com", subject: "S", message: "M" } });
    const nul = await post({ origin: "null" });
    expect(nul.statusCode).toBe(403);
    expect(nul.json().code).toBe("CROSS_ORIGIN");
    expect((await post({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await post({ origin: h.config.publicUrl })).statusCode).toBe(200);
    expect((await post({ origin: "http://qias.school.example:8080", host: "qias.school.example:8080" })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });
});
