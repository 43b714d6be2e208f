// A password hash as made before decision 0025 (node:crypto, a 16-byte salt), for the tests of its upgrade.
import { randomBytes, scryptSync } from "node:crypto";

export function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}
