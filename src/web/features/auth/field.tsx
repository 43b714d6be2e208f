import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@web/components/ui/label";
import { errorText } from "@web/lib/errors";
import { currentLanguage } from "@web/lib/i18n";

/** Label + control + the error (an error code from the shared schemas) in the current language. */
export function Field({
  id,
  label,
  error,
  children,
  aside,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
          {errorText(error, currentLanguage()).message}
        </p>
      )}
    </div>
  );
}

/** Props that tie a control to its Field's error message. */
export function fieldA11y(id: string, error?: string) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
