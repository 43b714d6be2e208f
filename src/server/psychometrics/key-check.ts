// A likely wrong key (issue 35; decision 0042): an item whose strongest students — the top 27 % by total score
// (Kelley 1939's extreme groups, item analysis' own kelleyGroupsOf, ties at an edge shared) — choose some distractor more often
// than the keyed option. The evidence is each option's share in the top and bottom groups, so a reviewer sees
// at a glance whether the "distractor" behaves like the right answer (chosen more by the top than the bottom).
// The rule is item analysis' own (chosenOverKeyByStrong, half of its distractor_attracts_strong flag); comparing
// shares of those who answered gives the same verdict as its shares of the whole group (one denominator).

import { chosenOverKeyByStrong } from "../../shared/schemas/analytics";
import { kelleyGroupsOf, weightInGroup } from "../modules/analytics/stats";

export interface KeyCheckItem {
  item: string;
  /** The keyed option's index. */
  key: number;
  /** Number of options. */
  options: number;
  /** The option each student chose (index), or null for no answer / not presented. One entry per student. */
  choices: (number | null)[];
}

export interface KeyCheckOptions {
  /** Items answered by fewer top-group students than this (counted by weight) are not checked (default 10). */
  minTopGroup?: number;
}

export interface KeyEvidence {
  item: string;
  key: number;
  /** The distractor the top group chose more than the key; null when the key is not in doubt. */
  suspect: number | null;
  nTop: number;
  nBottom: number;
  /** Share of the group (those who answered) choosing each option, by index. */
  topShares: number[];
  bottomShares: number[];
}

export interface KeyCheckReport {
  flagged: KeyEvidence[];
  checked: KeyEvidence[];
  /** Items with too few top-group answers to judge. */
  notChecked: { item: string; nTop: number }[];
}

/**
 * `totals` are the students' total scores (one per student, the same order as every item's `choices`). The
 * groups are the top and bottom 27 % of students by total, the students tied at a group's edge each counted by
 * the share of the places left (kelleyGroupsOf, decision 0066: item analysis' groups, so its flag and this check
 * see the same students); an item's shares count only the group's students who answered it.
 */
export function checkKeys(items: KeyCheckItem[], totals: number[], options: KeyCheckOptions = {}): KeyCheckReport {
  const minTop = options.minTopGroup ?? 10;
  if (!totals.every(Number.isFinite)) throw new RangeError("every student needs a finite total score");
  const groups = kelleyGroupsOf(totals.map((total) => ({ total, n: 1 })));
  // Each group's students with their weights (1, or a tied student's share).
  const members = (group: "upper" | "lower") =>
    groups ? totals.map((t, p) => ({ p, w: weightInGroup(group, groups[group], t) })).filter((m) => m.w > 0) : [];
  const top = members("upper");
  const bottom = members("lower");

  const report: KeyCheckReport = { flagged: [], checked: [], notChecked: [] };
  for (const it of items) {
    if (it.choices.length !== totals.length) throw new RangeError(`item ${it.item}: one choice (or null) per student is needed`);
    if (!(Number.isInteger(it.key) && it.key >= 0 && it.key < it.options)) throw new RangeError(`item ${it.item}: the key is not one of its options`);
    const shares = (group: { p: number; w: number }[]) => {
      const counts = new Array<number>(it.options).fill(0);
      let n = 0;
      for (const { p, w } of group) {
        const c = it.choices[p];
        if (c == null || !(c >= 0 && c < it.options)) continue;
        counts[c]! += w;
        n += w;
      }
      return { n, shares: counts.map((x) => (n === 0 ? 0 : x / n)) };
    };
    const t = shares(top);
    const b = shares(bottom);
    if (t.n < minTop) {
      report.notChecked.push({ item: it.item, nTop: t.n });
      continue;
    }
    let suspect: number | null = null;
    t.shares.forEach((s, o) => {
      if (o !== it.key && chosenOverKeyByStrong(s, t.shares[it.key]!) && (suspect === null || s > t.shares[suspect]!)) suspect = o;
    });
    const evidence = { item: it.item, key: it.key, suspect, nTop: t.n, nBottom: b.n, topShares: t.shares, bottomShares: b.shares };
    report.checked.push(evidence);
    if (suspect !== null) report.flagged.push(evidence);
  }
  return report;
}
