// The tool's own signing key (issue 38, docs/decisions/0051): an ES256 key pair made at first use, its private half
// kept encrypted (AES-256-GCM, key derived from an app secret) so a database dump alone cannot sign as Qias.
// Platforms verify our deep-linking responses and AGS client assertions against GET /api/lti/jwks.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { TDbOrTx } from "../db/client";
import { ltiToolKeys } from "../db/schema";
import { getSecret } from "../secrets";

export const LTI_KEY_SECRET = "lti-tool-key";
export const LTI_ALG = "ES256";

async function encryptionKey(db: TDbOrTx): Promise<Buffer> {
  // Hashing the stored secret with a purpose gives this use a key of its own.
  return createHash("sha256").update(`qias lti-tool-key v1:${await getSecret(db, LTI_KEY_SECRET)}`).digest();
}

async function seal(db: TDbOrTx, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await encryptionKey(db), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

async function unseal(db: TDbOrTx, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unknown LTI key format");
  const decipher = createDecipheriv("aes-256-gcm", await encryptionKey(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

export type TToolKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

/**
 * The key the tool signs with: the oldest stored one, made if there is none. Two instances starting at once may
 * each store one; both are published in the JWKS and every instance signs with the same (oldest) one.
 */
export async function getToolKey(db: TDbOrTx): Promise<TToolKey> {
  let [row] = await db.select().from(ltiToolKeys).orderBy(asc(ltiToolKeys.createdAt), asc(ltiToolKeys.kid)).limit(1);
  if (!row) {
    const kid = randomUUID();
    const { publicKey, privateKey } = await generateKeyPair(LTI_ALG, { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_ALG, use: "sig" };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: LTI_ALG };
    await db.insert(ltiToolKeys).values({ kid, publicJwk, privateJwkEncrypted: await seal(db, JSON.stringify(privateJwk)) });
    [row] = await db.select().from(ltiToolKeys).orderBy(asc(ltiToolKeys.createdAt), asc(ltiToolKeys.kid)).limit(1);
  }
  const privateJwk = JSON.parse(await unseal(db, row!.privateJwkEncrypted)) as JWK;
  const privateKey = (await importJWK(privateJwk, LTI_ALG)) as CryptoKey;
  return { kid: row!.kid, privateKey, publicJwk: row!.publicJwk as JWK };
}

/** The public keys, as platforms fetch them. */
export async function toolJwks(db: TDbOrTx): Promise<{ keys: JWK[] }> {
  await getToolKey(db);
  const rows = await db.select({ publicJwk: ltiToolKeys.publicJwk }).from(ltiToolKeys).orderBy(asc(ltiToolKeys.createdAt));
  return { keys: rows.map((r) => r.publicJwk as JWK) };
}
