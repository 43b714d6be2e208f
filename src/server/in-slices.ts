// A loop over a year's rows on the event loop, in slices (decision 0067): 200,000 ids put in a Map take 150 ms of a
// core, which on an exam morning is every save's and sign-in's wait; between slices, whatever is waiting goes first.
// The figures themselves go to a thread (parse-pool.ts figuresOffLoop); this is for the ids that say which row is whose
// (codesOf: the reliability job's schools, DIF's groups).

/** Rows per slice: a few milliseconds of Map work each. */
const SLICE = 10_000;

/** `each` on every item in order, yielding to the event loop between slices of `slice` items. */
export async function inSlices<T>(items: ArrayLike<T>, each: (item: T, index: number) => void, slice = SLICE): Promise<void> {
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, start + slice);
    for (let i = start; i < end; i++) each(items[i]!, i);
  }
}

/**
 * Each of `ids` as the small number of its key, in the ids' order (what a figures thread is sent instead of 200,000
 * strings): `rows` say each id's key; `codes[p]` indexes `keys`, −1 where the key is null, `absent` where no row
 * names the id. Both loops in slices.
 */
export async function codesOf<R extends { id: string }>(ids: readonly string[], rows: readonly R[], keyOf: (row: R) => string | null, absent: number): Promise<{ codes: Int32Array; keys: string[] }> {
  const keyById = new Map<string, string | null>();
  await inSlices(rows, (r) => keyById.set(r.id, keyOf(r)));
  const index = new Map<string, number>();
  const codes = new Int32Array(ids.length);
  await inSlices(ids, (id, p) => {
    const key = keyById.get(id);
    if (key === undefined) codes[p] = absent;
    else if (key === null) codes[p] = -1;
    else {
      if (!index.has(key)) index.set(key, index.size);
      codes[p] = index.get(key)!;
    }
  });
  return { codes, keys: [...index.keys()] };
}
