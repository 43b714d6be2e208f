// Each statistic against figures worked out by hand (and checked with a spreadsheet), and the degenerate cases:
// one attempt, everyone equal, one item.
import { describe, expect, it } from "vitest";
import { alphaOf, correlationOf, groupSizeOf, itemRestCorrelation, kelleyGroupsOf, meanOf, medianOf, sdOf, semOf, varianceOf, weightInGroup, type TMoments } from "./stats";

const moments = (xs: number[]): TMoments => ({ n: xs.length, sum: xs.reduce((s, x) => s + x, 0), sumSq: xs.reduce((s, x) => s + x * x, 0) });
const sumXY = (xs: number[], ys: number[]) => xs.reduce((s, x, i) => s + x * ys[i]!, 0);

describe("moments", () => {
  it("mean, sample variance and SD of 2, 4, 4, 4, 5, 5, 7, 9", () => {
    const m = moments([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(meanOf(m)).toBe(5);
    // Σ(x − 5)² = 9+1+1+1+0+0+4+16 = 32; 32/7
    expect(varianceOf(m)).toBeCloseTo(32 / 7, 12);
    expect(sdOf(m)).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });
  it("one value: a mean, no variance; none: nothing", () => {
    expect(meanOf(moments([7]))).toBe(7);
    expect(varianceOf(moments([7]))).toBeNull();
    expect(meanOf(moments([]))).toBeNull();
  });
  it("everyone equal: variance 0, never a negative from rounding", () => {
    expect(varianceOf(moments([0.1, 0.1, 0.1]))).toBe(0);
  });
  it("median of odd and even counts", () => {
    const counted = (xs: number[]) => xs.map((value) => ({ value, n: 1 }));
    expect(medianOf(counted([8, 1, 3]))).toBe(3);
    expect(medianOf(counted([1, 3, 8, 10]))).toBe(5.5);
    expect(medianOf([])).toBeNull();
    // Counted values: 1 1 1 4 4 9 → (1 + 4) / 2; 1 1 1 4 9 → 1; a value counted 0 times is no value.
    expect(medianOf([{ value: 4, n: 2 }, { value: 1, n: 3 }, { value: 9, n: 1 }, { value: 100, n: 0 }])).toBe(2.5);
    expect(medianOf([{ value: 9, n: 1 }, { value: 4, n: 1 }, { value: 1, n: 3 }])).toBe(1);
  });
});

describe("correlation", () => {
  it("Pearson's r of a hand-worked pair of series", () => {
    const x = [1, 2, 3, 4, 5];
    const y = [2, 4, 5, 4, 5];
    // x̄ 3, ȳ 4; Sxy = 6, Sxx = 10, Syy = 6 → r = 6/√60
    expect(correlationOf(5, moments(x), moments(y), sumXY(x, y))).toBeCloseTo(6 / Math.sqrt(60), 12);
  });
  it("no spread in either series: null, not NaN", () => {
    expect(correlationOf(3, moments([1, 1, 1]), moments([1, 2, 3]), 6)).toBeNull();
    expect(correlationOf(1, moments([1]), moments([1]), 1)).toBeNull();
  });
  it("item–rest: the item is taken out of the total before correlating", () => {
    // Four attempts, two items; totals are item1 + item2.
    const item1 = [1, 1, 0, 0];
    const item2 = [1, 0, 1, 0];
    const totals = item1.map((v, i) => v + item2[i]!);
    // rest of item 1 is item 2, which is uncorrelated with it: r = 0 (while item–total would be 0.707)
    expect(itemRestCorrelation(4, moments(item1), moments(totals), sumXY(item1, totals))).toBeCloseTo(0, 12);
    expect(correlationOf(4, moments(item1), moments(totals), sumXY(item1, totals))).toBeCloseTo(Math.SQRT1_2, 12);
  });
  it("item–rest of a hand-worked exam of three items and five attempts", () => {
    const items = [
      [1, 1, 1, 0, 0],
      [1, 1, 0, 1, 0],
      [2, 1, 1, 0, 0],
    ];
    const totals = [4, 3, 2, 1, 0];
    const rest0 = totals.map((t, i) => t - items[0]![i]!); // 3, 2, 1, 1, 0
    const expected = correlationOf(5, moments(items[0]!), moments(rest0), sumXY(items[0]!, rest0));
    // Sxy = 1.8, Sxx = 1.2, Syy = 5.2 → r = 1.8/√6.24
    expect(expected).toBeCloseTo(1.8 / Math.sqrt(6.24), 12);
    expect(itemRestCorrelation(5, moments(items[0]!), moments(totals), sumXY(items[0]!, totals))).toBeCloseTo(expected!, 12);
  });
});

describe("reliability", () => {
  it("KR-20 of a hand-worked 0/1 exam equals Cronbach's alpha", () => {
    // Five attempts × three items.
    const items = [
      [1, 1, 1, 0, 0],
      [1, 1, 0, 1, 0],
      [1, 0, 1, 0, 0],
    ];
    const totals = [3, 2, 2, 1, 0];
    const variances = items.map((xs) => varianceOf(moments(xs))!);
    const alpha = alphaOf(variances, varianceOf(moments(totals)));
    // KR-20 with sample variances: p = .6, .6, .4 → Σpq = .72; ×5/4 = .9; total variance 1.3 → 1.5·(1 − .9/1.3)
    expect(alpha).toBeCloseTo(1.5 * (1 - 0.9 / 1.3), 12);
  });
  it("one item, or a total with no spread: null", () => {
    expect(alphaOf([0.25], 0.25)).toBeNull();
    expect(alphaOf([0, 0], 0)).toBeNull();
  });
  it("SEM = SD·√(1 − α); none without a reliability, and none for a negative one", () => {
    expect(semOf(10, 0.91)).toBeCloseTo(3, 12);
    expect(semOf(10, null)).toBeNull();
    expect(semOf(10, -0.2)).toBeNull();
    expect(semOf(null, 0.8)).toBeNull();
  });
});

describe("groups", () => {
  it("upper and lower groups are 27 %, at least one, none for a single attempt", () => {
    expect(groupSizeOf(100)).toBe(27);
    expect(groupSizeOf(30)).toBe(8);
    expect(groupSizeOf(2)).toBe(1);
    expect(groupSizeOf(1)).toBe(0);
  });
});

describe("Kelley's groups with ties shared (decision 0066)", () => {
  const counts = (totals: number[]) => totals.map((total) => ({ total, n: 1 }));
  it("no tie at an edge: the top and bottom 27 % whole", () => {
    // 7 attempts → 2 a group (1.89 rounded); totals 5 4 | 3 3 3 | 2 1.
    expect(kelleyGroupsOf(counts([5, 4, 3, 3, 3, 2, 1]))).toEqual({ size: 2, upper: { cut: 4, share: 1 }, lower: { cut: 2, share: 1 } });
  });
  it("a tie at an edge: each tied attempt counts for the places left over the attempts tied", () => {
    // 10 attempts → 3 a group; totals 9 | 7 7 7 7 | 5 5 | 2 2 2: the upper group is 9 and two places for four 7s (½
    // each), the lower group the three 2s whole.
    const g = kelleyGroupsOf([{ total: 7, n: 4 }, { total: 9, n: 1 }, { total: 2, n: 2 }, { total: 5, n: 2 }, { total: 2, n: 1 }])!;
    expect(g).toEqual({ size: 3, upper: { cut: 7, share: 0.5 }, lower: { cut: 2, share: 1 } });
    expect([9, 7, 5, 2].map((t) => weightInGroup("upper", g.upper, t))).toEqual([1, 0.5, 0, 0]);
    expect([9, 7, 5, 2].map((t) => weightInGroup("lower", g.lower, t))).toEqual([0, 0, 0, 1]);
    // Whatever the tie, a group's weights add up to its size.
    const weights = (group: "upper" | "lower") => [9, 7, 7, 7, 7, 5, 5, 2, 2, 2].reduce((s, t) => s + weightInGroup(group, g[group], t), 0);
    expect([weights("upper"), weights("lower")]).toEqual([3, 3]);
  });
  it("everyone tied: each attempt is in both groups by the same share, so upper and lower cannot differ", () => {
    // 4 attempts → 1 a group (1.08): each of the four counts ¼ in each.
    expect(kelleyGroupsOf([{ total: 6, n: 4 }])).toEqual({ size: 1, upper: { cut: 6, share: 0.25 }, lower: { cut: 6, share: 0.25 } });
  });
  it("fewer than two attempts: no groups", () => {
    expect(kelleyGroupsOf(counts([3]))).toBeNull();
    expect(kelleyGroupsOf([])).toBeNull();
    expect(groupSizeOf(1)).toBe(0);
  });
});
