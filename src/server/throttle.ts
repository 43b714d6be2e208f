// Counters per key in a window, in the database so every instance sees the same counts, and each checked and
// counted in ONE statement: requests arriving together cannot all read "under the limit" before any of them
// counts (docs/decisions/0003).
//
// Two kinds:
// - `countAndCheck`: every request counts (reset requests, reset mails, contact messages).
// - `reserveAttempt` / `releaseAttempt`: only failures count (sign-in). A sign-in holds a slot while its password
//   is checked; a slot is free only while failures + checks in progress are under the limit. A wrong password
//   turns its slot into a failure, a right one gives it back. So 30 wrong passwords sent at once for one account
//   get 5 checks, and a class of 40 signing in at once behind one school address is not refused: those beyond
//   the limit wait a moment for the slots of the right passwords to come back.
import { sql } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "./db/client";
import { loginThrottle } from "./db/schema";

/** Refused for failures; or, with `busy`, because checks in progress held every slot for longer than a sign-in waits. */
export type TThrottled = { retryAfterSeconds: number; busy?: true };

const t = loginThrottle;

function staleSql(windowMinutes: number) {
  return sql`${t.windowStartedAt} < now() - make_interval(mins => ${windowMinutes})`;
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

/**
 * Takes a slot to check a password, if failures + checks in progress are under `max`. Answers "taken", or
 * "throttled" when the failures alone have reached the limit, or "busy" when checks in progress hold the rest
 * (the caller waits and asks again). One statement: the counter as it was is read beside the attempt to take.
 */
async function tryReserve(db: TDbOrTx, key: string, max: number, windowMinutes: number): Promise<"taken" | "busy" | TThrottled> {
  const stale = staleSql(windowMinutes);
  const [row] = rowsOf<{ taken: boolean; failures: number | null; window_started_at: string | Date | null }>(
    await db.execute(sql`
      with taken as (
        insert into ${t} (key, failures, pending, window_started_at) values (${key}, 0, 1, now())
        on conflict (key) do update set
          failures = case when ${stale} then 0 else ${t.failures} end,
          pending = case when ${stale} then 1 else ${t.pending} + 1 end,
          window_started_at = case when ${stale} then now() else ${t.windowStartedAt} end
        where ${stale} or ${t.failures} + ${t.pending} < ${max}
        returning key
      )
      select exists (select 1 from taken) as taken, c.failures, c.window_started_at
      from (select 1) one left join ${t} c on c.key = ${key}`),
  );
  if (row?.taken) return "taken";
  if (row?.failures != null && row.failures >= max) return { retryAfterSeconds: retryAfter(row.window_started_at!, windowMinutes) };
  return "busy";
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
 * Reserves a slot on every key, in order, waiting while checks in progress hold them; throttled as soon as one
 * key's failures have reached its limit. Slots taken before a refusal are given back. After a wait the key that was
 * busy is asked first, so a look that finds it busy again costs one statement, not three.
 */
export async function reserveAttempt(db: TDbOrTx, limits: { key: string; max: number }[], windowMinutes: number): Promise<TThrottled | null> {
  const started = Date.now();
  const order = [...limits];
  const me: TWaiter = { wake: null, woken: false };
  let queuedFor: string | null = null;
  try {
    for (;;) {
      const held: string[] = [];
      let outcome: "taken" | "busy" | TThrottled = "taken";
      let blocking = "";
      for (const { key, max } of order) {
        outcome = await tryReserve(db, key, max, windowMinutes);
        if (outcome !== "taken") {
          blocking = key;
          break;
        }
        held.push(key);
      }
      if (outcome === "taken") return null;
      for (const key of held) await releaseAttempt(db, key, { failed: false });
      if (outcome !== "busy") return outcome;
      const left = MAX_WAIT_MS - (Date.now() - started);
      if (left <= 0) return { retryAfterSeconds: 5, busy: true };
      if (queuedFor !== blocking) {
        if (queuedFor) leave(queuedFor, me);
        join((queuedFor = blocking), me);
        order.sort((a, b) => Number(b.key === blocking) - Number(a.key === blocking));
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

/** Gives a slot back: as a failure (a wrong password), or free again (a right one; `clear` also forgets failures). */
export async function releaseAttempt(db: TDbOrTx, key: string, outcome: { failed: boolean; clear?: boolean }): Promise<void> {
  const failures = outcome.clear ? sql`0` : outcome.failed ? sql`${t.failures} + 1` : sql`${t.failures}`;
  await db.execute(sql`update ${t} set failures = ${failures}, pending = greatest(${t.pending} - 1, 0) where key = ${key}`);
  // The oldest sign-in of this process waiting for this key looks now (a failure may refuse it; that is its answer).
  poke(waiting.get(key)?.[0]);
}

/** Counters whose window ended a day ago (and hold no check in progress) are no longer needed. */
export async function deleteStaleCounters(db: TDbOrTx): Promise<void> {
  await db.execute(sql`delete from ${t} where ${t.windowStartedAt} < now() - interval '1 day' and ${t.pending} = 0`);
}
