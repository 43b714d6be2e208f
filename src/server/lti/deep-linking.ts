// LTI Deep Linking 2.0 (issue 38, docs/decisions/0051): an instructor's launch shows their published exams; the
// choice comes back with the launch's context (signed by us, short-lived, bound to the instructor) and is answered
// with an LtiDeepLinkingResponse signed by the tool key, which the platform verifies against our JWKS.
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { SignJWT, importJWK, jwtVerify } from "jose";
import type { TDbOrTx } from "../db/client";
import { examSchools, exams, ltiPlatforms, profiles, questions } from "../db/schema";
import { sessionUserColumns, toSessionUser } from "../auth/auth.service";
import type { TSessionUser } from "../../shared/permissions";
import { LTI_ALG, getToolKey } from "./keys";
import { DL_CLAIM, LTI_CLAIM, examForSchool, refusal, type TLaunch } from "./launch";
import type { TPickerExam } from "./pages";

/** The audience of our own deep-linking context token: nothing else we sign is accepted in its place. */
const CONTEXT_AUD = "qias:lti-deep-linking-context";
const CONTEXT_MINUTES = 30;

type TContext = { sub: string; platformId: string; deploymentId: string; returnUrl: string; data?: string };

export async function signContext(db: TDbOrTx, launch: TLaunch, userId: string): Promise<string> {
  const settings = launch.claims[`${DL_CLAIM}deep_linking_settings`] as { deep_link_return_url: string; data?: unknown };
  const key = await getToolKey(db);
  return new SignJWT({ platformId: launch.platform.id, deploymentId: launch.deploymentId, returnUrl: settings.deep_link_return_url, ...(typeof settings.data === "string" ? { data: settings.data } : {}) })
    .setProtectedHeader({ alg: LTI_ALG, kid: key.kid })
    .setSubject(userId)
    .setAudience(CONTEXT_AUD)
    .setIssuedAt()
    .setExpirationTime(`${CONTEXT_MINUTES}m`)
    .sign(key.privateKey);
}

async function readContext(db: TDbOrTx, token: string): Promise<TContext> {
  const key = await getToolKey(db);
  try {
    const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, LTI_ALG), { audience: CONTEXT_AUD, algorithms: [LTI_ALG] });
    return payload as unknown as TContext;
  } catch (err) {
    throw refusal("LTI_LAUNCH_EXPIRED", `deep-linking context not verified: ${(err as Error).message}`);
  }
}

/** The exams an instructor may link: their own published ones, or for a school admin every published exam of the school. */
export async function linkableExams(db: TDbOrTx, user: TSessionUser): Promise<TPickerExam[]> {
  const offered = sql`(not exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id}) or exists (select 1 from ${examSchools} where ${examSchools.examId} = ${exams.id} and ${examSchools.schoolId} = ${user.schoolId ?? ""}))`;
  return db
    .select({ id: exams.id, titleAr: exams.titleAr, titleEn: exams.titleEn })
    .from(exams)
    .where(and(eq(exams.status, "published"), user.role === "school_admin" ? offered : and(offered, eq(exams.creatorId, user.id))))
    .orderBy(asc(exams.titleEn))
    .limit(500);
}

/** The signed response for the chosen exam, and where to post it. */
export async function deepLinkResponse(db: TDbOrTx, input: { context: string; examId: string; launchUrl: string }): Promise<{ returnUrl: string; jwt: string }> {
  // The context is the proof of the verified launch (a platform's deep-linking dialog is often a frame, where our
  // Lax session cookie is not sent): it names the instructor, who must still be staff of the platform's school.
  const ctx = await readContext(db, input.context);
  const [platform] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, ctx.platformId));
  if (!platform) throw refusal("LTI_PLATFORM_UNKNOWN", "platform deleted during deep linking");
  const [row] = await db.select(sessionUserColumns).from(profiles).where(eq(profiles.id, ctx.sub));
  const user = row && toSessionUser(row);
  if (!user || user.schoolId !== platform.schoolId || (user.role !== "teacher" && user.role !== "school_admin")) throw refusal("LTI_ACCOUNT_MISMATCH", "deep-linking instructor no longer staff of the school");
  const allowed = await linkableExams(db, user);
  const exam = allowed.find((e) => e.id === input.examId) && (await examForSchool(db, input.examId, platform.schoolId));
  if (!exam) throw refusal("LTI_EXAM_UNAVAILABLE", `exam ${input.examId} is not linkable by ${user.id}`);
  const [sum] = await db.select({ points: sql<number>`coalesce(sum(${questions.points}), 0)::int` }).from(questions).where(eq(questions.examId, exam.id));
  const key = await getToolKey(db);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString("base64url"),
    [`${LTI_CLAIM}message_type`]: "LtiDeepLinkingResponse",
    [`${LTI_CLAIM}version`]: "1.3.0",
    [`${LTI_CLAIM}deployment_id`]: ctx.deploymentId,
    ...(ctx.data !== undefined ? { [`${DL_CLAIM}data`]: ctx.data } : {}),
    [`${DL_CLAIM}content_items`]: [
      {
        type: "ltiResourceLink",
        title: exam.titleAr,
        text: exam.titleEn,
        url: input.launchUrl,
        custom: { qias_exam_id: exam.id },
        lineItem: { scoreMaximum: Math.max(1, Number(sum?.points ?? 0)), label: exam.titleAr, resourceId: exam.id },
      },
    ],
  })
    .setProtectedHeader({ alg: LTI_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key.privateKey);
  return { returnUrl: ctx.returnUrl, jwt };
}
