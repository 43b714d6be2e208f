// Sign-in, sessions, password reset and change. The rules of SPEC §4–§6 for logging in are here and only here.
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { countAndCheck, releaseAttempts, reserveAttempt, type TThrottled } from "../throttle";
import { enqueueJob } from "../jobs/jobs";
import { noticesOf, preparedStatement, type TDb, type TDbOrTx } from "../db/client";
import { authUsers, passwordResetTokens, profiles, schools, sessions } from "../db/schema";
import { AppError } from "../http/errors";
import type { TMailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/messages";
import { getDummyHash, hashPassword, needsRehash, scryptIdle, verifyPassword } from "./password";
import { assertPasswordAllowed } from "./password-rule";
import { hashToken, newToken } from "./tokens";
import { singleFlight } from "../single-flight";
import { writeAudit } from "../modules/audit/audit.service";
import { batchLoader } from "../batch-loader";
import { hasTwoFactor, mustSetUpTwoFactor, openChallenge, passChallenge } from "./two-factor";
import { isRoleAllowedForLogin, type TSessionUser } from "../../shared/permissions";
import type { TLoginInput, TPasswordUpdate } from "../../shared/schemas/auth";
import type { TPasswordChange } from "../../shared/schemas/account";
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MINUTES,
  PASSWORD_RESET_TOKEN_MINUTES,
  SESSION_DAYS,
} from "../../shared/limits";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TRequestMeta = { ip: string; userAgent?: string };

// ---- sessions

/** The columns a signed-in user is read with (a session, a sign-in through a provider). */
export const sessionUserColumns = {
  id: profiles.id,
  username: profiles.username,
  email: profiles.email,
  role: profiles.role,
  schoolId: profiles.schoolId,
  name: profiles.name,
  grade: profiles.grade,
};

export function toSessionUser(row: { id: string; username: string; email: string; role: TSessionUser["role"]; schoolId: string | null; name: string; grade: number | null }): TSessionUser {
  return { ...row, username: row.username || row.email };
}

/** `via`: the identity provider the session came through, and its id_token sealed (the hint its logout asks for). */
export async function createSession(
  db: TDbOrTx,
  userId: string,
  meta: TRequestMeta,
  via?: { identityProviderId: string; idTokenSealed: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, id } = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({ id, userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300), identityProviderId: via?.identityProviderId ?? null, idTokenSealed: via?.idTokenSealed ?? null });
  return { token, expiresAt };
}

// Who a session belongs to, remembered for a while. On an exam morning every answer save carries the cookie,
// and looking it up was one of the save's three round trips. Sign-out, a password change or reset, and any edit
// or deletion of an account forget the entries as soon as they commit — on this process at once, and on every
// other worker and instance sharing the database through a notice (db/notices.ts) that the change waits for.
// So a process remembers only while it can hear those notices: always with the embedded database (one process);
// with PostgreSQL while its listening connection is up — when it drops, everything remembered is forgotten and
// every request looks its session up until it is back. SESSION_MEMORY_MS bounds the one case left: a notice the
// database never sent because it went away between the change and the notice.
// Requests carrying the same cookie at once (a student's queued answers sent when the network returns) share
// one lookup, and lookups of different sessions at once share one query. A forget during a lookup bumps the
// generation: that lookup's answer is then not remembered, and a request arriving after the forget starts a
// lookup of its own.
const SESSION_MEMORY_MS = 30_000;
const SESSION_MEMORY_MAX = 50_000;
const SESSION_CHANNEL = "qias_sessions";
const sessionMemory = new Map<string, { user: TSessionUser; until: number }>();
const sessionLookups = new Map<string, Promise<TSessionUser | null>>();
let sessionGeneration = 0;

/** What a notice on SESSION_CHANNEL says: these users' sessions, or these sessions, have changed or ended. */
type TSessionNews = { users?: string[]; sessions?: string[] };
const watched = new WeakSet<TDb>();

/** Listens for other processes' changes to sessions; the app calls it once it has its database. */
export function watchSessions(db: TDb): void {
  const notices = noticesOf(db);
  if (!notices || watched.has(db)) return;
  watched.add(db);
  notices.on(
    SESSION_CHANNEL,
    (payload) => {
      const news = JSON.parse(payload) as TSessionNews;
      forgetHere(news);
    },
    () => forgetHere(null),
  );
}

/** Whether what is looked up may be remembered: only while every change will be heard of. */
function mayRemember(db: TDb): boolean {
  const notices = noticesOf(db);
  return !notices || (notices.live && watched.has(db));
}

type TSessionRow = { session_id: string; id: string; username: string; email: string; role: TSessionUser["role"]; school_id: string | null; name: string; grade: number | null; expires_at: string | Date };
const selectSessionUsers = preparedStatement<TSessionRow>(
  "session_users",
  sql`select ${sessions.id} as session_id, ${profiles.id}, ${profiles.username}, ${profiles.email}, ${profiles.role}, ${profiles.schoolId}, ${profiles.name}, ${profiles.grade}, ${sessions.expiresAt}
      from ${sessions} join ${profiles} on ${profiles.id} = ${sessions.userId}
      where ${sessions.id} = any(${sql.placeholder("ids")}::text[]) and ${sessions.expiresAt} > now()`,
);
/** How many session queries this process has made (the tests read it). */
export const sessionQueries = { count: 0 };
// Sessions of different students asked for at once go in one query (batch-loader.ts), one loader per database.
const sessionLoaders = new WeakMap<TDb, (id: string) => Promise<TSessionRow | undefined>>();
function loadSession(db: TDb, id: string): Promise<TSessionRow | undefined> {
  let load = sessionLoaders.get(db);
  if (!load) {
    load = batchLoader(async (ids) => {
      sessionQueries.count++;
      return new Map((await selectSessionUsers(db, { ids })).map((row) => [row.session_id, row]));
    });
    sessionLoaders.set(db, load);
  }
  return load(id);
}

export async function findSessionUser(db: TDb, token: string): Promise<TSessionUser | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const known = sessionMemory.get(id);
  if (known && known.until > Date.now()) return known.user;
  return singleFlight(sessionLookups, id, () => lookUpSession(db, id));
}

async function lookUpSession(db: TDb, id: string): Promise<TSessionUser | null> {
  const generation = sessionGeneration;
  const row = await loadSession(db, id);
  if (!row) {
    sessionMemory.delete(id);
    return null;
  }
  const user = toSessionUser({ id: row.id, username: row.username, email: row.email, role: row.role, schoolId: row.school_id, name: row.name, grade: row.grade });
  if (generation !== sessionGeneration || !mayRemember(db)) return user;
  if (sessionMemory.size >= SESSION_MEMORY_MAX) sessionMemory.delete(sessionMemory.keys().next().value!);
  sessionMemory.set(id, { user, until: Math.min(Date.now() + SESSION_MEMORY_MS, new Date(row.expires_at).getTime()) });
  return user;
}

/** Forgets what this process remembers of these users or sessions; `null`: everything (a notice may be missed). */
function forgetHere(news: TSessionNews | null): void {
  // Everything remembered or being looked up is suspect after a change to sessions or accounts.
  sessionGeneration++;
  sessionLookups.clear();
  if (!news) return sessionMemory.clear();
  for (const id of news.sessions ?? []) sessionMemory.delete(id);
  const users = new Set(news.users ?? []);
  if (users.size) for (const [key, entry] of sessionMemory) if (users.has(entry.user.id)) sessionMemory.delete(key);
}

/** Forgets these users' sessions here and on every other process; call after the change that ends or alters them has committed. */
export async function forgetSessionsOf(db: TDb, userIds: string[]): Promise<void> {
  forgetHere({ users: userIds });
  await noticesOf(db)?.send(SESSION_CHANNEL, JSON.stringify({ users: userIds } satisfies TSessionNews));
}

export async function deleteSession(db: TDb, token: string): Promise<void> {
  const id = hashToken(token);
  await db.delete(sessions).where(eq(sessions.id, id));
  forgetHere({ sessions: [id] });
  await noticesOf(db)?.send(SESSION_CHANNEL, JSON.stringify({ sessions: [id] } satisfies TSessionNews));
}

export async function deleteExpiredSessions(db: TDbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

// ---- throttling (per account and per client address; rows, so every app instance sees the same counts)

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export function throttledError(t: TThrottled): AppError {
  // A sign-in that only waited too long behind others (a whole school behind one address, the server's cores busy)
  // made no mistake: it is told to try again in a moment, not that it failed too often (found by bench:exam-day).
  return new AppError(t.busy ? "SIGN_IN_BUSY" : "LOGIN_THROTTLED", { headers: { "retry-after": String(t.retryAfterSeconds) } });
}

/**
 * Runs a password check holding a slot on every key (throttle.ts), refused with `refuse` when a key has too many
 * failures. A wrong password counts as a failure on every key, and a right one clears the failures of the keys
 * marked `clearOnSuccess` (the account's). A check that could not run at all (the database went away) gives its
 * slots back without counting.
 */
export async function checkUnderThrottle(
  db: TDbOrTx,
  keys: { key: string; max: number; clearOnSuccess?: boolean }[],
  refuse: (t: TThrottled) => AppError,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const throttled = await reserveAttempt(db, keys, LOGIN_WINDOW_MINUTES);
  if (throttled) throw refuse(throttled);
  let ok = false;
  let checked = false;
  try {
    ok = await check();
    checked = true;
  } finally {
    await releaseAttempts(db, keys.map(({ key, clearOnSuccess }) => ({ key, failed: checked && !ok, clear: ok && clearOnSuccess })));
  }
  return ok;
}

// ---- sign-in

/**
 * A sign-in: a session (with, for an administrator the two-factor rule covers who has no second factor yet, word that
 * they must set one up first), or — for an account with a second factor — only a challenge for the second step.
 */
export type TLoginResult = { user: TSessionUser; token: string; expiresAt: Date; twoFactorSetupRequired?: true } | { challenge: string };

export async function login(db: TDbOrTx, input: TLoginInput, meta: TRequestMeta): Promise<TLoginResult> {
  const email = input.email.trim().toLowerCase();
  let account: { id: string; passwordHash: string; profile: TSessionUser | null; passwordSignInOff: boolean | null } | undefined;
  const keys = [
    { key: accountKey(email), max: LOGIN_MAX_FAILURES_PER_ACCOUNT, clearOnSuccess: true },
    { key: addressKey(meta.ip), max: LOGIN_MAX_FAILURES_PER_ADDRESS },
  ];
  const ok = await checkUnderThrottle(db, keys, throttledError, async () => {
    // The profile comes with the account: a sign-in's statements are its share of the cores in a lobby.
    [account] = await db
      .select({ id: authUsers.id, passwordHash: authUsers.passwordHash, profile: sessionUserColumns, passwordSignInOff: schools.passwordSignInOff })
      .from(authUsers)
      .leftJoin(profiles, eq(profiles.id, authUsers.id))
      .leftJoin(schools, eq(schools.id, profiles.schoolId))
      .where(sql`lower(${authUsers.email}) = ${email}`)
      .limit(1);
    // Verify even when there is no account, so both cases take the same time.
    return (await verifyPassword(input.password, account?.passwordHash ?? (await getDummyHash()))) && !!account;
  });
  if (!account || !ok) throw new AppError("INVALID_CREDENTIALS");

  const profile = account.profile;
  if (!profile) throw new AppError("PROFILE_NOT_FOUND");
  if (!isRoleAllowedForLogin(profile.role, input.loginType)) throw new AppError("ROLE_MISMATCH");
  // The school signs in only through its identity provider (issue 38): said after the password, so it tells nobody
  // without it which accounts exist.
  if (account.passwordSignInOff) throw new AppError("PASSWORD_SIGN_IN_OFF");
  // An old hash is made again with the password just proved, but only when no other sign-in waits for the cores;
  // on an exam morning it simply stays old (it verifies the same, more slowly).
  if (needsRehash(account.passwordHash) && scryptIdle()) {
    const passwordHash = await hashPassword(input.password);
    await db.update(authUsers).set({ passwordHash }).where(and(eq(authUsers.id, account.id), eq(authUsers.passwordHash, account.passwordHash)));
  }

  // Students have no second factor: their sign-in, the morning's bulk, makes no extra statement.
  if (profile.role !== "student") {
    if (await hasTwoFactor(db, account.id)) return { challenge: await openChallenge(db, account.id) };
    if (await mustSetUpTwoFactor(db, account.id, profile.role)) {
      return { user: toSessionUser(profile), ...(await createSession(db, account.id, meta)), twoFactorSetupRequired: true };
    }
  }
  const session = await createSession(db, account.id, meta);
  return { user: toSessionUser(profile), ...session };
}

/** The second step of a sign-in with a second factor: the challenge and a code, then the session. */
export async function loginSecondStep(db: TDb, input: { challenge: string; code: string }, meta: TRequestMeta): Promise<{ user: TSessionUser; token: string; expiresAt: Date }> {
  const userId = await passChallenge(db, input.challenge, input.code, meta);
  const [profile] = await db.select(sessionUserColumns).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!profile) throw new AppError("PROFILE_NOT_FOUND");
  return { user: toSessionUser(profile), ...(await createSession(db, userId, meta)) };
}

// ---- password reset

const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_MAILS_PER_ACCOUNT = 3;
export const PASSWORD_RESET_JOB = "mail.password_reset";

/**
 * Answers the same, doing the same work, whether or not the account exists: the request is counted against the
 * caller's address and left to a background job (PASSWORD_RESET_JOB), which looks the account up and mails the
 * link after the reply has gone (docs/decisions/0003).
 */
export async function requestPasswordReset(db: TDbOrTx, input: { email: string }, meta: TRequestMeta): Promise<void> {
  const throttled = await countAndCheck(db, `reset-address:${meta.ip}`, RESET_REQUESTS_PER_ADDRESS, LOGIN_WINDOW_MINUTES);
  if (throttled) throw throttledError(throttled);
  await enqueueJob(db, { kind: PASSWORD_RESET_JOB, payload: { email: input.email.trim().toLowerCase() } });
}

/**
 * The job: a single-use link for an account that exists (with its profile, which also says the language the mail
 * is written in), at most RESET_MAILS_PER_ACCOUNT mails per account in the window (past that nothing is sent, and
 * nobody is told). A mail server that fails makes the job try again later.
 */
export async function sendPasswordResetMail(db: TDbOrTx, mailer: TMailer, payload: { email: string }, options: { publicUrl: string; firstAttempt: boolean }): Promise<{ sent: boolean }> {
  const email = payload.email;
  const [account] = await db
    .select({ id: authUsers.id, email: authUsers.email, emailLang: profiles.emailLang })
    .from(authUsers)
    .innerJoin(profiles, eq(profiles.id, authUsers.id))
    .where(sql`lower(${authUsers.email}) = ${email}`)
    .limit(1);
  if (!account) return { sent: false };
  if (options.firstAttempt && (await countAndCheck(db, `reset-account:${email}`, RESET_MAILS_PER_ACCOUNT, LOGIN_WINDOW_MINUTES))) return { sent: false };

  const { token, id } = newToken();
  await db.insert(passwordResetTokens).values({ id, userId: account.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_MINUTES * 60_000) });
  const link = `${options.publicUrl.replace(/\/$/, "")}/update-password#token=${token}`;
  await mailer.send({ to: account.email, ...passwordResetMail(account.emailLang, { link, minutes: PASSWORD_RESET_TOKEN_MINUTES }) });
  return { sent: true };
}

/**
 * A password the person set themselves — on the account page with the current one, or through a reset link —
 * recorded as done by them to themselves, in the change's transaction. Only the fact and the way: never a password
 * or a hash. (An administrator setting someone's password is an "update" of that user, users.service.ts.)
 */
async function auditOwnPasswordChange(tx: TDbOrTx, userId: string, via: "account_page" | "reset_link"): Promise<void> {
  const [person] = await tx.select({ email: profiles.email, name: profiles.name }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!person) return;
  await writeAudit(tx, { id: userId, email: person.email }, { action: "password_change", entity: "user", entityId: userId, after: { ...person, passwordChanged: true, via } });
}

/** Every reset link of the user that is still outstanding stops working (a password was just set). */
export async function endResetLinks(tx: TDbOrTx, userId: string): Promise<void> {
  await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Sets the new password, spends the token (and every other link of the user), and ends every session — all or nothing. */
export async function confirmPasswordReset(db: TDb, input: TPasswordUpdate): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, hashToken(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError("RESET_LINK_INVALID");
    // Whose link it is decides the rule; a refusal rolls the spending back, so the link still works for a better one.
    const [owner] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, spent.userId)).limit(1);
    if (owner) await assertPasswordAllowed(tx, owner.role, input.password);
    await tx.update(authUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(authUsers.id, spent.userId));
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    await endResetLinks(tx, spent.userId);
    await auditOwnPasswordChange(tx, spent.userId, "reset_link");
    return spent.userId;
  });
  await forgetSessionsOf(db, [userId]);
}

// ---- changing one's own password (issue 19)

/**
 * Sets a new password once the current one is proven; the session making the change stays, every other session
 * of the user ends (on every worker and instance, as a reset's do) and so do their reset links. A wrong current
 * password is a failed sign-in for the account: the same counter and limit, so a borrowed or stolen session gets
 * no more guesses than the sign-in form gives. Only the account's key counts, not the address's: the person is
 * signed in, and one school address must not be locked by its students mistyping here.
 */
export async function changePassword(db: TDb, user: TSessionUser, sessionToken: string, input: TPasswordChange): Promise<void> {
  // The rule first: a new password it refuses is no reason to spend one of the current password's tries.
  await assertPasswordAllowed(db, user.role, input.password);
  const keys = [{ key: accountKey(user.email), max: LOGIN_MAX_FAILURES_PER_ACCOUNT, clearOnSuccess: true }];
  // Busy (checks in progress holding every slot for seconds) happens only when the account is tried in bulk, so
  // it is worded as too many tries as well.
  const refuse = (t: TThrottled) => new AppError("CURRENT_PASSWORD_THROTTLED", { headers: { "retry-after": String(t.retryAfterSeconds) } });
  const ok = await checkUnderThrottle(db, keys, refuse, async () => {
    const [account] = await db.select({ passwordHash: authUsers.passwordHash }).from(authUsers).where(eq(authUsers.id, user.id)).limit(1);
    return !!account && (await verifyPassword(input.currentPassword, account.passwordHash));
  });
  if (!ok) throw new AppError("CURRENT_PASSWORD_WRONG");

  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(authUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(authUsers.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, hashToken(sessionToken))));
    await endResetLinks(tx, user.id);
    await auditOwnPasswordChange(tx, user.id, "account_page");
  });
  await forgetSessionsOf(db, [user.id]);
}

// ---- first start

/** Whether the account of `email` still opens with `password` (the start warns while the first admin's is the default). */
export async function isPasswordOf(db: TDbOrTx, email: string, password: string): Promise<boolean> {
  const [account] = await db.select({ passwordHash: authUsers.passwordHash }).from(authUsers).where(sql`lower(${authUsers.email}) = ${email.toLowerCase()}`).limit(1);
  return !!account && (await verifyPassword(password, account.passwordHash));
}

/** Creates the first super_admin from ADMIN_EMAIL / ADMIN_PASSWORD when there is none. Returns true if created. */
export async function ensureFirstAdmin(db: TDbOrTx, admin: { email: string; password: string; name: string }): Promise<boolean> {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "super_admin")).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: authUsers.id }).from(authUsers).where(sql`lower(${authUsers.email}) = ${admin.email.toLowerCase()}`).limit(1);
    if (taken) throw new Error(`ADMIN_EMAIL ${admin.email} belongs to an account that is not a super_admin; choose another ADMIN_EMAIL.`);
    const [account] = await tx.insert(authUsers).values({ email: admin.email, passwordHash }).returning({ id: authUsers.id });
    await tx.insert(profiles).values({ id: account!.id, email: admin.email, username: admin.email.split("@")[0]!, name: admin.name, role: "super_admin", schoolId: null });
  });
  return true;
}
