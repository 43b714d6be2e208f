// Secrets the server keeps for itself, in the database so every instance uses the same one, made at first start.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TDbOrTx } from "./db/client";
import { appSecrets } from "./db/schema";

/** Seeds the order in which a matching question shows its responses (paper.ts). */
export const MATCHING_ORDER_SECRET = "matching-order";

/** The named secret, made (once, whoever asks first) if it does not exist yet. */
export async function getSecret(db: TDbOrTx, name: string): Promise<string> {
  const [found] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (found) return found.value;
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [made] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return made!.value;
}
