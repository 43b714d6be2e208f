// The OpenAPI document (issue 19): generated from the routes' own schemas, complete, and served with its reference page.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Fastify from "fastify";
import { createHarness, type THarness } from "../test/harness";
import { ZLoginInput } from "../../shared/schemas/auth";
import { ZAnswerInput, ZPaper } from "../../shared/schemas/attempt";
import { API_REFERENCE_PREFIX, failUndocumentedSuccess, OPENAPI_URL } from "./openapi";
import { formParts } from "./multipart-form";
import { ERRORS } from "../../shared/errors";
import type { FastifyRequest } from "fastify";

let h: THarness;
type TSchema = { type?: string; format?: string; properties: Record<string, TSchema>; required?: string[]; $ref?: string };
type TOperation = {
  security?: unknown[];
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: TSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: TSchema }> }>;
};
let doc: { openapi: string; paths: Record<string, Record<string, TOperation>>; components: { schemas: Record<string, { properties: Record<string, unknown> }>; securitySchemes: Record<string, unknown> }; security: unknown[] };

beforeAll(async () => {
  h = await createHarness();
  const res = await h.request({ method: "GET", url: OPENAPI_URL });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("application/json");
  doc = res.json();
});
afterAll(() => h.close());

/** Fastify's /api/exams/:id is OpenAPI's /api/exams/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, with the session cookie as its security scheme and one Error shape", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components.securitySchemes.session).toEqual({ type: "apiKey", in: "cookie", name: "qias_session" });
    expect(doc.security).toEqual([{ session: [] }]);
    expect(Object.keys(doc.components.schemas.Error!.properties)).toEqual(expect.arrayContaining(["code", "title", "message", "requestId", "fields"]));
    expect(doc.paths["/api/exams"]!.get!).toMatchObject({ tags: ["exams"], responses: { "4XX": { $ref: "#/components/responses/Error" } } });
  });

  it("describes every API route the app has registered", () => {
    const api = h.app.routeTable.filter((r) => r.url.startsWith("/api/") && r.url !== OPENAPI_URL && !r.url.startsWith(API_REFERENCE_PREFIX));
    expect(api.length).toBeGreaterThan(40);
    const missing = api.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing, "routes missing from /api/openapi.json").toEqual([]);
    // …and nothing else: no page of the web app, no health check, no /metrics.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith("/api/"))).toEqual([]);
  });

  it("points only to what it holds: every $ref resolves (a schema that holds itself is named, not left dangling)", () => {
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "$ref" && typeof value === "string") refs.add(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    const resolve = (ref: string) => ref.slice(2).split("/").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
    expect([...refs].filter((ref) => !ref.startsWith("#/") || resolve(ref) === undefined)).toEqual([]);
    expect(refs).toContain("#/components/schemas/RichBlock");
  });

  it("takes bodies, parameters and who may call from the routes' own schemas", () => {
    const login = doc.paths["/api/auth/login"]!.post!;
    const body = login.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(body.properties).sort()).toEqual(Object.keys(ZLoginInput.shape).sort());
    expect(body.required!.sort()).toEqual(["email", "loginType", "password"]);
    // A public route says so; the rest need the session.
    expect(login.security).toEqual([]);
    expect(doc.paths["/api/exams"]!.post!.security).toBeUndefined();

    const save = doc.paths["/api/attempts/{attemptId}/answers/{questionId}"]!.put!;
    expect(Object.keys(save.requestBody!.content["application/json"]!.schema.properties).sort()).toEqual(Object.keys(ZAnswerInput.shape).sort());
    expect(save.parameters!.filter((p) => p.in === "path").map((p) => p.name)).toEqual(["attemptId", "questionId"]);
  });

  it("has a reference page of Qias's own: every route in the first response, no script, no other product's name, under the app's CSP", async () => {
    const page = await h.request({ method: "GET", url: API_REFERENCE_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const html = page.body;
    // Qias's name and page, not Swagger UI's (issue 33): no script at all, so nothing to hash or allow.
    expect(html).toContain("<title>Qias API reference</title>");
    expect(html).toContain("قياس");
    expect(html).not.toMatch(/swagger/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)/);
    // Every operation of the document, with its method and path, grouped under its tag.
    const api = h.app.routeTable.filter((r) => r.url.startsWith("/api/") && r.url !== OPENAPI_URL && !r.url.startsWith(API_REFERENCE_PREFIX));
    const anchor = (method: string, url: string) => `op-${method}-${openApiPath(url)}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
    const missing = api.filter((r) => !html.includes(`id="${anchor(r.method.toLowerCase(), r.url)}"`)).map((r) => `${r.method} ${r.url}`);
    expect(missing, "routes missing from /api/docs").toEqual([]);
    expect(html.match(/<details class="op"/g)).toHaveLength(api.length);
    for (const tag of ["auth", "exams", "users", "settings"]) expect(html).toContain(`<h2 id="tag-${tag}">${tag}</h2>`);
    // Parameters, bodies and responses from the routes' own schemas; the public routes say so.
    const login = html.slice(html.indexOf('id="op-post-api-auth-login"'), html.indexOf("</details>", html.indexOf('id="op-post-api-auth-login"')));
    for (const field of Object.keys(ZLoginInput.shape)) expect(login).toContain(`<code class="name">${field}</code>`);
    expect(login).toContain("Public: no sign-in needed.");
    const save = html.slice(html.indexOf('id="op-put-api-attempts-attemptid-answers-questionid"'));
    expect(save.slice(0, save.indexOf("</details>"))).toMatch(/<code class="name">attemptId<\/code> <span class="req">required<\/span><\/td><td>path/);
    // Every error code, in both languages.
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(html, code).toContain(`<td><code>${code}</code></td><td>${entry.status}</td>`);
    }
    expect(html).toContain(ERRORS.STAFF_PASSWORD_TOO_SHORT.message.ar);
    // The document is still where it was, at both addresses.
    expect((await h.request({ method: "GET", url: `${API_REFERENCE_PREFIX}/json` })).json().openapi).toBe(doc.openapi);
  });

  it("describes every upload as multipart/form-data: the file as binary, and the fields the route declares", () => {
    const uploads = h.app.routeTable.filter((r) => r.schema?.multipart).map((r) => `${r.method} ${r.url}`);
    expect(uploads.sort()).toEqual(["POST /api/bank/import/qti", "POST /api/exams/import/qti", "POST /api/exams/import/qti/preview", "POST /api/files", "POST /api/media"]);
    for (const route of h.app.routeTable.filter((r) => r.schema?.multipart)) {
      const operation = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const form = operation.requestBody?.content["multipart/form-data"]?.schema;
      expect(form, route.url).toBeDefined();
      expect(form!.properties.file, route.url).toMatchObject({ type: "string", format: "binary" });
      expect(form!.required, route.url).toEqual(["file"]);
      expect(Object.keys(form!.properties).sort(), route.url).toEqual(["file", ...Object.keys(route.schema!.multipart!.fields ?? {})].sort());
      // Not offered as JSON: the handlers read only the form.
      expect(Object.keys(operation.requestBody!.content), route.url).toEqual(["multipart/form-data"]);
    }
    expect(Object.keys(doc.paths["/api/files"]!.post!.requestBody!.content["multipart/form-data"]!.schema.properties).sort()).toEqual(["file", "skillIds", "studentIds"]);
    expect(Object.keys(doc.paths["/api/exams/import/qti"]!.post!.requestBody!.content["multipart/form-data"]!.schema.properties).sort()).toEqual(["file", "subjectId", "title"]);
  });

  it("a handler cannot read a form its route does not declare (formParts refuses), nor a field the declaration does not name", async () => {
    const request = { method: "POST", routeOptions: { url: "/api/x", schema: {} } } as unknown as FastifyRequest;
    await expect(formParts(request).next()).rejects.toThrow(/does not declare/);
    const parts = [
      { type: "field", fieldname: "subjectId", value: "a" },
      { type: "field", fieldname: "note", value: "b" },
      { type: "file", fieldname: "upload", filename: "x.zip" },
    ];
    const declared = {
      method: "POST",
      routeOptions: { url: "/api/x", schema: { multipart: { file: { name: "file", description: "" }, fields: { subjectId: { description: "" } } } } },
      parts: async function* () {
        yield* parts;
      },
    } as unknown as FastifyRequest;
    const seen: string[] = [];
    for await (const part of formParts(declared)) seen.push(part.fieldname);
    expect(seen).toEqual(["subjectId", "upload"]);
  });

  it("says 204 with no content where a route answers 204, and never the generator's default 200 beside it", () => {
    const noContent = h.app.routeTable.filter((r) => r.schema?.response && "204" in r.schema.response).map((r) => `${r.method} ${r.url}`);
    expect(noContent.sort()).toEqual([
      "DELETE /api/exams/:id",
      "DELETE /api/files/:id",
      "DELETE /api/identity-providers/:id",
      "DELETE /api/lti/platforms/:id",
      "DELETE /api/scales/:id",
      "DELETE /api/schools/:id",
      "DELETE /api/sittings/:sittingId",
      "DELETE /api/users/:id",
      "DELETE /api/users/:id/identities/:identityId",
      "POST /api/attempts/:attemptId/events",
      "POST /api/lti/passbacks/:id/retry",
    ]);
    for (const route of noContent) {
      const [method, url] = route.split(" ") as [string, string];
      const responses = doc.paths[openApiPath(url)]![method.toLowerCase()]!.responses;
      expect(responses["204"], route).toEqual({ description: "No content" });
      expect(responses["200"], route).toBeUndefined();
    }
  });

  it("fails, in tests, any API reply whose success status the route does not declare (so none can be documented as 200)", async () => {
    const app = Fastify();
    app.addHook("onSend", failUndocumentedSuccess);
    app.post("/api/undeclared", async (_request, reply) => reply.status(204).send());
    app.post("/api/declared", { schema: { response: { 204: { type: "null" } } } }, async (_request, reply) => reply.status(204).send());
    app.post("/api/created", async (_request, reply) => reply.status(201).send({}));
    app.get("/api/plain", async () => ({ ok: true }));
    expect((await app.inject({ method: "POST", url: "/api/undeclared" })).statusCode).toBe(500);
    expect((await app.inject({ method: "POST", url: "/api/created" })).statusCode).toBe(500);
    expect((await app.inject({ method: "POST", url: "/api/declared" })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/plain" })).statusCode).toBe(200);
    await app.close();
    // The app's own routes are held to it: signing out answers its declared 200 (the provider's logout, if any).
    expect((await h.request({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(200);
  });

  it("describes the student's paper with ZPaper, while the route still sends its cached bytes unchecked and unserialised", async () => {
    const paperDoc = doc.paths["/api/student/exams/{examId}/paper"]!.get!.responses;
    const schema = paperDoc["200"]!.content!["application/json"]!.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(ZPaper.shape).sort());
    expect(paperDoc["304"]!.content).toBeUndefined();

    const school = await h.makeSchool("school_paper");
    const teacher = await h.makeUser("teacher", { schoolId: school });
    const student = await h.makeUser("student", { schoolId: school });
    const exam = await h.request({
      method: "POST",
      url: "/api/exams",
      cookie: await h.signIn(teacher.email, teacher.password, "school"),
      payload: {
        titleAr: "اختبار",
        titleEn: "Test",
        subjectId: "islamic",
        durationMinutes: 10,
        status: "published",
        questions: [{ type: "short_answer", questionTextAr: "سؤال؟", questionTextEn: "Question?", points: 1, correctAnswerText: "جواب" }],
      },
    });
    expect(exam.statusCode, exam.body).toBe(201);
    const cookie = await h.signIn(student.email, student.password, "student");
    const url = `/api/student/exams/${exam.json().id}/paper`;
    const first = await h.request({ method: "GET", url, cookie });
    expect(first.statusCode).toBe(200);
    // Served again from the cache: nothing turns a paper into JSON on the way out (the zod serialiser would).
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const again = await h.request({ method: "GET", url, cookie });
      expect(again.body).toBe(first.body);
      expect(stringify.mock.calls.filter(([value]) => value && typeof value === "object" && "questions" in value)).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
    expect(ZPaper.safeParse(first.json()).success).toBe(true);
  });
});
