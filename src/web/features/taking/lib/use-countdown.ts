// The exam's countdown by the server's clock (issue 7): offset = serverNow − Date.now() when the attempt state
// arrived, remaining = deadlineAt − (Date.now() + offset). Right after a reload and on a device whose clock is
// wrong, because only the difference between two readings of the device's clock matters.
import { useEffect, useState } from "react";
import { TIMER_TICK_MS } from "@shared/limits";

function remainingSeconds(deadlineMs: number, offsetMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - (Date.now() + offsetMs)) / 1000));
}

/** Whole seconds left (0 at the end), or null when the exam has no time limit. */
export function useCountdown(deadlineAt: string | null, serverNow: string, receivedAt: number): number | null {
  const deadlineMs = deadlineAt === null ? null : Date.parse(deadlineAt);
  const offsetMs = Date.parse(serverNow) - receivedAt;
  const [seconds, setSeconds] = useState(() => (deadlineMs === null ? null : remainingSeconds(deadlineMs, offsetMs)));

  useEffect(() => {
    if (deadlineMs === null) {
      setSeconds(null);
      return;
    }
    const tick = () => setSeconds(remainingSeconds(deadlineMs, offsetMs));
    tick();
    const id = setInterval(tick, TIMER_TICK_MS);
    // A background tab's timers are throttled: catch up as soon as it is visible again.
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(id);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [deadlineMs, offsetMs]);

  return seconds;
}
