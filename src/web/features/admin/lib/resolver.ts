// A react-hook-form resolver over the shared zod schemas, whose messages are error codes. The form keeps its
// own (raw) values; the server parses them again with the same schema.
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

export type TIssue = { path: readonly PropertyKey[]; message: string; code?: string };

/** The issues of a zod safeParse result (none when it succeeded). */
export function issuesOf(result: { success: boolean; error?: { issues: readonly TIssue[] } }): TIssue[] {
  return result.success || !result.error ? [] : [...result.error.issues];
}

export function codeResolver<T extends FieldValues>(validate: (values: T) => readonly TIssue[]): Resolver<T> {
  return (values) => {
    const issues = validate(values);
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of issues) {
      const key = String(issue.path[0] ?? "root");
      if (!errors[key]) errors[key] = { type: issue.code ?? "custom", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The first error code of a failed validation, in the order the fields are shown. */
export function firstErrorCode(errors: FieldErrors, order: readonly string[]): string | undefined {
  for (const key of order) {
    const message = errors[key]?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}
