// The one place an account and its profile are created: together, in one transaction, or not at all.
import type { TDbOrTx } from "../db/client";
import { authUsers, profiles } from "../db/schema";
import { hashPassword } from "./password";
import type { TRole } from "../../shared/permissions";
import { DEFAULT_LANGUAGE, type TLanguage } from "../../shared/limits";

export type TNewAccount = {
  email: string;
  password: string;
  role: TRole;
  username?: string;
  name?: string;
  schoolId?: string | null;
  grade?: number | null;
  className?: string | null;
  emailLang?: TLanguage;
};

/** SPEC §5 defaults: username from the part of the email before '@', name from the username; the school is
 *  stored only for student, teacher and school_admin. */
export function accountDefaults(input: Omit<TNewAccount, "password">) {
  const email = input.email.trim();
  const username = input.username?.trim() || email.split("@")[0]!;
  const name = input.name?.trim() || username;
  const schoolId = input.role === "super_admin" ? null : (input.schoolId ?? null);
  // Only students have a grade and class (docs/decisions/0014): given for another role, they are dropped.
  const student = input.role === "student";
  const grade = student ? (input.grade ?? null) : null;
  const className = student && grade !== null ? (input.className ?? null) : null;
  const emailLang = input.emailLang ?? DEFAULT_LANGUAGE;
  return { email, username, name, schoolId, role: input.role, grade, className, emailLang };
}

export async function createAccount(db: TDbOrTx, input: TNewAccount): Promise<{ id: string }> {
  const profile = accountDefaults(input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(authUsers).values({ email: profile.email, passwordHash }).returning({ id: authUsers.id });
    await tx.insert(profiles).values({ id: account!.id, ...profile });
    return { id: account!.id };
  });
}
