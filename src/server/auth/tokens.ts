import { createHash, randomBytes } from "node:crypto";

/** A secret for a cookie or a link; only its hash is stored, so a leaked table signs no one in. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
