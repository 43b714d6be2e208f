import { describe, expect, it } from "vitest";
import { inSlices } from "./in-slices";

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
