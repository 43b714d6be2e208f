// The jobs table on the real database: one job per key however many ask at once, each job run once by however
// many runners, retries with backoff, a claim abandoned by a crashed instance taken over.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type THarness } from "../test/harness";
import { jobs } from "../db/schema";
import { createJobRunner, enqueueJob } from "./jobs";

let h: THarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("jobs", () => {
  it("twenty requests at once with one dedupe key make one job", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => enqueueJob(h.db, { kind: "test.dedupe", payload: { n: 1 }, dedupeKey: "exam:1" })));
    expect(new Set(results.map((r) => r.job.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    // Once it is done, the same key starts a new one.
    await h.db.update(jobs).set({ status: "done" }).where(eq(jobs.id, results[0]!.job.id));
    const next = await enqueueJob(h.db, { kind: "test.dedupe", payload: { n: 2 }, dedupeKey: "exam:1" });
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(results[0]!.job.id);
  });

  it("two runners over one database run each job exactly once", async () => {
    const seen: string[] = [];
    const a = createJobRunner(h.db, h.app.log);
    const b = createJobRunner(h.db, h.app.log);
    for (const runner of [a, b]) runner.register("test.once", async ({ job }) => void seen.push(job.id));
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => enqueueJob(h.db, { kind: "test.once", payload: { n } }).then((r) => r.job.id)));
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(12);
    expect([...seen].sort()).toEqual([...ids].sort());
    const rows = await h.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, "test.once"));
    expect(rows.every((r) => r.status === "done")).toBe(true);
  });

  it("a failing job is retried later, then marked failed after its last attempt", async () => {
    const runner = createJobRunner(h.db, h.app.log);
    let calls = 0;
    runner.register("test.flaky", async () => {
      calls++;
      throw new Error("upstream said no");
    });
    const { job } = await enqueueJob(h.db, { kind: "test.flaky", payload: {}, maxAttempts: 3 });
    await runner.drain();
    expect(calls).toBe(1);
    let [row] = await h.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "upstream said no" });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    for (let i = 0; i < 2; i++) {
      await h.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job.id));
      await runner.drain();
    }
    expect(calls).toBe(3);
    [row] = await h.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("a job whose claim ran out (its instance died) is run again; progress keeps a claim alive", async () => {
    const runner = createJobRunner(h.db, h.app.log);
    let progressed = false;
    runner.register("test.orphan", async ({ progress }) => {
      await progress({ done: 1, failed: 0, total: 2 });
      progressed = true;
      return { ok: true };
    });
    const { job } = await enqueueJob(h.db, { kind: "test.orphan", payload: {} });
    await h.db.update(jobs).set({ status: "running", attempts: 1, lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    expect(await runner.drain()).toBe(1);
    const [row] = await h.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(progressed).toBe(true);
    expect(row).toMatchObject({ status: "done", attempts: 2, progressDone: 1, progressTotal: 2, result: { ok: true } });
  });
});
