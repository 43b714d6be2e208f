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
