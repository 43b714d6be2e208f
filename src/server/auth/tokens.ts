import { hash, randomBytes } from "node:crypto";

/** A secret for a cookie or a link; only its hash is stored, so a leaked table signs no one in. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: hashToken(token) };
}

// Every request with a cookie hashes it to find its session: the one-shot hash is about 2.5 times as fast as a Hash
// object (1.8 µs → 0.7 µs here), which the profile of an exam morning's reads showed.
export function hashToken(token: string): string {
  return hash("sha256", token, "base64url");
}
