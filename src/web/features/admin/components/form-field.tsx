import type { ReactNode } from "react";
import { Label } from "@web/components/ui/label";
import { errorText } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import { useAdminT } from "../lib/use-admin";

/**
 * Label + control + hint + error. The error is an error code from the shared schemas (or the server), shown in
 * the current language; `fieldA11y` ties the control to both the hint and the error.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t, lang } = useAdminT();
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        <span>
          {label}
          {required && (
            <>
              <span aria-hidden="true" className="ms-0.5 text-destructive-text">
                *
              </span>
              <span className="sr-only"> ({t("common.required")})</span>
            </>
          )}
        </span>
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive-text" data-testid={`${id}-error`}>
          {errorText(error, lang).message}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby (hint, then error) for the control of a FormField. */
export function fieldA11y(id: string, { error, hint }: { error?: string; hint?: boolean } = {}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}
