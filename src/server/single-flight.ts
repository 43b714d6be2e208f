/**
 * Concurrent callers asking for the same key share one run of `work` until it settles; the next caller after
 * that starts a new run. For reads that a whole class makes in the same instant (a session, an exam's copy).
 * Deleting the key from `inFlight` (e.g. after a change) makes the next caller start afresh.
 */
export function singleFlight<T>(inFlight: Map<string, Promise<T>>, key: string, work: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key);
  if (pending) return pending;
  const run = work().finally(() => {
    if (inFlight.get(key) === run) inFlight.delete(key);
  });
  inFlight.set(key, run);
  return run;
}
