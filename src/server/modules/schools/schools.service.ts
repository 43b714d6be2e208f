// Schools (SPEC §2 "School management"): create, rename, delete only when empty. Every change is audited.
import { asc, count, eq, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { bankItems, profiles, schools } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isForeignKeyViolation } from "../../db/errors";
import { writeAudit } from "../audit/audit.service";
import type { TSessionUser } from "../../../shared/permissions";
import type { TSchool } from "../../../shared/schemas/school";

type TSchoolRow = typeof schools.$inferSelect;
type TSchoolNames = { nameAr: string; nameEn: string; cityAr: string | null; cityEn: string | null };

export function presentSchool(row: TSchoolRow & { userCount?: number }): TSchool {
  return {
    id: row.id,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    cityAr: row.cityAr,
    cityEn: row.cityEn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    passwordSignInOff: row.passwordSignInOff,
    ...(row.userCount !== undefined ? { userCount: Number(row.userCount) } : {}),
  };
}

/** All schools by name for a super_admin; only their own school for anyone else who belongs to one. */
export async function findSchools(db: TDbOrTx, user: TSessionUser): Promise<TSchool[]> {
  const userCount = db.$with("user_counts").as(db.select({ schoolId: profiles.schoolId, n: count().as("n") }).from(profiles).groupBy(profiles.schoolId));
  const rows = await db
    .with(userCount)
    .select({ school: schools, n: userCount.n })
    .from(schools)
    .leftJoin(userCount, eq(userCount.schoolId, schools.id))
    .where(user.role === "super_admin" ? undefined : eq(schools.id, user.schoolId ?? "\u0000"))
    .orderBy(asc(schools.nameEn), asc(schools.id));
  return rows.map((r) => presentSchool({ ...r.school, userCount: Number(r.n ?? 0) }));
}

export async function createSchool(db: TDb, actor: TSessionUser, input: { id: string } & TSchoolNames): Promise<TSchool> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(schools).values(input).onConflictDoNothing().returning();
    if (!row) throw new AppError("SCHOOL_ID_TAKEN");
    await writeAudit(tx, actor, { action: "create", entity: "school", entityId: row.id, after: presentSchool(row) });
    return presentSchool(row);
  });
}

export async function updateSchool(db: TDb, actor: TSessionUser, id: string, input: TSchoolNames): Promise<TSchool> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(schools).where(eq(schools.id, id)).for("update");
    if (!before) throw new AppError("SCHOOL_NOT_FOUND");
    const [row] = await tx.update(schools).set({ ...input, updatedAt: new Date() }).where(eq(schools.id, id)).returning();
    await writeAudit(tx, actor, { action: "update", entity: "school", entityId: id, before: presentSchool(before), after: presentSchool(row!) });
    return presentSchool(row!);
  });
}

/** Refused with SCHOOL_HAS_USERS while anyone belongs to the school (SCHOOL_HAS_BANK_ITEMS while its bank holds items); the check and the delete are one step. */
export async function deleteSchool(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(schools).where(eq(schools.id, id)).for("update");
    if (!before) throw new AppError("SCHOOL_NOT_FOUND");
    const [members] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.schoolId, id));
    if ((members?.n ?? 0) > 0) throw new AppError("SCHOOL_HAS_USERS");
    // Its bank items are kept with the exams and results that hold them (docs/decisions/0036); never made anyone else's.
    const [items] = await tx.select({ n: count() }).from(bankItems).where(eq(bankItems.schoolId, id));
    if ((items?.n ?? 0) > 0) throw new AppError("SCHOOL_HAS_BANK_ITEMS");
    await tx.delete(schools).where(eq(schools.id, id));
    await writeAudit(tx, actor, { action: "delete", entity: "school", entityId: id, before: presentSchool(before) });
  }).catch((err) => {
    // A user added by someone else between the check and the delete: the foreign key still refuses.
    if (isForeignKeyViolation(err)) throw new AppError("SCHOOL_HAS_USERS");
    throw err;
  });
}

export async function schoolExists(db: TDbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(schools).where(eq(schools.id, id)).limit(1);
  return !!row;
}
