// Runs the jobs of a kind that wait for a later moment (a debounce) now, as if that moment had come: for tests.
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../db/schema";
import type { THarness } from "./harness";

export async function runDelayedJobsNow(h: THarness, kind: string): Promise<number> {
  await h.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.kind, kind), eq(jobs.status, "queued")));
  return h.drainJobs();
}
