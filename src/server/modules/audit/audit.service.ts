// The record of changes: who did what to which school or user, and when, with the before and after.
import { and, count, desc, eq } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { TSessionUser } from "../../../shared/permissions";

/** password_change: a person set their own password (account page or reset link); see auth.service.ts. */
export type TAuditAction = "create" | "update" | "delete" | "import" | "password_change";

/** Written in the caller's transaction, so a change and its record land together or not at all. */
export async function writeAudit(
  tx: TDbOrTx,
  actor: Pick<TSessionUser, "id" | "email">,
  entry: {
    action: TAuditAction;
    entity: "school" | "user" | "skill" | "password_rule" | "two_factor" | "sitting_ticket" | "reporting_scale" | "proficiency_levels" | "calibration_link" | "identity_provider" | "user_identity" | "lti_platform" | "lti_passback" | "lti_roster" | "school_year";
    entityId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function findAuditEntries(db: TDbOrTx, query: { entity?: string; entityId?: string; page: number; pageSize: number }) {
  const where = and(query.entity ? eq(auditLog.entity, query.entity) : undefined, query.entityId ? eq(auditLog.entityId, query.entityId) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
