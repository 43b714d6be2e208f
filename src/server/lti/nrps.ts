// LTI Names and Role Provisioning (issue 38, docs/decisions/0051): a teacher or admin of the platform's school
// brings a course's roster in — each member matched or made by the launch's own rules (matchPerson), page by page
// following the Link rel="next" header. Audit-logged with the counts.
import { and, eq } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../db/client";
import { ltiPlatforms, ltiResourceLinks } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import type { TSessionUser } from "../../shared/permissions";
import { NRPS_SCOPE, accessToken } from "./ags";
import { ltiRoleOf, matchPerson, personOf, type TPlatformRow } from "./launch";

/** A course of thousands is a few dozen pages; a platform that pages for ever is cut off here. */
const MAX_PAGES = 100;

export type TRosterSync = { matched: number; created: number; skipped: number };
export type TLinkView = { id: string; platformName: string; contextId: string | null; hasRoster: boolean };

function assertMayManage(actor: TSessionUser, platform: TPlatformRow) {
  const staff = (actor.role === "teacher" || actor.role === "school_admin") && actor.schoolId === platform.schoolId;
  if (actor.role !== "super_admin" && !staff) throw new AppError("FORBIDDEN");
}

/** The platform links of an exam the actor may see (their school's platforms; all for a super_admin). */
export async function linksOfExam(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TLinkView[]> {
  if (actor.role === "student") throw new AppError("FORBIDDEN");
  const rows = await db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(ltiResourceLinks.examId, examId), actor.role === "super_admin" ? undefined : eq(ltiPlatforms.schoolId, actor.schoolId ?? "")));
  return rows.map((r) => ({ id: r.link.id, platformName: r.platform.name, contextId: r.link.contextId, hasRoster: !!r.link.membershipsUrl }));
}

function nextLink(header: string | null): string | null {
  for (const part of (header ?? "").split(",")) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (m) return m[1]!;
  }
  return null;
}

export async function syncRoster(db: TDb, actor: TSessionUser, linkId: string): Promise<TRosterSync> {
  const [row] = await db.select({ link: ltiResourceLinks, platform: ltiPlatforms }).from(ltiResourceLinks).innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId)).where(eq(ltiResourceLinks.id, linkId));
  if (!row) throw new AppError("LTI_PLATFORM_NOT_FOUND");
  assertMayManage(actor, row.platform);
  if (!row.link.membershipsUrl) throw new AppError("LTI_NO_ROSTER");
  const counts: TRosterSync = { matched: 0, created: 0, skipped: 0 };
  const origin = new URL(row.link.membershipsUrl).origin;
  let url: string | null = row.link.membershipsUrl;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    let members: Array<Record<string, unknown>>;
    try {
      const token = await accessToken(db, row.platform, NRPS_SCOPE);
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/vnd.ims.lti-nrps.v2.membershipcontainer+json" }, signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`memberships answered ${res.status}`);
      const body = (await res.json()) as { members?: unknown };
      members = Array.isArray(body.members) ? (body.members as Array<Record<string, unknown>>) : [];
      const next = nextLink(res.headers.get("link"));
      // Our token goes only where the roster is: a next page on another origin is not followed.
      url = next && new URL(next, url).origin === origin ? new URL(next, url).toString() : null;
    } catch {
      throw new AppError("LTI_PLATFORM_FAILED");
    }
    for (const m of members) {
      const role = ltiRoleOf(m.roles);
      if (!role || typeof m.user_id !== "string" || (m.status !== undefined && m.status !== "Active")) {
        counts.skipped++;
        continue;
      }
      try {
        // Each member on their own: one that cannot be matched (a teacher unknown to Qias) does not undo the rest.
        const { created } = await db.transaction((tx) => matchPerson(tx, row.platform, personOf({ ...m, sub: m.user_id }, role)));
        counts[created ? "created" : "matched"]++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        counts.skipped++;
      }
    }
  }
  await writeAudit(db, actor, { action: "update", entity: "lti_roster", entityId: linkId, after: { platformId: row.platform.id, contextId: row.link.contextId, ...counts } });
  return counts;
}
