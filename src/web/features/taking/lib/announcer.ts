// What the take page says to a screen reader, and when (issue 37). Pure rules, tested without a browser; the live
// regions themselves are components/announcer.tsx. One polite region for everything; the assertive one only for the
// final minute and for answers that could not be saved for good — the two things that cannot wait.
import type { TSyncState } from "./answer-sync";

/** The moments the time left is announced, in minutes; at TIMER_WARNING_SECONDS (5) the timer also turns red. */
export const TIME_MOMENTS = [10, 5, 1] as const;

export type TAnnouncement = { key: string; options?: Record<string, unknown>; assertive?: boolean };

/**
 * The time announcement, if any, when `seconds` are left and the moments in `done` have been said. Each moment once: a
 * page opened with 3 minutes left says "5 minutes or less" (not 10 as well), and time a teacher grants lifts the
 * time above a moment again, so it is said again when it comes back. `done` is what to keep for the next tick.
 */
export function timeAnnouncement(seconds: number | null, done: readonly number[]): { say: TAnnouncement | null; done: number[] } {
  if (seconds === null || seconds <= 0) return { say: null, done: [...done] };
  const reached = TIME_MOMENTS.filter((m) => seconds <= m * 60);
  const fresh = reached.filter((m) => !done.includes(m));
  if (!fresh.length) return { say: null, done: reached };
  const minutes = Math.min(...fresh);
  return { say: { key: "take.timeWarning", options: { count: minutes }, assertive: minutes === 1 }, done: reached };
}

/**
 * The save announcement when the status goes from `prev` to `next`, and whether a problem is still to be cleared.
 * Only trouble and its end are said — not every "Saving…" and "Saved" of a normal answer, which would talk over the
 * paper on each keystroke pause.
 */
export function saveAnnouncement(prev: TSyncState, next: TSyncState, troubled: boolean): { say: TAnnouncement | null; troubled: boolean } {
  if (next === prev) return { say: null, troubled };
  if (next === "offline") return { say: { key: "announce.offline" }, troubled: true };
  if (next === "retrying") return { say: { key: "announce.retrying" }, troubled: true };
  if (next === "error") return { say: { key: "announce.error", assertive: true }, troubled: true };
  if (next === "saved" && troubled) return { say: { key: "announce.recovered" }, troubled: false };
  return { say: null, troubled };
}
