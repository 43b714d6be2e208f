// The sign-in throttle's slots, taken and given back by many requests at once (issue 17).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { createHarness, type THarness } from "./test/harness";
import { loginThrottle } from "./db/schema";
import { releaseAttempts, reserveAttempt } from "./throttle";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("login throttle", () => {
  it("slots taken and given back on the same two keys by thousands of requests at once: none deadlocks, and none is left held", async () => {
    // Each look takes both keys in one statement and each release gives both back in one: taken in one order and
    // given back in another, two of them could each hold a row the other waits for (PostgreSQL ends one: a 500).
    // With the look taking them in the opposite order to the release, 3,000 on PostgreSQL (five connections)
    // deadlocked; the embedded database runs one statement at a time, so there it checks only the counts.
    const requests = h.databaseUrl ? 3000 : 300;
    const keys = [
      { key: "address:198.51.100.250", max: 1000 },
      { key: "account:deadlock@test.local", max: 1000 },
    ];
    const outcomes = await Promise.allSettled(
      Array.from({ length: requests }, async (_, i) => {
        expect(await reserveAttempt(h.db, i % 2 ? keys : [...keys].reverse(), 15)).toBeNull();
        await releaseAttempts(h.db, (i % 3 ? keys : [...keys].reverse()).map(({ key }) => ({ key, failed: false })));
      }),
    );
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    const rows = await h.db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys.map((k) => k.key)));
    expect(rows.map((r) => [r.failures, r.pending])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  }, 60_000);
});
