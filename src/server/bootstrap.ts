// What a fresh database needs before anyone signs in: the three subjects, their skills and the first super_admin.
import { sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "./db/client";
import { subjects } from "./db/schema";
import { ensureFirstAdmin } from "./auth/auth.service";
import { SUBJECTS } from "../shared/subjects";
import { getSecret, MATCHING_ORDER_SECRET } from "./secrets";
import { seedSkills } from "./modules/skills/skills.service";
import { fillSearchText } from "./modules/bank/search-text";

export async function seedReferenceData(db: TDbOrTx): Promise<void> {
  await db.insert(subjects).values(SUBJECTS.map((s) => ({ id: s.id, nameAr: s.nameAr, nameEn: s.nameEn }))).onConflictDoNothing();
  await seedSkills(db);
}

/** The key of the lock held while a database is prepared (a constant no other lock of the app uses). */
const PREPARE_LOCK = 0x51a5_0002;

/**
 * Idempotent, and safe when several instances start at once over one PostgreSQL: they take turns (an advisory
 * lock held for the transaction), so the first admin is created once and nobody trips over a half-made row.
 */
export async function prepareDatabase(db: TDb, admin: { email: string; password: string; name: string }): Promise<{ adminCreated: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PREPARE_LOCK}::bigint)`);
    await seedReferenceData(tx);
    await getSecret(tx, MATCHING_ORDER_SECRET);
    await fillSearchText(tx);
    return { adminCreated: await ensureFirstAdmin(tx, admin) };
  });
}
