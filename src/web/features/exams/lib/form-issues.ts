// Where ZExamInput's messages land in react-hook-form's errors, and how they are read back. zodResolver puts an
// issue on an array that has registered items (questions.2.options) under `.root`, and on other paths directly.
import { get, type FieldErrors } from "react-hook-form";

export type TFormIssue = { path: string; code: string };

type TFieldError = { message?: unknown; types?: Record<string, unknown> };

/**
 * Every code of one error: its message and, with criteriaMode "all", the other issues on the same path (a new
 * multiple-choice question lacks both a second option and a correct one: both are said at once).
 */
function codesOf(e: TFieldError | undefined): string[] {
  if (!e) return [];
  const all = [e.message, ...Object.values(e.types ?? {}).flat()];
  return [...new Set(all.filter((c): c is string => typeof c === "string" && c.length > 0))];
}

/** The error codes at `path` (the array's own messages for an array). */
export function issuesAt(errors: FieldErrors, path: string): string[] {
  const e = get(errors, path) as (TFieldError & { root?: TFieldError }) | undefined;
  const own = codesOf(e);
  return own.length ? own : codesOf(e?.root);
}

/** Every message in the errors tree, in form order, with the path it belongs to. */
export function collectIssues(errors: unknown, prefix = ""): TFormIssue[] {
  if (!errors || typeof errors !== "object") return [];
  const out: TFormIssue[] = [];
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === "ref" || key === "types" || !value || typeof value !== "object") continue;
    const path = key === "root" ? prefix : prefix ? `${prefix}.${key}` : key;
    for (const code of codesOf(value as TFieldError)) out.push({ path, code });
    out.push(...collectIssues(value, path));
  }
  return out;
}

const EXAM_ORDER = ["titleAr", "titleEn", "subjectId", "status", "durationMinutes", "descriptionAr", "descriptionEn", "schoolIds", "questions"];
const QUESTION_ORDER = ["type", "points", "questionTextAr", "questionTextEn", "options", "matchingPairs", "correctAnswerText", "interaction"];
/** An item type's fields (issue 36), as its editor shows them. */
const INTERACTION_ORDER = ["choices", "items", "answer", "tolerance", "toleranceMode", "unitAr", "unitEn", "scoring"];
const LAST = 1e6;

function rank(path: string): number[] {
  const [field = "", q, part = "", item, leaf] = path.split(".");
  const at = (list: string[], key: string) => (list.includes(key) ? list.indexOf(key) : LAST);
  if (field !== "questions" || q === undefined) return [at(EXAM_ORDER, field)];
  if (part === "interaction") {
    // questions.2.interaction.choices.1: one level deeper than an option.
    const [, , , sub, entry, entryLeaf] = path.split(".");
    const place = sub === undefined ? -1 : at(INTERACTION_ORDER, sub);
    return [at(EXAM_ORDER, field), Number(q), at(QUESTION_ORDER, part), place, entry === undefined ? LAST : Number(entry), entryLeaf === undefined ? LAST : 0];
  }
  // A list's own message sits below its items; an item's below its fields.
  return [at(EXAM_ORDER, field), Number(q), part ? at(QUESTION_ORDER, part) : -1, item === undefined ? LAST : Number(item), leaf === undefined ? LAST : 0];
}

/** Issues in the order their messages appear on the page (the schema reports the questions before the title). */
export function sortIssues(issues: TFormIssue[]): TFormIssue[] {
  return [...issues].sort((a, b) => {
    const ra = rank(a.path);
    const rb = rank(b.path);
    for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
      const d = (ra[i] ?? -1) - (rb[i] ?? -1);
      if (d !== 0) return d;
    }
    return 0;
  });
}
