// The live view's search, class filter and sort (issue 33 item 7), on the students the server sent: the view is
// already in memory and refreshed every few seconds, so this is the browser's work, not another query.
import { normalizeAnswer } from "@shared/grading";
import type { TLiveState, TLiveView } from "@shared/schemas/sitting";

type TStudent = TLiveView["students"][number];
export const LIVE_SORTS = ["state", "name", "class", "quiet"] as const;
export type TLiveSort = (typeof LIVE_SORTS)[number];
/** The class filter's value for students without a class ("" is every class). */
export const NO_CLASS = "\u0000none";

/** Who needs the proctor first (as the server orders them). */
const URGENCY: Record<TLiveState, number> = { offline: 0, working: 1, lobby: 2, absent: 3, auto_submitted: 4, submitted: 5 };

/** Folds what a search should not care about — case, Arabic diacritics and tatweel, the forms of alef, hamza, ya and
 * ta marbuta — as the short-answer marker folds answers (one rule for Arabic spelling variants). */
export const foldName = normalizeAnswer;

/** The last sign of life: a heartbeat, a save or the start (null before an attempt). */
const lastSign = (s: TStudent) => [s.lastSeenAt, s.lastSaveAt, s.startedAt].filter((v): v is string => !!v).sort().at(-1) ?? null;

/** The classes present, sorted, and whether some student has none. */
export function classesOf(students: readonly TStudent[], lang: string): { classes: string[]; someWithout: boolean } {
  const set = new Set<string>();
  let someWithout = false;
  for (const s of students) {
    if (s.className) set.add(s.className);
    else someWithout = true;
  }
  return { classes: [...set].sort((a, b) => a.localeCompare(b, lang, { numeric: true })), someWithout };
}

export function arrangeStudents(
  students: readonly TStudent[],
  options: { search: string; className: string; state: TLiveState | null; sort: TLiveSort; lang: string },
): TStudent[] {
  const needle = foldName(options.search);
  const byName = (a: TStudent, b: TStudent) => a.name.localeCompare(b.name, options.lang) || a.studentId.localeCompare(b.studentId);
  const compare: Record<TLiveSort, (a: TStudent, b: TStudent) => number> = {
    state: (a, b) => URGENCY[a.state] - URGENCY[b.state] || byName(a, b),
    name: byName,
    class: (a, b) => (a.className ?? "\uffff").localeCompare(b.className ?? "\uffff", options.lang, { numeric: true }) || byName(a, b),
    // Those silent longest first; those who have not started after everyone who has.
    quiet: (a, b) => {
      const [x, y] = [lastSign(a), lastSign(b)];
      if (x === y) return byName(a, b);
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    },
  };
  return students
    .filter(
      (s) =>
        (!options.state || s.state === options.state) &&
        (!options.className || (options.className === NO_CLASS ? !s.className : s.className === options.className)) &&
        (!needle || foldName(s.name).includes(needle)),
    )
    .sort(compare[options.sort]);
}
