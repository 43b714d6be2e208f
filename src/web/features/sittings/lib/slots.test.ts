// The slot the add-sitting dialog proposes (issue 33 item 8): tomorrow at 08:00 unless one of the exam's
// sittings already holds it — it proposed the very slot the server refuses as an overlap.
import { describe, expect, it } from "vitest";
import { proposeSlot, toLocalInput } from "./slots";

const now = new Date(2026, 10, 28, 14, 30);
const local = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).toISOString();

describe("proposeSlot", () => {
  it("tomorrow at 08:00, a quarter of an hour to enter, the end after the exam and a margin", () => {
    expect(proposeSlot(45, [], now)).toEqual({ startsAt: "2026-11-29T08:00", entryClosesAt: "2026-11-29T08:15", endsAt: "2026-11-29T09:00" });
  });

  it("after the sittings that hold that slot, at the next quarter hour, however many follow each other", () => {
    const taken = [
      { startsAt: local(29, 10, 0), endsAt: local(29, 11, 0) }, // met once the first is passed
      { startsAt: local(29, 8, 0), endsAt: local(29, 9, 5) },
    ];
    expect(proposeSlot(45, taken, now)).toEqual({ startsAt: "2026-11-29T11:00", entryClosesAt: "2026-11-29T11:15", endsAt: "2026-11-29T12:00" });
    expect(proposeSlot(45, [{ startsAt: local(29, 8, 0), endsAt: local(29, 9, 5) }], now).startsAt).toBe("2026-11-29T09:15");
  });

  it("ignores sittings that do not overlap, and round-trips the input's format", () => {
    expect(proposeSlot(null, [{ startsAt: local(29, 9, 15), endsAt: local(29, 10, 0) }], now).startsAt).toBe("2026-11-29T08:00");
    expect(toLocalInput(local(29, 8, 0))).toBe("2026-11-29T08:00");
  });
});
