// A student report (SPEC §3 report_data) as the results page and the school report page show it: the summary,
// the level, mastery per skill (chart + table), how the result compares, strengths, areas and recommendations,
// and who (or what) wrote it. Both languages are stored; the reader's is shown.
import { CheckCircle2, CircleAlert, Lightbulb, Sparkles, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { BAND_LABELS, type TBi, type TPlanView, type TReportView } from "@shared/schemas/report";
import { cn } from "@web/lib/utils";
import { bi, formatDate, formatNumber, formatPercent, formatScore, useReportsT } from "../lib/use-reports-t";
import { MasteryChart } from "./mastery-chart";

const BAND_STYLE = {
  advanced: "border-success-border bg-success text-success-foreground",
  proficient: "border-success-border bg-success text-success-foreground",
  developing: "border-gold/50 bg-muted text-gold",
  beginning: "border-destructive/40 bg-muted text-destructive-text",
} as const;

export function Subsection({ title, icon, children, testId }: { title: string; icon?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-2 break-inside-avoid" data-testid={testId}>
      <h4 className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
        {icon}
        {title}
      </h4>
      {children}
    </section>
  );
}

function Items({ items, empty, testId }: { items: TBi[]; empty: string; testId: string }) {
  const { lang } = useReportsT();
  if (!items.length) return <p className="text-sm text-muted-foreground italic">{empty}</p>;
  return (
    <ul className="flex list-disc flex-col gap-1.5 ps-5 text-sm leading-relaxed marker:text-muted-foreground" data-testid={testId}>
      {items.map((item, i) => (
        <li key={i}>{bi(lang, item)}</li>
      ))}
    </ul>
  );
}

/** Who wrote it: the built-in rules, a language model, or the rules because the model failed (and why). */
export function WriterNote({ doc }: { doc: TReportView | TPlanView }) {
  const { t, lang } = useReportsT();
  // A name in the other script, isolated (FSI … PDI) so the comma and the date stay where the sentence puts them.
  const by = doc.generatedBy ? t("writer.by", { name: `\u2068${doc.generatedBy.name}\u2069`, date: formatDate(lang, doc.createdAt) }) : t("writer.on", { date: formatDate(lang, doc.createdAt) });
  const what = doc.fallbackReason ? t(`writer.fallback.${doc.fallbackReason}`) : doc.generator === "llm" ? t("writer.llm", { model: doc.model ?? "" }) : t("writer.rules");
  return (
    <p className={cn("flex items-start gap-1.5 text-xs", doc.fallbackReason ? "text-gold" : "text-muted-foreground")} data-testid="writer-note" data-generator={doc.generator}>
      {doc.generator === "llm" ? <Sparkles aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> : null}
      <span>
        {what} {by}
      </span>
    </p>
  );
}

export function ReportView({ report }: { report: TReportView }) {
  const { t, lang } = useReportsT();
  const { analysis, content } = report;
  const band = BAND_LABELS[analysis.band];
  const cmp = analysis.comparison;
  return (
    <div className="flex flex-col gap-5" data-testid="report-view">
      <div className="flex flex-wrap items-center gap-3">
        <span className={cn("rounded-full border px-3 py-1 text-sm font-semibold", BAND_STYLE[analysis.band])} data-testid="report-band" data-band={analysis.band}>
          {t("report.level")}: {bi(lang, band)}
        </span>
        <span className="text-sm text-muted-foreground tabular-nums">
          <bdi>
            {formatScore(lang, analysis.score, analysis.total)}
          </bdi>{" "}
          · {formatPercent(lang, analysis.percentage)}
        </span>
      </div>

      <Subsection title={t("report.summary")}>
        <p className="leading-relaxed" data-testid="report-summary">
          {bi(lang, content.summary)}
        </p>
      </Subsection>

      {analysis.skills.length > 0 && (
        <Subsection title={t("report.mastery")}>
          <MasteryChart analysis={analysis} />
        </Subsection>
      )}

      {cmp.all.count > 1 && (
        <Subsection title={t("report.comparison")} icon={<TrendingUp aria-hidden="true" className="size-4" />}>
          <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="report-comparison">
            <Figure label={t("report.thisResult")} value={formatPercent(lang, analysis.percentage)} note={t("report.percentile", { percentile: formatNumber(lang, cmp.all.percentile) })} />
            {cmp.school && cmp.school.count > 1 && <Figure label={t("report.schoolAverage")} value={formatPercent(lang, cmp.school.mean)} note={t("report.students", { count: cmp.school.count })} />}
            <Figure label={t("report.allAverage")} value={formatPercent(lang, cmp.all.mean)} note={t("report.students", { count: cmp.all.count })} />
          </dl>
        </Subsection>
      )}

      <div className="grid gap-5 md:grid-cols-2 print:grid-cols-2">
        <Subsection title={t("report.strengths")} icon={<CheckCircle2 aria-hidden="true" className="size-4 text-success-foreground" />} testId="report-strengths">
          <Items items={content.strengths} empty={t("report.noStrengths")} testId="strengths" />
        </Subsection>
        <Subsection title={t("report.areas")} icon={<CircleAlert aria-hidden="true" className="size-4 text-gold" />} testId="report-areas">
          <Items items={content.areas_for_improvement} empty={t("report.noAreas")} testId="areas" />
        </Subsection>
      </div>

      <Subsection title={t("report.recommendations")} icon={<Lightbulb aria-hidden="true" className="size-4 text-primary" />} testId="report-recommendations">
        <Items items={content.recommendations} empty="" testId="recommendations" />
      </Subsection>

      <WriterNote doc={report} />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-xl border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}
