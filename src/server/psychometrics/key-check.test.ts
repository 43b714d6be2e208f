// Likely wrong keys on constructed data: one item whose key is planted on the wrong option.
import { describe, expect, it } from "vitest";
import { checkKeys, type KeyCheckItem } from "./key-check";

describe("likely wrong key", () => {
  // 100 students with totals 0..99. On q1 (key 0, right) the stronger half chooses 0, the rest 1, 2, 3 in turn.
  // q2 is the same item keyed 2 by mistake: its top 27 (totals 73..99) all chose 0, which is not the key.
  const totals = Array.from({ length: 100 }, (_, p) => p);
  const choicesRight = totals.map((t) => (t >= 50 ? 0 : 1 + (t % 3)));
  const items: KeyCheckItem[] = [
    { item: "q1", key: 0, options: 4, choices: choicesRight },
    { item: "q2", key: 2, options: 4, choices: choicesRight },
  ];

  it("flags the planted wrong key with each group's shares, and not the right one", () => {
    const r = checkKeys(items, totals);
    expect(r.checked).toHaveLength(2);
    expect(r.flagged).toHaveLength(1);
    const q2 = r.flagged[0]!;
    expect(q2.item).toBe("q2");
    expect(q2.suspect).toBe(0);
    expect(q2.nTop).toBe(27);
    expect(q2.topShares).toEqual([1, 0, 0, 0]);
    // Bottom 27 (totals 0..26): t % 3 = 0, 1, 2 → options 1, 2, 3, nine each.
    expect(q2.bottomShares).toEqual([0, 9 / 27, 9 / 27, 9 / 27]);
    expect(r.checked.find((e) => e.item === "q1")!.suspect).toBeNull();
  });

  it("counts only those who answered, and does not judge items too few strong students answered", () => {
    const sparse = choicesRight.map((c, p) => (p >= 80 ? c : null));
    const r = checkKeys([{ item: "q3", key: 1, options: 4, choices: sparse }], totals);
    expect(r.notChecked).toEqual([]);
    expect(r.flagged[0]!.nTop).toBe(20);
    expect(r.flagged[0]!.nBottom).toBe(0);
    const fewer = checkKeys([{ item: "q3", key: 1, options: 4, choices: sparse }], totals, { minTopGroup: 21 });
    expect(fewer.notChecked).toEqual([{ item: "q3", nTop: 20 }]);
  });

  it("students tied at the top group's edge share its places: no verdict hangs on which of them is listed first (decision 0066)", () => {
    // 10 students → 3 a group. Totals 9 | 7 7 7 7 | 5 5 | 2 2 2: the top group is the 9 and two places for four 7s
    // (½ each). The 9 chose the key (0); the 7s chose 1, 1, 2, 2. Broken by order, the top would be 0, 1, 1 and
    // option 1 would look like the key; shared, each of 0, 1 and 2 has a third of the group.
    const tiedTotals = [9, 7, 7, 7, 7, 5, 5, 2, 2, 2];
    const r = checkKeys([{ item: "q", key: 0, options: 4, choices: [0, 1, 1, 2, 2, 3, 3, 0, 0, 0] }], tiedTotals, { minTopGroup: 1 });
    const q = r.checked[0]!;
    expect(q.nTop).toBe(3);
    expect(q.topShares.map((x) => Number(x.toFixed(12)))).toEqual([1 / 3, 1 / 3, 1 / 3, 0].map((x) => Number(x.toFixed(12))));
    expect(q.bottomShares).toEqual([1, 0, 0, 0]);
    expect(q.suspect).toBeNull();
  });

  it("refuses a key outside the options and a choice list of the wrong length", () => {
    expect(() => checkKeys([{ item: "q", key: 4, options: 4, choices: choicesRight }], totals)).toThrow(/key/);
    expect(() => checkKeys([{ item: "q", key: 0, options: 4, choices: [0] }], totals)).toThrow(/one choice/);
    expect(() => checkKeys(items, totals.map((t) => (t === 5 ? NaN : t)))).toThrow(/finite total/);
  });
});
