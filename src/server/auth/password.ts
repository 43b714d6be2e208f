// scrypt, computed by libsodium where its prebuilt addon loads and by node:crypto otherwise: the same function with
// the same parameters, so either verifies any hash; libsodium's vectorised core is about 30 % faster on an exam
// morning, when the cores are scrypt's (docs/decisions/0025, which amends 0002).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;
/** libsodium's scrypt takes salts of exactly 32 bytes; hashes made before 0025 have 16 and are verified by node:crypto. */
const SALT_BYTES = 32;

type TScryptParams = { N: number; r: number; p: number };
type TSodium = {
  crypto_pwhash_scryptsalsa208sha256_async(out: Buffer, password: Buffer, salt: Buffer, opslimit: number, memlimit: number, done: (err: Error | null) => void): void;
};

function loadSodium(): TSodium | null {
  if (process.env.SCRYPT_ENGINE === "node") return null;
  try {
    return createRequire(import.meta.url)("sodium-native") as TSodium;
  } catch {
    return null; // no prebuilt addon for this platform: node:crypto computes the same
  }
}
const sodium = loadSodium();

/** Which implementation computes the derivations libsodium can compute (the bench prints it). */
export const scryptEngine: "libsodium" | "node:crypto" = sodium ? "libsodium" : "node:crypto";

const nodeScrypt = (password: Buffer, salt: Buffer, keyLength: number, { N, r, p }: TScryptParams) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * libsodium's high-level call takes an operations and a memory limit and picks N, r = 8 and p from them
 * (escrypt's pickparams): with opslimit = 32·N and memlimit above 32·opslimit (and at least its minimum, 16 MiB)
 * it picks exactly N, r = 8, p = 1. Anything else (another r or p, a 16-byte salt, an N outside what node:crypto's
 * 64 MB allows) is left to node:crypto.
 */
function sodiumScrypt(password: Buffer, salt: Buffer, keyLength: number, { N, r, p }: TScryptParams): Promise<Buffer> | null {
  const powerOfTwo = Number.isInteger(N) && N >= 1024 && N <= 32768 && (N & (N - 1)) === 0;
  if (!sodium || r !== 8 || p !== 1 || !powerOfTwo || salt.length !== SALT_BYTES || keyLength < 16) return null;
  const out = Buffer.alloc(keyLength);
  return new Promise((resolve, reject) =>
    sodium.crypto_pwhash_scryptsalsa208sha256_async(out, password, salt, 32 * N, Math.max(2048 * N, 1 << 24), (err) => (err ? reject(err) : resolve(out))),
  );
}

/** The key of `password` (NFKC, UTF-8) by whichever implementation can compute it; `engine` forces one (tests, bench). */
export function scryptKey(password: string, salt: Buffer, keyLength: number, params: TScryptParams, engine?: "node:crypto"): Promise<Buffer> {
  const bytes = Buffer.from(password.normalize("NFKC"), "utf8");
  return (engine ? null : sodiumScrypt(bytes, salt, keyLength, params)) ?? nodeScrypt(bytes, salt, keyLength, params);
}

/**
 * scrypt runs on libuv's thread pool (4 threads, both implementations), which the rest of the process needs too:
 * opening a database connection (SCRAM), reading a file to serve, gzip. On an exam morning hundreds of sign-ins queue for it, and
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

async function derive(password: string, salt: Buffer, keyLength: number, params: TScryptParams): Promise<Buffer> {
  if (running >= SCRYPT_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  scryptPeak.value = Math.max(scryptPeak.value, running);
  try {
    return await scryptKey(password, salt, keyLength, params);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS.keyLength, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A stored hash's parts (the format above), or null when it is not one of ours. */
function parseHash(stored: string): { params: TScryptParams; salt: Buffer; key: Buffer } | null {
  const [algo, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algo !== "scrypt" || !saltB64 || !keyB64) return null;
  return { params: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(saltB64, "base64url"), key: Buffer.from(keyB64, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const actual = await derive(password, hash.salt, hash.key.length, hash.params);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/**
 * A hash worth making again at the next right password: made with other parameters than today's, or with a salt
 * libsodium cannot take (16 bytes, before decision 0025) while libsodium is here to compute the new one faster.
 */
export function needsRehash(stored: string): boolean {
  const hash = parseHash(stored);
  if (!hash) return false;
  const { N, r, p } = hash.params;
  const sameParams = N === PARAMS.N && r === PARAMS.r && p === PARAMS.p && hash.key.length === PARAMS.keyLength;
  return !sameParams || (!!sodium && hash.salt.length !== SALT_BYTES);
}

/** No derivation running or waiting in this process: a moment when an extra one delays nobody. */
export const scryptIdle = () => running === 0 && waiting.length === 0;

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
