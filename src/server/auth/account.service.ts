// What a person sees and sets of their own account (issue 19). Changing the password is with sign-in and the
// sessions it ends (auth.service.ts: changePassword).
import { eq } from "drizzle-orm";
import type { TDbOrTx } from "../db/client";
import { profiles } from "../db/schema";
import { AppError } from "../http/errors";
import type { TAccount, TAccountUpdate } from "../../shared/schemas/account";

export async function findAccount(db: TDbOrTx, userId: string): Promise<TAccount> {
  const [row] = await db
    .select({ email: profiles.email, username: profiles.username, name: profiles.name, role: profiles.role, emailLang: profiles.emailLang })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  // The session outlived its profile only if the account went between the two lookups.
  if (!row) throw new AppError("UNAUTHENTICATED");
  return { ...row, username: row.username || row.email };
}

export async function updateAccount(db: TDbOrTx, userId: string, input: TAccountUpdate): Promise<TAccount> {
  await db.update(profiles).set({ emailLang: input.emailLang, updatedAt: new Date() }).where(eq(profiles.id, userId));
  return findAccount(db, userId);
}
