// The paper's choosing rule for hotspot (toggleArea): the picture and the labels both go through it.
import { describe, expect, it } from "vitest";
import { toggleArea } from "./hotspot";

const areas = ["a", "b", "c"].map((id) => ({ id, textAr: id, textEn: id, shape: "rect" as const, coords: [0, 0, 1, 1] }));

describe("choosing areas", () => {
  it("toggles, in the paper's order whatever the order of the clicks", () => {
    expect(toggleArea({ areas, maxChoices: 0 }, ["c"], "a")).toEqual(["a", "c"]);
    expect(toggleArea({ areas, maxChoices: 0 }, ["a", "c"], "a")).toEqual(["c"]);
  });
  it("one area to choose: a new one replaces the old", () => {
    expect(toggleArea({ areas, maxChoices: 1 }, ["a"], "b")).toEqual(["b"]);
    expect(toggleArea({ areas, maxChoices: 1 }, ["b"], "b")).toEqual([]);
  });
  it("at the limit a further area is refused (null), and nothing is dropped; taking one off is always possible", () => {
    expect(toggleArea({ areas, maxChoices: 2 }, ["a", "b"], "c")).toBeNull();
    expect(toggleArea({ areas, maxChoices: 2 }, ["a", "b"], "b")).toEqual(["a"]);
  });
});
