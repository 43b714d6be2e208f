// The one place an account and its profile are created: together, in one transaction, or not at all.
import type { TDbOrTx } from "../db/client";
import { authUsers, profiles } from "../db/schema";
import { hashPassword } from "./password";
import type { TRole } from "../../shared/permissions";

export type TNewAccount = {
  email: string;
  password: string;
  role: TRole;
  username?: string;
  name?: string;
  schoolId?: string | null;
};

export async function createAccount(db: TDbOrTx, input: TNewAccount): Promise<{ id: string }> {
  const email = input.email.trim();
  // SPEC §5: username defaults to the part of the email before '@'; name defaults to the username.
  const username = input.username?.trim() || email.split("@")[0]!;
  const name = input.name?.trim() || username;
  // SPEC §5: the school is stored only for student, teacher and school_admin.
  const schoolId = input.role === "super_admin" ? null : (input.schoolId ?? null);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(authUsers).values({ email, passwordHash }).returning({ id: authUsers.id });
    await tx.insert(profiles).values({ id: account!.id, email, username, name, role: input.role, schoolId });
    return { id: account!.id };
  });
}
