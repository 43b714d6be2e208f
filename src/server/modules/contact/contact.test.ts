import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { contactMessages } from "../../db/schema";
import { CONTACT_MAX_PER_WINDOW, CONTACT_PAGE_SIZE } from "../../../shared/schemas/contact";
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SHORT_TEXT_LENGTH } from "../../../shared/limits";

let h: THarness;
let adminCookie: string;
let ipCounter = 0;
/** Each test gets its own client address, so the per-address throttle of one test never touches another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  h = await createHarness();
  adminCookie = await h.signIn(ADMIN.email, ADMIN.password, "admin");
});
afterAll(async () => {
  await h?.close();
});

const valid = () => ({
  name: "ليلى أحمد",
  email: "layla@example.com",
  subject: "تسجيل مدرسة في دورة سبتمبر",
  message: "نرغب في تسجيل مدرستنا في دورة سبتمبر. ما الخطوات المطلوبة؟",
});

const send = (payload: unknown, ip = nextIp()) =>
  h.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress: ip });

const countBySubject = async (subject: string) =>
  (await h.db.select().from(contactMessages).where(eq(contactMessages.subject, subject))).length;

describe("POST /api/contact", () => {
  it("stores a valid message and answers 200", async () => {
    const payload = { ...valid(), subject: "stored-once" };
    const res = await send(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await h.db.select().from(contactMessages).where(eq(contactMessages.subject, "stored-once"));
    expect(row).toMatchObject({ name: payload.name, email: payload.email, message: payload.message, readAt: null });
    expect(row!.ip).toMatch(/^198\.51\.100\./);
  });

  it("trims surrounding spaces", async () => {
    const res = await send({ ...valid(), name: "  Omar  ", subject: "  trimmed  " });
    expect(res.statusCode).toBe(200);
    const [row] = await h.db.select().from(contactMessages).where(eq(contactMessages.subject, "trimmed"));
    expect(row?.name).toBe("Omar");
  });

  for (const field of ["name", "email", "subject", "message"] as const) {
    it(`refuses a missing ${field}`, async () => {
      const payload: Record<string, string> = { ...valid(), subject: `missing-${field}` };
      delete payload[field];
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", message: { en: expect.any(String), ar: expect.any(String) } });
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    });

    it(`refuses a blank ${field}`, async () => {
      const res = await send({ ...valid(), [field]: "   " });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    });
  }

  it("refuses a bad email", async () => {
    for (const email of ["not-an-email", "a@", "@b.com", "a b@c.com"]) {
      const res = await send({ ...valid(), email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: "email" })]);
    }
  });

  it("refuses wrong types", async () => {
    const res = await send({ name: 1, email: ["x"], subject: {}, message: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("refuses text over each field's limit and accepts text at the limit", async () => {
    const tooLong = [
      { name: "x".repeat(MAX_NAME_LENGTH + 1) },
      { subject: "x".repeat(MAX_SHORT_TEXT_LENGTH + 1) },
      { message: "x".repeat(MAX_LONG_TEXT_LENGTH + 1) },
      { email: `${"a".repeat(250)}@example.com` },
    ];
    for (const patch of tooLong) {
      const res = await send({ ...valid(), ...patch });
      expect(res.statusCode, Object.keys(patch)[0]).toBe(400);
    }
    const atLimit = await send({ ...valid(), subject: "at-limit", message: "م".repeat(MAX_LONG_TEXT_LENGTH) });
    expect(atLimit.statusCode).toBe(200);
  });

  it("refuses a body over the route's size limit with 413", async () => {
    const res = await send({ ...valid(), pad: "x".repeat(40_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers a filled honeypot with the same 200 and stores nothing", async () => {
    const res = await send({ ...valid(), subject: "honeypot-bot", website: "https://spam.example" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await countBySubject("honeypot-bot")).toBe(0);
  });

  it("stores a message whose honeypot is present but empty", async () => {
    const res = await send({ ...valid(), subject: "honeypot-empty", website: "" });
    expect(res.statusCode).toBe(200);
    expect(await countBySubject("honeypot-empty")).toBe(1);
  });

  it("throttles one address after the limit, in both languages, and leaves other addresses alone", async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW; i++) {
      expect((await send({ ...valid(), subject: `burst-${i}` }, ip)).statusCode).toBe(200);
    }
    const res = await send({ ...valid(), subject: "burst-over" }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      code: "CONTACT_THROTTLED",
      title: { en: expect.any(String), ar: expect.any(String) },
      message: { en: expect.stringContaining("Please wait"), ar: expect.any(String) },
      requestId: res.headers["x-request-id"],
    });
    expect(await countBySubject("burst-over")).toBe(0);
    expect((await send({ ...valid(), subject: "other-address" })).statusCode).toBe(200);
  });

  it("messages sent at once from one address: exactly the limit is stored, the rest refused", async () => {
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send({ ...valid(), subject: `together-${i}` }, ip)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CONTACT_MAX_PER_WINDOW);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(12 - CONTACT_MAX_PER_WINDOW);
    const stored = await h.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(stored).toHaveLength(CONTACT_MAX_PER_WINDOW);
  });

  it("refuses a post from another site", async () => {
    const res = await h.app.inject({ method: "POST", url: "/api/contact", payload: valid(), headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("CROSS_ORIGIN");
  });
});

describe("the super_admin inbox", () => {
  it("is refused when signed out (401) and for every other role (403)", async () => {
    const [first] = await h.db.select().from(contactMessages).limit(1);
    const urls = [
      { method: "GET" as const, url: "/api/contact-messages" },
      { method: "GET" as const, url: `/api/contact-messages/${first!.id}` },
      { method: "POST" as const, url: `/api/contact-messages/${first!.id}/read`, payload: {} },
    ];
    for (const r of urls) {
      const res = await h.request(r);
      expect(res.statusCode, r.url).toBe(401);
      expect(res.json().code).toBe("UNAUTHENTICATED");
    }
    const logins = { school_admin: "school", teacher: "school", student: "student" } as const;
    for (const role of ["school_admin", "teacher", "student"] as const) {
      const u = await h.makeUser(role);
      const cookie = await h.signIn(u.email, u.password, logins[role]);
      for (const r of urls) {
        const res = await h.request({ ...r, cookie });
        expect(res.statusCode, `${role} ${r.url}`).toBe(403);
        expect(res.json().code).toBe("FORBIDDEN");
      }
    }
    const [after] = await h.db.select().from(contactMessages).where(eq(contactMessages.id, first!.id));
    expect(after!.readAt).toBeNull();
  });

  it("lists newest first with a preview, opens a message and marks it read once", async () => {
    const subject = `inbox-${Date.now()}`;
    expect((await send({ ...valid(), subject, message: "س".repeat(500) })).statusCode).toBe(200);

    const list = await h.request({ method: "GET", url: "/api/contact-messages", cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, pageSize: CONTACT_PAGE_SIZE, total: expect.any(Number), unread: expect.any(Number) });
    const item = body.items[0];
    expect(item).toMatchObject({ subject, readAt: null, name: valid().name, email: valid().email });
    expect(item.preview.length).toBeLessThan(500);
    expect(item).not.toHaveProperty("message");
    expect(item).not.toHaveProperty("ip");

    const one = await h.request({ method: "GET", url: `/api/contact-messages/${item.id}`, cookie: adminCookie });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: item.id, message: "س".repeat(500), readAt: null, readBy: null });
    expect(one.json()).not.toHaveProperty("ip");

    const read = await h.request({ method: "POST", url: `/api/contact-messages/${item.id}/read`, cookie: adminCookie, payload: {} });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: item.id, readAt: expect.any(String), readBy: { name: ADMIN.name } });

    const again = await h.request({ method: "POST", url: `/api/contact-messages/${item.id}/read`, cookie: adminCookie, payload: {} });
    expect(again.json().readAt).toBe(read.json().readAt);

    const unread = await h.request({ method: "GET", url: "/api/contact-messages?unread=true", cookie: adminCookie });
    expect(unread.json().items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    expect(unread.json().total).toBe(unread.json().unread);
  });

  it("pages the list", async () => {
    for (let i = 0; i < 3; i++) await send({ ...valid(), subject: `paging-${i}` });
    const all = (await h.request({ method: "GET", url: "/api/contact-messages", cookie: adminCookie })).json();
    const lastPage = Math.ceil(all.total / CONTACT_PAGE_SIZE);
    const res = await h.request({ method: "GET", url: `/api/contact-messages?page=${lastPage + 1}`, cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
    expect((await h.request({ method: "GET", url: "/api/contact-messages?page=0", cookie: adminCookie })).statusCode).toBe(400);
    expect((await h.request({ method: "GET", url: "/api/contact-messages?page=abc", cookie: adminCookie })).statusCode).toBe(400);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await h.request({ method: "GET", url: `/api/contact-messages/${id}`, cookie: adminCookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
      const read = await h.request({ method: "POST", url: `/api/contact-messages/${id}/read`, cookie: adminCookie, payload: {} });
      expect(read.statusCode, id).toBe(404);
    }
  });
});
