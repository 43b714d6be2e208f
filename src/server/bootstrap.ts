// What a fresh database needs before anyone signs in: the three subjects, their skills and the first super_admin.
import type { TDbOrTx } from "./db/client";
import { subjects } from "./db/schema";
import { ensureFirstAdmin } from "./auth/auth.service";
import { SUBJECTS } from "../shared/subjects";
import { getSecret, MATCHING_ORDER_SECRET } from "./secrets";
import { seedSkills } from "./modules/skills/skills.service";

export async function seedReferenceData(db: TDbOrTx): Promise<void> {
  await db.insert(subjects).values(SUBJECTS.map((s) => ({ id: s.id, nameAr: s.nameAr, nameEn: s.nameEn }))).onConflictDoNothing();
  await seedSkills(db);
}

export async function prepareDatabase(db: TDbOrTx, admin: { email: string; password: string; name: string }): Promise<{ adminCreated: boolean }> {
  await seedReferenceData(db);
  await getSecret(db, MATCHING_ORDER_SECRET);
  return { adminCreated: await ensureFirstAdmin(db, admin) };
}
