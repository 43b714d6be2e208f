// Background work: a row per job, claimed with FOR UPDATE SKIP LOCKED by whichever instance asks first, so it
// works the same on the embedded database and on PostgreSQL, and survives a restart (a claim that is not
// finished by `locked_until` is claimed again). A failed run is retried with backoff up to `max_attempts`.
// The server runs jobs itself: every instance polls, and an instance that enqueues wakes its own runner at once.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type TDb, type TDbOrTx } from "../db/client";
import { jobs } from "../db/schema";
import { isUniqueViolation } from "../db/errors";

export type TJob = typeof jobs.$inferSelect;

export type TJobContext = {
  db: TDb;
  job: TJob;
  /** Records progress (and keeps the claim alive, so a long job is not claimed twice). */
  progress: (p: { done: number; failed: number; total?: number }) => Promise<void>;
  log: FastifyBaseLogger;
};
export type TJobHandler = (ctx: TJobContext) => Promise<Record<string, unknown> | void>;

/** How long a claim lasts without a sign of life before another instance may take the job. */
const CLAIM_SECONDS = 120;
const POLL_MS = 1000;

/**
 * Adds a job. With a `dedupeKey`, a job with the same key that is still queued or running is returned instead
 * of a second one (the database's partial unique index decides, so two requests at once make one job).
 */
export async function enqueueJob(
  db: TDbOrTx,
  job: { kind: string; payload: Record<string, unknown>; dedupeKey?: string; createdById?: string | null; maxAttempts?: number },
): Promise<{ job: TJob; created: boolean }> {
  const values = { kind: job.kind, payload: job.payload, dedupeKey: job.dedupeKey ?? null, createdById: job.createdById ?? null, maxAttempts: job.maxAttempts ?? 5 };
  if (!job.dedupeKey) {
    const [row] = await db.insert(jobs).values(values).returning();
    return { job: row!, created: true };
  }
  for (let i = 0; i < 3; i++) {
    const [row] = await db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} in ('queued', 'running')` })
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err) !== null) return [];
        throw err;
      });
    if (row) return { job: row, created: true };
    const [existing] = await db.select().from(jobs).where(and(eq(jobs.dedupeKey, job.dedupeKey), sql`${jobs.status} in ('queued', 'running')`));
    if (existing) return { job: existing, created: false };
    // The job with this key finished between the two statements: try again.
  }
  throw new Error(`could not enqueue job ${job.kind} (${job.dedupeKey})`);
}

async function claimNext(db: TDb, kinds: string[]): Promise<TJob | null> {
  if (!kinds.length) return null;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${jobs} set status = 'running', attempts = ${jobs.attempts} + 1, locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), updated_at = now()
      where ${jobs.id} = (
        select ${jobs.id} from ${jobs}
        where ${inArray(jobs.kind, kinds)} and ((${jobs.status} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now()))
        order by ${jobs.runAt}
        limit 1
        for update skip locked
      )
      returning ${jobs.id}`),
  );
  if (!rows[0]) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, rows[0].id));
  return job ?? null;
}

export type TJobRunner = {
  register: (kind: string, handler: TJobHandler) => void;
  /** Starts polling (the server does; tests call drain instead). */
  start: () => void;
  stop: () => Promise<void>;
  /** Looks for work now (after an enqueue on this instance). */
  wake: () => void;
  /** Runs every job that is due until none is left (tests). */
  drain: () => Promise<number>;
};

export function createJobRunner(db: TDb, log: FastifyBaseLogger): TJobRunner {
  const handlers = new Map<string, TJobHandler>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let started = false;
  let again = false;

  async function runOne(job: TJob): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const progress: TJobContext["progress"] = async ({ done, failed, total }) => {
      await db
        .update(jobs)
        .set({ progressDone: done, progressFailed: failed, ...(total !== undefined ? { progressTotal: total } : {}), lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, updatedAt: new Date() })
        .where(eq(jobs.id, job.id));
    };
    try {
      const result = await handler({ db, job, progress, log });
      await db.update(jobs).set({ status: "done", result: result ?? null, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() }).where(eq(jobs.id, job.id));
    } catch (err) {
      const last = job.attempts >= job.maxAttempts;
      log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, last ? "job failed for good" : "job failed; will retry");
      const message = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
      await db
        .update(jobs)
        .set(
          last
            ? { status: "failed", lastError: message, lockedUntil: null, finishedAt: new Date(), updatedAt: new Date() }
            : { status: "queued", lastError: message, lockedUntil: null, runAt: sql`now() + make_interval(secs => ${Math.min(600, 2 ** job.attempts)})`, updatedAt: new Date() },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  async function runDue(): Promise<number> {
    let n = 0;
    for (;;) {
      const job = await claimNext(db, [...handlers.keys()]);
      if (!job) return n;
      await runOne(job);
      n++;
    }
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = runDue()
      .catch((err: unknown) => {
        log.error({ err }, "job runner: could not look for work");
        return 0;
      })
      .finally(() => {
        running = null;
        if (!started) return;
        if (again) {
          again = false;
          tick();
        } else {
          timer = setTimeout(tick, POLL_MS);
          timer.unref?.();
        }
      });
  }

  return {
    register: (kind, handler) => void handlers.set(kind, handler),
    start: () => {
      if (started) return;
      started = true;
      tick();
    },
    stop: async () => {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    wake: () => {
      if (started) tick();
    },
    drain: async () => {
      if (running) await running;
      let total = 0;
      for (let n = await runDue(); n > 0; n = await runDue()) total += n;
      return total;
    },
  };
}

/** Finished jobs are kept for a month (a page may still show their outcome), then deleted. */
export async function deleteOldJobs(db: TDbOrTx): Promise<void> {
  await db.execute(sql`delete from ${jobs} where ${jobs.status} in ('done', 'failed') and ${jobs.finishedAt} < now() - interval '30 days'`);
}
