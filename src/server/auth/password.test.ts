// The password hash, and the threads that compute it beside the rest of the process (issue 17).
import { describe, expect, it, vi } from "vitest";
import { availableCores } from "../cores";
import { randomBytes, scryptSync } from "node:crypto";
import { legacyHash } from "../test/legacy-hash";
import { hashPassword, needsRehash, SCRYPT_NICE, scryptEngine, scryptKey, scryptPeak, scryptThreadNice, scryptThreads, verifyPassword } from "./password";


describe("scrypt", () => {
  it("hashes and verifies, refusing a wrong password and a malformed hash", async () => {
    const hash = await hashPassword("كلمة-سر-1");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("كلمة-سر-1", hash)).toBe(true);
    expect(await verifyPassword("كلمة-سر-2", hash)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });

  it("is computed by libsodium here (its addon is prebuilt for this platform), giving node:crypto's key for every password, salt, N and length", async () => {
    if (process.platform === "linux" && ["x64", "arm64"].includes(process.arch)) expect(scryptEngine).toBe("libsodium");
    else console.log(`scrypt engine on ${process.platform}-${process.arch}: ${scryptEngine}`);
    // "ﻻ" (a presentation form) and "é" as e + combining accent meet NFKC; long, empty-ish and Arabic passwords.
    const passwords = ["كلمة-سر-1", "\uFEFB", "e\u0301te", "x", "p".repeat(200), "Pa$$w0rd 🙂"];
    for (const [i, password] of passwords.entries()) {
      const salt = randomBytes(32);
      const params = { N: i % 2 ? 1024 : 16384, r: 8, p: 1 };
      const keyLength = i % 3 ? 32 : 64;
      const fast = await scryptKey(password, salt, keyLength, params);
      const reference = await scryptKey(password, salt, keyLength, params, "node:crypto");
      expect(fast.toString("hex"), password).toBe(reference.toString("hex"));
      expect(fast.toString("hex")).toBe(scryptSync(password.normalize("NFKC"), salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }).toString("hex"));
    }
  });

  it("verifies a hash made before libsodium (16-byte salt), and asks for it to be made again; today's hash is not", async () => {
    const old = legacyHash("كلمة-سر-قديمة");
    expect(await verifyPassword("كلمة-سر-قديمة", old)).toBe(true);
    expect(await verifyPassword("كلمة-سر-جديدة", old)).toBe(false);
    expect(needsRehash(old)).toBe(scryptEngine === "libsodium");
    const today = await hashPassword("كلمة-سر-قديمة");
    expect(Buffer.from(today.split("$")[4]!, "base64url")).toHaveLength(32);
    expect(needsRehash(today)).toBe(false);
    expect(needsRehash(today.replace("$16384$", "$8192$"))).toBe(true);
    expect(needsRehash("md5$abc")).toBe(false);
  });

  it("a crowd of sign-ins is computed on the password threads, as many at once as there are threads, at a lower priority than the event loop, all answered", async () => {
    const hash = await hashPassword("secret-pass");
    Object.assign(scryptPeak, { computing: 0, given: 0 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 ? "secret-pass" : "wrong", hash)));
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 !== 0));
    // As many threads as cores, each given its next derivation while it computes one.
    expect(scryptThreads()).toBe(availableCores());
    expect(scryptPeak).toEqual({ computing: Math.min(12, scryptThreads()), given: Math.min(12, 2 * scryptThreads()) });
    // Linux gives each thread its own nice value; elsewhere the call may be refused and the threads run at ours.
    if (process.platform === "linux") expect(scryptThreadNice.value).toBe(SCRYPT_NICE);
  });

  it("a process that shares the machine with other workers runs its share of the cores' threads, and computes in order of asking", async () => {
    vi.resetModules();
    const own = await import("./password");
    own.shareCores(availableCores()); // as many workers as cores: one thread each
    expect(own.scryptThreads()).toBe(1);
    own.shareCores(64);
    expect(own.scryptThreads()).toBe(1);
    own.shareCores(1);
    expect(own.scryptThreads()).toBe(availableCores());
    own.shareCores(availableCores());
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, i) => own.scryptKey(`p${i}`, Buffer.alloc(32, i), 32, { N: 1024, r: 8, p: 1 }).then(() => finished.push(i))));
    expect(finished).toEqual([0, 1, 2, 3, 4]);
    expect(own.scryptPeak).toEqual({ computing: 1, given: 2 });
  });

  it("a thread that dies fails the derivation it computed; the one it was handed next is computed by a new thread", async () => {
    vi.resetModules();
    const started: import("node:worker_threads").Worker[] = [];
    vi.doMock("node:worker_threads", async (original) => {
      const real = await original<typeof import("node:worker_threads")>();
      class Recorded extends real.Worker {
        constructor(...args: ConstructorParameters<typeof real.Worker>) {
          super(...args);
          started.push(this);
        }
      }
      return { ...real, Worker: Recorded };
    });
    try {
      const own = await import("./password");
      own.shareCores(availableCores()); // one thread
      const salt = Buffer.alloc(32, 7);
      const params = { N: 16384, r: 8, p: 1 };
      const keys = ["a", "b", "c"].map((password) => own.scryptKey(password, salt, 32, params).then((key) => key.toString("hex"), (err: Error) => err.message));
      expect(started).toHaveLength(1);
      await started[0]!.terminate(); // as if it ran out of memory mid-derivation
      const [a, b, c] = await Promise.all(keys);
      expect(a).toMatch(/exited/);
      expect([b, c]).toEqual(["b", "c"].map((password) => scryptSync(password, salt, 32, { ...params, maxmem: 64 * 1024 * 1024 }).toString("hex")));
      expect(started).toHaveLength(2);
    } finally {
      vi.doUnmock("node:worker_threads");
    }
  });

  it("a derivation the thread cannot compute fails alone, and the next is computed", async () => {
    await expect(scryptKey("x", randomBytes(32), 32, { N: 3, r: 8, p: 1 })).rejects.toThrow(/N|param/i);
    const key = await scryptKey("x", Buffer.alloc(32, 1), 32, { N: 1024, r: 8, p: 1 });
    expect(key.toString("hex")).toBe(scryptSync("x", Buffer.alloc(32, 1), 32, { N: 1024, r: 8, p: 1 }).toString("hex"));
  });
});
