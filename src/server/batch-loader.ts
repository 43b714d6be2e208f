/**
 * Many keys, one query: keys asked for while a query is in the database wait and go together in the next one
 * (one query at a time, like the answer writer's batches). With nothing in the database a key goes at once.
 * On an exam morning every student's first save arrives within the same second, each with its own session to
 * look up: a thousand lookups become a few dozen queries.
 * `load` answers with what it found; a key it does not answer for resolves as undefined.
 */
export function batchLoader<V>(load: (keys: string[]) => Promise<Map<string, V>>, maxBatch = 500): (key: string) => Promise<V | undefined> {
  type TWaiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  const waiting = new Map<string, TWaiter[]>();
  let busy = false;

  async function run(): Promise<void> {
    if (busy || waiting.size === 0) return;
    busy = true;
    const batch = [...waiting].slice(0, maxBatch);
    for (const [key] of batch) waiting.delete(key);
    try {
      const found = await load(batch.map(([key]) => key));
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const [, waiters] of batch) for (const w of waiters) w.reject(err);
    } finally {
      busy = false;
      void run();
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      void run();
    });
}

/**
 * Writes that arrive together go in one call of `write` (batchLoader's queue), each keyed: starts of attempts,
 * submissions. A batch the database refuses as a whole (one start whose sitting was deleted a moment ago, a
 * deadlock) is written again one by one, so a refusal fails only its own write, with its own error; the others
 * are written. A second write of a key already waiting shares the first's outcome (a double press).
 */
export function batchWriter<I, V>(write: (items: I[]) => Promise<Map<string, V>>, maxBatch = 500): (key: string, item: I) => Promise<V | undefined> {
  const items = new Map<string, I>();
  const load = batchLoader<{ value: V } | { failed: unknown }>(async (keys) => {
    const batch = keys.map((k) => [k, items.get(k)!] as const);
    for (const k of keys) items.delete(k);
    const wrap = (found: Map<string, V>) => new Map([...found].map(([k, value]) => [k, { value }]));
    try {
      return wrap(await write(batch.map(([, item]) => item)));
    } catch (err) {
      if (batch.length === 1) throw err;
      const outcomes = new Map<string, { value: V } | { failed: unknown }>();
      const alone = await Promise.allSettled(batch.map(([, item]) => write([item])));
      alone.forEach((outcome, i) => {
        if (outcome.status === "fulfilled") for (const [k, v] of wrap(outcome.value)) outcomes.set(k, v);
        else outcomes.set(batch[i]![0], { failed: outcome.reason });
      });
      return outcomes;
    }
  }, maxBatch);
  return async (key, item) => {
    if (!items.has(key)) items.set(key, item);
    const outcome = await load(key);
    if (outcome && "failed" in outcome) throw outcome.failed;
    return outcome?.value;
  };
}
