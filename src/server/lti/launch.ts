// LTI 1.3 resource link and deep-linking launches (issue 38, docs/decisions/0051): the platform's id_token is checked
// (state against its cookie, signature against the platform's JWKS, issuer, audience, expiry, single-use nonce,
// registered deployment, message type and version), its user matched or made in the platform's school, and the
// resource link's exam found. Every refusal is an AppError with an LTI code and, for the log, the reason.
import { randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { TDb, TDbOrTx } from "../db/client";
import { authUsers, examSchools, exams, ltiNonces, ltiPlatforms, ltiResourceLinks, ltiUserLinks, profiles } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import type { TErrorCode } from "../../shared/errors";
import type { TSessionUser } from "../../shared/permissions";
import { sessionUserColumns, toSessionUser } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import { forgetLinkedExams } from "./ags";

export type TPlatformRow = typeof ltiPlatforms.$inferSelect;

export const LTI_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/";
export const DL_CLAIM = "https://purl.imsglobal.org/spec/lti-dl/claim/";
export const AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint";
export const NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice";
const MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership#";
/** Seconds of clock difference between the platform and us that a token's iat/exp may carry. */
const CLOCK_TOLERANCE = 60;

/** A refusal with the reason kept for the log (the page shows only the code's text). */
export function refusal(code: TErrorCode, reason: string): AppError {
  return Object.assign(new AppError(code), { reason });
}
export const reasonOf = (err: unknown): string | undefined => (err as { reason?: string }).reason;

// One remote key set per platform and URL: jose caches the keys and refetches on an unknown kid. A cache, not state.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(platform: TPlatformRow) {
  const key = `${platform.id} ${platform.jwksUrl}`;
  let set = keySets.get(key);
  if (!set) {
    set = createRemoteJWKSet(new URL(platform.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(key, set);
  }
  return set;
}

/** The staff/student reading of the LTI roles (context roles, or institution roles for administrators). */
export function ltiRoleOf(roles: unknown): "student" | "staff" | null {
  const list = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === "string") : [];
  const has = (name: string) => list.some((r) => r === `${MEMBERSHIP}${name}` || r === name || r.endsWith(`#${name}`));
  if (has("Instructor") || has("Administrator") || has("ContentDeveloper")) return "staff";
  if (has("Learner")) return "student";
  return null;
}

export type TLaunch = {
  platform: TPlatformRow;
  claims: JWTPayload & Record<string, unknown>;
  messageType: "LtiResourceLinkRequest" | "LtiDeepLinkingRequest";
  deploymentId: string;
  role: "student" | "staff";
};

/** Checks the id_token of a launch; `cookie` is the login initiation's "state.nonce". */
export async function verifyLaunch(db: TDbOrTx, input: { idToken?: string; state?: string; cookie?: string }): Promise<TLaunch> {
  const [cookieState, cookieNonce] = (input.cookie ?? "").split(".");
  if (!input.state || !cookieState || input.state !== cookieState) throw refusal("LTI_LAUNCH_INVALID", "state does not match its cookie");
  if (!input.idToken) throw refusal("LTI_LAUNCH_INVALID", "no id_token");
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(input.idToken);
  } catch {
    throw refusal("LTI_LAUNCH_INVALID", "id_token is not a JWT");
  }
  if (typeof unverified.iss !== "string") throw refusal("LTI_PLATFORM_UNKNOWN", "no issuer");
  const candidates = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.issuer, unverified.iss));
  if (!candidates.length) throw refusal("LTI_PLATFORM_UNKNOWN", `unknown issuer ${unverified.iss}`);
  const aud = Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud];
  // With several audiences, the authorized party names the client the token is for (OIDC core §2).
  const clientId = aud.length > 1 ? unverified.azp : aud[0];
  const platform = candidates.find((p) => p.clientId === clientId && aud.includes(p.clientId));
  if (!platform) throw refusal("LTI_LAUNCH_INVALID", `audience ${aud.join(",")} (azp ${String(unverified.azp)}) is no client of ${unverified.iss}`);

  let claims: TLaunch["claims"];
  try {
    ({ payload: claims } = await jwtVerify(input.idToken, keySetOf(platform), {
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: CLOCK_TOLERANCE,
      requiredClaims: ["exp", "iat", "sub", "nonce"],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw refusal("LTI_LAUNCH_EXPIRED", "id_token expired");
    throw refusal("LTI_LAUNCH_INVALID", `id_token not verified: ${(err as Error).message}`);
  }
  if (claims.iat! > Date.now() / 1000 + CLOCK_TOLERANCE) throw refusal("LTI_LAUNCH_INVALID", "iat in the future");
  if (claims.nonce !== cookieNonce) throw refusal("LTI_LAUNCH_INVALID", "nonce does not match the login's");

  const messageType = claims[`${LTI_CLAIM}message_type`];
  if (messageType !== "LtiResourceLinkRequest" && messageType !== "LtiDeepLinkingRequest") throw refusal("LTI_LAUNCH_INVALID", `message type ${String(messageType)}`);
  if (claims[`${LTI_CLAIM}version`] !== "1.3.0") throw refusal("LTI_LAUNCH_INVALID", `version ${String(claims[`${LTI_CLAIM}version`])}`);
  const deploymentId = claims[`${LTI_CLAIM}deployment_id`];
  if (typeof deploymentId !== "string" || !platform.deploymentIds.includes(deploymentId)) throw refusal("LTI_DEPLOYMENT_UNKNOWN", `deployment ${String(deploymentId)}`);
  const role = ltiRoleOf(claims[`${LTI_CLAIM}roles`]);
  if (!role) throw refusal("LTI_LAUNCH_INVALID", "no learner or instructor role");
  if (messageType === "LtiResourceLinkRequest" && typeof (claims[`${LTI_CLAIM}resource_link`] as { id?: unknown } | undefined)?.id !== "string") {
    throw refusal("LTI_LAUNCH_INVALID", "no resource link id");
  }
  if (messageType === "LtiDeepLinkingRequest") {
    if (role !== "staff") throw refusal("LTI_LAUNCH_INVALID", "deep linking by a learner");
    const settings = claims[`${DL_CLAIM}deep_linking_settings`] as { deep_link_return_url?: unknown } | undefined;
    if (typeof settings?.deep_link_return_url !== "string" || !/^https?:\/\//.test(settings.deep_link_return_url)) throw refusal("LTI_LAUNCH_INVALID", "no deep_link_return_url");
  }

  // Single use, in the database so that every instance sees it: the second insert of a nonce fails on the key.
  // Expired nonces are swept here, on the launch that adds one (the index on expires_at keeps it cheap).
  await db.delete(ltiNonces).where(lt(ltiNonces.expiresAt, new Date()));
  const inserted = await db
    .insert(ltiNonces)
    .values({ platformId: platform.id, nonce: String(claims.nonce).slice(0, 500), expiresAt: new Date((claims.exp! + CLOCK_TOLERANCE) * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: ltiNonces.nonce });
  if (!inserted.length) throw refusal("LTI_LAUNCH_REPLAYED", "nonce already used");
  return { platform, claims, messageType, deploymentId, role };
}

type TPerson = { sub: string; email: string | null; name: string | null; role: "student" | "staff" };

export function personOf(claims: Record<string, unknown>, role: "student" | "staff"): TPerson {
  const email = typeof claims.email === "string" && claims.email.includes("@") ? claims.email.trim().toLowerCase().slice(0, 254) : null;
  const given = [claims.given_name, claims.family_name].filter((s) => typeof s === "string" && s).join(" ");
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : given || null;
  return { sub: String(claims.sub ?? claims.user_id).slice(0, 255), email, name: name?.slice(0, 200) ?? null, role };
}

/** Whether a Qias account may be this platform person: in the platform's school, with a role the LTI role allows. */
function fits(account: TSessionUser, platform: TPlatformRow, role: TPerson["role"]): boolean {
  if (account.schoolId !== platform.schoolId) return false;
  return role === "student" ? account.role === "student" : account.role === "teacher" || account.role === "school_admin";
}

/**
 * The Qias account of a platform person: linked by (platform, sub); else by email in the platform's school (linked
 * now); else a new student of that school. Staff are never made here: a school makes its own staff.
 * Returns null for a person who cannot be matched nor made (an unknown instructor), when `skip` is asked for.
 */
export async function matchPerson(tx: TDbOrTx, platform: TPlatformRow, person: TPerson): Promise<{ user: TSessionUser; created: boolean }> {
  const [linked] = await tx
    .select(sessionUserColumns)
    .from(ltiUserLinks)
    .innerJoin(profiles, eq(profiles.id, ltiUserLinks.profileId))
    .where(and(eq(ltiUserLinks.platformId, platform.id), eq(ltiUserLinks.sub, person.sub)));
  if (linked) {
    const user = toSessionUser(linked);
    if (!fits(user, platform, person.role)) throw refusal("LTI_ACCOUNT_MISMATCH", `linked account ${user.id} is a ${user.role} of ${user.schoolId}`);
    return { user, created: false };
  }
  let user: TSessionUser | null = null;
  let created = false;
  if (person.email) {
    const [existing] = await tx.select(sessionUserColumns).from(profiles).where(sql`lower(${profiles.email}) = ${person.email}`);
    if (existing) {
      user = toSessionUser(existing);
      if (!fits(user, platform, person.role)) throw refusal("LTI_ACCOUNT_MISMATCH", `account ${user.id} with the email is a ${user.role} of ${user.schoolId}`);
    }
  }
  if (!user) {
    if (person.role !== "student") throw refusal("LTI_STAFF_UNKNOWN", `no staff account for sub ${person.sub}`);
    user = await createStudent(tx, platform, person);
    created = true;
  }
  await tx.insert(ltiUserLinks).values({ platformId: platform.id, sub: person.sub, profileId: user.id });
  return { user, created };
}

/** A student the platform vouches for; no password works for them (they come in through the platform). */
async function createStudent(tx: TDbOrTx, platform: TPlatformRow, person: TPerson): Promise<TSessionUser> {
  // A platform may keep emails private: such a student gets an address of the reserved .invalid domain.
  const email = person.email ?? `lti-${randomBytes(8).toString("hex")}@lti.invalid`;
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const [user] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
  const [profile] = await tx
    .insert(profiles)
    .values({ id: user!.id, email, username: email, name: person.name ?? email.split("@")[0]!, role: "student", schoolId: platform.schoolId })
    .returning(sessionUserColumns);
  await writeAudit(tx, profile!, { action: "create", entity: "user", entityId: profile!.id, after: { ...profile, via: "lti", platformId: platform.id } });
  return toSessionUser(profile!);
}

/** The exam if it is published and offered to the school (an exam with no school rows is offered to every school). */
export async function examForSchool(db: TDbOrTx, examId: string, schoolId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(examId)) return null;
  const [exam] = await db
    .select({ id: exams.id, titleAr: exams.titleAr, titleEn: exams.titleEn, creatorId: exams.creatorId })
    .from(exams)
    .where(
      and(
        eq(exams.id, examId),
        eq(exams.status, "published"),
        sql`(not exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id}) or exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id} and ${examSchools.schoolId} = ${schoolId}))`,
      ),
    );
  return exam ?? null;
}

/**
 * The resource link of a launch: its exam from the custom claim (set by our deep-linking response) or from the
 * link stored at an earlier launch; its AGS line item and NRPS URLs refreshed from this launch.
 */
async function resolveLink(tx: TDbOrTx, launch: TLaunch): Promise<{ linkId: string; examId: string }> {
  const { platform, claims } = launch;
  const resourceLinkId = String((claims[`${LTI_CLAIM}resource_link`] as { id: string }).id).slice(0, 255);
  const custom = (claims[`${LTI_CLAIM}custom`] ?? {}) as Record<string, unknown>;
  const context = claims[`${LTI_CLAIM}context`] as { id?: unknown } | undefined;
  const ags = claims[AGS_CLAIM] as { lineitem?: unknown; lineitems?: unknown } | undefined;
  const nrps = claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const str = (v: unknown) => (typeof v === "string" && v.length <= 2000 ? v : null);

  const [stored] = await tx
    .select()
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.platformId, platform.id), eq(ltiResourceLinks.deploymentId, launch.deploymentId), eq(ltiResourceLinks.resourceLinkId, resourceLinkId)));
  const examId = str(custom.qias_exam_id) ?? stored?.examId ?? null;
  if (!examId) throw refusal("LTI_EXAM_UNAVAILABLE", `resource link ${resourceLinkId} names no exam`);
  const exam = await examForSchool(tx, examId, platform.schoolId);
  if (!exam) throw refusal("LTI_EXAM_UNAVAILABLE", `exam ${examId} is not a published exam of school ${platform.schoolId}`);
  const values = {
    examId: exam.id,
    contextId: str(context?.id) ?? stored?.contextId ?? null,
    lineItemUrl: str(ags?.lineitem) ?? stored?.lineItemUrl ?? null,
    membershipsUrl: str(nrps?.context_memberships_url) ?? stored?.membershipsUrl ?? null,
  };
  const [row] = await tx
    .insert(ltiResourceLinks)
    .values({ platformId: platform.id, deploymentId: launch.deploymentId, resourceLinkId, ...values })
    .onConflictDoUpdate({ target: [ltiResourceLinks.platformId, ltiResourceLinks.deploymentId, ltiResourceLinks.resourceLinkId], set: { ...values, updatedAt: new Date() } })
    .returning({ id: ltiResourceLinks.id });
  if (values.lineItemUrl) forgetLinkedExams();
  return { linkId: row!.id, examId: exam.id };
}

export type TLaunchResult = { user: TSessionUser; launch: TLaunch; examId: string | null; redirect: string | null };

/** A verified launch's user and destination, in one transaction (a refusal leaves nothing behind but the spent nonce). */
export async function acceptLaunch(db: TDb, launch: TLaunch): Promise<TLaunchResult> {
  return db.transaction(async (tx) => {
    const { user } = await matchPerson(tx, launch.platform, personOf(launch.claims, launch.role));
    if (launch.messageType === "LtiDeepLinkingRequest") return { user, launch, examId: null, redirect: null };
    const { examId } = await resolveLink(tx, launch);
    const redirect = user.role === "student" ? `/student/exam/${examId}/take` : `/dashboard/results?exam=${examId}`;
    return { user, launch, examId, redirect };
  });
}
