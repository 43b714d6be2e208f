// How the server answers for the built web app: prerendered pages for their own paths, the empty shell for
// every other app path, real 404s for missing files and API routes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "./test/harness";

let h: THarness;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-web-"));

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, "assets"));
  fs.mkdirSync(path.join(webDir, "about"));
  fs.writeFileSync(path.join(webDir, "index.html"), "<html>HOME MARKUP</html>");
  fs.writeFileSync(path.join(webDir, "spa.html"), "<html>EMPTY SHELL</html>");
  fs.writeFileSync(path.join(webDir, "about", "index.html"), "<html>ABOUT MARKUP</html>");
  fs.writeFileSync(path.join(webDir, "assets", "app-abc123.js"), "console.log(1)");
  h = await createHarness({ webDir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("serves a prerendered page at its own path", async () => {
    const r = await h.request({ method: "GET", url: "/about" });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain("ABOUT MARKUP");
    expect(r.headers["content-type"]).toContain("text/html");
  });

  it("answers a range past a file's end in the product's error shape, keeping Content-Range", async () => {
    const size = "console.log(1)".length;
    const r = await h.request({ method: "GET", url: "/assets/app-abc123.js", headers: { range: `bytes=${size}-` } });
    expect([r.statusCode, r.headers["content-range"]]).toEqual([416, `bytes */${size}`]);
    expect(r.headers["content-type"]).toContain("application/json");
    expect(r.json()).toMatchObject({ code: "RANGE_NOT_SATISFIABLE", requestId: expect.any(String) });
  });

  it("serves the empty shell, not the home page's markup, for app paths", async () => {
    for (const url of ["/dashboard", "/dashboard/users/students?q=x", "/login/student"]) {
      const r = await h.request({ method: "GET", url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain("EMPTY SHELL");
    }
  });

  it("sends a signed-in user from / to the dashboard, and a visitor or an ended session to the home page", async () => {
    const cookie = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    const signedIn = await h.request({ method: "GET", url: "/", cookie });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe("/dashboard");
    expect(signedIn.headers["cache-control"]).toBe("no-store");

    const visitor = await h.request({ method: "GET", url: "/" });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain("HOME MARKUP");

    const forged = await h.request({ method: "GET", url: "/", cookie: "qias_session=not-a-session" });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain("HOME MARKUP");

    await h.request({ method: "POST", url: "/api/auth/logout", cookie, payload: {} });
    const ended = await h.request({ method: "GET", url: "/", cookie });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain("HOME MARKUP");

    // Other public pages stay open to a signed-in user.
    const again = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    const about = await h.request({ method: "GET", url: "/about", cookie: again });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain("ABOUT MARKUP");
  });

  it("caches hashed assets for a year and pages not at all", async () => {
    const asset = await h.request({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const page = await h.request({ method: "GET", url: "/dashboard" });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("answers 404 for a missing asset or file instead of HTML", async () => {
    for (const url of ["/assets/gone-000000.js", "/missing.png"]) {
      const r = await h.request({ method: "GET", url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).not.toContain("SHELL");
    }
  });

  it("serves the page for an address whose query ends like a file name (a search by email, reloaded)", async () => {
    for (const url of ["/dashboard/results?q=scale.student%40qias.test", "/dashboard/results?q=a.b.png", "/dashboard/users/students?q=x%40school.ae#top"]) {
      const r = await h.request({ method: "GET", url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain("SHELL");
    }
    expect((await h.request({ method: "GET", url: "/missing.png?v=2" })).statusCode).toBe(404);
  });

  it("never serves files from outside the web folder", async () => {
    const r = await h.request({ method: "GET", url: "/..%2f..%2fetc%2fpasswd" });
    expect(r.body).not.toContain("root:");
  });

  it("answers 404 with the error body for an unknown API route", async () => {
    const r = await h.request({ method: "GET", url: "/api/nope" });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe("NOT_FOUND");
  });
});
