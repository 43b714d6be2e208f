// Counters per key in a window, in the database so every instance sees the same counts, and each checked and
// counted in ONE statement: requests arriving together cannot all read "under the limit" before any of them
// counts (docs/decisions/0003).
//
// Two kinds:
// - `countAndCheck`: every request counts (reset requests, reset mails, contact messages).
// - `reserveAttempt` / `releaseAttempts`: only failures count (sign-in). A sign-in holds a slot while its password
//   is checked; a slot is free only while failures + checks in progress are under the limit. A wrong password
//   turns its slot into a failure, a right one gives it back. So 30 wrong passwords sent at once for one account
//   get 5 checks, and a class of 40 signing in at once behind one school address is not refused: those beyond
//   the limit wait a moment for the slots of the right passwords to come back.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "./db/client";
import { loginThrottle } from "./db/schema";

/** Refused for failures; or, with `busy`, because checks in progress held every slot for longer than a sign-in waits. */
export type TThrottled = { retryAfterSeconds: number; busy?: true };

const t = loginThrottle;

/** Whether a counter's window has ended (`startedAt`: its column, or the same column under another name). */
function staleSql(windowMinutes: number, startedAt: SQL | typeof t.windowStartedAt = t.windowStartedAt) {
  return sql`${startedAt} < now() - make_interval(mins => ${windowMinutes})`;
}

function retryAfter(windowStartedAt: string | Date, windowMinutes: number): number {
  const ends = new Date(windowStartedAt).getTime() + windowMinutes * 60_000;
  return Math.max(1, Math.ceil((ends - Date.now()) / 1000));
}

/** Counts this request; throttled (with the seconds until the window ends) when it is over `max`. */
export async function countAndCheck(db: TDbOrTx, key: string, max: number, windowMinutes: number): Promise<TThrottled | null> {
  const stale = staleSql(windowMinutes);
  const [row] = rowsOf<{ failures: number; window_started_at: string | Date }>(
    await db.execute(sql`
      insert into ${t} (key, failures, pending, window_started_at) values (${key}, 1, 0, now())
      on conflict (key) do update set
        failures = case when ${stale} then 1 else ${t.failures} + 1 end,
        window_started_at = case when ${stale} then now() else ${t.windowStartedAt} end
      returning failures, window_started_at`),
  );
  return row && row.failures > max ? { retryAfterSeconds: retryAfter(row.window_started_at, windowMinutes) } : null;
}

/** How many times a sign-in of this process found every slot held and waited (the tests read it). */
export const slotWaits = { count: 0 };

type TLimit = { key: string; max: number };
type TLook = { key: string; taken: boolean; free: boolean; failures: number | null; window_started_at: string | Date | null };

/**
 * One look at every key, in one statement: a slot is taken on each key if every one has a slot free
 * (failures + checks in progress under its `max`), and on none otherwise. Each key's counter as it was is read
 * beside it. Keys are taken in the order of their names, as `releaseAttempts` gives them back, so two statements on
 * the same keys cannot each hold one the other waits for. Two sign-ins racing for one last slot can leave a look
 * with some keys taken and not others: the caller gives those back.
 */
async function tryReserve(db: TDbOrTx, limits: TLimit[], windowMinutes: number): Promise<TLook[]> {
  const stale = staleSql(windowMinutes);
  const input = sql.join(limits.map(({ key, max }) => sql`(${key}::text, ${max}::int)`), sql`, `);
  const maxOf = sql`case ${t.key} ${sql.join(limits.map(({ key, max }) => sql`when ${key} then ${max}::int`), sql` `)} end`;
  return rowsOf<TLook>(
    await db.execute(sql`
      with input (key, max) as (values ${input}),
      look as (
        select i.key, c.failures, c.window_started_at,
          c.key is null or ${staleSql(windowMinutes, sql`c.window_started_at`)} or c.failures + c.pending < i.max as free
        from input i left join ${t} c on c.key = i.key
      ),
      taken as (
        insert into ${t} (key, failures, pending, window_started_at)
        select key, 0, 1, now() from look where (select bool_and(free) from look) order by key
        on conflict (key) do update set
          failures = case when ${stale} then 0 else ${t.failures} end,
          pending = case when ${stale} then 1 else ${t.pending} + 1 end,
          window_started_at = case when ${stale} then now() else ${t.windowStartedAt} end
        where ${stale} or ${t.failures} + ${t.pending} < ${maxOf}
        returning key
      )
      select look.*, exists (select 1 from taken where taken.key = look.key) as taken from look`),
  );
}

/** How long a sign-in waits for a slot held by checks in progress before it is refused. */
const MAX_WAIT_MS = 10_000;
/**
 * How often the sign-in at the head of a key's queue looks again without being woken: for slots given back by
 * another process or instance. When the cores fall behind a lobby, every school's slots fill with sign-ins queued
 * for scrypt and a thousand wait. Each looking on its own (every 250 ms, later every second) made the throttle the
 * server's second task: 645,000, then 181,000 queries in one lobby, cores taken from scrypt. Now a process's
 * waiters for a key queue in order and only the oldest looks; a slot given back here, or a waiter leaving the
 * queue, wakes the next at once.
 */
const LOOK_AGAIN_MS = 1_000;
/** `wake` while it sleeps; `woken`: woken while it was looking, so its next sleep ends at once. */
type TWaiter = { wake: (() => void) | null; woken: boolean };

function poke(waiter: TWaiter | undefined): void {
  if (!waiter) return;
  if (waiter.wake) waiter.wake();
  else waiter.woken = true;
}
/** Sign-ins of this process waiting for a slot of a key, oldest first. */
const waiting = new Map<string, TWaiter[]>();

function join(key: string, waiter: TWaiter): void {
  const queue = waiting.get(key);
  if (queue) queue.push(waiter);
  else waiting.set(key, [waiter]);
}

/** Leaves the queue of `key`, and wakes its new head: a slot may be free, and the head is the one that looks. */
function leave(key: string, waiter: TWaiter): void {
  const queue = waiting.get(key);
  const i = queue?.indexOf(waiter) ?? -1;
  if (!queue || i < 0) return;
  queue.splice(i, 1);
  if (!queue.length) waiting.delete(key);
  else if (i === 0) poke(queue[0]);
}

/** Sleeps until woken, or `ms`. */
function sleep(waiter: TWaiter, ms: number): Promise<void> {
  if (waiter.woken) {
    waiter.woken = false;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => waiter.wake?.(), ms);
    waiter.wake = () => {
      clearTimeout(timer);
      waiter.wake = null;
      resolve();
    };
  });
}

/**
 * Reserves a slot on every key, waiting while checks in progress hold one; throttled as soon as one key's failures
 * have reached its limit. A look that took some keys and not all gives them back.
 */
export async function reserveAttempt(db: TDbOrTx, limits: TLimit[], windowMinutes: number): Promise<TThrottled | null> {
  const started = Date.now();
  const me: TWaiter = { wake: null, woken: false };
  let queuedFor: string | null = null;
  try {
    for (;;) {
      const rows = await tryReserve(db, limits, windowMinutes);
      const looks = limits.map(({ key }) => rows.find((r) => r.key === key)!);
      const notTaken = looks.filter((l) => !l.taken);
      if (!notTaken.length) return null;
      const taken = looks.filter((l) => l.taken);
      if (taken.length) await releaseAttempts(db, taken.map(({ key }) => ({ key, failed: false })));
      const maxOf = (key: string) => limits.find((l) => l.key === key)!.max;
      const throttled = notTaken.find((l) => !l.free && l.failures! >= maxOf(l.key));
      if (throttled) return { retryAfterSeconds: retryAfter(throttled.window_started_at!, windowMinutes) };
      const left = MAX_WAIT_MS - (Date.now() - started);
      if (left <= 0) return { retryAfterSeconds: 5, busy: true };
      // Busy: wait in this process's queue for the first key without a free slot (or, after a race for a last slot,
      // the first not taken).
      const blocking = (notTaken.find((l) => !l.free) ?? notTaken[0]!).key;
      if (queuedFor !== blocking) {
        if (queuedFor) leave(queuedFor, me);
        join((queuedFor = blocking), me);
      }
      slotWaits.count++;
      // Only the head looks on a timer; the others wait to be woken (or to be refused when their time is up).
      const head = waiting.get(blocking)?.[0] === me;
      await sleep(me, head ? Math.min(left, LOOK_AGAIN_MS * (0.5 + Math.random())) : left);
    }
  } finally {
    if (queuedFor) leave(queuedFor, me);
  }
}

/**
 * Gives slots back, in one statement: each as a failure (a wrong password), or free again (a right one; `clear`
 * also forgets the key's failures). The rows are locked in the order of their keys, as `tryReserve` takes them.
 */
export async function releaseAttempts(db: TDbOrTx, releases: { key: string; failed: boolean; clear?: boolean }[]): Promise<void> {
  if (!releases.length) return;
  const failuresOf = ({ failed, clear }: { failed: boolean; clear?: boolean }) => (clear ? sql`0` : failed ? sql`${t.failures} + 1` : sql`${t.failures}`);
  const keys = sql.join(releases.map(({ key }) => sql`${key}::text`), sql`, `);
  await db.execute(sql`
    update ${t} set failures = case ${t.key} ${sql.join(releases.map((r) => sql`when ${r.key} then ${failuresOf(r)}`), sql` `)} end,
      pending = greatest(${t.pending} - 1, 0)
    from (select key from ${t} where key in (${keys}) order by key for update) locked
    where ${t.key} = locked.key`);
  // The oldest sign-in of this process waiting for each key looks now (a failure may refuse it; that is its answer).
  for (const { key } of releases) poke(waiting.get(key)?.[0]);
}

/** Counters whose window ended a day ago (and hold no check in progress) are no longer needed. */
export async function deleteStaleCounters(db: TDbOrTx): Promise<void> {
  await db.execute(sql`delete from ${t} where ${t.windowStartedAt} < now() - interval '1 day' and ${t.pending} = 0`);
}
