// The password hash, and the thread pool it shares with the rest of the process (issue 17).
import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_AT_ONCE, scryptPeak, verifyPassword } from "./password";

describe("scrypt", () => {
  it("hashes and verifies, refusing a wrong password and a malformed hash", async () => {
    const hash = await hashPassword("كلمة-سر-1");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("كلمة-سر-1", hash)).toBe(true);
    expect(await verifyPassword("كلمة-سر-2", hash)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });

  it("a crowd of sign-ins leaves the thread pool a free thread: at most one derivation more than the cores at once (never the whole pool), all answered", async () => {
    const hash = await hashPassword("secret-pass");
    scryptPeak.value = 0;
    const finished: number[] = [];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 ? "secret-pass" : "wrong", hash).then((ok) => (finished.push(i), ok))));
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 !== 0));
    expect(scryptPeak.value).toBe(SCRYPT_AT_ONCE);
    expect(SCRYPT_AT_ONCE).toBeLessThan(4); // libuv's pool has 4 threads
  });
});
