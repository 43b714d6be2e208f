// LTI Assignment and Grade Services (issue 38, docs/decisions/0051): when an attempt of an exam a platform links
// becomes graded, a job (jobs.ts: retried with backoff, kept for the super_admin to see) sends its score to the
// platform's line item. The grading transaction only adds the job row after it commits, so a slow LMS never
// delays marking. Tokens come by the client-credentials grant with a client assertion signed by the tool key.
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { SignJWT } from "jose";
import type { TDb, TDbOrTx } from "../db/client";
import { exams, jobs, ltiPlatforms, ltiResourceLinks, ltiUserLinks, profiles, studentExams } from "../db/schema";
import { AppError } from "../http/errors";
import { enqueueJob, type TJobContext } from "../jobs/jobs";
import { writeAudit } from "../modules/audit/audit.service";
import type { TSessionUser } from "../../shared/permissions";
import { LTI_ALG, getToolKey } from "./keys";
import type { TPlatformRow } from "./launch";

export const LTI_SCORE_JOB = "lti.score";
export const AGS_SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score";
export const NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly";
const FETCH_TIMEOUT_MS = 15_000;

/**
 * Queues the score of each graded attempt for every platform link of its exam whose platform knows the student.
 * Called after the grading commits; it never throws (a failure to queue must not fail a submission).
 */
export async function queueScorePassback(db: TDbOrTx, attempts: Array<{ id: string; examId: string }>, onError?: (err: unknown) => void): Promise<number> {
  try {
    const linked = await linkedExams(db);
    const attemptIds = attempts.filter((a) => linked.has(a.examId)).map((a) => a.id);
    if (!attemptIds.length) return 0;
    const rows = await db
      .select({ attemptId: studentExams.id, linkId: ltiResourceLinks.id })
      .from(studentExams)
      .innerJoin(ltiResourceLinks, and(eq(ltiResourceLinks.examId, studentExams.examId), isNotNull(ltiResourceLinks.lineItemUrl)))
      .innerJoin(ltiUserLinks, and(eq(ltiUserLinks.platformId, ltiResourceLinks.platformId), eq(ltiUserLinks.profileId, studentExams.studentId)))
      .where(and(inArray(studentExams.id, attemptIds), eq(studentExams.status, "graded")));
    for (const r of rows) await enqueueJob(db, { kind: LTI_SCORE_JOB, payload: r, dedupeKey: `${LTI_SCORE_JOB}:${r.attemptId}:${r.linkId}`, maxAttempts: 6 });
    return rows.length;
  } catch (err) {
    onError?.(err);
    return 0;
  }
}

// The exams some platform links, remembered for a while: at the end of a sitting thousands submit at once, and an
// exam no platform links (nearly all) then costs no query. A link made on another instance is seen within
// LINKED_MEMORY_MS — long before a student launched through it submits; a link made here is seen at once.
const LINKED_MEMORY_MS = 30_000;
let linkedMemory: { ids: Set<string>; until: number } | null = null;
async function linkedExams(db: TDbOrTx): Promise<Set<string>> {
  if (linkedMemory && linkedMemory.until > Date.now()) return linkedMemory.ids;
  const rows = await db.selectDistinct({ examId: ltiResourceLinks.examId }).from(ltiResourceLinks).where(isNotNull(ltiResourceLinks.lineItemUrl));
  linkedMemory = { ids: new Set(rows.map((r) => r.examId)), until: Date.now() + LINKED_MEMORY_MS };
  return linkedMemory.ids;
}
/** A launch stored a link with a line item: look again next time. */
export function forgetLinkedExams(): void {
  linkedMemory = null;
}

// Access tokens per platform and scope, until a minute before they expire. A cache: a restart asks again.
const tokens = new Map<string, { token: string; until: number }>();

export async function accessToken(db: TDbOrTx, platform: TPlatformRow, scope: string): Promise<string> {
  const cacheKey = `${platform.id} ${platform.tokenUrl} ${scope}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.token;
  const key = await getToolKey(db);
  // RFC 7523 client assertion, as LTI 1.3 (Security Framework §4.1) asks: iss = sub = client id, aud = token URL.
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: LTI_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt()
    .setExpirationTime("5m")
    .setJti(randomUUID())
    .sign(key.privateKey);
  const res = await fetch(platform.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: assertion,
      scope,
    }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== "string") throw new Error("token endpoint gave no access_token");
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
  tokens.set(cacheKey, { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return body.access_token;
}

/** `{lineitem}/scores`, keeping the line item URL's query (Canvas puts its own there). */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, "")}/scores`;
  return url.toString();
}

/** The job: sends one attempt's score to one line item. Throws on any failure, so the runner retries with backoff. */
export async function sendScore({ db, job }: TJobContext): Promise<Record<string, unknown>> {
  const { attemptId, linkId } = job.payload as { attemptId: string; linkId: string };
  const [row] = await db
    .select({ attempt: studentExams, link: ltiResourceLinks, platform: ltiPlatforms, sub: ltiUserLinks.sub })
    .from(studentExams)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, linkId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .innerJoin(ltiUserLinks, and(eq(ltiUserLinks.platformId, ltiPlatforms.id), eq(ltiUserLinks.profileId, studentExams.studentId)))
    .where(eq(studentExams.id, attemptId));
  // The attempt, link or platform was deleted since: nothing to send.
  if (!row?.link.lineItemUrl || row.attempt.status !== "graded") return { skipped: true };
  const token = await accessToken(db, row.platform, AGS_SCORE_SCOPE);
  const score = {
    userId: row.sub,
    scoreGiven: Number(row.attempt.score ?? 0),
    scoreMaximum: Math.max(Number(row.attempt.totalPossibleScore), Number(row.attempt.score ?? 0), 1),
    activityProgress: "Completed",
    gradingProgress: "FullyGraded",
    timestamp: new Date().toISOString(),
  };
  const url = scoresUrl(row.link.lineItemUrl);
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/vnd.ims.lis.v1.score+json" },
    body: JSON.stringify(score),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${row.platform.name}: scores endpoint answered ${res.status}`);
  return { platform: row.platform.name, userId: row.sub, scoreGiven: score.scoreGiven, scoreMaximum: score.scoreMaximum, status: res.status };
}

export type TPassback = {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  result: Record<string, unknown> | null;
  attemptId: string;
  /** Who, which exam and which platform: null when that row was deleted since. */
  studentName: string | null;
  examTitleAr: string | null;
  examTitleEn: string | null;
  platformName: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** The last score sends, failures first in mind: what the super_admin sees on the platforms page. */
export async function listPassbacks(db: TDbOrTx, actor: TSessionUser): Promise<TPassback[]> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  const rows = await db.select().from(jobs).where(eq(jobs.kind, LTI_SCORE_JOB)).orderBy(desc(jobs.createdAt)).limit(100);
  const payload = (j: (typeof rows)[number]) => j.payload as { attemptId?: string; linkId?: string };
  const attemptIds = [...new Set(rows.map((j) => payload(j).attemptId).filter((id): id is string => !!id))];
  const linkIds = [...new Set(rows.map((j) => payload(j).linkId).filter((id): id is string => !!id))];
  // Two lookups for the whole page of at most 100 rows, not one per row.
  const attemptsById = new Map(
    attemptIds.length
      ? (
          await db
            .select({ id: studentExams.id, studentName: profiles.name, titleAr: exams.titleAr, titleEn: exams.titleEn })
            .from(studentExams)
            .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
            .innerJoin(exams, eq(exams.id, studentExams.examId))
            .where(inArray(studentExams.id, attemptIds))
        ).map((a) => [a.id, a] as const)
      : [],
  );
  const platformByLink = new Map(
    linkIds.length
      ? (
          await db
            .select({ id: ltiResourceLinks.id, name: ltiPlatforms.name })
            .from(ltiResourceLinks)
            .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
            .where(inArray(ltiResourceLinks.id, linkIds))
        ).map((l) => [l.id, l.name] as const)
      : [],
  );
  return rows.map((j) => {
    const { attemptId = "", linkId = "" } = payload(j);
    const attempt = attemptsById.get(attemptId);
    return {
      id: j.id,
      status: j.status,
      attempts: j.attempts,
      lastError: j.lastError,
      result: (j.result as Record<string, unknown> | null) ?? null,
      attemptId,
      studentName: attempt?.studentName ?? null,
      examTitleAr: attempt?.titleAr ?? null,
      examTitleEn: attempt?.titleEn ?? null,
      platformName: platformByLink.get(linkId) ?? null,
      createdAt: j.createdAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
    };
  });
}

/** Sends a failed score again: the same job, queued now with a fresh set of attempts. */
export async function retryPassback(db: TDb, actor: TSessionUser, jobId: string): Promise<void> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.kind, LTI_SCORE_JOB))).for("update");
    if (!job) throw new AppError("LTI_PASSBACK_NOT_FOUND");
    if (job.status !== "failed") throw new AppError("LTI_PASSBACK_NOT_FAILED");
    await tx.update(jobs).set({ status: "queued", attempts: 0, runAt: new Date(), finishedAt: null, updatedAt: new Date() }).where(eq(jobs.id, jobId));
    await writeAudit(tx, actor, { action: "update", entity: "lti_passback", entityId: jobId, before: { status: "failed" }, after: { status: "queued" } });
  });
}
