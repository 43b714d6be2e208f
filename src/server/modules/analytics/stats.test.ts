// Each statistic against figures worked out by hand (and checked with a spreadsheet), and the degenerate cases:
// one attempt, everyone equal, one item.
import { describe, expect, it } from "vitest";
import { alphaOf, correlationOf, groupSizeOf, itemRestCorrelation, meanOf, medianOf, sdOf, semOf, varianceOf, type TMoments } from "./stats";

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
    expect(medianOf([1, 3, 8])).toBe(3);
    expect(medianOf([1, 3, 8, 10])).toBe(5.5);
    expect(medianOf([])).toBeNull();
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
