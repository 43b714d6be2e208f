import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { authUsers, jobs, loginThrottle, passwordResetTokens, profiles, sessions } from "../db/schema";
import { createSession, deleteSession, findSessionUser, forgetSessionsOf, sessionQueries } from "./auth.service";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ADDRESS } from "../../shared/limits";
import { releaseAttempts, slotWaits } from "../throttle";
import { scryptEngine } from "./password";
import { legacyHash } from "../test/legacy-hash";
import type { TLoginType, TRole } from "../../shared/permissions";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  h.request({ method: "POST", url: "/api/auth/login", payload: payload as object, headers });

describe("sign-in: each login type × each role", () => {
  const accepted: Record<TLoginType, TRole[]> = { student: ["student"], school: ["school_admin", "teacher"], admin: ["super_admin"] };
  const roles: TRole[] = ["super_admin", "school_admin", "teacher", "student"];
  for (const loginType of ["student", "school", "admin"] as const) {
    for (const role of roles) {
      const ok = accepted[loginType].includes(role);
      it(`${loginType} login, ${role}: ${ok ? "accepted" : "refused"}`, async () => {
        const u = await h.makeUser(role, { name: `Name ${role}` });
        const res = await login({ email: u.email, password: u.password, loginType });
        if (ok) {
          expect(res.statusCode).toBe(200);
          expect(res.json().user).toMatchObject({ id: u.id, email: u.email, role, name: `Name ${role}` });
          const cookie = res.cookies.find((c) => c.name === "qias_session");
          expect(cookie?.httpOnly).toBe(true);
          expect(cookie?.sameSite).toBe("Lax");
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ code: "ROLE_MISMATCH", title: { en: "Login Failed" }, message: { en: "User role does not match this login type." } });
          expect(res.cookies.find((c) => c.name === "qias_session")).toBeUndefined();
        }
      });
    }
  }

  it("the first super_admin from ADMIN_EMAIL can sign in", async () => {
    const res = await login({ email: ADMIN.email, password: ADMIN.password, loginType: "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: "super_admin", schoolId: null, name: ADMIN.name });
  });

  it("email is matched without regard to case and surrounding spaces", async () => {
    const u = await h.makeUser("teacher", { email: "Mixed.Case@Test.local" });
    const res = await login({ email: "  mixed.case@test.LOCAL ", password: u.password, loginType: "school" });
    expect(res.statusCode).toBe(200);
  });

  it("a wrong password and an unknown account give the same answer", async () => {
    const u = await h.makeUser("student");
    const wrong = await login({ email: u.email, password: "not-it", loginType: "student" });
    const unknown = await login({ email: "nobody@test.local", password: "whatever", loginType: "student" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "INVALID_CREDENTIALS", message: { en: "Invalid email or password.", ar: expect.any(String) } });
      expect(res.json().requestId).toEqual(expect.any(String));
    }
  });

  it("an account without a profile gets 'Profile Retrieval Failed'", async () => {
    const u = await h.makeUser("student");
    await h.db.delete(profiles).where(eq(profiles.id, u.id));
    const res = await login({ email: u.email, password: u.password, loginType: "student" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "PROFILE_NOT_FOUND", title: { en: "Profile Retrieval Failed" } });
  });

  it("a hash from before libsodium (16-byte salt) still signs in, and the right password makes it again; a wrong one leaves it", async () => {
    const u = await h.makeUser("student");
    const old = legacyHash(u.password);
    await h.db.update(authUsers).set({ passwordHash: old }).where(eq(authUsers.id, u.id));
    const hashNow = async () => (await h.db.select({ hash: authUsers.passwordHash }).from(authUsers).where(eq(authUsers.id, u.id)))[0]!.hash;

    expect((await login({ email: u.email, password: "not-it", loginType: "student" })).statusCode).toBe(401);
    expect(await hashNow()).toBe(old);
    expect((await login({ email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(200);
    const made = await hashNow();
    if (scryptEngine === "libsodium") {
      expect(made).not.toBe(old);
      expect(Buffer.from(made.split("$")[4]!, "base64url")).toHaveLength(32);
    } else expect(made).toBe(old);
    expect((await login({ email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(200);
  });
});

describe("sign-in: bad input is a 400 with the spec's message, never a 500", () => {
  it("email without '@'", async () => {
    const res = await login({ email: "no-at-sign", password: "x", loginType: "student" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "LOGIN_INVALID_EMAIL", title: { en: "Login Error" }, message: { en: "Please enter a valid email address." } });
  });
  it("missing password", async () => {
    const res = await login({ email: "a@b.c", loginType: "student" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "PASSWORD_REQUIRED", title: { en: "Password Required" }, message: { en: "Please enter your password." } });
  });
  it("empty password", async () => {
    const res = await login({ email: "a@b.c", password: "", loginType: "student" });
    expect(res.json().code).toBe("PASSWORD_REQUIRED");
  });
  it("wrong types", async () => {
    const res = await login({ email: 42, password: ["x"], loginType: "student" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path).sort()).toEqual(["email", "password"]);
  });
  it("unknown login type", async () => {
    const res = await login({ email: "a@b.c", password: "x", loginType: "parent" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ path: "loginType" }] });
  });
  it("too-long email and password", async () => {
    const res = await login({ email: `${"a".repeat(300)}@b.c`, password: "x".repeat(500), loginType: "student" });
    expect(res.statusCode).toBe(400);
  });
  it("missing body", async () => {
    const res = await h.request({ method: "POST", url: "/api/auth/login" });
    expect(res.statusCode).toBe(400);
  });
  it("malformed JSON", async () => {
    const res = await h.request({ method: "POST", url: "/api/auth/login", payload: "{not json", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "BAD_JSON", message: { en: expect.any(String), ar: expect.any(String) } });
  });
  it("a form post instead of JSON", async () => {
    const res = await h.request({ method: "POST", url: "/api/auth/login", payload: "email=a", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
  it("a body over the size limit", async () => {
    const res = await login({ email: "a@b.c", password: "x", loginType: "student", pad: "x".repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });
  it("a request from another site is refused", async () => {
    const u = await h.makeUser("student");
    const res = await login({ email: u.email, password: u.password, loginType: "student" }, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("CROSS_ORIGIN");
  });
  it("unknown API paths answer 404 in the common shape", async () => {
    const res = await h.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", requestId: res.headers["x-request-id"] });
  });
});

describe("throttling", () => {
  it("locks an account after repeated failures, even for the right password, and says so in both languages", async () => {
    const u = await h.makeUser("teacher");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login({ email: u.email, password: "wrong", loginType: "school" })).statusCode).toBe(401);
    }
    const res = await login({ email: u.email, password: u.password, loginType: "school" });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ code: "LOGIN_THROTTLED", message: { en: expect.stringContaining("Too many"), ar: expect.any(String) } });
    // Another account from the same address is not locked by it.
    const other = await h.makeUser("teacher");
    expect((await login({ email: other.email, password: other.password, loginType: "school" })).statusCode).toBe(200);
  });

  it("a success clears the account's failure count", async () => {
    const u = await h.makeUser("student");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await login({ email: u.email, password: "wrong", loginType: "student" });
    expect((await login({ email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await login({ email: u.email, password: "wrong", loginType: "student" });
    expect((await login({ email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(200);
  });

  it("locks a client address that tries many accounts", async () => {
    const ip = "203.0.113.77";
    const attempt = (i: number) => h.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: ip, payload: { email: `spray${i}@test.local`, password: "x", loginType: "student" } });
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await attempt(i)).statusCode;
    expect(last).toBe(429);
    // Another address is unaffected.
    const u = await h.makeUser("student");
    const res = await h.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: "203.0.113.78", payload: { email: u.email, password: u.password, loginType: "student" } });
    expect(res.statusCode).toBe(200);
  });
});

describe("throttling under simultaneous requests (check and count are one step)", () => {
  const loginFrom = (ip: string, payload: object) => h.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: ip, payload });
  // Every slot of an address held by checks in progress (as when a school's sign-ins queue for the cores), and given back.
  const holdEverySlot = (ip: string) =>
    h.db.insert(loginThrottle).values({ key: `address:${ip}`, failures: 0, pending: LOGIN_MAX_FAILURES_PER_ADDRESS, windowStartedAt: new Date() });
  const freeEverySlot = (ip: string) => h.db.update(loginThrottle).set({ pending: 0 }).where(eq(loginThrottle.key, `address:${ip}`));

  it("30 wrong passwords at once for one account: 5 are checked, the rest are refused", async () => {
    const u = await h.makeUser("student");
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom(`198.51.100.${i + 1}`, { email: u.email, password: `wrong-${i}`, loginType: "student" })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES_PER_ACCOUNT);
    // And the right password is refused too until the window ends.
    expect((await loginFrom("198.51.100.200", { email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(429);
  });

  it("60 wrong sign-ins at once from one address: 30 are checked, the rest are refused", async () => {
    const ip = "203.0.113.150";
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => loginFrom(ip, { email: `sprayed-${i}@test.local`, password: "guess", loginType: "student" })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_ADDRESS);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - LOGIN_MAX_FAILURES_PER_ADDRESS);
  });

  it("a class of 40 signing in at once behind one school address all get in", async () => {
    const ip = "203.0.113.151";
    const school = await h.makeSchool();
    const students = await Promise.all(Array.from({ length: 40 }, () => h.makeUser("student", { schoolId: school })));
    const results = await Promise.all(students.map((s) => loginFrom(ip, { email: s.email, password: s.password, loginType: "student" })));
    expect(results.map((r) => r.statusCode)).toEqual(students.map(() => 200));
    // Nothing is left held: the address's failures are still 0 and no check is in progress.
    const [row] = await h.db.select().from(loginThrottle).where(eq(loginThrottle.key, `address:${ip}`));
    expect(row).toMatchObject({ failures: 0, pending: 0 });
  }, 60_000);

  it("one student signing in on twelve devices at once from one address: all get in, and nothing is left held", async () => {
    // Each sign-in takes and gives back slots on the same two rows; taken and given back in one order, so none
    // holds a row another waits for (which PostgreSQL would end as a deadlock, a 500).
    const ip = "203.0.113.155";
    const s = await h.makeUser("student");
    const results = await Promise.all(Array.from({ length: 12 }, () => loginFrom(ip, { email: s.email, password: s.password, loginType: "student" })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await h.db.select().from(loginThrottle).where(inArray(loginThrottle.key, [`address:${ip}`, `account:${s.email.toLowerCase()}`]));
    expect(rows.map((r) => [r.failures, r.pending])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  }, 60_000);

  it("a sign-in waiting for its school's address holds no slot of its account meanwhile", async () => {
    const ip = "203.0.113.156";
    const s = await h.makeUser("student");
    await holdEverySlot(ip);
    const signingIn = loginFrom(ip, { email: s.email, password: s.password, loginType: "student" });
    await new Promise((r) => setTimeout(r, 1500));
    const [account] = await h.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${s.email.toLowerCase()}`));
    expect(account?.pending ?? 0).toBe(0);
    await freeEverySlot(ip);
    await releaseAttempts(h.db, [{ key: `address:${ip}`, failed: false }]);
    expect((await signingIn).statusCode).toBe(200);
  }, 30_000);

  it("a sign-in waiting for a slot is woken when one is given back here, instead of asking the database four times a second", async () => {
    const ip = "203.0.113.153";
    const s = await h.makeUser("student");
    await holdEverySlot(ip);
    const before = slotWaits.count;
    const started = Date.now();
    const signingIn = loginFrom(ip, { email: s.email, password: s.password, loginType: "student" });
    // A check in progress in this process ends three seconds later and gives its slot back.
    await new Promise((r) => setTimeout(r, 3000));
    await releaseAttempts(h.db, [{ key: `address:${ip}`, failed: false }]);
    expect((await signingIn).statusCode).toBe(200);
    // It looked on its own at most every 0.5 s (0.5–1.5 s), then once when woken. Looking every 250 ms or sooner, as
    // before, waited about 14 times in these three seconds.
    const waited = slotWaits.count - before;
    expect(waited).toBeGreaterThanOrEqual(1);
    expect(waited).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / 500));
    await freeEverySlot(ip);
  }, 30_000);

  it("a class waiting behind one address: only the oldest sign-in asks the database again; each slot given back lets the next in", async () => {
    const ip = "203.0.113.154";
    const students = await Promise.all(Array.from({ length: 8 }, () => h.makeUser("student")));
    await holdEverySlot(ip);
    const before = slotWaits.count;
    const started = Date.now();
    const signingIn = students.map((s) => loginFrom(ip, { email: s.email, password: s.password, loginType: "student" }));
    await new Promise((r) => setTimeout(r, 4000));
    for (let i = 0; i < 8; i++) await releaseAttempts(h.db, [{ key: `address:${ip}`, failed: false }]);
    expect((await Promise.all(signingIn)).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // Each waited once on joining the queue and at most once more when a slot came back; only the head looked on
    // its own, at most every 0.5 s. All eight looking on their own waited about 40 times in these four seconds.
    const waited = slotWaits.count - before;
    expect(waited).toBeGreaterThanOrEqual(8);
    expect(waited).toBeLessThanOrEqual(16 + Math.floor((Date.now() - started) / 500));
    await freeEverySlot(ip);
  }, 30_000);

  it("a sign-in that waited too long behind checks in progress is told to try again in a moment, not that it failed", async () => {
    const ip = "203.0.113.152";
    const s = await h.makeUser("student");
    await holdEverySlot(ip);
    const res = await loginFrom(ip, { email: s.email, password: s.password, loginType: "student" });
    expect([res.statusCode, res.json().code, res.headers["retry-after"]]).toEqual([503, "SIGN_IN_BUSY", "5"]);
    await freeEverySlot(ip);
    expect((await loginFrom(ip, { email: s.email, password: s.password, loginType: "student" })).statusCode).toBe(200);
  }, 30_000);
});

describe("session", () => {
  it("me returns the user while signed in; logout ends the session", async () => {
    const u = await h.makeUser("school_admin", { name: "مدير المدرسة" });
    const cookie = await h.signIn(u.email, u.password, "school");
    const me = await h.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({ id: u.id, username: expect.any(String), email: u.email, role: "school_admin", schoolId: expect.any(String), name: "مدير المدرسة" });

    const out = await h.request({ method: "POST", url: "/api/auth/logout", cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ providerLogout: null });
    const after = await h.request({ method: "GET", url: "/api/auth/me", cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a session made by one app instance works on another, and so does signing out", async () => {
    const other = await h.buildAnotherApp();
    try {
      const u = await h.makeUser("teacher");
      const cookie = await h.signIn(u.email, u.password, "school");
      const me = await other.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
      expect(me.json().user.id).toBe(u.id);
      await other.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie }, payload: {} });
      expect((await h.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("me without a cookie, or with a forged one, is 401", async () => {
    expect((await h.request({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: "qias_session=forged" })).statusCode).toBe(401);
  });

  it("a deleted account's session stops working", async () => {
    const u = await h.makeUser("teacher");
    const cookie = await h.signIn(u.email, u.password, "school");
    await h.db.delete(authUsers).where(eq(authUsers.id, u.id));
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
  });
});

describe("session lookups", () => {
  it("requests with the same cookie at once share one lookup", async () => {
    const u = await h.makeUser("student");
    const { token } = await createSession(h.db, u.id, { ip: "127.0.0.1" });
    const users = await Promise.all(Array.from({ length: 10 }, () => findSessionUser(h.db, token)));
    expect(users[0]).toMatchObject({ id: u.id, role: "student" });
    // One lookup: every caller holds the very same answer (separate lookups would each build their own).
    for (const user of users) expect(user).toBe(users[0]);
  });

  it("sessions of different users asked for at once are looked up together, each answered with its own user", async () => {
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => h.makeUser(i % 3 ? "student" : "teacher")));
    const tokens = await Promise.all(people.map(async (u) => (await createSession(h.db, u.id, { ip: "127.0.0.1" })).token));
    const expired = await h.makeUser("student");
    const { token: expiredToken } = await createSession(h.db, expired.id, { ip: "127.0.0.1" });
    await h.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, expired.id));
    const before = sessionQueries.count;
    const found = await Promise.all([...tokens, expiredToken, "no-such-token"].map((t) => findSessionUser(h.db, t)));
    // The first goes at once; the others, arriving while it is in the database, go together in the next query.
    expect(sessionQueries.count - before).toBeLessThanOrEqual(2);
    expect(found.slice(0, 30).map((u) => u?.id)).toEqual(people.map((u) => u.id));
    expect(found.slice(0, 30).map((u) => u?.role)).toEqual(people.map((_, i) => (i % 3 ? "student" : "teacher")));
    expect(found.slice(30)).toEqual([null, null]);
  });

  it("a change to accounts during a lookup makes the next request look again, and sees the change", async () => {
    const u = await h.makeUser("student");
    const { token } = await createSession(h.db, u.id, { ip: "127.0.0.1" });
    const before = findSessionUser(h.db, token);
    await h.db.update(profiles).set({ name: "Renamed" }).where(eq(profiles.id, u.id));
    await forgetSessionsOf(h.db, [u.id]);
    const after = await findSessionUser(h.db, token);
    expect(after).toMatchObject({ id: u.id, name: "Renamed" });
    expect(await before).not.toBe(after);
    // What the request started before the change read is not remembered in place of the new answer.
    expect(await findSessionUser(h.db, token)).toMatchObject({ name: "Renamed" });
  });

  it("a signed-out session is not found again, even with a lookup in flight", async () => {
    const u = await h.makeUser("student");
    const { token } = await createSession(h.db, u.id, { ip: "127.0.0.1" });
    const inFlight = findSessionUser(h.db, token);
    await deleteSession(h.db, token);
    await inFlight;
    expect(await findSessionUser(h.db, token)).toBeNull();
  });
});

describe("password reset", () => {
  // The mail is sent by a job after the reply; the tests run due jobs before reading the outbox.
  const requestReset = async (email: unknown) => {
    const res = await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } });
    await h.drainJobs();
    return res;
  };
  const confirm = (payload: object) => h.request({ method: "POST", url: "/api/auth/password-reset/confirm", payload });
  const tokenFromLastMail = (to: string) => {
    const mail = [...h.mails].reverse().find((m) => m.to === to);
    const match = mail?.text.match(/update-password#token=([A-Za-z0-9_-]+)/);
    return match?.[1];
  };

  it("answers the same whether or not the account exists, and mails only a real one", async () => {
    const u = await h.makeUser("student");
    const before = h.mails.length;
    const real = await requestReset(u.email);
    const fake = await requestReset("ghost@test.local");
    expect(real.statusCode).toBe(200);
    expect(fake.statusCode).toBe(200);
    expect(real.json()).toEqual(fake.json());
    expect(h.mails.length).toBe(before + 1);
    expect(h.mails.at(-1)!.to).toBe(u.email);
    expect(h.mails.at(-1)!.text).toContain("/update-password#token=");
  });

  it("the reply comes before any mail, and does the same work for an unknown email as for a real one", async () => {
    const u = await h.makeUser("student");
    await h.drainJobs();
    const before = h.mails.length;
    const queued = async () => (await h.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "mail.password_reset"))).length;
    const jobsBefore = await queued();
    const real = await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: u.email } });
    const fake = await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: "nobody-here@test.local" } });
    expect(real.body).toBe(fake.body);
    // Nothing was looked up or sent while answering: both requests left one job each, and no mail yet.
    expect(await queued()).toBe(jobsBefore + 2);
    expect(h.mails.length).toBe(before);
    expect(await h.drainJobs()).toBe(2);
    expect(h.mails.length).toBe(before + 1);
    expect(h.mails.at(-1)!.to).toBe(u.email);
  });

  it("a mail server that fails makes the job try again later; the link arrives when it is back", async () => {
    const u = await h.makeUser("student");
    const send = h.app.mailer.send;
    let refusals = 0;
    h.app.mailer.send = async () => {
      refusals++;
      throw new Error("SMTP 451 try again later");
    };
    try {
      await requestReset(u.email);
      expect(refusals).toBe(1);
      expect(tokenFromLastMail(u.email)).toBeUndefined();
    } finally {
      h.app.mailer.send = send;
    }
    // Due again after its backoff: bring it forward instead of waiting.
    await h.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, "queued"));
    await h.drainJobs();
    expect(tokenFromLastMail(u.email)).toBeTruthy();
  });

  it("using a link ends the user's other links; so does a password set by an administrator", async () => {
    const u = await h.makeUser("student");
    await requestReset(u.email);
    const first = tokenFromLastMail(u.email)!;
    await requestReset(u.email);
    const second = tokenFromLastMail(u.email)!;
    expect(second).not.toBe(first);
    expect((await confirm({ token: second, password: "newer-pass-1", confirmPassword: "newer-pass-1" })).statusCode).toBe(200);
    const stale = await confirm({ token: first, password: "attacker-1", confirmPassword: "attacker-1" });
    expect(stale.json().code).toBe("RESET_LINK_INVALID");
    expect((await login({ email: u.email, password: "newer-pass-1", loginType: "student" })).statusCode).toBe(200);

    await requestReset(u.email);
    const third = tokenFromLastMail(u.email)!;
    const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    expect((await h.request({ method: "PATCH", url: `/api/users/${u.id}`, cookie: admin, payload: { password: "set-by-admin-1" } })).statusCode).toBe(200);
    const afterAdmin = await confirm({ token: third, password: "attacker-2", confirmPassword: "attacker-2" });
    expect(afterAdmin.json().code).toBe("RESET_LINK_INVALID");
    expect((await login({ email: u.email, password: "set-by-admin-1", loginType: "student" })).statusCode).toBe(200);
  });

  it("the link sets a new password once, ends every session, and the old password stops working", async () => {
    const u = await h.makeUser("teacher");
    const cookieA = await h.signIn(u.email, u.password, "school");
    const cookieB = await h.signIn(u.email, u.password, "school");
    await requestReset(u.email);
    const token = tokenFromLastMail(u.email)!;
    expect(token).toBeTruthy();

    const ok = await confirm({ token, password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(ok.statusCode).toBe(200);
    for (const cookie of [cookieA, cookieB]) expect((await h.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
    expect((await login({ email: u.email, password: u.password, loginType: "school" })).statusCode).toBe(401);
    expect((await login({ email: u.email, password: "brand-new-1", loginType: "school" })).statusCode).toBe(200);

    const again = await confirm({ token, password: "another-1", confirmPassword: "another-1" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "RESET_LINK_INVALID", message: { en: "Failed to update password. The reset link may be invalid or expired. Please request a new link." } });
  });

  it("an expired link is refused", async () => {
    const u = await h.makeUser("student");
    await requestReset(u.email);
    const token = tokenFromLastMail(u.email)!;
    await h.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, u.id));
    const res = await confirm({ token, password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(res.json().code).toBe("RESET_LINK_INVALID");
    expect((await login({ email: u.email, password: u.password, loginType: "student" })).statusCode).toBe(200);
  });

  it("validates the new password with the spec's messages", async () => {
    const short = await confirm({ token: "t", password: "12345", confirmPassword: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: { en: "Password is too short (minimum 6 characters)." } });
    const mismatch = await confirm({ token: "t", password: "123456", confirmPassword: "1234567" });
    expect(mismatch.json()).toMatchObject({ code: "PASSWORDS_DO_NOT_MATCH", message: { en: "Passwords do not match." } });
    const forged = await confirm({ token: "forged", password: "123456", confirmPassword: "123456" });
    expect(forged.json().code).toBe("RESET_LINK_INVALID");
    const missing = await confirm({});
    expect(missing.statusCode).toBe(400);
  });

  it("the request validates the email", async () => {
    expect((await requestReset("")).json().code).toBe("EMAIL_REQUIRED");
    expect((await requestReset("not-an-email")).json().code).toBe("LOGIN_INVALID_EMAIL");
    expect((await requestReset(7)).statusCode).toBe(400);
  });
});

describe("operations", () => {
  it("healthz and readyz", async () => {
    expect((await h.request({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await h.request({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });
  it("sends security headers", async () => {
    const res = await h.request({ method: "GET", url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toEqual(expect.any(String));
    // An unknown route and a refused request carry them too.
    const missing = await h.request({ method: "GET", url: "/api/no-such-route" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(missing.headers["strict-transport-security"]).toBeUndefined(); // plain http in tests
  });
  it("public config carries the contact settings", async () => {
    const res = await h.request({ method: "GET", url: "/api/public/config" });
    expect(res.json()).toEqual({ contactPhone: expect.any(String), contactEmail: expect.any(String), siteDomain: expect.any(String) });
  });
});
