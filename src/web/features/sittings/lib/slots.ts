// The add-sitting dialog's times: <input type="datetime-local"> values in the browser's time zone, and the slot
// it proposes for a new sitting.

/** An instant as the value of <input type="datetime-local"> in the browser's time zone, and back. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

const QUARTER_MS = 15 * 60_000;

/**
 * A new sitting: tomorrow at 08:00, entry for a quarter of an hour, the end after the exam's time and a margin —
 * or, when that slot is taken by one of the exam's sittings, the first quarter hour after it (and after any it then
 * meets): the dialog proposed the very slot the server would refuse as an overlap.
 */
export function proposeSlot(durationMinutes: number | null, taken: readonly { startsAt: string; endsAt: string }[], now = new Date()): { startsAt: string; entryClosesAt: string; endsAt: string } {
  const first = new Date(now);
  first.setDate(first.getDate() + 1);
  first.setHours(8, 0, 0, 0);
  const length = ((durationMinutes ?? 60) + 15) * 60_000;
  let start = first.getTime();
  for (let moved = true; moved; ) {
    moved = false;
    for (const s of taken) {
      const [from, to] = [Date.parse(s.startsAt), Date.parse(s.endsAt)];
      if (from < start + length && start < to) {
        start = Math.ceil(to / QUARTER_MS) * QUARTER_MS;
        moved = true;
      }
    }
  }
  const at = (ms: number) => toLocalInput(new Date(ms).toISOString());
  return { startsAt: at(start), entryClosesAt: at(start + QUARTER_MS), endsAt: at(start + length) };
}
