// Staff two-step sign-in (issue 38): set-up, the second step, recovery codes, replay, throttle, the super_admin's
// rule and reset, and other people's accounts left alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createHarness, type THarness } from "../test/harness";
import { auditLog, signInChallenges, twoFactorRule, twoFactors } from "../db/schema";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from "../../shared/limits";
import type { TLoginType, TRole } from "../../shared/permissions";
import { base32Decode, hotp, totpStep } from "./totp";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const LOGIN_TYPE: Record<TRole, TLoginType> = { student: "student", teacher: "school", school_admin: "school", super_admin: "admin" };
const post = (url: string, payload: object, cookie?: string) => h.request({ method: "POST", url, payload, cookie });
const login = (email: string, password: string, loginType: TLoginType) => post("/api/auth/login", { email, password, loginType });
/** The code of a step: the current one unless told, as the person's phone shows it. */
const codeOf = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offset);

/** A staff member with two-step sign-in on: their secret as shown, a cookie, and their recovery codes. */
async function withTwoFactor(role: TRole = "teacher") {
  const u = await h.makeUser(role);
  const cookie = await h.signIn(u.email, u.password, LOGIN_TYPE[role]);
  const setup = await post("/api/account/two-factor/setup", {}, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, qrSvg } = setup.json();
  const confirmed = await post("/api/account/two-factor/confirm", { code: codeOf(secret) }, cookie);
  expect(confirmed.statusCode).toBe(200);
  return { ...u, role, cookie, secret: secret as string, qrSvg: qrSvg as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe("setting it up", () => {
  it("shows the secret once as text and a QR code, is on only after a right code, and never returns the secret again", async () => {
    const u = await h.makeUser("teacher");
    const cookie = await h.signIn(u.email, u.password, "school");
    expect((await h.request({ method: "GET", url: "/api/account/two-factor", cookie })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    const setup = await post("/api/account/two-factor/setup", {}, cookie);
    expect(setup.headers["cache-control"]).toBe("no-store");
    const { secret, qrSvg } = setup.json();
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(qrSvg).toMatch(/^<svg/);
    // Stored encrypted: neither the base32 text nor its bytes appear in the row.
    const [row] = await h.db.select().from(twoFactors).where(eq(twoFactors.userId, u.id));
    expect(row!.secret.startsWith("v1.")).toBe(true);
    expect(row!.secret).not.toContain(secret.replace(/ /g, ""));
    expect(row!.enabledAt).toBeNull();
    // A wrong code does not turn it on; nor does a code far off the clock.
    expect((await post("/api/account/two-factor/confirm", { code: "000000" }, cookie)).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await post("/api/account/two-factor/confirm", { code: codeOf(secret, 3) }, cookie)).statusCode).toBe(401);
    // Still off: sign-in needs no code yet.
    expect((await login(u.email, u.password, "school")).json()).toHaveProperty("user");
    const ok = await post("/api/account/two-factor/confirm", { code: codeOf(secret) }, cookie);
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z34679]{5}-[A-HJKMNP-Z34679]{5}$/);
    const status = await h.request({ method: "GET", url: "/api/account/two-factor", cookie });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.body).not.toContain(secret.replace(/ /g, "").slice(0, 8));
    // No second set-up while it is on: the secret cannot be read again.
    expect((await post("/api/account/two-factor/setup", {}, cookie)).json().code).toBe("TWO_FACTOR_ALREADY_ON");
    const audited = await h.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    expect(audited.some((a) => a.entity === "two_factor" && a.action === "create")).toBe(true);
  });

  it("is for staff: a student cannot set it up; signed out, 401", async () => {
    const s = await h.makeUser("student");
    const cookie = await h.signIn(s.email, s.password, "student");
    expect((await post("/api/account/two-factor/setup", {}, cookie)).json().code).toBe("TWO_FACTOR_STAFF_ONLY");
    expect((await post("/api/account/two-factor/setup", {})).statusCode).toBe(401);
    expect((await post("/api/account/two-factor/confirm", { code: "123456" })).statusCode).toBe(401);
  });

  it("refuses bad input with a clear code, never a 500", async () => {
    const u = await h.makeUser("teacher");
    const cookie = await h.signIn(u.email, u.password, "school");
    expect((await post("/api/account/two-factor/confirm", { code: "123456" }, cookie)).json().code).toBe("TWO_FACTOR_NOT_STARTED");
    for (const payload of [{}, { code: 123456 }, { code: "" }, { code: "1".repeat(500) }]) {
      const res = await post("/api/account/two-factor/confirm", payload, cookie);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: "TWO_FACTOR_CODE_WRONG", message: { en: expect.any(String), ar: expect.any(String) } });
    }
    for (const payload of [{}, { challenge: "x" }, { code: "123456" }, { challenge: 5, code: "123456" }]) {
      const res = await post("/api/auth/login/second-step", payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(["SIGN_IN_STEP_EXPIRED", "TWO_FACTOR_CODE_WRONG"]).toContain(res.json().code);
    }
  });
});

describe("signing in with a second factor", () => {
  it("a right password makes no session, only a challenge; the code then signs in", async () => {
    const u = await withTwoFactor();
    const first = await login(u.email, u.password, "school");
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name === "qias_session")).toBeUndefined();
    const { challenge } = first.json();
    expect(challenge).toEqual(expect.any(String));
    expect(first.json()).not.toHaveProperty("user");
    // The challenge is no session.
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: `qias_session=${challenge}` })).statusCode).toBe(401);
    const wrong = await post("/api/auth/login/second-step", { challenge, code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("TWO_FACTOR_CODE_WRONG");
    // The step after the one used at confirmation (the current step is spent): within ±1 step, accepted.
    const second = await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, 1) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.email).toBe(u.email);
    const cookie = second.cookies.find((c) => c.name === "qias_session");
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: `qias_session=${cookie!.value}` })).statusCode).toBe(200);
    // The challenge is spent.
    expect((await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, 1) })).json().code).toBe("SIGN_IN_STEP_EXPIRED");
  });

  it("a code once used is refused, as is any older one (the last step is kept)", async () => {
    const u = await withTwoFactor();
    const { challenge } = (await login(u.email, u.password, "school")).json();
    // The confirmation spent the current step: replaying it, or the one before, is refused.
    expect((await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret) })).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, -1) })).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, 1) })).statusCode).toBe(200);
    const again = (await login(u.email, u.password, "school")).json().challenge;
    expect((await post("/api/auth/login/second-step", { challenge: again, code: codeOf(u.secret, 1) })).json().code).toBe("TWO_FACTOR_CODE_WRONG");
  });

  it("a recovery code signs in once, typed in lower case or without its dash", async () => {
    const u = await withTwoFactor();
    const [code] = u.recoveryCodes;
    const c1 = (await login(u.email, u.password, "school")).json().challenge;
    expect((await post("/api/auth/login/second-step", { challenge: c1, code: code!.toLowerCase().replace("-", " ") })).statusCode).toBe(200);
    const c2 = (await login(u.email, u.password, "school")).json().challenge;
    expect((await post("/api/auth/login/second-step", { challenge: c2, code })).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await h.request({ method: "GET", url: "/api/account/two-factor", cookie: u.cookie })).json().recoveryCodesLeft).toBe(9);
  });

  it("an expired challenge, or a made-up one, is refused", async () => {
    const u = await withTwoFactor();
    const { challenge } = (await login(u.email, u.password, "school")).json();
    await h.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInChallenges.userId, u.id));
    expect((await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, 1) })).json().code).toBe("SIGN_IN_STEP_EXPIRED");
    expect((await post("/api/auth/login/second-step", { challenge: "made-up", code: codeOf(u.secret, 1) })).json().code).toBe("SIGN_IN_STEP_EXPIRED");
  });

  it("wrong codes are throttled as wrong passwords are: then even the right one waits", async () => {
    const u = await withTwoFactor();
    const { challenge } = (await login(u.email, u.password, "school")).json();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await post("/api/auth/login/second-step", { challenge, code: "000000" })).statusCode).toBe(401);
    }
    const res = await post("/api/auth/login/second-step", { challenge, code: codeOf(u.secret, 1) });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("TWO_FACTOR_THROTTLED");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("turning it off, the rule and the reset", () => {
  it("off with the password or a code; a wrong password leaves it on", async () => {
    const a = await withTwoFactor();
    expect((await post("/api/account/two-factor/off", { password: "wrong-one" }, a.cookie)).json().code).toBe("CURRENT_PASSWORD_WRONG");
    expect((await post("/api/account/two-factor/off", {}, a.cookie)).statusCode).toBe(400);
    expect((await post("/api/account/two-factor/off", { password: a.password }, a.cookie)).statusCode).toBe(200);
    expect((await login(a.email, a.password, "school")).json()).toHaveProperty("user");
    const b = await withTwoFactor();
    expect((await post("/api/account/two-factor/off", { code: b.recoveryCodes[3] }, b.cookie)).statusCode).toBe(200);
    expect((await h.request({ method: "GET", url: "/api/account/two-factor", cookie: b.cookie })).json().enabled).toBe(false);
  });

  it("wrong passwords or codes on the account page count as sign-in failures do (they are not rolled back with the refusal)", async () => {
    const a = await withTwoFactor();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await post("/api/account/two-factor/off", { password: `wrong-${i}` }, a.cookie)).json().code).toBe("CURRENT_PASSWORD_WRONG");
    }
    expect((await post("/api/account/two-factor/off", { password: a.password }, a.cookie)).json().code).toBe("TWO_FACTOR_THROTTLED");
    const b = await h.makeUser("teacher");
    const cookie = await h.signIn(b.email, b.password, "school");
    await post("/api/account/two-factor/setup", {}, cookie);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) expect((await post("/api/account/two-factor/confirm", { code: "000000" }, cookie)).statusCode).toBe(401);
    expect((await post("/api/account/two-factor/confirm", { code: "000001" }, cookie)).json().code).toBe("TWO_FACTOR_THROTTLED");
  });

  it("a super_admin requires it of administrators: they sign in and are told to set it up; teachers are not", async () => {
    const bare = await h.makeUser("super_admin");
    const bareCookie = await h.signIn(bare.email, bare.password, "admin");
    // Not by a super_admin it would lock out at once.
    expect((await h.request({ method: "PUT", url: "/api/settings/two-factor", cookie: bareCookie, payload: { requiredForAdmins: true } })).json().code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    const root = await withTwoFactor("super_admin");
    const rootCookie = root.cookie;
    const teacher = await h.makeUser("teacher");
    const teacherCookie = await h.signIn(teacher.email, teacher.password, "school");
    expect((await h.request({ method: "PUT", url: "/api/settings/two-factor", cookie: teacherCookie, payload: { requiredForAdmins: true } })).statusCode).toBe(403);
    expect((await h.request({ method: "PUT", url: "/api/settings/two-factor", cookie: rootCookie, payload: { requiredForAdmins: "yes" } })).statusCode).toBe(400);
    expect((await h.request({ method: "PUT", url: "/api/settings/two-factor", cookie: rootCookie, payload: { requiredForAdmins: true } })).statusCode).toBe(200);
    try {
      const admin = await h.makeUser("school_admin");
      const res = await login(admin.email, admin.password, "school");
      expect(res.json()).toMatchObject({ user: { email: admin.email }, twoFactorSetupRequired: true });
      const cookie = `qias_session=${res.cookies.find((c) => c.name === "qias_session")!.value}`;
      expect((await h.request({ method: "GET", url: "/api/account/two-factor", cookie })).json()).toMatchObject({ enabled: false, required: true });
      // Until set up, the server refuses everything but their account: the browser's redirect is not the rule.
      const refused = await h.request({ method: "GET", url: "/api/users?group=admins", cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("TWO_FACTOR_SETUP_REQUIRED");
      expect((await h.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(200);
      expect((await h.request({ method: "GET", url: "/api/account", cookie })).statusCode).toBe(200);
      const { secret } = (await post("/api/account/two-factor/setup", {}, cookie)).json();
      expect((await post("/api/account/two-factor/confirm", { code: codeOf(secret) }, cookie)).statusCode).toBe(200);
      expect((await h.request({ method: "GET", url: "/api/users?group=admins", cookie })).json().code).not.toBe("TWO_FACTOR_SETUP_REQUIRED");
      expect((await login(teacher.email, teacher.password, "school")).json()).not.toHaveProperty("twoFactorSetupRequired");
      // A super_admin without it, already signed in, now reaches only their account.
      expect((await h.request({ method: "GET", url: "/api/settings/two-factor", cookie: bareCookie })).json().code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    } finally {
      await h.db.delete(twoFactorRule);
    }
  });

  it("a super_admin resets someone's second factor, audited; nobody else can, and an unknown id is not found", async () => {
    const u = await withTwoFactor("school_admin");
    const other = await withTwoFactor("school_admin");
    // Another administrator cannot reset it: not their own, not someone else's.
    expect((await h.request({ method: "DELETE", url: `/api/users/${u.id}/two-factor`, cookie: other.cookie })).statusCode).toBe(403);
    const root = await h.makeUser("super_admin");
    const rootCookie = await h.signIn(root.email, root.password, "admin");
    expect((await h.request({ method: "DELETE", url: `/api/users/not-a-uuid/two-factor`, cookie: rootCookie })).json().code).toBe("USER_NOT_FOUND");
    expect((await h.request({ method: "DELETE", url: `/api/users/00000000-0000-4000-8000-000000000000/two-factor`, cookie: rootCookie })).json().code).toBe("USER_NOT_FOUND");
    expect((await h.request({ method: "DELETE", url: `/api/users/${u.id}/two-factor`, cookie: rootCookie })).statusCode).toBe(200);
    expect((await login(u.email, u.password, "school")).json()).toHaveProperty("user");
    expect((await login(other.email, other.password, "school")).json()).toHaveProperty("challenge");
    const audited = await h.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    expect(audited.some((a) => a.entity === "two_factor" && a.action === "delete" && a.actorId === root.id)).toBe(true);
  });
});

describe("new recovery codes without turning it off", () => {
  it("asks a current authenticator code (not a recovery code), gives ten new codes once, and the old ones stop working", async () => {
    const u = await withTwoFactor("teacher");
    const regenerate = (code: unknown) => post("/api/account/two-factor/recovery-codes", { code }, u.cookie);
    // A recovery code, a wrong code, a code of another type: refused, and the old codes still work.
    expect((await regenerate(u.recoveryCodes[0])).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await regenerate("000000")).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await regenerate(undefined)).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    const res = await regenerate(codeOf(u.secret, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => u.recoveryCodes.includes(c))).toBe(false);
    // The old ones no longer pass the second step; a new one does.
    const challenge = async () => (await login(u.email, u.password, "school")).json().challenge as string;
    expect((await post("/api/auth/login/second-step", { challenge: await challenge(), code: u.recoveryCodes[1] })).json().code).toBe("TWO_FACTOR_CODE_WRONG");
    expect((await post("/api/auth/login/second-step", { challenge: await challenge(), code: fresh[0] })).statusCode).toBe(200);
    expect((await h.request({ method: "GET", url: "/api/account/two-factor", cookie: u.cookie })).json().recoveryCodesLeft).toBe(9);
    // Someone without two-step sign-in on is told so.
    const other = await h.makeUser("teacher");
    const cookie = await h.signIn(other.email, other.password, "school");
    expect((await post("/api/account/two-factor/recovery-codes", { code: "123456" }, cookie)).json().code).toBe("TWO_FACTOR_NOT_ON");
  });
});
