// Figures kept under the version of what they were worked out from (issue 15): a key that changes whenever a
// submission, a mark, an edit or a rename would change them. Nothing changed, a view costs the version query;
// anything changed, the key is new and the figures are worked out afresh. One cache per database handle (the
// tests open many), bounded, oldest out first. Another app instance keeps its own: the key is read from the
// database, so none serves stale figures.
import type { TDbOrTx } from "../../db/client";

const CACHE_SIZE = 200;
const caches = new WeakMap<object, Map<string, unknown>>();

/** `keep`: whether a value may be kept under its key (figures of an earlier moment shown meanwhile may not). */
export async function cachedByVersion<T>(db: TDbOrTx, key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  if (cache.has(key)) return cache.get(key) as T;
  const value = await compute();
  if (!keep(value)) return value;
  cache.set(key, value);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return value;
}

const bulky = new WeakMap<object, Map<string, Map<string, unknown>>>();

/**
 * As cachedByVersion, for values of megabytes (an exam's response matrix: 200,000 attempts × 40 questions is 8 MB):
 * a cache of its own that keeps only the last few, so a ministry's year of exams cannot fill the server's memory.
 * `shelf`: values of one kind kept together, `keep` of them — a school's small matrices or an exam's peer index must
 * not push an exam's matrix out.
 */
export async function cachedBulkyByVersion<T>(db: TDbOrTx, key: string, compute: () => Promise<T>, keep = 4, shelf = "matrices"): Promise<T> {
  let shelves = bulky.get(db);
  if (!shelves) bulky.set(db, (shelves = new Map()));
  let cache = shelves.get(shelf);
  if (!cache) shelves.set(shelf, (cache = new Map()));
  if (cache.has(key)) {
    // The most recently used last: the oldest unused goes first.
    const value = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, value);
    return value;
  }
  const value = await compute();
  cache.set(key, value);
  while (cache.size > keep) cache.delete(cache.keys().next().value!);
  return value;
}
