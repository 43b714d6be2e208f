// Every error answer in the product's shape (issue 33 item 25): whatever raised it — a route, the framework, a plugin
// (@fastify/static, multipart), a stream that fails before its first byte — the body is { code, title, message,
// requestId } with a code of the catalogue whose status is the answer's, and nothing of the content that failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, isErrorCode } from "../../shared/errors";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { multipart } from "../test/multipart";
import { createLocalStorage, type TStorage } from "../storage/storage";

let h: THarness;
let admin: string;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-web-"));
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-files-"));
const PNG = fs.readFileSync(new URL("../demo-assets/uae-map.png", import.meta.url));
/** Stored objects whose stream fails before its first byte (a disk or a bucket that went away between look and read). */
const failing = new Set<string>();

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, "assets"));
  fs.writeFileSync(path.join(webDir, "index.html"), "<html>HOME</html>");
  fs.writeFileSync(path.join(webDir, "spa.html"), "<html>SHELL</html>");
  fs.writeFileSync(path.join(webDir, "assets", "app-abc123.js"), "console.log(1)");
  const local = createLocalStorage(filesDir);
  const storage: TStorage = {
    ...local,
    get: async (key, range) => {
      if (!failing.has(key)) return local.get(key, range);
      const body = new Readable({ read: () => body.destroy(new Error("storage went away")) });
      return { body, size: range ? range.end - range.start + 1 : PNG.length };
    },
  };
  h = await createHarness({ webDir, storage });
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
});
afterAll(async () => {
  await h?.close();
  for (const dir of [webDir, filesDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** The product's shape, a code whose status is the answer's, and none of the failed content's headers. */
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect([res.statusCode, res.headers["content-type"]]).toEqual([status, "application/json; charset=utf-8"]);
  const body = res.json() as { code: string };
  expect(body).toMatchObject({ code, title: { en: expect.any(String), ar: expect.any(String) }, message: { en: expect.any(String), ar: expect.any(String) }, requestId: res.headers["x-request-id"] });
  expect(isErrorCode(body.code) && ERRORS[body.code].status).toBe(status);
  expect(res.headers["cache-control"] ?? "", "an error is never kept").not.toMatch(/max-age|immutable/);
  expect(res.headers["content-disposition"]).toBeUndefined();
}

describe("every error in the product's shape", () => {
  it("a stream that fails before its first byte: 500 in the product's shape, not the bytes' type, range or year-long cache", async () => {
    const up = multipart([{ name: "file", filename: "map.png", type: "image/png", content: PNG }]);
    const { id } = (await h.request({ method: "POST", url: "/api/media", cookie: admin, payload: up.payload, headers: up.headers })).json() as { id: string };
    failing.add(`media/${id}`);
    for (const range of [undefined, "bytes=0-9"]) {
      const res = await h.request({ method: "GET", url: `/api/media/${id}`, cookie: admin, headers: range ? { range } : {} });
      expectError(res, 500, "INTERNAL");
      expect([res.headers["content-range"], res.headers["accept-ranges"]]).toEqual([undefined, undefined]);
      expect(res.body).not.toContain("storage went away");
    }
  });

  it("a page whose file went away after the start: 500 in the product's shape, not an HTML type over JSON", async () => {
    fs.rmSync(path.join(webDir, "spa.html"));
    try {
      expectError(await h.request({ method: "GET", url: "/dashboard" }), 500, "INTERNAL");
    } finally {
      fs.writeFileSync(path.join(webDir, "spa.html"), "<html>SHELL</html>");
    }
  });

  it("a body sent as text/plain to a JSON route: 415, not a field-by-field 400", async () => {
    const res = await h.request({ method: "POST", url: "/api/auth/login", payload: "email=a", headers: { "content-type": "text/plain" } });
    expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a schema's own code answers with that code's status: a roster past its size is a 413, not a 400", async () => {
    const res = await h.request({ method: "POST", url: "/api/users/import/preview", cookie: admin, payload: { role: "student", csv: "x".repeat(2_000_001) } });
    expectError(res, 413, "PAYLOAD_TOO_LARGE");
  });

  it("@fastify/static's 412 (a failed If-Match or If-Unmodified-Since) has a code of its own", async () => {
    for (const headers of [{ "if-match": '"another"' }, { "if-unmodified-since": "Mon, 01 Jan 1990 00:00:00 GMT" }]) {
      expectError(await h.request({ method: "GET", url: "/assets/app-abc123.js", headers }), 412, "PRECONDITION_FAILED");
    }
  });

  it("@fastify/static's 416 keeps the length it may ask within", async () => {
    const res = await h.request({ method: "GET", url: "/assets/app-abc123.js", headers: { range: "bytes=99-" } });
    expectError(res, 416, "RANGE_NOT_SATISFIABLE");
    expect(res.headers["content-range"]).toBe("bytes */14");
  });

  it("the framework's own answers: unknown routes and files (also HEAD and other methods), body too large, malformed JSON, unsupported type, a broken form", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["HEAD", "/api/nope"],
      ["PUT", "/healthz"],
      ["DELETE", "/assets/app-abc123.js"],
      ["GET", "/assets/gone-000000.js"],
      ["HEAD", "/missing.png"],
    ] as const) {
      const res = await h.request({ method, url });
      expect([res.statusCode, res.headers["content-type"]], `${method} ${url}`).toEqual([404, "application/json; charset=utf-8"]);
      if (method !== "HEAD") expectError(res, 404, "NOT_FOUND");
    }
    const json = { "content-type": "application/json" };
    expectError(await h.request({ method: "POST", url: "/api/auth/login", payload: `{"email":"${"x".repeat(h.config.bodyLimitBytes)}"}`, headers: json }), 413, "PAYLOAD_TOO_LARGE");
    expectError(await h.request({ method: "POST", url: "/api/auth/login", payload: "{", headers: json }), 400, "BAD_JSON");
    expectError(await h.request({ method: "POST", url: "/api/auth/login", payload: "<a/>", headers: { "content-type": "application/xml" } }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expectError(await h.request({ method: "POST", url: "/api/media", cookie: admin, payload: "x", headers: { "content-type": "multipart/form-data" } }), 400, "UPLOAD_MALFORMED");
  });
});
