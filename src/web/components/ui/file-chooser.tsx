// A file input whose button speaks the page's language: the native control says "Choose File" in the browser's
// language, so it is kept for the keyboard and screen readers (visually hidden) and a label drawn as a button stands
// in for it, with the chosen file's name beside it.
import { FileUp } from "lucide-react";
import type { ChangeEvent } from "react";
import { buttonVariants } from "./button";
import { cn } from "@web/lib/utils";

type TProps = {
  id: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  browseLabel: string;
  /** What stands beside the button: the chosen file's name, or "No file chosen". */
  fileName: string | null;
  noFileLabel: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
};

export function FileChooser({ id, accept, onChange, browseLabel, fileName, noFileLabel, disabled, describedBy, invalid, testId }: TProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid ? true : undefined}
        data-testid={testId}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className={cn(
          buttonVariants({ variant: "secondary", size: "sm" }),
          "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-60",
        )}
      >
        <FileUp aria-hidden="true" />
        {browseLabel}
      </label>
      <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid={testId ? `${testId}-name` : undefined}>
        {fileName ? <bdi>{fileName}</bdi> : noFileLabel}
      </span>
    </div>
  );
}
