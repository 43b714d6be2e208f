// Registering LTI platforms (issue 38): super_admin only, bad input refused with a clear code, an unknown school or a
// second registration of the same (issuer, client id) refused, and the registration audit-logged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../test/harness";
import { auditLog } from "../db/schema";
import { LTI_PLATFORMS_URL } from "./lti.routes";

let h: THarness;
let admin: string;
let schoolId: string;
beforeAll(async () => {
  h = await createHarness();
  const a = await h.makeUser("super_admin");
  admin = await h.signIn(a.email, a.password, "admin");
  schoolId = await h.makeSchool();
});
afterAll(async () => {
  await h?.close();
});

const platform = (over: Record<string, unknown> = {}) => ({
  name: "Moodle",
  issuer: "https://moodle.example.org",
  clientId: "abc123",
  deploymentIds: ["1", "1"],
  authLoginUrl: "https://moodle.example.org/mod/lti/auth.php",
  tokenUrl: "https://moodle.example.org/mod/lti/token.php",
  jwksUrl: "https://moodle.example.org/mod/lti/certs.php",
  schoolId,
  ...over,
});
const post = (payload: object, cookie = admin) => h.request({ method: "POST", url: LTI_PLATFORMS_URL, payload, cookie });

describe("LTI platforms", () => {
  it("registers a platform for a school, audit-logged, and lists it", async () => {
    const res = await post(platform());
    expect(res.statusCode).toBe(201);
    const made = res.json() as { id: string; deploymentIds: string[] };
    expect(made.deploymentIds).toEqual(["1"]);
    const list = await h.request({ method: "GET", url: LTI_PLATFORMS_URL, cookie: admin });
    expect(list.json()).toEqual([expect.objectContaining({ id: made.id, issuer: "https://moodle.example.org" })]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit).toEqual([expect.objectContaining({ action: "create", entity: "lti_platform" })]);

    const again = await post(platform());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("LTI_PLATFORM_EXISTS");
  });

  it("refuses bad input, an unknown school, and anyone but a super_admin", async () => {
    // Each bad field answers with a code the admin page shows beside that field, in both languages.
    for (const [bad, code, field] of [
      [platform({ authLoginUrl: "http://moodle.example.org/auth" }), "IDP_URL_INVALID", "authLoginUrl"],
      [platform({ jwksUrl: "not a url" }), "IDP_URL_INVALID", "jwksUrl"],
      [platform({ deploymentIds: [] }), "VALIDATION_FAILED", "deploymentIds"],
      [platform({ deploymentIds: ["x".repeat(256)] }), "TEXT_TOO_LONG", "deploymentIds.0"],
      [platform({ clientId: "x".repeat(256) }), "TEXT_TOO_LONG", "clientId"],
      [platform({ name: 5 }), "VALIDATION_FAILED", "name"],
      [{ name: "Moodle" }, "VALIDATION_FAILED", "issuer"],
    ] as const) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().fields).toContainEqual(expect.objectContaining({ path: field, code }));
    }
    // Only the launch's own posts are let through cross-site (LTI_CROSS_SITE_POSTS): the admin's routes are not.
    const crossSite = await h.request({ method: "POST", url: LTI_PLATFORMS_URL, cookie: admin, payload: platform({ clientId: "cross" }), headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(crossSite.json().code).toBe("CROSS_ORIGIN");
    const noSchool = await post(platform({ clientId: "other", schoolId: "no-such-school" }));
    expect(noSchool.statusCode).toBe(404);
    expect(noSchool.json().code).toBe("SCHOOL_NOT_FOUND");

    const sa = await h.makeUser("school_admin");
    const cookie = await h.signIn(sa.email, sa.password, "school");
    expect((await post(platform({ clientId: "mine" }), cookie)).statusCode).toBe(403);
    expect((await h.request({ method: "GET", url: LTI_PLATFORMS_URL, cookie })).statusCode).toBe(403);
    expect((await h.request({ method: "GET", url: LTI_PLATFORMS_URL })).statusCode).toBe(401);
  });

  it("edits and deletes a registration, audit-logged; bad input, unknown ids and others refused", async () => {
    const made = (await post(platform({ clientId: "edit-me" }))).json() as { id: string };
    const url = `${LTI_PLATFORMS_URL}/${made.id}`;
    const put = (payload: object, cookie = admin, to = url) => h.request({ method: "PUT", url: to, payload, cookie });
    const edited = await put(platform({ clientId: "edit-me", name: "Moodle 2", deploymentIds: ["1", "2", "2"] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Moodle 2", deploymentIds: ["1", "2"] });

    expect((await put(platform({ clientId: "abc123" }))).json().code).toBe("LTI_PLATFORM_EXISTS");
    expect((await put(platform({ clientId: "edit-me", tokenUrl: "ftp://x" }))).json().code).toBe("IDP_URL_INVALID");
    expect((await put(platform({ clientId: "edit-me", name: "x".repeat(201) }))).json().code).toBe("TEXT_TOO_LONG");
    expect((await put(platform({ clientId: "edit-me", schoolId: "nope" }))).json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await put(platform(), admin, `${LTI_PLATFORMS_URL}/not-a-uuid`)).json().code).toBe("LTI_PLATFORM_NOT_FOUND");
    expect((await put(platform(), admin, `${LTI_PLATFORMS_URL}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    const sa = await h.makeUser("school_admin");
    const sc = await h.signIn(sa.email, sa.password, "school");
    expect((await put(platform({ clientId: "edit-me" }), sc)).statusCode).toBe(403);
    expect((await h.request({ method: "DELETE", url, cookie: sc })).statusCode).toBe(403);

    expect((await h.request({ method: "DELETE", url, cookie: admin })).statusCode).toBe(204);
    expect((await h.request({ method: "DELETE", url, cookie: admin })).json().code).toBe("LTI_PLATFORM_NOT_FOUND");
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
  });
});
