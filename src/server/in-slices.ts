// A loop over a year's rows on the event loop, in slices (decision 0067): 200,000 ids put in a Map take 150 ms of a
// core, which on an exam morning is every save's and sign-in's wait; between slices, whatever is waiting goes first.
// The figures themselves go to a thread (parse-pool.ts figuresOffLoop); this is for the ids that say which row is whose.

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
