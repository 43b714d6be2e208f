// scrypt from node:crypto: memory-hard, no native addon to build on a fresh machine (docs/decisions/0002).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

/**
 * scrypt runs on libuv's thread pool (4 threads), which the rest of the process needs too: opening a database
 * connection (SCRAM), reading a file to serve, gzip. On an exam morning hundreds of sign-ins queue for it, and
 * measured with 20,000 students (bench:exam-day) a new database connection waited behind them for over 10 s and
 * requests failed with 503. So only a few scrypts run at once (never the whole pool); the others wait
 * here, in order. One more than the cores (at most 3 of the 4 threads), so a core finishing one does not wait for
 * this thread to hand it the next: the cores stay busy, and the pool always has a thread free.
 */
export const SCRYPT_AT_ONCE = Math.min(availableParallelism() + 1, 3);
let running = 0;
const waiting: (() => void)[] = [];
/** The most derivations this process has run at once (the tests read it). */
export const scryptPeak = { value: 0 };

async function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  if (running >= SCRYPT_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  scryptPeak.value = Math.max(scryptPeak.value, running);
  try {
    return await new Promise((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.keyLength, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algo !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64url");
  const actual = await derive(password, Buffer.from(saltB64, "base64url"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same as a real one, so a missing account
 *  answers as slowly as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  return dummyHash;
}

/** A password a person can type from a printed sheet: no 0/O, 1/l/I. */
export function generatePassword(length = 10): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
