// Numeric entry (issue 36): a text box that reads the digits Arabic writers use (٣٫٥ as 3.5), with the unit beside
// it, and says plainly when what is typed is no number it can read. The response keeps what was typed.
import { AlertTriangle } from "lucide-react";
import { useId } from "react";
import { MAX_NUMERIC_ANSWER_LENGTH } from "@shared/item-types/numeric";
import { parseLocaleNumber } from "@shared/text";
import { fieldClasses } from "@web/components/ui/input";
import { formatNumber, pick, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { useInteractionT, type TPaperOf, type TResponseOf } from "./common";

type TResponseNumeric = TResponseOf<"numeric">;

/** Typed, and not a number: the paper says so (and the navigator shows the question as partly answered). */
export const isUnreadableNumber = (value: string) => value.trim() !== "" && parseLocaleNumber(value) === null;

export function NumericField({
  paper,
  response,
  onChange,
  lang,
  labelledBy,
}: {
  paper: TPaperOf<"numeric">;
  response: TResponseNumeric | null;
  onChange: (r: TResponseNumeric) => void;
  lang: TLang;
  labelledBy: string;
}) {
  const t = useInteractionT(lang);
  const hintId = useId();
  const problemId = useId();
  const value = response?.value ?? "";
  const unit = pick(lang, paper.unitAr, paper.unitEn);
  const unreadable = isUnreadableNumber(value);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          // Digits read left to right in both languages (٣٫٥ too).
          dir="ltr"
          maxLength={MAX_NUMERIC_ANSWER_LENGTH}
          value={value}
          aria-labelledby={labelledBy}
          aria-describedby={unreadable ? `${hintId} ${problemId}` : hintId}
          aria-invalid={unreadable || undefined}
          onChange={(e) => onChange({ type: "numeric", value: e.target.value })}
          className={cn(fieldClasses, "h-11 w-48 max-w-full text-start tabular-nums rtl:text-end", unreadable && "border-destructive")}
          data-testid="numeric-input"
        />
        {unit && (
          <span className="text-sm font-medium text-foreground" data-testid="numeric-unit">
            {unit}
          </span>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("numericHint")}
      </p>
      {unreadable && (
        <p id={problemId} className="flex items-start gap-1.5 text-sm text-destructive-text" data-testid="numeric-problem">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("numericUnreadable")}
        </p>
      )}
    </div>
  );
}

/** Read-only: what was typed, as typed, with the unit; for staff, the answer and its tolerance. */
export function NumericView({
  unitAr,
  unitEn,
  response,
  lang,
  answerKey,
}: {
  unitAr: string;
  unitEn: string;
  response: TResponseNumeric | null;
  lang: TLang;
  answerKey?: { answer: number; tolerance: number; toleranceMode: "absolute" | "relative" } | undefined;
}) {
  const t = useInteractionT(lang);
  const unit = pick(lang, unitAr, unitEn);
  const value = response?.value.trim() ?? "";
  const read = value ? parseLocaleNumber(value) : null;
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid="numeric-view">
      <p>
        <span className="text-muted-foreground">{t("typed")} </span>
        {value ? (
          <bdi className="font-semibold tabular-nums" dir="ltr">
            {value}
          </bdi>
        ) : (
          <span className="italic text-muted-foreground">{t("noResponse")}</span>
        )}
        {value && unit && <span> {unit}</span>}
        {value && read === null && <span className="ms-2 text-destructive-text">({t("notANumber")})</span>}
      </p>
      {answerKey && (
        <p data-testid="numeric-key">
          <span className="text-muted-foreground">{t("expected")} </span>
          <bdi className="font-semibold tabular-nums">{formatNumber(lang, answerKey.answer)}</bdi>
          {unit && <span> {unit}</span>}
          {answerKey.tolerance > 0 && (
            <span className="text-muted-foreground">
              {" "}
              ({answerKey.toleranceMode === "relative" ? t("tolerancePercent", { n: formatNumber(lang, answerKey.tolerance) }) : t("toleranceAbsolute", { n: formatNumber(lang, answerKey.tolerance) })})
            </span>
          )}
        </p>
      )}
    </div>
  );
}
