// What the editors of the item types of issue 36 share: a plain text field in one language (a choice or an item is
// plain text, ZEntry), the scoring select with its one-line explanation, and a row's frame. Paths are strings under
// `questions.N.interaction`, whose shape depends on the type (lib/interaction-form.ts).
import { useId, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { cn } from "@web/lib/utils";
import { useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";

/** `questions.N.interaction` */
export type TInteractionPath = `questions.${number}.interaction`;

/** One line of text in one language: Arabic right-to-left, English left-to-right, whatever the page's language. */
export function EntryText({ path, lang, label, testId, errorPath }: { path: string; lang: "ar" | "en"; label: string; testId: string; errorPath: string }) {
  const id = useId();
  const { register } = useFormContext();
  const a11y = useFieldA11y(errorPath);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} dir={lang === "en" ? "ltr" : "rtl"} lang={lang} {...a11y} {...register(path)} data-testid={testId} />
    </div>
  );
}

/** How a question of several parts is scored, and under it what the chosen way means. */
export function ScoringSelect<T extends string>({ path, options, hintKey, testId }: { path: string; options: readonly T[]; hintKey: "hintChoices" | "hintOrder" | "hintGaps"; testId: string }) {
  const { t } = useExamsT();
  const uid = useId();
  const { control, setValue } = useFormContext();
  const value = (useWatch({ control, name: path }) as T | undefined) ?? options[0]!;
  const a11y = useFieldA11y(path, `${uid}-hint`);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-scoring`}>{t("interactions.scoring.label")}</Label>
      <Select value={value} onValueChange={(v) => setValue(path, v, { shouldDirty: true })}>
        <SelectTrigger id={`${uid}-scoring`} className="sm:max-w-sm" {...a11y} data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {t(`interactions.scoring.${o}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${uid}-hint`} className="text-xs text-muted-foreground" data-testid={`${testId}-hint`}>
        {t(`interactions.scoring.${hintKey}.${value}`)}
      </p>
      <FieldMessage path={path} />
    </div>
  );
}

/** A choice's or an item's frame: green when it is a correct choice. */
export function EntryRow({ children, correct = false, testId }: { children: ReactNode; correct?: boolean; testId: string }) {
  return (
    <div
      className={cn("flex flex-col gap-3 rounded-xl border p-3 transition-colors", correct ? "border-success-border bg-success/40" : "border-border bg-muted/30")}
      data-testid={testId}
      data-correct={correct}
    >
      {children}
    </div>
  );
}
