// What a person sees and sets of their own account (issue 19). Changing the password is with sign-in and the
// sessions it ends (auth.service.ts: changePassword).
import { eq } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../db/client";
import { profiles } from "../db/schema";
import { AppError } from "../http/errors";
import { writeAudit } from "../modules/audit/audit.service";
import type { TSessionUser } from "../../shared/permissions";
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

/**
 * Sets the language of the person's mail, recorded in the audit log as any change to a user is (actor and target
 * the same person), in the same transaction. Saving the language already set changes nothing and records nothing.
 */
export async function updateAccount(db: TDb, user: Pick<TSessionUser, "id" | "email">, input: TAccountUpdate): Promise<TAccount> {
  return db.transaction(async (tx) => {
    const before = await findAccount(tx, user.id);
    if (before.emailLang === input.emailLang) return before;
    await tx.update(profiles).set({ emailLang: input.emailLang, updatedAt: new Date() }).where(eq(profiles.id, user.id));
    const after = await findAccount(tx, user.id);
    const snapshot = (a: TAccount) => ({ email: a.email, name: a.name, emailLang: a.emailLang });
    await writeAudit(tx, user, { action: "update", entity: "user", entityId: user.id, before: snapshot(before), after: snapshot(after) });
    return after;
  });
}
