// When the take page speaks (issue 37): each time moment once, and save trouble and its end only.
import { describe, expect, it } from "vitest";
import { TIMER_WARNING_SECONDS } from "@shared/limits";
import type { TSyncState } from "./answer-sync";
import { saveAnnouncement, TIME_MOMENTS, timeAnnouncement } from "./announcer";

/** Runs the countdown second by second from `from` to `to`, returning what was said. */
function run(from: number, to: number, done: number[] = []) {
  const said: (number | string)[] = [];
  for (let s = from; s >= to; s--) {
    const next = timeAnnouncement(s, done);
    done = next.done;
    if (next.say) said.push(`${next.say.options?.count as number}${next.say.assertive ? "!" : ""}`);
  }
  return { said, done };
}

describe("time announcements", () => {
  it("says 10, 5 and 1 minutes left once each, the last one assertively", () => {
    expect(run(15 * 60, 0).said).toEqual(["10", "5", "1!"]);
  });

  it("includes the moment the timer turns red", () => {
    expect(TIME_MOMENTS).toContain(TIMER_WARNING_SECONDS / 60);
  });

  it("says only the latest moment passed when the page opens late", () => {
    expect(run(3 * 60, 2 * 60).said).toEqual(["5"]);
    expect(run(45, 40).said).toEqual(["1!"]);
  });

  it("says a moment again after granted time lifted the clock above it", () => {
    const first = run(5 * 60, 4 * 60);
    expect(first.said).toEqual(["5"]);
    // Ten minutes granted at 4:00 left: 14:00 left; then 10 and 5 come again.
    expect(run(14 * 60, 4 * 60, first.done).said).toEqual(["10", "5"]);
  });

  it("says nothing without a time limit or at zero", () => {
    expect(timeAnnouncement(null, []).say).toBeNull();
    expect(timeAnnouncement(0, []).say).toBeNull();
  });
});

describe("save announcements", () => {
  const walk = (states: TSyncState[]) => {
    let troubled = false;
    const said: string[] = [];
    for (let i = 1; i < states.length; i++) {
      const next = saveAnnouncement(states[i - 1]!, states[i]!, troubled);
      troubled = next.troubled;
      if (next.say) said.push(next.say.key + (next.say.assertive ? "!" : ""));
    }
    return said;
  };

  it("is silent through normal saving", () => {
    expect(walk(["saved", "saving", "saved", "saving", "saving", "saved"])).toEqual([]);
  });

  it("says the trouble once and its end, through the saving in between", () => {
    expect(walk(["saved", "saving", "offline", "offline", "saving", "saved"])).toEqual(["announce.offline", "announce.recovered"]);
    expect(walk(["saving", "retrying", "saving", "retrying", "saved"])).toEqual(["announce.retrying", "announce.retrying", "announce.recovered"]);
  });

  it("says a save that failed for good assertively", () => {
    expect(walk(["saving", "error", "saving", "saved"])).toEqual(["announce.error!", "announce.recovered"]);
  });
});
