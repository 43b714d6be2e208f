// Classical test theory, from sums the database computes (issue 15): nothing here loads an answer. Each figure is
// the one Moodle's quiz statistics report shows for it, so a teacher comparing the two finds the same numbers.
// Every function answers null where the figure does not exist (one attempt, no spread), never NaN.

/** n, Σx and Σx² of a set of values. */
export type TMoments = { n: number; sum: number; sumSq: number };

export function meanOf(m: TMoments): number | null {
  return m.n > 0 ? m.sum / m.n : null;
}

/** Sample variance (n − 1), as Moodle and every statistics package report it. */
export function varianceOf(m: TMoments): number | null {
  if (m.n < 2) return null;
  // Σ(x − x̄)² = Σx² − (Σx)²/n; rounding may leave a tiny negative for equal values.
  return Math.max(0, (m.sumSq - (m.sum * m.sum) / m.n) / (m.n - 1));
}

export function sdOf(m: TMoments): number | null {
  const v = varianceOf(m);
  return v === null ? null : Math.sqrt(v);
}

/** Pearson's r from the sums of two paired series; null when either has no spread. */
export function correlationOf(n: number, x: { sum: number; sumSq: number }, y: { sum: number; sumSq: number }, sumXY: number): number | null {
  if (n < 2) return null;
  const sxx = x.sumSq - (x.sum * x.sum) / n;
  const syy = y.sumSq - (y.sum * y.sum) / n;
  const sxy = sumXY - (x.sum * y.sum) / n;
  // Below this the spread is rounding, not data.
  if (sxx <= 1e-9 || syy <= 1e-9) return null;
  return clamp(sxy / Math.sqrt(sxx * syy), -1, 1);
}

/**
 * An item's discrimination index: the correlation of its marks with the rest of the test (the total without
 * this item), so an item is not credited for correlating with itself. The sums are of the item's marks x and the
 * attempts' totals T; the rest R = T − x follows from them.
 */
export function itemRestCorrelation(n: number, item: { sum: number; sumSq: number }, total: { sum: number; sumSq: number }, sumItemTotal: number): number | null {
  const rest = { sum: total.sum - item.sum, sumSq: total.sumSq - 2 * sumItemTotal + item.sumSq };
  return correlationOf(n, item, rest, sumItemTotal - item.sumSq);
}

/**
 * Internal consistency: Cronbach's alpha, k/(k−1)·(1 − Σ item variances / total variance). For items marked 0 or
 * full marks only it is KR-20 (the item variance is then p·q·points², up to the n/(n−1) both sides share).
 */
export function alphaOf(itemVariances: readonly number[], totalVariance: number | null): number | null {
  const k = itemVariances.length;
  if (k < 2 || totalVariance === null || totalVariance <= 1e-9) return null;
  const sum = itemVariances.reduce((s, v) => s + v, 0);
  return (k / (k - 1)) * (1 - sum / totalVariance);
}

/** Standard error of measurement: SD·√(1 − reliability); null without a reliability worth the name. */
export function semOf(sd: number | null, reliability: number | null): number | null {
  if (sd === null || reliability === null || reliability < 0) return null;
  return sd * Math.sqrt(1 - Math.min(1, reliability));
}

/** The median of values counted by value (a score's attempts counted once), as percentile_cont(0.5) gives it. */
export function medianOf(counted: readonly { value: number; n: number }[]): number | null {
  const sorted = counted.filter((c) => c.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, c) => s + c.n, 0);
  if (!total) return null;
  // The value at 0-based position k of the sorted values.
  const at = (k: number) => {
    let seen = 0;
    for (const c of sorted) if ((seen += c.n) > k) return c.value;
    return sorted[sorted.length - 1]!.value;
  };
  const mid = Math.floor(total / 2);
  return total % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** The size of Kelley's upper and lower groups (27 % each, at least one) for n ranked attempts. */
export function groupSizeOf(n: number): number {
  return n < 2 ? 0 : Math.max(1, Math.round(n * 0.27));
}

/**
 * Where one of Kelley's groups ends: every attempt with a total beyond `cut` is in it, and each attempt tied at `cut`
 * with weight `share`.
 */
export type TGroupEdge = { cut: number; share: number };

/**
 * Kelley's (1939) upper and lower 27 % groups of attempts counted by total score (T. L. Kelley, "The selection of
 * upper and lower groups for the validation of test items", Journal of Educational Psychology 30, 17–24), with the
 * attempts tied at a group's edge shared (decision 0066): of the c attempts tied at the cut, where k places are
 * left in the group, each counts k/c — the chance that a random order of the tied puts it in the group, so a group's
 * figures are their expected values over every way of breaking the tie. Nothing but the totals decides: no two
 * students with the same total are treated differently, and no attempt needs to be read to find them.
 * Null with fewer than two attempts (groupSizeOf).
 */
export function kelleyGroupsOf(counts: readonly { total: number; n: number }[]): { size: number; upper: TGroupEdge; lower: TGroupEdge } | null {
  const byTotal = new Map<number, number>();
  for (const c of counts) if (c.n > 0) byTotal.set(c.total, (byTotal.get(c.total) ?? 0) + c.n);
  const descending = [...byTotal.entries()].sort((a, b) => b[0] - a[0]);
  const size = groupSizeOf(descending.reduce((s, [, n]) => s + n, 0));
  if (!size) return null;
  const edge = (ordered: [number, number][]): TGroupEdge => {
    let before = 0;
    for (const [total, n] of ordered) {
      if (before + n >= size) return { cut: total, share: (size - before) / n };
      before += n;
    }
    throw new Error("unreachable: a group is never larger than the attempts");
  };
  return { size, upper: edge(descending), lower: edge([...descending].reverse()) };
}

/** An attempt's weight in a group from its total: 1 beyond the edge, the edge's share at it, 0 short of it. */
export function weightInGroup(group: "upper" | "lower", edge: TGroupEdge, total: number): number {
  if (total === edge.cut) return edge.share;
  return (group === "upper" ? total > edge.cut : total < edge.cut) ? 1 : 0;
}

function clamp(v: number, lo: number, hi: number) {
  return Math.min(hi, Math.max(lo, v));
}
