// One thread of the password pool (password.ts), and the one place that says which implementation computes a
// derivation (one job at a time: password.ts sends the next only when this one has answered). Plain JavaScript so
// it loads the same under tsx, vitest and node, in a thread or not.
//
// In a thread it lowers its own scheduling priority first (on Linux a thread's nice value is its own): on an exam
// morning the cores are scrypt's, and a derivation that takes the core from the event loop or from PostgreSQL delays
// every request in the room, while one that waits a few milliseconds for them delays one sign-in a little
// (docs/decisions/0026).
import { scryptSync } from "node:crypto";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

function loadSodium() {
  if (process.env.SCRYPT_ENGINE === "node") return null;
  try {
    return createRequire(import.meta.url)("sodium-native");
  } catch {
    return null; // no prebuilt addon for this platform: node:crypto computes the same
  }
}
const sodium = loadSodium();

/** @type {"libsodium" | "node:crypto"} */
export const engine = sodium ? "libsodium" : "node:crypto";

/**
 * libsodium's high-level call takes an operations and a memory limit and picks N, r = 8 and p from them
 * (escrypt's pickparams): with opslimit = 32·N and memlimit above 32·opslimit (and at least its minimum, 16 MiB)
 * it picks exactly N, r = 8, p = 1. Anything else (another r or p, a salt not of 32 bytes, an N outside what
 * node:crypto's 64 MB allows) is computed by node:crypto.
 */
function sodiumCan(salt, keyLength, { N, r, p }) {
  const powerOfTwo = Number.isInteger(N) && N >= 1024 && N <= 32768 && (N & (N - 1)) === 0;
  return !!sodium && r === 8 && p === 1 && powerOfTwo && salt.length === 32 && keyLength >= 16;
}

/** The key of `password` (NFKC, UTF-8), computed here and now; `force` chooses node:crypto (tests, bench). */
function deriveKey(password, salt, keyLength, params, force) {
  const bytes = Buffer.from(password.normalize("NFKC"), "utf8");
  if (!force && sodiumCan(salt, keyLength, params)) {
    const out = Buffer.alloc(keyLength);
    sodium.crypto_pwhash_scryptsalsa208sha256(out, bytes, salt, 32 * params.N, Math.max(2048 * params.N, 1 << 24));
    return out;
  }
  return scryptSync(bytes, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 });
}

if (parentPort && workerData?.scryptThread) {
  let nice = 0;
  try {
    setPriority(workerData.nice); // this thread only
    nice = workerData.nice;
  } catch {
    // not allowed here: the derivations run at the same priority as the rest
  }
  parentPort.on("message", ({ password, salt, keyLength, params, force }) => {
    try {
      const key = deriveKey(password, Buffer.from(salt.buffer, salt.byteOffset, salt.byteLength), keyLength, params, force);
      parentPort.postMessage({ key, nice });
    } catch (err) {
      parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
    }
  });
}
