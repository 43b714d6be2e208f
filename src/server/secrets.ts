// Secrets the server keeps for itself, in the database so every instance uses the same one, made at first start.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
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

// ---- sealing: data kept encrypted at rest (AES-256-GCM) under a key of its own, derived from a named secret

/** Which secret a kind of sealed data uses, and the label that gives that use a key of its own. */
export type TSealKey = { secret: string; label: string };

async function sealingKey(db: TDbOrTx, key: TSealKey): Promise<Buffer> {
  // The stored value is 32 random bytes; hashing it with a purpose gives this use a key of its own.
  return createHash("sha256").update(`${key.label}:${await getSecret(db, key.secret)}`).digest();
}

export async function seal(db: TDbOrTx, key: TSealKey, data: Buffer): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(db, key), iv);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export async function unseal(db: TDbOrTx, key: TSealKey, sealed: string): Promise<Buffer> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unknown sealed format");
  const decipher = createDecipheriv("aes-256-gcm", await sealingKey(db, key), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
}
