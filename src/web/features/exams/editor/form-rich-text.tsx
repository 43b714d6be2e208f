// A formatted text of the exam form: its plain text (validated, required) and its document (the formatting) as one
// field. The messages about it live at `errorPath` (its own path, or its option's).
import { useId } from "react";
import { useController, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { Label } from "@web/components/ui/label";
import { cn } from "@web/lib/utils";
import type { TExamForm } from "../lib/exam-form";
import { useFieldA11y } from "./field-message";
import { RichTextField } from "./rich-text-field";

export function FormRichText({
  textPath,
  docPath,
  lang,
  label,
  inline = false,
  small = false,
  tall = false,
  errorPath,
  hintId,
  testId,
}: {
  textPath: FieldPath<TExamForm>;
  docPath: FieldPath<TExamForm>;
  lang: "ar" | "en";
  label: string;
  inline?: boolean;
  /** A quieter label (an option's, inside its box). */
  small?: boolean;
  /** Room for a page of text (a passage). */
  tall?: boolean;
  errorPath?: string;
  hintId?: string;
  testId: string;
}) {
  const labelId = useId();
  const { control, setValue } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: textPath });
  const doc = useWatch({ control, name: docPath }) as TExamForm["passages"][number]["docAr"] | undefined;
  const a11y = useFieldA11y(errorPath ?? textPath, hintId);
  return (
    <div className={cn("flex min-w-0 flex-col", small ? "gap-1.5" : "gap-2")}>
      <Label id={labelId} className={cn(small && "text-xs text-muted-foreground")}>
        {label}
      </Label>
      <RichTextField
        value={{ text: typeof field.value === "string" ? field.value : "", doc: doc ?? null }}
        onChange={(v) => {
          setValue(docPath, v.doc as never, { shouldDirty: true });
          field.onChange(v.text);
        }}
        onBlur={field.onBlur}
        fieldRef={field.ref}
        lang={lang}
        inline={inline}
        tall={tall}
        labelId={labelId}
        aria-describedby={a11y["aria-describedby"]}
        aria-invalid={a11y["aria-invalid"]}
        data-testid={testId}
      />
    </div>
  );
}
