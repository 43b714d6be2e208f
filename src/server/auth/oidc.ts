// Sign-in through the school's identity provider (issue 38, docs/decisions/0050): OpenID Connect by discovery and
// plain OAuth 2.0 with a userinfo endpoint (UAE PASS's shape), through openid-client. The start keeps the PKCE
// verifier, the state and the nonce server-side (a few minutes, spent by their use) bound to a cookie of the browser
// that started; the callback checks them, exchanges the code, and matches the person: by the provider's subject
// once linked, on a first sign-in by a verified email of an account in a school and role the provider serves, else
// (only when the provider is set to) a new student of one school. The session is the one a password makes.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import * as client from "openid-client";
import type { TDb, TDbOrTx } from "../db/client";
import { authUsers, identityProviders, oidcStates, profiles, schools, sessions, userIdentities } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import { seal, unseal } from "../secrets";
import { isRoleAllowedForLogin, LOGIN_TYPE_ROLES, type TLoginType, type TSessionUser } from "../../shared/permissions";
import {
  isLoopback,
  type TIdentityProvider,
  type TLinkedIdentity,
  type TLoginProvider,
  type TProviderLogout,
  ZIdentityProviderInput,
} from "../../shared/schemas/identity-provider";
import type { z } from "zod";
import { LOGIN_MAX_FAILURES_PER_ADDRESS } from "../../shared/limits";
import { addressKey, checkUnderThrottle, createSession, sessionUserColumns, throttledError, toSessionUser, type TRequestMeta } from "./auth.service";
import { hashPassword } from "./password";
import { hashToken } from "./tokens";

type TProviderRow = typeof identityProviders.$inferSelect;
type TInput = z.output<typeof ZIdentityProviderInput>;

const SECRET_KEY = { secret: "identity-provider-key", label: "qias identity provider v1" };
/** How long a sign-in may stay at the provider. */
export const OIDC_STATE_MINUTES = 10;
/** The cookie binding a started sign-in to the browser that started it: "<loginType>.<random>". */
export const OIDC_COOKIE = "qias_oidc";
export { OIDC_CALLBACK_PATH } from "../../shared/schemas/identity-provider";

// ---- administration (super_admin)

function toView(row: TProviderRow, linkedCount = 0): TIdentityProvider {
  return {
    id: row.id,
    kind: row.kind,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    issuer: row.issuer,
    authorizationEndpoint: row.authorizationEndpoint,
    tokenEndpoint: row.tokenEndpoint,
    userinfoEndpoint: row.userinfoEndpoint,
    logoutEndpoint: row.logoutEndpoint,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== null,
    scopes: row.scopes,
    uiLocales: row.uiLocales,
    emailsVerified: row.emailsVerified,
    schoolIds: row.schoolIds,
    roles: row.roles,
    createStudentsSchoolId: row.createStudentsSchoolId,
    enabled: row.enabled,
    linkedCount,
  };
}

/** What the audit keeps of a provider: everything but the secret, which is only said to be set. */
function auditView(row: TProviderRow): Omit<TIdentityProvider, "linkedCount"> {
  const { linkedCount: _, ...view } = toView(row);
  return view;
}

async function linkedCounts(db: TDbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: userIdentities.providerId, count: sql<number>`count(*)::int` })
    .from(userIdentities)
    .where(inArray(userIdentities.providerId, ids))
    .groupBy(userIdentities.providerId);
  return new Map(rows.map((r) => [r.id, Number(r.count)]));
}

function assertSuperAdmin(actor: TSessionUser): void {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
}

async function assertSchoolsExist(tx: TDbOrTx, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx.select({ id: schools.id }).from(schools).where(inArray(schools.id, unique));
  if (found.length !== unique.length) throw new AppError("SCHOOL_NOT_FOUND");
}

async function columnsOf(tx: TDbOrTx, input: TInput) {
  await assertSchoolsExist(tx, [...(input.schoolIds ?? []), ...(input.createStudentsSchoolId ? [input.createStudentsSchoolId] : [])]);
  const oauth2 = input.kind === "oauth2";
  return {
    kind: input.kind,
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    issuer: input.issuer,
    authorizationEndpoint: oauth2 ? (input.authorizationEndpoint ?? null) : null,
    tokenEndpoint: oauth2 ? (input.tokenEndpoint ?? null) : null,
    userinfoEndpoint: oauth2 ? (input.userinfoEndpoint ?? null) : null,
    logoutEndpoint: input.logoutEndpoint ?? null,
    clientId: input.clientId,
    scopes: input.scopes,
    uiLocales: input.uiLocales,
    emailsVerified: input.emailsVerified,
    schoolIds: input.schoolIds ? [...new Set(input.schoolIds)] : null,
    roles: [...new Set(input.roles)],
    createStudentsSchoolId: input.createStudentsSchoolId,
    enabled: input.enabled,
  };
}

export async function listProviders(db: TDbOrTx, actor: TSessionUser): Promise<TIdentityProvider[]> {
  assertSuperAdmin(actor);
  const rows = await db.select().from(identityProviders).orderBy(identityProviders.nameEn);
  const counts = await linkedCounts(db, rows.map((r) => r.id));
  return rows.map((row) => toView(row, counts.get(row.id) ?? 0));
}

export async function createProvider(db: TDb, actor: TSessionUser, input: TInput): Promise<TIdentityProvider> {
  assertSuperAdmin(actor);
  return db.transaction(async (tx) => {
    const clientSecret = input.clientSecret ? await seal(tx, SECRET_KEY, Buffer.from(input.clientSecret)) : null;
    const [row] = await tx.insert(identityProviders).values({ ...(await columnsOf(tx, input)), clientSecret }).returning();
    await writeAudit(tx, actor, { action: "create", entity: "identity_provider", entityId: row!.id, after: auditView(row!) });
    return toView(row!);
  });
}

/** An edit: a secret left out keeps the one set, null removes it, text replaces it. */
export async function updateProvider(db: TDb, actor: TSessionUser, id: string, input: TInput): Promise<TIdentityProvider> {
  assertSuperAdmin(actor);
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(identityProviders).where(eq(identityProviders.id, id)).for("update");
    if (!before) throw new AppError("IDP_NOT_FOUND");
    const clientSecret =
      input.clientSecret === undefined ? before.clientSecret : input.clientSecret === null || input.clientSecret === "" ? null : await seal(tx, SECRET_KEY, Buffer.from(input.clientSecret));
    const [row] = await tx
      .update(identityProviders)
      .set({ ...(await columnsOf(tx, input)), clientSecret, updatedAt: new Date() })
      .where(eq(identityProviders.id, id))
      .returning();
    await assertSchoolsKeepASignIn(tx);
    await writeAudit(tx, actor, { action: "update", entity: "identity_provider", entityId: id, before: auditView(before), after: auditView(row!) });
    return toView(row!, (await linkedCounts(tx, [id])).get(id) ?? 0);
  });
  configurations.delete(id);
  return updated;
}

/** Removes the provider, and with it every identity linked through it and every sign-in under way. */
export async function deleteProvider(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  assertSuperAdmin(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(identityProviders).where(eq(identityProviders.id, id)).returning();
    if (!before) throw new AppError("IDP_NOT_FOUND");
    await assertSchoolsKeepASignIn(tx);
    await writeAudit(tx, actor, { action: "delete", entity: "identity_provider", entityId: id, before: auditView(before) });
  });
  configurations.delete(id);
}

/** The schools whose people sign in only through a provider that no enabled provider serves any more. */
async function schoolsLeftWithoutSignIn(tx: TDbOrTx, schoolId?: string): Promise<string[]> {
  const rows = await tx
    .select({ id: schools.id })
    .from(schools)
    .where(
      and(
        eq(schools.passwordSignInOff, true),
        schoolId ? eq(schools.id, schoolId) : undefined,
        sql`not exists (select 1 from ${identityProviders} p where p.enabled and (p.school_ids is null or ${schools.id} = any(p.school_ids)))`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Nobody is locked out: a change to the providers that leaves a password-off school with none is refused. */
async function assertSchoolsKeepASignIn(tx: TDbOrTx): Promise<void> {
  if ((await schoolsLeftWithoutSignIn(tx)).length) throw new AppError("IDP_STILL_NEEDED");
}

/** A school whose people sign in only through a provider (off), or with their passwords too. Off needs a provider serving it. */
export async function setPasswordSignIn(db: TDb, actor: TSessionUser, schoolId: string, off: boolean): Promise<{ off: boolean }> {
  assertSuperAdmin(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ off: schools.passwordSignInOff }).from(schools).where(eq(schools.id, schoolId)).for("update");
    if (!before) throw new AppError("SCHOOL_NOT_FOUND");
    await tx.update(schools).set({ passwordSignInOff: off, updatedAt: new Date() }).where(eq(schools.id, schoolId));
    if (off && (await schoolsLeftWithoutSignIn(tx, schoolId)).length) throw new AppError("PASSWORD_SIGN_IN_NEEDS_PROVIDER");
    await writeAudit(tx, actor, { action: "update", entity: "school", entityId: schoolId, before: { passwordSignInOff: before.off }, after: { passwordSignInOff: off } });
  });
  return { off };
}

/** The admin page's "test" button: reads the issuer's discovery document and says what it found. */
export async function testDiscovery(actor: TSessionUser, issuer: string): Promise<{ issuer: string; authorizationEndpoint: string; endSession: boolean }> {
  assertSuperAdmin(actor);
  try {
    const config = await client.discovery(new URL(issuer), "qias-discovery-test", undefined, client.None(), discoveryOptions(issuer));
    const meta = config.serverMetadata();
    return { issuer: meta.issuer, authorizationEndpoint: meta.authorization_endpoint ?? "", endSession: !!meta.end_session_endpoint };
  } catch {
    throw new AppError("IDP_DISCOVERY_FAILED");
  }
}

// ---- the client (openid-client), kept a while per provider

const CONFIGURATION_MS = 10 * 60_000;
const configurations = new Map<string, { config: client.Configuration; updatedAt: number; until: number }>();

/** Plain http only for a provider on this machine (development, tests): openid-client refuses it otherwise. */
function discoveryOptions(address: string): client.DiscoveryRequestOptions {
  return { execute: isLoopback(new URL(address).hostname) ? [client.allowInsecureRequests] : [], timeout: 10 };
}

async function configurationOf(db: TDbOrTx, provider: TProviderRow): Promise<client.Configuration> {
  const known = configurations.get(provider.id);
  if (known && known.updatedAt === provider.updatedAt.getTime() && known.until > Date.now()) return known.config;
  const secret = provider.clientSecret ? (await unseal(db, SECRET_KEY, provider.clientSecret)).toString() : undefined;
  // A confidential client sends its secret as the OAuth 2.0 default does (HTTP Basic); a public one relies on PKCE.
  const auth = secret ? client.ClientSecretBasic(secret) : client.None();
  let config: client.Configuration;
  try {
    if (provider.kind === "oidc") {
      config = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, discoveryOptions(provider.issuer));
    } else {
      const server = { issuer: provider.issuer, authorization_endpoint: provider.authorizationEndpoint!, token_endpoint: provider.tokenEndpoint!, userinfo_endpoint: provider.userinfoEndpoint! };
      config = new client.Configuration(server, provider.clientId, undefined, auth);
      for (const execute of discoveryOptions(provider.tokenEndpoint!).execute ?? []) execute(config);
    }
  } catch {
    throw new AppError("IDP_UNAVAILABLE");
  }
  configurations.set(provider.id, { config, updatedAt: provider.updatedAt.getTime(), until: Date.now() + CONFIGURATION_MS });
  return config;
}

// ---- the login screens

const servesLoginType = (provider: Pick<TProviderRow, "roles">, loginType: TLoginType) => provider.roles.some((role) => LOGIN_TYPE_ROLES[loginType].includes(role));

/** The enabled providers serving a role of this login screen: their names, for its buttons. */
export async function loginProviders(db: TDbOrTx, loginType: TLoginType): Promise<TLoginProvider[]> {
  const rows = await db.select().from(identityProviders).where(eq(identityProviders.enabled, true)).orderBy(identityProviders.nameEn);
  return rows.filter((row) => servesLoginType(row, loginType)).map(({ id, nameAr, nameEn }) => ({ id, nameAr, nameEn }));
}

async function enabledProvider(db: TDbOrTx, id: string): Promise<TProviderRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(identityProviders).where(and(eq(identityProviders.id, id), eq(identityProviders.enabled, true))) : [];
  if (!row) throw new AppError("IDP_NOT_FOUND");
  return row;
}

/** The start: the provider's authorization URL, and the cookie value binding this sign-in to the browser. */
export async function startSignIn(
  db: TDbOrTx,
  input: { providerId: string; loginType: TLoginType; lang: "ar" | "en"; redirectUri: string },
): Promise<{ url: string; binding: string }> {
  const provider = await enabledProvider(db, input.providerId);
  if (!servesLoginType(provider, input.loginType)) throw new AppError("IDP_NOT_FOUND");
  const config = await configurationOf(db, provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binding = `${input.loginType}.${randomBytes(24).toString("base64url")}`;
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, new Date()));
  await db.insert(oidcStates).values({
    id: hashToken(`oidc-state:${state}`),
    providerId: provider.id,
    bindingHash: hashToken(`oidc-binding:${binding}`),
    codeVerifier,
    nonce,
    loginType: input.loginType,
    expiresAt: new Date(Date.now() + OIDC_STATE_MINUTES * 60_000),
  });
  const params: Record<string, string> = {
    redirect_uri: input.redirectUri,
    scope: provider.scopes,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  };
  if (provider.kind === "oidc") params.nonce = nonce;
  if (provider.uiLocales) params.ui_locales = input.lang;
  return { url: client.buildAuthorizationUrl(config, params).href, binding };
}

/** The login screen a sign-in started from, read from its cookie (where a refusal is shown). */
export function loginTypeOfBinding(binding: string | undefined): TLoginType {
  const type = binding?.split(".")[0];
  return type === "school" || type === "admin" ? type : "student";
}

type TClaims = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

function claimsOf(provider: TProviderRow, raw: Record<string, unknown>): TClaims {
  const sub = typeof raw.sub === "string" && raw.sub.length > 0 && raw.sub.length <= 255 ? raw.sub : null;
  if (!sub) throw new AppError("IDP_SIGN_IN_FAILED");
  const email = typeof raw.email === "string" && raw.email.includes("@") && raw.email.length <= 254 ? raw.email.trim().toLowerCase() : null;
  const name = typeof raw.name === "string" && raw.name.trim() ? raw.name.trim().slice(0, 120) : null;
  return { sub, email, emailVerified: !!email && (raw.email_verified === true || provider.emailsVerified), name };
}

/** Asks the provider: the code for tokens (state, PKCE, and for OIDC the id_token's issuer, audience and nonce), then who. */
async function claimsFromProvider(
  db: TDbOrTx,
  provider: TProviderRow,
  state: { state: string; nonce: string; codeVerifier: string },
  callbackUrl: URL,
): Promise<TClaims & { idToken: string | null }> {
  const config = await configurationOf(db, provider);
  try {
    const oidc = provider.kind === "oidc";
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: state.state,
      ...(oidc ? { expectedNonce: state.nonce, idTokenExpected: true } : {}),
    });
    const idClaims = oidc ? (tokens.claims() as Record<string, unknown> | undefined) : undefined;
    const idToken = typeof tokens.id_token === "string" ? tokens.id_token : null;
    // No id_token (OAuth 2.0), or one without the email: the userinfo endpoint says, for the same subject.
    if (idClaims && typeof idClaims.email === "string") return { ...claimsOf(provider, idClaims), idToken };
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims ? String(idClaims.sub) : client.skipSubjectCheck);
    return { ...claimsOf(provider, { ...idClaims, ...info }), idToken };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("IDP_SIGN_IN_FAILED");
  }
}

/** Whether the provider serves this account: its role, and its school (a provider for chosen schools serves no super_admin). */
function assertServes(provider: TProviderRow, account: TSessionUser, loginType: TLoginType): void {
  const schoolOk = provider.schoolIds === null || (account.schoolId !== null && provider.schoolIds.includes(account.schoolId));
  if (!provider.roles.includes(account.role) || !schoolOk) throw new AppError("IDP_NOT_ALLOWED");
  if (!isRoleAllowedForLogin(account.role, loginType)) throw new AppError("ROLE_MISMATCH");
}

/** Who the claims are here: linked, linked now by a verified email, or a new student; else a refusal. All in one transaction. */
async function matchAccount(tx: TDbOrTx, provider: TProviderRow, claims: TClaims, loginType: TLoginType): Promise<TSessionUser> {
  const [linked] = await tx
    .select(sessionUserColumns)
    .from(userIdentities)
    .innerJoin(profiles, eq(profiles.id, userIdentities.userId))
    .where(and(eq(userIdentities.providerId, provider.id), eq(userIdentities.subject, claims.sub)));
  if (linked) {
    assertServes(provider, linked, loginType);
    return toSessionUser(linked);
  }
  if (!claims.email) throw new AppError("IDP_NO_ACCOUNT");
  if (!claims.emailVerified) throw new AppError("IDP_EMAIL_NOT_VERIFIED");
  const [existing] = await tx.select(sessionUserColumns).from(authUsers).innerJoin(profiles, eq(profiles.id, authUsers.id)).where(sql`lower(${authUsers.email}) = ${claims.email}`);
  let account: TSessionUser;
  if (existing) {
    assertServes(provider, existing, loginType);
    account = toSessionUser(existing);
  } else if (provider.createStudentsSchoolId && loginType === "student") {
    account = await createStudent(tx, provider.createStudentsSchoolId, claims);
  } else {
    throw new AppError("IDP_NO_ACCOUNT");
  }
  const [identity] = await tx.insert(userIdentities).values({ providerId: provider.id, subject: claims.sub, userId: account.id, email: claims.email }).returning({ id: userIdentities.id });
  await writeAudit(tx, account, { action: "create", entity: "user_identity", entityId: identity!.id, after: { providerId: provider.id, subject: claims.sub, userId: account.id, email: claims.email } });
  return account;
}

/** A student the provider vouches for, in the one school it creates students of; no password works for them. */
async function createStudent(tx: TDbOrTx, schoolId: string, claims: TClaims & { email: string | null }): Promise<TSessionUser> {
  const email = claims.email!;
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const [user] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
  const [profile] = await tx
    .insert(profiles)
    .values({ id: user!.id, email, username: email, name: claims.name ?? email, role: "student", schoolId })
    .returning(sessionUserColumns);
  await writeAudit(tx, profile!, { action: "create", entity: "user", entityId: profile!.id, after: { ...profile, via: "identity_provider" } });
  return toSessionUser(profile!);
}

/**
 * The callback: the state is spent whatever happens next (a replay finds nothing), must be the cookie's and fresh;
 * a refusal counts as a failed sign-in against the caller's address, as a wrong password does.
 */
export async function finishSignIn(
  db: TDb,
  input: { query: URLSearchParams; binding: string | undefined; callbackUrl: URL; meta: TRequestMeta },
): Promise<{ user: TSessionUser; token: string; expiresAt: Date; loginType: TLoginType }> {
  let refusal: unknown;
  let result: Awaited<ReturnType<typeof finish>> | undefined;
  const keys = [{ key: addressKey(input.meta.ip), max: LOGIN_MAX_FAILURES_PER_ADDRESS }];
  await checkUnderThrottle(db, keys, throttledError, async () => {
    try {
      result = await finish(db, input);
      return true;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusal = err;
      return false;
    }
  });
  if (!result) throw refusal;
  const idTokenSealed = result.idToken ? await seal(db, ID_TOKEN_KEY, Buffer.from(result.idToken)) : null;
  const session = await createSession(db, result.user.id, input.meta, { identityProviderId: result.providerId, idTokenSealed });
  return { user: result.user, loginType: result.loginType, ...session };
}

async function finish(
  db: TDb,
  input: { query: URLSearchParams; binding: string | undefined; callbackUrl: URL },
): Promise<{ user: TSessionUser; loginType: TLoginType; providerId: string; idToken: string | null }> {
  const state = input.query.get("state");
  if (!state || !input.binding || state.length > 200) throw new AppError("IDP_SIGN_IN_FAILED");
  const [pending] = await db.delete(oidcStates).where(eq(oidcStates.id, hashToken(`oidc-state:${state}`))).returning();
  if (!pending || pending.expiresAt.getTime() < Date.now() || pending.bindingHash !== hashToken(`oidc-binding:${input.binding}`)) throw new AppError("IDP_SIGN_IN_FAILED");
  const provider = await enabledProvider(db, pending.providerId);
  const claims = await claimsFromProvider(db, provider, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier }, input.callbackUrl);
  const user = await db.transaction((tx) => matchAccount(tx, provider, claims, pending.loginType));
  return { user, loginType: pending.loginType, providerId: provider.id, idToken: claims.idToken };
}

// ---- signing out: the provider's own logout, offered

const ID_TOKEN_KEY = { secret: "identity-provider-key", label: "qias id token hint v1" };

/**
 * Called before a session is ended: when it came through a provider that can end its own session (OIDC discovery's
 * end_session_endpoint, or the logout address set for an OAuth 2.0 provider), the address that does, with the
 * id_token as its hint and the way back to Qias's signed-out page. Null otherwise, or when the provider is gone.
 */
export async function providerLogoutFor(db: TDbOrTx, sessionToken: string, signedOutUrl: string): Promise<TProviderLogout | null> {
  const [row] = await db
    .select({ provider: identityProviders, idTokenSealed: sessions.idTokenSealed })
    .from(sessions)
    .innerJoin(identityProviders, eq(identityProviders.id, sessions.identityProviderId))
    .where(eq(sessions.id, hashToken(sessionToken)));
  if (!row) return null;
  const { provider } = row;
  const idToken = row.idTokenSealed ? (await unseal(db, ID_TOKEN_KEY, row.idTokenSealed).catch(() => null))?.toString() : undefined;
  let url: URL | null = null;
  if (provider.logoutEndpoint) {
    url = new URL(provider.logoutEndpoint);
    // OIDC RP-Initiated Logout's names, and UAE PASS's own (redirect_uri) for an OAuth 2.0 provider.
    if (provider.kind === "oauth2") url.searchParams.set("redirect_uri", signedOutUrl);
    else {
      url.searchParams.set("post_logout_redirect_uri", signedOutUrl);
      url.searchParams.set("client_id", provider.clientId);
      if (idToken) url.searchParams.set("id_token_hint", idToken);
    }
  } else if (provider.kind === "oidc") {
    try {
      const config = await configurationOf(db, provider);
      if (!config.serverMetadata().end_session_endpoint) return null;
      url = client.buildEndSessionUrl(config, { post_logout_redirect_uri: signedOutUrl, ...(idToken ? { id_token_hint: idToken } : {}) });
    } catch {
      // The provider cannot be reached now: Qias's own sign-out goes on.
      return null;
    }
  }
  return url ? { nameAr: provider.nameAr, nameEn: provider.nameEn, url: url.href } : null;
}

// ---- a user's linked identities (administrators)

async function assertMayManage(db: TDbOrTx, actor: TSessionUser, userId: string): Promise<void> {
  const [target] = /^[0-9a-f-]{36}$/i.test(userId) ? await db.select({ role: profiles.role, schoolId: profiles.schoolId }).from(profiles).where(eq(profiles.id, userId)) : [];
  if (!target) throw new AppError("USER_NOT_FOUND");
  if (actor.role === "super_admin") return;
  if (actor.role === "school_admin" && target.role !== "super_admin" && target.schoolId === actor.schoolId) return;
  throw new AppError("FORBIDDEN");
}

export async function listIdentities(db: TDbOrTx, actor: TSessionUser, userId: string): Promise<TLinkedIdentity[]> {
  await assertMayManage(db, actor, userId);
  const rows = await db
    .select({
      id: userIdentities.id,
      providerId: userIdentities.providerId,
      providerNameAr: identityProviders.nameAr,
      providerNameEn: identityProviders.nameEn,
      subject: userIdentities.subject,
      email: userIdentities.email,
      linkedAt: userIdentities.linkedAt,
    })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.id, userIdentities.providerId))
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.linkedAt);
  return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }));
}

/** Unlinks: the next sign-in through that provider matches by email again (or is refused). */
export async function removeIdentity(db: TDb, actor: TSessionUser, userId: string, identityId: string): Promise<void> {
  await assertMayManage(db, actor, userId);
  if (!/^[0-9a-f-]{36}$/i.test(identityId)) throw new AppError("IDENTITY_NOT_FOUND");
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(userIdentities).where(and(eq(userIdentities.id, identityId), eq(userIdentities.userId, userId))).returning();
    if (!removed) throw new AppError("IDENTITY_NOT_FOUND");
    await writeAudit(tx, actor, { action: "delete", entity: "user_identity", entityId: identityId, before: { providerId: removed.providerId, subject: removed.subject, userId, email: removed.email } });
  });
}
