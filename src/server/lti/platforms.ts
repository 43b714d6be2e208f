// Registered LTI platforms (issue 38, docs/decisions/0051): only a super_admin registers or lists them; each serves one school.
import { asc, eq } from "drizzle-orm";
import type { TDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { ltiPlatforms, schools } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import type { TSessionUser } from "../../shared/permissions";
import type { TLtiPlatform, TLtiPlatformInput } from "../../shared/schemas/lti";

function view(row: typeof ltiPlatforms.$inferSelect): TLtiPlatform {
  const { updatedAt: _updatedAt, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString() };
}

export async function listPlatforms(db: TDb, actor: TSessionUser): Promise<TLtiPlatform[]> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  return (await db.select().from(ltiPlatforms).orderBy(asc(ltiPlatforms.createdAt))).map(view);
}

export async function registerPlatform(db: TDb, actor: TSessionUser, input: TLtiPlatformInput): Promise<TLtiPlatform> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  const deploymentIds = [...new Set(input.deploymentIds)];
  try {
    return await db.transaction(async (tx) => {
      const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, input.schoolId));
      if (!school) throw new AppError("SCHOOL_NOT_FOUND");
      const [row] = await tx.insert(ltiPlatforms).values({ ...input, deploymentIds }).returning();
      await writeAudit(tx, actor, { action: "create", entity: "lti_platform", entityId: row!.id, after: { ...input, deploymentIds } });
      return view(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("LTI_PLATFORM_EXISTS");
    throw err;
  }
}

export async function updatePlatform(db: TDb, actor: TSessionUser, id: string, input: TLtiPlatformInput): Promise<TLtiPlatform> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  const deploymentIds = [...new Set(input.deploymentIds)];
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).for("update");
      if (!before) throw new AppError("LTI_PLATFORM_NOT_FOUND");
      const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, input.schoolId));
      if (!school) throw new AppError("SCHOOL_NOT_FOUND");
      const [row] = await tx.update(ltiPlatforms).set({ ...input, deploymentIds, updatedAt: new Date() }).where(eq(ltiPlatforms.id, id)).returning();
      await writeAudit(tx, actor, { action: "update", entity: "lti_platform", entityId: id, before: view(before), after: { ...input, deploymentIds } });
      return view(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("LTI_PLATFORM_EXISTS");
    throw err;
  }
}

/** Deletes a registration with its links, nonces and user links (the accounts it made stay: they are the school's). */
export async function deletePlatform(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  if (actor.role !== "super_admin") throw new AppError("FORBIDDEN");
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id)).returning();
    if (!before) throw new AppError("LTI_PLATFORM_NOT_FOUND");
    await writeAudit(tx, actor, { action: "delete", entity: "lti_platform", entityId: id, before: view(before) });
  });
}
