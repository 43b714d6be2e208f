// The student's own marks on their paper (issue 37's test-taker tools): questions flagged for review, and options
// struck out (the answer eliminator). Neither is an answer: they stay on the device, under the attempt, and go when
// the attempt's stored answers go (clearStoredAttempt), so a shared computer keeps nothing of them after submitting.
import { useCallback, useState } from "react";
import { readStorage, writeStorage } from "@web/lib/storage";

export type TReviewMarks = { v: 1; flagged: string[]; struck: Record<string, string[]> };

const EMPTY: TReviewMarks = { v: 1, flagged: [], struck: {} };

export const reviewMarksKey = (attemptId: string) => `qias.marks.${attemptId}`;

const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");

/** What the device holds for the attempt; anything unreadable or of another shape is no marks. */
export function readReviewMarks(attemptId: string): TReviewMarks {
  try {
    const data = JSON.parse(readStorage(reviewMarksKey(attemptId)) ?? "null") as Partial<TReviewMarks> | null;
    if (data?.v !== 1 || !strings(data.flagged) || typeof data.struck !== "object" || data.struck === null) return EMPTY;
    const struck = Object.fromEntries(Object.entries(data.struck).filter((e): e is [string, string[]] => strings(e[1])));
    return { v: 1, flagged: data.flagged, struck };
  } catch {
    return EMPTY;
  }
}

/** `list` with `id` added, or taken out if it was there. */
export function toggled(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export function toggleFlag(marks: TReviewMarks, questionId: string): TReviewMarks {
  return { ...marks, flagged: toggled(marks.flagged, questionId) };
}

export function toggleStrike(marks: TReviewMarks, questionId: string, optionId: string): TReviewMarks {
  const next = toggled(marks.struck[questionId] ?? [], optionId);
  const struck = { ...marks.struck, [questionId]: next };
  if (!next.length) delete struck[questionId];
  return { ...marks, struck };
}

/** The attempt's marks, kept on the device as they change. */
export function useReviewMarks(attemptId: string) {
  const [marks, setMarks] = useState(() => readReviewMarks(attemptId));
  const change = useCallback(
    (f: (m: TReviewMarks) => TReviewMarks) =>
      setMarks((prev) => {
        const next = f(prev);
        writeStorage(reviewMarksKey(attemptId), JSON.stringify(next));
        return next;
      }),
    [attemptId],
  );
  const onToggleFlag = useCallback((questionId: string) => change((m) => toggleFlag(m, questionId)), [change]);
  const onToggleStrike = useCallback((questionId: string, optionId: string) => change((m) => toggleStrike(m, questionId, optionId)), [change]);
  return { marks, onToggleFlag, onToggleStrike };
}
