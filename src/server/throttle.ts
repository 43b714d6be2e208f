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
 * (the caller waits and asks again).
 */
async function tryReserve(db: TDbOrTx, key: string, max: number, windowMinutes: number): Promise<"taken" | "busy" | TThrottled> {
  const stale = staleSql(windowMinutes);
  const taken = rowsOf<{ key: string }>(
    await db.execute(sql`
      insert into ${t} (key, failures, pending, window_started_at) values (${key}, 0, 1, now())
      on conflict (key) do update set
        failures = case when ${stale} then 0 else ${t.failures} end,
        pending = case when ${stale} then 1 else ${t.pending} + 1 end,
        window_started_at = case when ${stale} then now() else ${t.windowStartedAt} end
      where ${stale} or ${t.failures} + ${t.pending} < ${max}
      returning key`),
  );
  if (taken.length) return "taken";
  const [row] = rowsOf<{ failures: number; window_started_at: string | Date }>(
    await db.execute(sql`select failures, window_started_at from ${t} where key = ${key}`),
  );
  if (row && row.failures >= max) return { retryAfterSeconds: retryAfter(row.window_started_at, windowMinutes) };
  return "busy";
}

/** How long a sign-in waits for a slot held by checks in progress before it is refused. */
const MAX_WAIT_MS = 10_000;
/**
 * How often a waiting sign-in looks again without being woken: for slots given back by another process or instance.
 * Waiting sign-ins used to look every 250 ms or sooner. When the cores fall behind a lobby, every school's slots fill
 * with sign-ins queued for scrypt and thousands wait (645,000 throttle queries in one measured morning). A slot given
 * back here now wakes the oldest waiter for it at once, and a waiter looks on its own about once a second.
 */
const LOOK_AGAIN_MS = 1_000;
/** Sign-ins of this process waiting for a slot of a key, oldest first. */
const waiting = new Map<string, (() => void)[]>();

/** Waits until a slot of `key` is given back in this process, or LOOK_AGAIN_MS (whichever comes first). */
function slotGivenBack(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const queue = waiting.get(key) ?? waiting.set(key, []).get(key)!;
    const wake = () => {
      clearTimeout(timer);
      const i = queue.indexOf(wake);
      if (i >= 0) queue.splice(i, 1);
      if (!queue.length && waiting.get(key) === queue) waiting.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    queue.push(wake);
  });
}

/**
 * Reserves a slot on every key, in order, waiting while checks in progress hold them; throttled as soon as one
 * key's failures have reached its limit. Slots taken before a refusal are given back.
 */
export async function reserveAttempt(db: TDbOrTx, limits: { key: string; max: number }[], windowMinutes: number): Promise<TThrottled | null> {
  const started = Date.now();
  for (;;) {
    const held: string[] = [];
    let outcome: "taken" | "busy" | TThrottled = "taken";
    let blocking = "";
    for (const { key, max } of limits) {
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
    slotWaits.count++;
    await slotGivenBack(blocking, Math.min(left, LOOK_AGAIN_MS * (0.5 + Math.random())));
  }
}

/** Gives a slot back: as a failure (a wrong password), or free again (a right one; `clear` also forgets failures). */
export async function releaseAttempt(db: TDbOrTx, key: string, outcome: { failed: boolean; clear?: boolean }): Promise<void> {
  const failures = outcome.clear ? sql`0` : outcome.failed ? sql`${t.failures} + 1` : sql`${t.failures}`;
  await db.execute(sql`update ${t} set failures = ${failures}, pending = greatest(${t.pending} - 1, 0) where key = ${key}`);
  // The oldest sign-in of this process waiting for this key looks now (a failure may refuse it; that is its answer).
  waiting.get(key)?.[0]?.();
}

/** Counters whose window ended a day ago (and hold no check in progress) are no longer needed. */
export async function deleteStaleCounters(db: TDbOrTx): Promise<void> {
  await db.execute(sql`delete from ${t} where ${t.windowStartedAt} < now() - interval '1 day' and ${t.pending} = 0`);
}
