// Sign-in through the school's identity provider (issue 38): against a local provider (test/oidc-stub.ts) — sign-in,
// first-time linking by a verified email, each refusal, a UAE-PASS-shaped OAuth 2.0 provider, a school's password
// sign-in off, linked identities, and the super_admin's routes (bad input, secrets never shown).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../test/harness";
import { startStubProvider, type TStubProvider } from "../test/oidc-stub";
import { auditLog, identityProviders, oidcStates, profiles, userIdentities } from "../db/schema";
import type { TLoginType } from "../../shared/permissions";

let h: THarness;
let oidc: TStubProvider;
let uaePass: TStubProvider;
let admin: string;
beforeAll(async () => {
  [h, oidc, uaePass] = await Promise.all([createHarness(), startStubProvider({ kind: "oidc" }), startStubProvider({ kind: "oauth2" })]);
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
});
afterAll(async () => {
  await Promise.all([h?.close(), oidc?.close(), uaePass?.close()]);
});

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = admin) => h.request({ method, url, payload, cookie });

function providerInput(stub: TStubProvider, extra: Record<string, unknown> = {}) {
  return { kind: "oidc", nameAr: "حساب المدرسة", nameEn: "School account", issuer: stub.issuer, clientId: stub.clientId, clientSecret: stub.clientSecret, roles: ["student", "teacher", "school_admin"], ...extra };
}
async function makeProvider(stub: TStubProvider, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api("POST", "/api/identity-providers", providerInput(stub, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The browser's round trip: start, the provider's approval, the callback. Returns where the browser ends up. */
async function roundTrip(providerId: string, loginType: TLoginType = "student", tamper: (callback: URL) => void = () => {}) {
  const start = await h.request({ method: "GET", url: `/api/auth/oidc/${providerId}/start?loginType=${loginType}&lang=en` });
  expect(start.statusCode).toBe(302);
  const binding = start.cookies.find((c) => c.name === "qias_oidc");
  if (!binding) return { location: start.headers.location as string, cookie: undefined, callback: null };
  const approval = await fetch(start.headers.location as string, { redirect: "manual" });
  const callback = new URL(approval.headers.get("location")!);
  tamper(callback);
  const back = await h.request({ method: "GET", url: callback.pathname + callback.search, cookie: `qias_oidc=${binding.value}` });
  expect(back.statusCode).toBe(302);
  const session = back.cookies.find((c) => c.name === "qias_session");
  return { location: back.headers.location as string, cookie: session ? `qias_session=${session.value}` : undefined, callback, binding: binding.value };
}
const me = async (cookie: string | undefined) => (await h.request({ method: "GET", url: "/api/auth/me", cookie })).json().user;

describe("OpenID Connect", () => {
  it("starts with PKCE (S256), state, nonce and the page's language, and shows the provider on the login screens it serves", async () => {
    const id = await makeProvider(oidc, { uiLocales: true, roles: ["student"] });
    const start = await h.request({ method: "GET", url: `/api/auth/oidc/${id}/start?loginType=student&lang=ar` });
    const url = new URL(start.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${oidc.issuer}/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("ui_locales")).toBe("ar");
    expect(url.searchParams.get("redirect_uri")).toBe(`${h.config.publicUrl}/api/auth/oidc/callback`);
    // The state is kept hashed, never as sent.
    const rows = await h.db.select().from(oidcStates);
    expect(rows.some((r) => r.id === url.searchParams.get("state"))).toBe(false);
    const cookie = start.cookies.find((c) => c.name === "qias_oidc")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe("/api/auth/oidc/callback");

    const names = (type: TLoginType) => h.request({ method: "GET", url: `/api/auth/providers?loginType=${type}` }).then((r) => r.json() as { id: string }[]);
    expect((await names("student")).map((p) => p.id)).toContain(id);
    expect((await names("admin")).map((p) => p.id)).not.toContain(id);
    // A login screen it does not serve cannot start it either.
    expect((await roundTrip(id, "admin")).location).toBe("/login/admin?error=IDP_NOT_FOUND");
    expect((await h.request({ method: "GET", url: "/api/auth/providers?loginType=boss" })).statusCode).toBe(400);
  });

  it("links an existing account by a verified email on the first sign-in, then by subject (even when the email changes)", async () => {
    const id = await makeProvider(oidc);
    const student = await h.makeUser("student");
    oidc.user = { sub: "stu-1", email: student.email.toUpperCase(), email_verified: true };
    const first = await roundTrip(id);
    expect(first.location).toBe("/");
    expect((await me(first.cookie)).id).toBe(student.id);
    const [link] = await h.db.select().from(userIdentities).where(eq(userIdentities.userId, student.id));
    expect(link).toMatchObject({ providerId: id, subject: "stu-1" });
    oidc.user = { sub: "stu-1", email: "renamed@elsewhere.example", email_verified: false };
    expect((await me((await roundTrip(id)).cookie)).id).toBe(student.id);
  });

  it("refuses a tampered state, a replayed one, and a callback without the starting browser's cookie", async () => {
    const id = await makeProvider(oidc);
    const student = await h.makeUser("student");
    oidc.user = { sub: "stu-state", email: student.email, email_verified: true };
    const wrong = await roundTrip(id, "student", (cb) => cb.searchParams.set("state", "not-the-state"));
    expect(wrong.location).toBe("/login/student?error=IDP_SIGN_IN_FAILED");
    expect(wrong.cookie).toBeUndefined();

    const ok = await roundTrip(id);
    expect(ok.location).toBe("/");
    const replay = await h.request({ method: "GET", url: ok.callback!.pathname + ok.callback!.search, cookie: `qias_oidc=${ok.binding}` });
    expect(replay.headers.location).toBe("/login/student?error=IDP_SIGN_IN_FAILED");

    const start = await h.request({ method: "GET", url: `/api/auth/oidc/${id}/start?loginType=student&lang=en` });
    const approval = await fetch(start.headers.location as string, { redirect: "manual" });
    const cb = new URL(approval.headers.get("location")!);
    const noCookie = await h.request({ method: "GET", url: cb.pathname + cb.search });
    expect(noCookie.headers.location).toBe("/login/student?error=IDP_SIGN_IN_FAILED");
    const otherCookie = await h.request({ method: "GET", url: cb.pathname + cb.search, cookie: "qias_oidc=student.someone-else" });
    expect(otherCookie.headers.location).toBe("/login/student?error=IDP_SIGN_IN_FAILED");
  });

  it("refuses an id_token with another nonce, issuer or audience", async () => {
    const id = await makeProvider(oidc);
    const student = await h.makeUser("student");
    oidc.user = { sub: "stu-token", email: student.email, email_verified: true };
    try {
      for (const spoil of [{ nonce: "another-nonce" }, { iss: "https://evil.example" }, { aud: "another-client" }]) {
        oidc.spoil = spoil;
        const res = await roundTrip(id);
        expect(res.location, JSON.stringify(spoil)).toBe("/login/student?error=IDP_SIGN_IN_FAILED");
        expect(res.cookie).toBeUndefined();
      }
    } finally {
      oidc.spoil = {};
    }
    expect(await h.db.select().from(userIdentities).where(eq(userIdentities.subject, "stu-token"))).toEqual([]);
  });

  it("refuses an unverified email, a school or a role the provider does not serve, and a person with no account", async () => {
    const allowedSchool = await h.makeSchool();
    const id = await makeProvider(oidc, { schoolIds: [allowedSchool], roles: ["student", "teacher"] });
    const elsewhere = await h.makeUser("student");
    const principal = await h.makeUser("school_admin", { schoolId: allowedSchool });
    const here = await h.makeUser("student", { schoolId: allowedSchool });

    oidc.user = { sub: "u-unverified", email: here.email, email_verified: false };
    expect((await roundTrip(id)).location).toBe("/login/student?error=IDP_EMAIL_NOT_VERIFIED");
    oidc.user = { sub: "u-elsewhere", email: elsewhere.email, email_verified: true };
    expect((await roundTrip(id)).location).toBe("/login/student?error=IDP_NOT_ALLOWED");
    oidc.user = { sub: "u-principal", email: principal.email, email_verified: true };
    expect((await roundTrip(id, "school")).location).toBe("/login/school?error=IDP_NOT_ALLOWED");
    oidc.user = { sub: "u-nobody", email: "nobody@school.example", email_verified: true };
    expect((await roundTrip(id)).location).toBe("/login/student?error=IDP_NO_ACCOUNT");
    // None of them was linked, and no account was made.
    expect(await h.db.select().from(userIdentities).where(eq(userIdentities.providerId, id))).toEqual([]);
    expect(await h.db.select().from(profiles).where(eq(profiles.email, "nobody@school.example"))).toEqual([]);
    // The school's own student signs in.
    oidc.user = { sub: "u-here", email: here.email, email_verified: true };
    expect((await me((await roundTrip(id)).cookie)).id).toBe(here.id);
  });

  it("creates a student of the school it is set to, and only then", async () => {
    const school = await h.makeSchool();
    const id = await makeProvider(oidc, { roles: ["student"], createStudentsSchoolId: school });
    oidc.user = { sub: "new-1", email: "new.student@school.example", email_verified: true, name: "سارة" };
    const res = await roundTrip(id);
    const user = await me(res.cookie);
    expect(user).toMatchObject({ role: "student", schoolId: school, email: "new.student@school.example", name: "سارة" });
    // Not through the school screen, even by the same provider.
    oidc.user = { sub: "new-2", email: "new.teacher@school.example", email_verified: true };
    expect((await roundTrip(id, "school")).location).toBe("/login/school?error=IDP_NOT_FOUND");
  });
});

describe("plain OAuth 2.0 (UAE PASS's shape)", () => {
  it("signs in from the userinfo endpoint without an id_token, asking in the page's language", async () => {
    const school = await h.makeSchool();
    const res = await api("POST", "/api/identity-providers", {
      ...providerInput(uaePass),
      kind: "oauth2",
      nameEn: "UAE PASS",
      nameAr: "الهوية الرقمية",
      authorizationEndpoint: `${uaePass.issuer}/authorize`,
      tokenEndpoint: `${uaePass.issuer}/token`,
      userinfoEndpoint: `${uaePass.issuer}/userinfo`,
      scopes: "urn:uae:digitalid:profile:general",
      uiLocales: true,
      emailsVerified: true,
      schoolIds: [school],
    });
    expect(res.statusCode, res.body).toBe(201);
    const teacher = await h.makeUser("teacher", { schoolId: school });
    uaePass.user = { sub: "784-1990-1234567-1", email: teacher.email };
    const trip = await roundTrip(res.json().id, "school");
    expect(trip.location).toBe("/");
    expect((await me(trip.cookie)).id).toBe(teacher.id);
    expect(uaePass.lastAuthorize!.get("ui_locales")).toBe("en");
    expect(uaePass.lastAuthorize!.get("nonce")).toBeNull();
    expect(uaePass.lastAuthorize!.get("scope")).toBe("urn:uae:digitalid:profile:general");
  });
});

describe("a school's password sign-in off", () => {
  it("refuses that school's users at the password form, after the password, and only them", async () => {
    const school = await h.makeSchool();
    const student = await h.makeUser("student", { schoolId: school });
    const other = await h.makeUser("student");
    expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: true })).json()).toEqual({ off: true });
    const login = (email: string, password: string) => h.request({ method: "POST", url: "/api/auth/login", payload: { email, password, loginType: "student" } });
    const refused = await login(student.email, student.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("PASSWORD_SIGN_IN_OFF");
    expect((await login(student.email, "wrong-password")).json().code).toBe("INVALID_CREDENTIALS");
    expect((await login(other.email, other.password)).statusCode).toBe(200);
    // Only a super_admin turns it; a school that does not exist is said so.
    const principal = await h.makeUser("school_admin", { schoolId: school });
    const principalCookie = await h.signIn(principal.email, principal.password, "school").catch(() => null);
    expect(principalCookie).toBeNull();
    const teacher = await h.makeUser("teacher");
    expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: false }, await h.signIn(teacher.email, teacher.password, "school"))).statusCode).toBe(403);
    expect((await api("PUT", "/api/schools/no-such-school/password-sign-in", { off: false })).json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: "yes" })).statusCode).toBe(400);
    expect((await api("PUT", `/api/schools/${school}/password-sign-in`, {})).statusCode).toBe(400);
    expect((await api("PUT", `/api/schools/${"s".repeat(65)}/password-sign-in`, { off: true })).statusCode).toBe(400);
    // The school lists say it, for the schools page's switch.
    const schools = (await api("GET", "/api/schools")).json().items as { id: string; passwordSignInOff: boolean }[];
    expect(schools.find((s) => s.id === school)?.passwordSignInOff).toBe(true);
    expect(schools.find((s) => s.id !== school)?.passwordSignInOff).toBe(false);
    expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: false })).json()).toEqual({ off: false });
  });

  it("never leaves a school with no way in: off needs a provider serving it, and that provider cannot then go", async () => {
    // Only the providers made here count: every other one is turned off for this test, then back on.
    const others = await h.db.update(identityProviders).set({ enabled: false }).where(eq(identityProviders.enabled, true)).returning({ id: identityProviders.id });
    try {
      const school = await h.makeSchool();
      const refused = await api("PUT", `/api/schools/${school}/password-sign-in`, { off: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("PASSWORD_SIGN_IN_NEEDS_PROVIDER");
      expect((await api("GET", "/api/schools")).json().items.find((s: { id: string }) => s.id === school).passwordSignInOff).toBe(false);

      const id = await makeProvider(oidc, { schoolIds: [school] });
      expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: true })).statusCode).toBe(200);
      const input = providerInput(oidc, { schoolIds: [school] });
      for (const change of [{ enabled: false }, { schoolIds: [await h.makeSchool()] }]) {
        const res = await api("PUT", `/api/identity-providers/${id}`, { ...input, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json().code).toBe("IDP_STILL_NEEDED");
      }
      expect((await api("DELETE", `/api/identity-providers/${id}`)).json().code).toBe("IDP_STILL_NEEDED");
      // Nothing changed by the refusals.
      const [row] = await h.db.select().from(identityProviders).where(eq(identityProviders.id, id));
      expect(row).toMatchObject({ enabled: true, schoolIds: [school] });
      // A second provider for the school: the first may go.
      await makeProvider(uaePass, { kind: "oauth2", authorizationEndpoint: `${uaePass.issuer}/authorize`, tokenEndpoint: `${uaePass.issuer}/token`, userinfoEndpoint: `${uaePass.issuer}/userinfo`, schoolIds: [school] });
      expect((await api("DELETE", `/api/identity-providers/${id}`)).statusCode).toBe(204);
      expect((await api("PUT", `/api/schools/${school}/password-sign-in`, { off: false })).statusCode).toBe(200);
    } finally {
      if (others.length) await h.db.update(identityProviders).set({ enabled: true }).where(inArray(identityProviders.id, others.map((o) => o.id)));
    }
  });
});

describe("signing out", () => {
  const logout = (cookie: string | undefined) => h.request({ method: "POST", url: "/api/auth/logout", cookie, payload: {} });

  it("offers an OIDC provider's own logout, with the id_token as its hint and the way back, and ends Qias's session", async () => {
    const id = await makeProvider(oidc);
    const student = await h.makeUser("student");
    oidc.user = { sub: "signs-out", email: student.email, email_verified: true };
    const { cookie } = await roundTrip(id);
    const out = await logout(cookie);
    expect(out.statusCode).toBe(200);
    const offer = out.json().providerLogout;
    expect(offer).toMatchObject({ nameAr: "حساب المدرسة", nameEn: "School account" });
    const url = new URL(offer.url);
    expect(url.origin + url.pathname).toBe(`${oidc.issuer}/logout`);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe(`${h.config.publicUrl}/signed-out`);
    expect(url.searchParams.get("client_id")).toBe(oidc.clientId);
    // The hint is the provider's own id_token for this person.
    const hint = url.searchParams.get("id_token_hint")!;
    expect(JSON.parse(Buffer.from(hint.split(".")[1]!, "base64url").toString())).toMatchObject({ sub: "signs-out", iss: oidc.issuer, aud: oidc.clientId });
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie })).statusCode).toBe(401);
    // The provider sends the browser back to Qias's page.
    const back = await fetch(offer.url, { redirect: "manual" });
    expect(back.headers.get("location")).toBe(`${h.config.publicUrl}/signed-out`);
  });

  it("offers an OAuth 2.0 provider's logout only when its address is set (UAE PASS's redirect_uri), and none after a password", async () => {
    const oauth = { kind: "oauth2", authorizationEndpoint: `${uaePass.issuer}/authorize`, tokenEndpoint: `${uaePass.issuer}/token`, userinfoEndpoint: `${uaePass.issuer}/userinfo`, scopes: "urn:uae:digitalid:profile:general" };
    const student = await h.makeUser("student");
    uaePass.user = { sub: "uae-out", email: student.email, email_verified: true };
    const without = await makeProvider(uaePass, oauth);
    expect((await logout((await roundTrip(without)).cookie)).json()).toEqual({ providerLogout: null });

    const withLogout = await makeProvider(uaePass, { ...oauth, logoutEndpoint: `${uaePass.issuer}/logout` });
    const offer = (await logout((await roundTrip(withLogout)).cookie)).json().providerLogout;
    const url = new URL(offer.url);
    expect(url.searchParams.get("redirect_uri")).toBe(`${h.config.publicUrl}/signed-out`);
    expect(url.searchParams.get("id_token_hint")).toBeNull();

    const cookie = await h.signIn(student.email, student.password, "student");
    expect((await logout(cookie)).json()).toEqual({ providerLogout: null });
    expect((await logout(undefined)).json()).toEqual({ providerLogout: null });
    // A provider removed since: no offer, the sign-out still ends the session.
    const gone = await makeProvider(oidc);
    oidc.user = { sub: "gone-out", email: student.email, email_verified: true };
    const trip = await roundTrip(gone);
    expect((await api("DELETE", `/api/identity-providers/${gone}`)).statusCode).toBe(204);
    expect((await logout(trip.cookie)).json()).toEqual({ providerLogout: null });
    expect((await h.request({ method: "GET", url: "/api/auth/me", cookie: trip.cookie })).statusCode).toBe(401);
  });
});

describe("the super_admin's providers", () => {
  it("never returns or logs the client secret, keeps it sealed, and keeps it on an edit that leaves it out", async () => {
    const created = await api("POST", "/api/identity-providers", providerInput(oidc));
    const id = created.json().id;
    expect(created.json().clientSecretSet).toBe(true);
    const [row] = await h.db.select().from(identityProviders).where(eq(identityProviders.id, id));
    expect(row!.clientSecret).toMatch(/^v1\./);
    const { clientSecret: _omit, ...withoutSecret } = providerInput(oidc, { nameEn: "Renamed" });
    const edited = await api("PUT", `/api/identity-providers/${id}`, withoutSecret);
    expect(edited.json()).toMatchObject({ nameEn: "Renamed", clientSecretSet: true });
    const list = await api("GET", "/api/identity-providers");
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    for (const body of [created.body, edited.body, list.body, JSON.stringify(audit)]) expect(body).not.toContain(oidc.clientSecret);
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update"]);
    // The sealed secret still signs in (the stub checks it).
    const student = await h.makeUser("student");
    oidc.user = { sub: "after-edit", email: student.email, email_verified: true };
    expect((await roundTrip(id)).location).toBe("/");
    // Removed: the client no longer authenticates, and the provider says so.
    expect((await api("PUT", `/api/identity-providers/${id}`, { ...withoutSecret, clientSecret: null })).json().clientSecretSet).toBe(false);
  });

  it("refuses bad input with its own codes, other roles, and unknown ids; deletes with its links", async () => {
    const bad = async (payload: object, code: string) => {
      const res = await api("POST", "/api/identity-providers", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
    };
    await bad(providerInput(oidc, { issuer: "http://idp.example.com" }), "IDP_URL_INVALID");
    await bad(providerInput(oidc, { issuer: "not a url" }), "IDP_URL_INVALID");
    await bad(providerInput(oidc, { kind: "oauth2" }), "IDP_ENDPOINTS_REQUIRED");
    await bad(providerInput(oidc, { roles: [] }), "IDP_ROLES_REQUIRED");
    await bad(providerInput(oidc, { roles: ["janitor"] }), "VALIDATION_FAILED");
    await bad(providerInput(oidc, { nameEn: "x".repeat(500) }), "TEXT_TOO_LONG");
    await bad(providerInput(oidc, { nameAr: 7 }), "VALIDATION_FAILED");
    await bad(providerInput(oidc, { scopes: "openid\nemail" }), "VALIDATION_FAILED");
    await bad(providerInput(oidc, { logoutEndpoint: "ftp://idp.example.com/logout" }), "IDP_URL_INVALID");
    await bad(providerInput(oidc, { logoutEndpoint: `https://idp.example.com/${"x".repeat(600)}` }), "TEXT_TOO_LONG");
    await bad(providerInput(oidc, { clientSecret: 42 }), "VALIDATION_FAILED");
    await bad(providerInput(oidc, { schoolIds: "school_dubai" }), "VALIDATION_FAILED");
    await bad(providerInput(oidc, { schoolIds: [] }), "IDP_SCHOOLS_REQUIRED");
    await bad(providerInput(oidc, { createStudentsSchoolId: "" }), "IDP_CREATE_SCHOOL_REQUIRED");
    await bad({ kind: "oidc" }, "VALIDATION_FAILED");
    const unknownSchool = await api("POST", "/api/identity-providers", providerInput(oidc, { schoolIds: ["no-such-school"] }));
    expect(unknownSchool.json().code).toBe("SCHOOL_NOT_FOUND");
    expect((await api("PUT", "/api/identity-providers/not-a-uuid", providerInput(oidc))).json().code).toBe("IDP_NOT_FOUND");
    expect((await api("DELETE", "/api/identity-providers/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const principal = await h.makeUser("school_admin");
    const cookie = await h.signIn(principal.email, principal.password, "school");
    for (const [method, url] of [["GET", "/api/identity-providers"], ["POST", "/api/identity-providers"]] as const) {
      expect((await api(method, url, method === "POST" ? providerInput(oidc) : undefined, cookie)).statusCode).toBe(403);
    }
    expect((await h.request({ method: "GET", url: "/api/identity-providers" })).statusCode).toBe(401);

    const found = await api("POST", "/api/identity-providers/test-discovery", { issuer: oidc.issuer });
    expect(found.json()).toEqual({ issuer: oidc.issuer, authorizationEndpoint: `${oidc.issuer}/authorize`, endSession: true });
    expect((await api("POST", "/api/identity-providers/test-discovery", { issuer: uaePass.issuer })).json().code).toBe("IDP_DISCOVERY_FAILED");

    const id = await makeProvider(oidc);
    const student = await h.makeUser("student");
    oidc.user = { sub: "to-delete", email: student.email, email_verified: true };
    await roundTrip(id);
    expect(((await api("GET", "/api/identity-providers")).json() as { id: string; linkedCount: number }[]).find((p) => p.id === id)?.linkedCount).toBe(1);
    expect((await api("DELETE", `/api/identity-providers/${id}`)).statusCode).toBe(204);
    expect(await h.db.select().from(userIdentities).where(eq(userIdentities.providerId, id))).toEqual([]);
    expect((await roundTrip(id)).location).toBe("/login/student?error=IDP_NOT_FOUND");
  });
});

describe("a user's linked identities", () => {
  it("an administrator of the user's school sees and removes them; another school's cannot", async () => {
    const school = await h.makeSchool();
    const id = await makeProvider(oidc);
    const student = await h.makeUser("student", { schoolId: school });
    oidc.user = { sub: "linked-1", email: student.email, email_verified: true };
    await roundTrip(id);
    const principal = await h.makeUser("school_admin", { schoolId: school });
    const mine = await h.signIn(principal.email, principal.password, "school");
    const outsider = await h.makeUser("school_admin");
    const theirs = await h.signIn(outsider.email, outsider.password, "school");

    const list = await api("GET", `/api/users/${student.id}/identities`, undefined, mine);
    expect(list.json()).toEqual([expect.objectContaining({ providerId: id, subject: "linked-1", email: student.email, providerNameEn: "School account" })]);
    expect((await api("GET", `/api/users/${student.id}/identities`, undefined, theirs)).statusCode).toBe(403);
    const identityId = list.json()[0].id;
    expect((await api("DELETE", `/api/users/${student.id}/identities/${identityId}`, undefined, theirs)).statusCode).toBe(403);
    expect((await api("DELETE", `/api/users/${principal.id}/identities/${identityId}`, undefined, mine)).json().code).toBe("IDENTITY_NOT_FOUND");
    expect((await api("GET", "/api/users/not-a-uuid/identities")).json().code).toBe("USER_NOT_FOUND");
    expect((await api("DELETE", `/api/users/${student.id}/identities/${identityId}`, undefined, mine)).statusCode).toBe(204);
    expect((await api("GET", `/api/users/${student.id}/identities`, undefined, mine)).json()).toEqual([]);
    const [removed] = await h.db.select().from(auditLog).where(eq(auditLog.entityId, identityId)).orderBy(auditLog.createdAt);
    expect(removed).toBeDefined();
  });
});
