// Flags and struck-out options (issue 37): toggled, kept per attempt on the device, wiped with its answers.
import { afterEach, describe, expect, it } from "vitest";
import { readReviewMarks, reviewMarksKey, toggleFlag, toggleStrike } from "./review-marks";
import { clearStoredAttempt } from "./answer-sync";
import { LEGACY_PREFIX } from "./offline-journal";

const store = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  },
});
afterEach(() => store.clear());

describe("review marks", () => {
  it("toggles a flag and a struck option on and off; a question with none struck keeps no entry", () => {
    let m = readReviewMarks("a1");
    expect(m).toEqual({ v: 1, flagged: [], struck: {} });
    m = toggleFlag(toggleFlag(m, "q1"), "q2");
    expect(m.flagged).toEqual(["q1", "q2"]);
    expect(toggleFlag(m, "q1").flagged).toEqual(["q2"]);
    m = toggleStrike(toggleStrike(m, "q1", "o1"), "q1", "o2");
    expect(m.struck).toEqual({ q1: ["o1", "o2"] });
    expect(toggleStrike(toggleStrike(m, "q1", "o1"), "q1", "o2").struck).toEqual({});
  });

  it("reads back what the device holds, and nothing from a damaged or foreign entry", () => {
    store.set(reviewMarksKey("a1"), JSON.stringify({ v: 1, flagged: ["q1"], struck: { q2: ["o1"], q3: "x" } }));
    expect(readReviewMarks("a1")).toEqual({ v: 1, flagged: ["q1"], struck: { q2: ["o1"] } });
    store.set(reviewMarksKey("a2"), "{not json");
    expect(readReviewMarks("a2").flagged).toEqual([]);
    store.set(reviewMarksKey("a3"), JSON.stringify({ v: 2, flagged: ["q1"], struck: {} }));
    expect(readReviewMarks("a3").flagged).toEqual([]);
  });

  it("goes with the attempt's stored answers", async () => {
    store.set(`${LEGACY_PREFIX}a1`, "{}");
    store.set(reviewMarksKey("a1"), JSON.stringify({ v: 1, flagged: ["q1"], struck: {} }));
    store.set(reviewMarksKey("a2"), JSON.stringify({ v: 1, flagged: ["q9"], struck: {} }));
    await clearStoredAttempt("a1");
    expect([...store.keys()]).toEqual([reviewMarksKey("a2")]);
  });
});
