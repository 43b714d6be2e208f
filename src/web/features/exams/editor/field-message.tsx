import { CircleAlert } from "lucide-react";
import { useFormState } from "react-hook-form";
import { cn } from "@web/lib/utils";
import { issueAt } from "../lib/form-issues";
import { issueText, useExamsT } from "../lib/use-exams-t";

/** The id of the message shown for `path`, for aria-describedby. */
export function messageId(path: string): string {
  return `err-${path.replace(/\./g, "-")}`;
}

/** The validation message of `path` in the current language, or nothing. */
export function useIssue(path: string): string | undefined {
  const { errors } = useFormState();
  return issueAt(errors, path);
}

/** aria-invalid and aria-describedby for the control whose message is at `path`. */
export function useFieldA11y(path: string, hintId?: string) {
  const code = useIssue(path);
  const describedBy = [hintId, code ? messageId(path) : null].filter(Boolean).join(" ");
  return { ...(code ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}

export function FieldMessage({ path, className }: { path: string; className?: string }) {
  const { lang } = useExamsT();
  const code = useIssue(path);
  if (!code) return null;
  return (
    <p id={messageId(path)} className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive-text", className)} data-testid={`error-${path}`}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{issueText(code, path)[lang]}</span>
    </p>
  );
}
