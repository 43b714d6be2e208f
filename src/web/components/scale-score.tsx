// An attempt's place on its reporting scale (issue 35, decision 0049), beside its raw score: a line for tables (the
// results list) and a card for one result (the student's result and report). The level's name is the standard the
// ministry set; the ± is the score's standard error. Nothing is shown for an attempt that is not on a scale.
import { Ruler } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TReportedScaleScore } from "@shared/schemas/scale";
import { Card } from "@web/components/ui/card";
import { asLang, formatNumber, pick } from "@web/lib/format";

function useScaleT() {
  const { t, i18n } = useTranslation();
  return { t, lang: asLang(i18n.language) };
}

/** "600 ± 38": the ± part only when the SE is known. */
export function scaleScoreText(lang: "ar" | "en", value: TReportedScaleScore): string {
  return value.se === null ? formatNumber(lang, value.score) : `${formatNumber(lang, value.score)} ± ${formatNumber(lang, value.se)}`;
}

/**
 * The score and its margin, left to right in either language. Laid out by a left-to-right flex row rather than by
 * the text's direction: Chromium showed "580 ± 30" as "30 ± 580" inside an Arabic line even in an LTR isolate.
 */
function ScoreAndMargin({ lang, value, className, testId }: { lang: "ar" | "en"; value: TReportedScaleScore; className?: string; testId?: string }) {
  return (
    <span className={className}>
      <span className="sr-only" data-testid={testId}>
        {scaleScoreText(lang, value)}
      </span>
      <span dir="ltr" aria-hidden="true" className="inline-flex items-baseline gap-[0.3em] tabular-nums">
        <span>{formatNumber(lang, value.score)}</span>
        {value.se !== null && (
          <>
            <span>±</span>
            <span>{formatNumber(lang, value.se)}</span>
          </>
        )}
      </span>
    </span>
  );
}

export function ScaleScoreLine({ value }: { value: TReportedScaleScore }) {
  const { t, lang } = useScaleT();
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground" data-testid="result-scale-score">
      <span>{t("scaleScore.short")}</span>
      <ScoreAndMargin lang={lang} value={value} className="font-semibold text-foreground" />
      {value.level && (
        <span className="rounded-full bg-accent px-2 py-px font-medium text-accent-foreground" data-testid="result-level">
          {pick(lang, value.level.nameAr, value.level.nameEn)}
        </span>
      )}
    </span>
  );
}

export function ScaleScoreCard({ value }: { value: TReportedScaleScore }) {
  const { t, lang } = useScaleT();
  const scale = pick(lang, value.scaleNameAr, value.scaleNameEn);
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:gap-4 sm:p-6 print:border-black" data-testid="result-scale-card">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent text-accent-foreground sm:size-14 print:hidden">
        <Ruler aria-hidden="true" className="size-6 sm:size-7" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">
          {t("scaleScore.title")} · <bdi>{scale}</bdi>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ScoreAndMargin lang={lang} value={value} className="text-3xl font-bold" testId="scale-score-value" />
          {value.level && (
            <span className="rounded-full border border-border bg-accent px-3 py-0.5 text-sm font-semibold text-accent-foreground" data-testid="scale-level">
              {t("scaleScore.level", { level: pick(lang, value.level.nameAr, value.level.nameEn) })}
            </span>
          )}
        </p>
        <p className="text-sm leading-relaxed text-muted-foreground">
          {value.se === null ? t("scaleScore.explain") : t("scaleScore.explainWithSe", { se: formatNumber(lang, value.se) })}
        </p>
      </div>
    </Card>
  );
}
