// The OpenAPI document (issue 19): generated from the routes' own schemas, complete, and served with its reference page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { ZLoginInput } from "../../shared/schemas/auth";
import { ZAnswerInput } from "../../shared/schemas/attempt";
import { API_REFERENCE_PREFIX, OPENAPI_URL } from "./openapi";

let h: THarness;
type TOperation = { security?: unknown[]; tags?: string[]; parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } };
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

  it("has a reference page served from this server, under the app's Content-Security-Policy", async () => {
    const page = await h.request({ method: "GET", url: API_REFERENCE_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith(`${API_REFERENCE_PREFIX}/`), src).toBe(true);
      expect((await h.request({ method: "GET", url: src })).statusCode, src).toBe(200);
    }
    const json = await h.request({ method: "GET", url: `${API_REFERENCE_PREFIX}/json` });
    expect(json.json().openapi).toBe(doc.openapi);
  });
});
