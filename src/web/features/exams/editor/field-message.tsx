import { CircleAlert } from "lucide-react";
import { useFormState } from "react-hook-form";
import { cn } from "@web/lib/utils";
import { issuesAt } from "../lib/form-issues";
import { issueText, useExamsT } from "../lib/use-exams-t";

/** The id of the message shown for `path`, for aria-describedby. */
export function messageId(path: string): string {
  return `err-${path.replace(/\./g, "-")}`;
}

/** The validation messages of `path` (codes), none when it is fine. */
export function useIssues(path: string): string[] {
  const { errors } = useFormState();
  return issuesAt(errors, path);
}

/** aria-invalid and aria-describedby for the control whose messages are at `path`. */
export function useFieldA11y(path: string, hintId?: string) {
  const invalid = useIssues(path).length > 0;
  const describedBy = [hintId, invalid ? messageId(path) : null].filter(Boolean).join(" ");
  return { ...(invalid ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}

/** Every message of `path` at once, one line each. */
export function FieldMessage({ path, className }: { path: string; className?: string }) {
  const { lang } = useExamsT();
  const codes = useIssues(path);
  if (!codes.length) return null;
  return (
    <div id={messageId(path)} className={cn("flex flex-col gap-1 text-sm font-medium text-destructive-text", className)} data-testid={`error-${path}`}>
      {codes.map((code) => (
        <p key={code} className="flex items-start gap-1.5" data-code={code}>
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{issueText(code, path)[lang]}</span>
        </p>
      ))}
    </div>
  );
}
