// Staff two-step sign-in (issue 38, docs/decisions/0043): an authenticator app's codes (totp.ts) after the password.
// The secret is kept encrypted (AES-256-GCM, its key derived from a server secret in app_secrets) and never
// returned once set up; recovery codes are kept hashed and spent by their use; each TOTP step is taken once. A
// password that is right for an account with a second factor makes no session: it makes a challenge — a random
// token the server keeps (hashed) for a few minutes — and the session is made only when the code for it is right.
import { randomInt } from "node:crypto";
import { and, count, eq, gt, isNull, or, lt, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { TDb, TDbOrTx } from "../db/client";
import { authUsers, profiles, recoveryCodes, signInChallenges, twoFactorRule, twoFactors } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import { seal as sealWith, unseal as unsealWith } from "../secrets";
import type { TRole, TSessionUser } from "../../shared/permissions";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ADDRESS } from "../../shared/limits";
import { checkUnderThrottle, type TRequestMeta } from "./auth.service";
import { verifyPassword } from "./password";
import { hashToken, newToken } from "./tokens";
import { groupedSecret, matchTotp, newTotpSecret, otpauthUri } from "./totp";
import type { TThrottled } from "../throttle";

export const TWO_FACTOR_KEY_SECRET = "two-factor-key";
/** How long the second step waits for its code after a right password. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Qias";

const isStaff = (role: TRole) => role !== "student";

// ---- the secret, encrypted at rest

const SEAL_KEY = { secret: TWO_FACTOR_KEY_SECRET, label: "qias two-factor v1" };
const seal = (db: TDbOrTx, secret: Buffer) => sealWith(db, SEAL_KEY, secret);
const unseal = (db: TDbOrTx, sealed: string) => unsealWith(db, SEAL_KEY, sealed);

// ---- recovery codes: 10 letters and digits that cannot be confused, in two groups of five

const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ34679";

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed recovery code as stored: upper case, without spaces or dashes. */
function recoveryHash(code: string): string {
  return hashToken(`recovery:${code.toUpperCase().replace(/[\s-]/g, "")}`);
}

// ---- the rule: required for super_admins and school_admins

export async function getTwoFactorRule(db: TDbOrTx): Promise<{ requiredForAdmins: boolean }> {
  const [row] = await db.select({ requiredForAdmins: twoFactorRule.requiredForAdmins }).from(twoFactorRule).limit(1);
  return { requiredForAdmins: row?.requiredForAdmins ?? false };
}

export async function setTwoFactorRule(db: TDb, actor: TSessionUser, rule: { requiredForAdmins: boolean }): Promise<{ requiredForAdmins: boolean }> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  // Turned on by someone it would lock out at once (every request but their account's refused): they set theirs up first.
  if (rule.requiredForAdmins && !(await hasTwoFactor(db, actor.id))) throw new AppError("TWO_FACTOR_SETUP_REQUIRED");
  return db.transaction(async (tx) => {
    const before = await getTwoFactorRule(tx);
    await tx
      .insert(twoFactorRule)
      .values({ id: true, requiredForAdmins: rule.requiredForAdmins, updatedAt: new Date(), updatedBy: actor.id })
      .onConflictDoUpdate({ target: twoFactorRule.id, set: { requiredForAdmins: rule.requiredForAdmins, updatedAt: new Date(), updatedBy: actor.id } });
    await writeAudit(tx, actor, { action: "update", entity: "two_factor", entityId: "rule", before, after: rule });
    return rule;
  });
}

const ruleCovers = (role: TRole) => role === "super_admin" || role === "school_admin";

/** Whether this account must set up a second factor before anything else: the rule covers its role and it has none. */
export async function mustSetUpTwoFactor(db: TDbOrTx, userId: string, role: TRole): Promise<boolean> {
  if (!ruleCovers(role) || !(await getTwoFactorRule(db)).requiredForAdmins) return false;
  return !(await hasTwoFactor(db, userId));
}

export async function hasTwoFactor(db: TDbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return !!row?.on;
}

// ---- one's own second factor (the account page)

export type TTwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number; required: boolean };

export async function twoFactorStatus(db: TDbOrTx, user: TSessionUser): Promise<TTwoFactorStatus> {
  const enabled = await hasTwoFactor(db, user.id);
  const [left] = enabled ? await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))) : [];
  const required = ruleCovers(user.role) && (await getTwoFactorRule(db)).requiredForAdmins;
  return { enabled, recoveryCodesLeft: left?.n ?? 0, required };
}

/**
 * A new secret waiting to be confirmed (replacing any earlier unconfirmed one): the only time it leaves the server,
 * as the QR code of its otpauth:// URI and as text in groups of four.
 */
export async function startTwoFactorSetup(db: TDb, user: TSessionUser): Promise<{ secret: string; qrSvg: string }> {
  if (!isStaff(user.role)) throw new AppError("TWO_FACTOR_STAFF_ONLY");
  if (await hasTwoFactor(db, user.id)) throw new AppError("TWO_FACTOR_ALREADY_ON");
  const secret = newTotpSecret();
  const sealed = await seal(db, secret);
  await db
    .insert(twoFactors)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secret: sealed, lastStep: null, createdAt: new Date() }, setWhere: isNull(twoFactors.enabledAt) });
  return { secret: groupedSecret(secret), qrSvg: renderSVG(otpauthUri(secret, user.email, ISSUER), { border: 2 }) };
}

const codeKey = (userId: string) => `two-factor:${userId}`;
const addressKey = (ip: string) => `address:${ip}`;
const throttled = (t: TThrottled) => new AppError("TWO_FACTOR_THROTTLED", { headers: { "retry-after": String(t.retryAfterSeconds) } });

/**
 * Spends a code of the user's authenticator (the step it was made in becomes the last, so neither it nor an older one
 * is taken again — in one statement, so two requests with the same code cannot both pass) or one of their recovery
 * codes. `pending`: the secret waiting for confirmation rather than the one in use.
 */
async function spendCode(db: TDbOrTx, userId: string, code: string, options: { pending?: boolean; recovery?: boolean } = {}): Promise<boolean> {
  const typed = code.replace(/[\s-]/g, "");
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  if (!row || !!row.enabledAt === !!options.pending) return false;
  if (/^\d{6}$/.test(typed)) {
    const step = matchTotp(await unseal(db, row.secret), typed, Date.now(), row.lastStep);
    if (step === null) return false;
    const [taken] = await db
      .update(twoFactors)
      .set({ lastStep: step, ...(options.pending ? { enabledAt: new Date() } : {}) })
      .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastStep), lt(twoFactors.lastStep, step))))
      .returning({ userId: twoFactors.userId });
    return !!taken;
  }
  if (!options.recovery) return false;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(typed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return !!spent;
}

/** Checks a code under the same throttle as passwords: the account's own counter for codes, and the address's. */
async function checkCode(db: TDbOrTx, userId: string, meta: TRequestMeta, check: () => Promise<boolean>): Promise<void> {
  const keys = [
    { key: codeKey(userId), max: LOGIN_MAX_FAILURES_PER_ACCOUNT, clearOnSuccess: true },
    { key: addressKey(meta.ip), max: LOGIN_MAX_FAILURES_PER_ADDRESS },
  ];
  if (!(await checkUnderThrottle(db, keys, throttled, check))) throw new AppError("TWO_FACTOR_CODE_WRONG");
}

/** Turns the second factor on with a code of the new secret; gives the recovery codes, the only time they are shown. */
export async function confirmTwoFactorSetup(db: TDb, user: TSessionUser, code: string, meta: TRequestMeta): Promise<{ recoveryCodes: string[] }> {
  if (await hasTwoFactor(db, user.id)) throw new AppError("TWO_FACTOR_ALREADY_ON");
  const [pending] = await db.select({ userId: twoFactors.userId }).from(twoFactors).where(eq(twoFactors.userId, user.id)).limit(1);
  if (!pending) throw new AppError("TWO_FACTOR_NOT_STARTED");
  // Checked outside the transaction: a refusal must not roll back the failure it counts.
  await checkCode(db, user.id, meta, () => spendCode(db, user.id, code, { pending: true }));
  return replaceRecoveryCodes(db, user, { action: "create", after: { enabled: true } });
}

/** A new set of recovery codes in place of every earlier one, audited; the only time they are shown. */
async function replaceRecoveryCodes(db: TDb, user: TSessionUser, audit: { action: "create" | "update"; after: object }): Promise<{ recoveryCodes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: recoveryHash(c) })));
    await writeAudit(tx, user, { action: audit.action, entity: "two_factor", entityId: user.id, after: audit.after });
  });
  return { recoveryCodes: codes };
}

/**
 * New recovery codes without turning two-step sign-in off (the old ones printed or lost): asks a current code of the
 * authenticator app — not a recovery code, which the person may be replacing because someone else has them.
 */
export async function regenerateRecoveryCodes(db: TDb, user: TSessionUser, code: string, meta: TRequestMeta): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasTwoFactor(db, user.id))) throw new AppError("TWO_FACTOR_NOT_ON");
  await checkCode(db, user.id, meta, () => spendCode(db, user.id, code));
  return replaceRecoveryCodes(db, user, { action: "update", after: { enabled: true, recoveryCodesReplaced: true } });
}

/** Turns one's own second factor off, with the password or a code (an authenticator's or a recovery code). */
export async function turnOffTwoFactor(db: TDb, user: TSessionUser, input: { password?: string; code?: string }, meta: TRequestMeta): Promise<void> {
  if (!(await hasTwoFactor(db, user.id))) throw new AppError("TWO_FACTOR_NOT_ON");
  // Checked outside the transaction: a refusal must not roll back the failure it counts.
  if (input.code) {
    await checkCode(db, user.id, meta, () => spendCode(db, user.id, input.code!, { recovery: true }));
  } else {
    await checkCode(db, user.id, meta, async () => {
      const [account] = await db.select({ passwordHash: authUsers.passwordHash }).from(authUsers).where(eq(authUsers.id, user.id)).limit(1);
      return !!account && (await verifyPassword(input.password ?? "", account.passwordHash));
    }).catch((err: unknown) => {
      throw err instanceof AppError && err.code === "TWO_FACTOR_CODE_WRONG" ? new AppError("CURRENT_PASSWORD_WRONG") : err;
    });
  }
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    await writeAudit(tx, user, { action: "delete", entity: "two_factor", entityId: user.id, before: { enabled: true } });
  });
}

async function removeTwoFactor(tx: TDbOrTx, userId: string): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

/** A super_admin resets someone's second factor (a lost phone): removed, audit-logged; they set it up again. */
export async function resetTwoFactor(db: TDb, actor: TSessionUser, userId: string): Promise<void> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  await db.transaction(async (tx) => {
    const [person] = await tx.select({ email: profiles.email, name: profiles.name }).from(profiles).where(eq(profiles.id, userId)).limit(1);
    if (!person) throw new AppError("USER_NOT_FOUND");
    const had = await hasTwoFactor(tx, userId);
    await removeTwoFactor(tx, userId);
    await writeAudit(tx, actor, { action: "delete", entity: "two_factor", entityId: userId, before: { ...person, enabled: had }, after: { ...person, enabled: false, reset: true } });
  });
}

// ---- the second step of signing in

/** Half a sign-in: the password was right; the token is what the second step sends back (only its hash is kept). */
export async function openChallenge(db: TDbOrTx, userId: string): Promise<string> {
  const { token, id } = newToken();
  await db.delete(signInChallenges).where(and(eq(signInChallenges.userId, userId), lt(signInChallenges.expiresAt, new Date())));
  await db.insert(signInChallenges).values({ id, userId, expiresAt: new Date(Date.now() + SIGN_IN_CHALLENGE_MINUTES * 60_000) });
  return token;
}

/**
 * The second step: the challenge must be one the server gave within SIGN_IN_CHALLENGE_MINUTES, the code right (an
 * authenticator's or a recovery code) — then the challenge is spent and the caller makes the session. Wrong codes
 * are counted as wrong passwords are; the challenge stays usable for another try until it expires.
 */
export async function passChallenge(db: TDb, challenge: string, code: string, meta: TRequestMeta): Promise<string> {
  const id = hashToken(challenge);
  const [open] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, sql`now()`)))
    .limit(1);
  if (!open) throw new AppError("SIGN_IN_STEP_EXPIRED");
  await checkCode(db, open.userId, meta, () => spendCode(db, open.userId, code, { recovery: true }));
  const [spent] = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ userId: signInChallenges.userId });
  if (!spent) throw new AppError("SIGN_IN_STEP_EXPIRED");
  return spent.userId;
}

// ---- the rule, enforced: an administrator it covers without a second factor reaches only their account

/** What such an administrator may still call: signing out, who they are, and their account page (to set it up). */
const OPEN_UNTIL_SET_UP = /^\/api\/(auth\/|account(\/|\?|$)|settings\/staff-password-rule(\?|$))/;

/**
 * The session's user, unless the rule requires a second factor of them and they have none: then every API route but
 * their account's is refused with TWO_FACTOR_SETUP_REQUIRED. Only administrators pay the extra lookups; students'
 * and teachers' requests — the exam morning's — do not.
 */
export async function refuseUntilTwoFactor(db: TDbOrTx, url: string, user: TSessionUser | null): Promise<TSessionUser | null> {
  if (!user || !ruleCovers(user.role) || !url.startsWith("/api/") || OPEN_UNTIL_SET_UP.test(url)) return user;
  if (await mustSetUpTwoFactor(db, user.id, user.role)) throw new AppError("TWO_FACTOR_SETUP_REQUIRED");
  return user;
}
