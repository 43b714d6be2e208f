// My account (issue 19): each person reads and sets only their own account, changes their password with the
// current one (their other sessions end, on every instance; the one making the change stays), and gets their
// mail in the language they chose, with a text and an HTML part.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, MAX_PASSWORD_LENGTH } from "../../shared/limits";
import type { TLoginType, TRole } from "../../shared/permissions";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const LOGIN_TYPE: Record<TRole, TLoginType> = { student: "student", teacher: "school", school_admin: "school", super_admin: "admin" };

/** A fresh account of `role`, signed in twice: two sessions, as on a laptop and a phone. */
async function personWithTwoSessions(role: TRole) {
  const u = await h.makeUser(role);
  const here = await h.signIn(u.email, u.password, LOGIN_TYPE[role]);
  const elsewhere = await h.signIn(u.email, u.password, LOGIN_TYPE[role]);
  return { ...u, role, here, elsewhere };
}

const me = (cookie: string) => h.request({ method: "GET", url: "/api/auth/me", cookie });
const changePassword = (cookie: string | undefined, payload: unknown) =>
  h.request({ method: "POST", url: "/api/account/password", cookie, payload: payload as object });
const login = (email: string, password: string, loginType: TLoginType) =>
  h.request({ method: "POST", url: "/api/auth/login", payload: { email, password, loginType } });

describe("reading and setting one's account", () => {
  it("each role reads its own account; emails are in Arabic unless chosen otherwise", async () => {
    for (const role of ["student", "teacher", "school_admin", "super_admin"] as const) {
      const u = await h.makeUser(role, { name: `Name of ${role}` });
      const cookie = await h.signIn(u.email, u.password, LOGIN_TYPE[role]);
      const res = await h.request({ method: "GET", url: "/api/account", cookie });
      expect(res.statusCode, role).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({ email: u.email, username: expect.any(String), name: `Name of ${role}`, role, emailLang: "ar" });
    }
  });

  it("signed out: 401 for every account route", async () => {
    expect((await h.request({ method: "GET", url: "/api/account" })).statusCode).toBe(401);
    expect((await h.request({ method: "PATCH", url: "/api/account", payload: { emailLang: "en" } })).statusCode).toBe(401);
    const res = await changePassword(undefined, { currentPassword: "x", password: "new-pass-1", confirmPassword: "new-pass-1" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });

  it("the email language changes for the person asking and nobody else", async () => {
    const a = await h.makeUser("teacher");
    const b = await h.makeUser("teacher");
    const cookieA = await h.signIn(a.email, a.password, "school");
    const cookieB = await h.signIn(b.email, b.password, "school");
    const res = await h.request({ method: "PATCH", url: "/api/account", cookie: cookieA, payload: { emailLang: "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: a.email, emailLang: "en" });
    expect((await h.request({ method: "GET", url: "/api/account", cookie: cookieA })).json().emailLang).toBe("en");
    expect((await h.request({ method: "GET", url: "/api/account", cookie: cookieB })).json().emailLang).toBe("ar");
  });

  it("refuses an unknown language, a wrong type, a missing field, a long text and fields of another kind", async () => {
    const u = await h.makeUser("student");
    const cookie = await h.signIn(u.email, u.password, "student");
    const patch = (payload: unknown) => h.request({ method: "PATCH", url: "/api/account", cookie, payload: payload as object });
    for (const payload of [{ emailLang: "fr" }, { emailLang: 7 }, { emailLang: null }, {}, { emailLang: "ar".repeat(5000) }]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ code: "EMAIL_LANGUAGE_INVALID", message: { en: "The language of emails must be Arabic or English (ar or en).", ar: expect.any(String) } });
    }
    // The account page sets the email language only: not the name, the role or the email.
    for (const payload of [{ emailLang: "en", role: "super_admin" }, { emailLang: "en", email: "else@test.local" }, { name: "Other" }]) {
      expect((await patch(payload)).statusCode).toBe(400);
    }
    expect((await h.request({ method: "GET", url: "/api/account", cookie })).json()).toMatchObject({ role: "student", email: u.email, emailLang: "ar" });
  });
});

describe("changing one's password", () => {
  for (const role of ["student", "teacher", "school_admin", "super_admin"] as const) {
    it(`${role}: the new password works, the old one no longer; this session stays, the others end, nobody else's`, async () => {
      const p = await personWithTwoSessions(role);
      const bystander = await personWithTwoSessions(role);
      const res = await changePassword(p.here, { currentPassword: p.password, password: "brand-new-1", confirmPassword: "brand-new-1" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await me(p.here)).json().user.id).toBe(p.id);
      expect((await me(p.elsewhere)).statusCode).toBe(401);
      expect((await me(bystander.here)).statusCode).toBe(200);
      expect((await me(bystander.elsewhere)).statusCode).toBe(200);
      expect((await login(p.email, p.password, LOGIN_TYPE[role])).statusCode).toBe(401);
      expect((await login(p.email, "brand-new-1", LOGIN_TYPE[role])).statusCode).toBe(200);
      expect((await login(bystander.email, bystander.password, LOGIN_TYPE[role])).statusCode).toBe(200);
    });
  }

  it("a session remembered by another app instance ends there too", async () => {
    const other = await h.buildAnotherApp();
    try {
      const p = await personWithTwoSessions("teacher");
      const onOther = async () => (await other.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: p.elsewhere } })).statusCode;
      expect(await onOther()).toBe(200);
      expect((await changePassword(p.here, { currentPassword: p.password, password: "brand-new-2", confirmPassword: "brand-new-2" })).statusCode).toBe(200);
      expect(await onOther()).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("a wrong current password changes nothing and says so in both languages", async () => {
    const p = await personWithTwoSessions("student");
    const res = await changePassword(p.here, { currentPassword: "not-my-password", password: "brand-new-3", confirmPassword: "brand-new-3" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "CURRENT_PASSWORD_WRONG",
      title: { en: "Password Error", ar: "خطأ في كلمة المرور" },
      message: { en: "Your current password is not correct, so the password was not changed.", ar: "كلمة المرور الحالية غير صحيحة، فلم تُغيَّر كلمة المرور." },
    });
    expect((await me(p.elsewhere)).statusCode).toBe(200);
    expect((await login(p.email, p.password, "student")).statusCode).toBe(200);
  });

  it("wrong current passwords count as failed sign-ins of the account: past the limit both are refused for a while", async () => {
    const p = await personWithTwoSessions("teacher");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await changePassword(p.here, { currentPassword: `guess-${i}`, password: "brand-new-4", confirmPassword: "brand-new-4" })).statusCode).toBe(400);
    }
    const refused = await changePassword(p.here, { currentPassword: p.password, password: "brand-new-4", confirmPassword: "brand-new-4" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: "CURRENT_PASSWORD_THROTTLED", message: { en: expect.stringContaining("wait a few minutes"), ar: expect.any(String) } });
    expect((await login(p.email, p.password, "school")).json().code).toBe("LOGIN_THROTTLED");
    // Nothing changed meanwhile: the other session lives.
    expect((await me(p.elsewhere)).statusCode).toBe(200);
  });

  it("a right current password clears the account's earlier failures", async () => {
    const p = await personWithTwoSessions("student");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await changePassword(p.here, { currentPassword: "wrong", password: "brand-new-5", confirmPassword: "brand-new-5" });
    expect((await changePassword(p.here, { currentPassword: p.password, password: "brand-new-5", confirmPassword: "brand-new-5" })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) await changePassword(p.here, { currentPassword: "wrong", password: "brand-new-6", confirmPassword: "brand-new-6" });
    expect((await changePassword(p.here, { currentPassword: "brand-new-5", password: "brand-new-6", confirmPassword: "brand-new-6" })).statusCode).toBe(200);
  });

  it("ends the reset links the person had asked for", async () => {
    const p = await personWithTwoSessions("student");
    await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: p.email } });
    await h.drainJobs();
    const token = h.mails.findLast((m) => m.to === p.email)!.text.match(/update-password#token=([A-Za-z0-9_-]+)/)![1];
    expect((await changePassword(p.here, { currentPassword: p.password, password: "brand-new-7", confirmPassword: "brand-new-7" })).statusCode).toBe(200);
    const reset = await h.request({ method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, password: "attacker-1", confirmPassword: "attacker-1" } });
    expect(reset.json().code).toBe("RESET_LINK_INVALID");
  });

  it("validates with the same rules and words as the reset", async () => {
    const p = await personWithTwoSessions("student");
    const cases: [unknown, string][] = [
      [{ password: "brand-new-8", confirmPassword: "brand-new-8" }, "CURRENT_PASSWORD_REQUIRED"],
      [{ currentPassword: "", password: "brand-new-8", confirmPassword: "brand-new-8" }, "CURRENT_PASSWORD_REQUIRED"],
      [{ currentPassword: p.password, password: "12345", confirmPassword: "12345" }, "PASSWORD_TOO_SHORT"],
      [{ currentPassword: p.password, password: "x".repeat(MAX_PASSWORD_LENGTH + 1), confirmPassword: "x".repeat(MAX_PASSWORD_LENGTH + 1) }, "PASSWORD_TOO_LONG"],
      [{ currentPassword: "x".repeat(5000), password: "brand-new-8", confirmPassword: "brand-new-8" }, "PASSWORD_TOO_LONG"],
      [{ currentPassword: p.password, password: "brand-new-8", confirmPassword: "brand-new-9" }, "PASSWORDS_DO_NOT_MATCH"],
      [{ currentPassword: p.password, password: "brand-new-8" }, "PASSWORDS_DO_NOT_MATCH"],
      [{ currentPassword: 123456, password: ["brand-new-8"], confirmPassword: "brand-new-8" }, "CURRENT_PASSWORD_REQUIRED"],
      [{ currentPassword: p.password, password: "brand-new-8", confirmPassword: "brand-new-8", userId: ADMIN.email }, "VALIDATION_FAILED"],
    ];
    for (const [payload, code] of cases) {
      const res = await changePassword(p.here, payload);
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ code, message: { en: expect.any(String), ar: expect.any(String) } });
    }
    expect((await h.request({ method: "POST", url: "/api/account/password", cookie: p.here })).statusCode).toBe(400);
    // None of it changed the password or ended a session.
    expect((await me(p.elsewhere)).statusCode).toBe(200);
    expect((await login(p.email, p.password, "student")).statusCode).toBe(200);
  });
});


describe("the audit log of one's own account", () => {
  const entriesOf = async (id: string) => {
    const admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
    return (await h.request({ method: "GET", url: `/api/audit?entity=user&entityId=${id}`, cookie: admin })).json().items as { action: string; actorId: string; actorEmail: string; before: unknown; after: Record<string, unknown> }[];
  };

  it("a password change is recorded as done by the person to themselves, with no secret in it", async () => {
    const p = await personWithTwoSessions("teacher");
    expect((await changePassword(p.here, { currentPassword: p.password, password: "secret-new-5", confirmPassword: "secret-new-5" })).statusCode).toBe(200);
    const entries = await entriesOf(p.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "password_change", actorId: p.id, actorEmail: p.email, before: null, after: { email: p.email, passwordChanged: true, via: "account_page" } });
    const text = JSON.stringify(entries);
    for (const secret of ["secret-new-5", p.password, "scrypt$"]) expect(text).not.toContain(secret);
  });

  it("a wrong current password or a refused new one records nothing", async () => {
    const p = await personWithTwoSessions("student");
    expect((await changePassword(p.here, { currentPassword: "not-my-password", password: "secret-new-6", confirmPassword: "secret-new-6" })).statusCode).toBe(400);
    expect((await changePassword(p.here, { currentPassword: p.password, password: "secret-new-6", confirmPassword: "other-one-6" })).statusCode).toBe(400);
    expect(await entriesOf(p.id)).toEqual([]);
  });

  it("a password set through a reset link is recorded the same way", async () => {
    const u = await h.makeUser("student");
    await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email: u.email } });
    await h.drainJobs();
    const token = h.mails.findLast((m) => m.to === u.email)!.text.match(/#token=([A-Za-z0-9_-]+)/)![1];
    const res = await h.request({ method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, password: "secret-new-7", confirmPassword: "secret-new-7" } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await entriesOf(u.id);
    expect(entries.map((e) => [e.action, e.actorId, e.after.via])).toEqual([["password_change", u.id, "reset_link"]]);
    expect(JSON.stringify(entries)).not.toContain("secret-new-7");
  });

  it("a change of email language is an update of the person by themselves; saving the same language records nothing", async () => {
    const u = await h.makeUser("teacher");
    const cookie = await h.signIn(u.email, u.password, "school");
    expect((await h.request({ method: "PATCH", url: "/api/account", cookie, payload: { emailLang: "ar" } })).statusCode).toBe(200);
    expect(await entriesOf(u.id)).toEqual([]);
    expect((await h.request({ method: "PATCH", url: "/api/account", cookie, payload: { emailLang: "en" } })).json().emailLang).toBe("en");
    expect(await entriesOf(u.id)).toMatchObject([{ action: "update", actorId: u.id, before: { emailLang: "ar" }, after: { emailLang: "en" } }]);
  });
});

describe("mail in the recipient's language", () => {
  const resetMailOf = async (email: string) => {
    await h.request({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } });
    await h.drainJobs();
    return h.mails.findLast((m) => m.to === email)!;
  };

  it("the reset mail is in Arabic, right to left, until the person chooses English; both parts carry the link", async () => {
    const u = await h.makeUser("student");
    const arabic = await resetMailOf(u.email);
    expect(arabic.subject).toBe("قياس — إعادة تعيين كلمة المرور");
    expect(arabic.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic.html).toContain('<table role="presentation" lang="ar" dir="rtl"');
    expect(arabic.html).toContain("تعيين كلمة مرور جديدة");
    expect(arabic.text).toContain("تلقّينا طلبًا لإعادة تعيين كلمة المرور");
    expect(arabic.text).not.toMatch(/[A-Za-z]{4,} [A-Za-z]{4,}/); // no English sentence beside it
    const link = arabic.text.match(/https?:\/\/\S+update-password#token=[A-Za-z0-9_-]+/)![0];
    expect(arabic.html).toContain(`href="${link}"`);

    const cookie = await h.signIn(u.email, u.password, "student");
    await h.request({ method: "PATCH", url: "/api/account", cookie, payload: { emailLang: "en" } });
    const english = await resetMailOf(u.email);
    expect(english.subject).toBe("Qias — Reset your password");
    expect(english.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(english.text).toContain("We received a request to reset the password of your Qias account.");
    expect(english.text).not.toMatch(/[\u0600-\u06FF]/);
    expect(english.html).toMatch(/href="https?:\/\/\S+update-password#token=/);
  });
});
