import { describe, expect, it } from "vitest";
import { codesOf, inSlices } from "./in-slices";

describe("inSlices", () => {
  it("visits every item in order, and lets what is waiting run between slices", async () => {
    const items = Array.from({ length: 25 }, (_, i) => i * 2);
    const seen: [number, number][] = [];
    let ranAt: number | null = null;
    setImmediate(() => (ranAt = seen.length));
    await inSlices(items, (item, index) => seen.push([item, index]), 10);
    expect(seen).toEqual(items.map((item, index) => [item, index]));
    // The waiting callback ran after the first slice, not after the whole loop.
    expect(ranAt).toBe(10);
  });

  it("an empty list is no slice at all", async () => {
    let calls = 0;
    await inSlices([], () => calls++);
    expect(calls).toBe(0);
  });
});

describe("codesOf", () => {
  it("numbers each id's key in first-seen order: −1 for a null key, the given code for an id no row names", async () => {
    const rows = [
      { id: "a", school: "s2" },
      { id: "b", school: null },
      { id: "c", school: "s1" },
      { id: "d", school: "s2" },
    ];
    const { codes, keys } = await codesOf(["d", "x", "b", "c", "a"], rows, (r) => r.school, -2);
    expect(keys).toEqual(["s2", "s1"]);
    expect([...codes]).toEqual([0, -2, -1, 1, 0]);
  });
});
