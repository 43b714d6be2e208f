// /exams/:examId/analysis (issue 15): how the questions of an exam worked, for its author, super_admins and the
// staff of schools whose students sat it (their own school's attempts). The exam as a whole (mean, median, SD,
// reliability, SEM, the score distribution as a chart with a table), then every question's facility,
// discrimination, upper − lower difference and blanks, flagged when it looks wrong, with who chose each option —
// and what each figure means, in plain words. Printable, and the table downloads as CSV.
import { ArrowLeft, ChevronDown, Clock, Download, FileWarning, Printer, TriangleAlert } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { attractsStrong, type TItemStats } from "@shared/schemas/analytics";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { useSession } from "@web/lib/session";
import { formatDateTime } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { itemAnalysisDownloadUrl, useItemAnalysis, type TItemAnalysis } from "../api";
import { Distribution } from "../components/distribution";
import { CalibrationSection } from "../components/calibration-section";
import { ReliabilitySection } from "../components/reliability-section";
import { FairnessSection } from "../components/fairness-section";
import { KeyCheckNote } from "../components/key-check-note";
import { formatCoefficient, formatNumber, formatPercent, formatShare, pick, useAnalyticsT, type TLang } from "../lib/use-analytics-t";

export function ItemAnalysisPage() {
  const { examId = "" } = useParams();
  return (
    <PageFrame>
      <ItemAnalysis key={examId} examId={examId} />
    </PageFrame>
  );
}

export default ItemAnalysisPage;

function ItemAnalysis({ examId }: { examId: string }) {
  const { t } = useAnalyticsT();
  const [params] = useSearchParams();
  const formParam = Number(params.get("form"));
  const query = useItemAnalysis(examId, Number.isInteger(formParam) && formParam >= 1 ? formParam : undefined);
  if (query.data) return <AnalysisView data={query.data} />;
  if (query.isError)
    return (
      <>
        <BackLink examId={examId} />
        <ErrorState title={t("itemAnalysis.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="item-analysis-error" />
      </>
    );
  return <LoadingState label={t("itemAnalysis.loading")} testId="item-analysis-loading" />;
}

function BackLink({ examId }: { examId: string }) {
  const { t } = useAnalyticsT();
  return (
    <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit print:hidden">
      <Link to={`/dashboard/results?exam=${encodeURIComponent(examId)}`}>
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t("itemAnalysis.back")}
      </Link>
    </Button>
  );
}

function AnalysisView({ data }: { data: TItemAnalysis }) {
  const { t, lang } = useAnalyticsT();
  const { user } = useSession();
  const title = pick(lang, data.exam.title.ar, data.exam.title.en);
  useDocumentTitle(t("itemAnalysis.pageTitle", { exam: title }));
  const flagged = data.questions.filter((q) => q.flags.length).length;

  return (
    <article className="flex flex-col gap-6" data-testid="item-analysis">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink examId={data.exam.id} />
        <div className="flex flex-wrap gap-2">
          {data.questions.length > 0 && (
            <>
              <Button variant="outline" size="sm" asChild>
                <a href={itemAnalysisDownloadUrl(data.exam.id, lang, "csv", data.form)} download data-testid="item-analysis-csv">
                  <Download aria-hidden="true" />
                  {t("itemAnalysis.csv")}
                </a>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <a href={itemAnalysisDownloadUrl(data.exam.id, lang, "xlsx", data.form)} download data-testid="item-analysis-xlsx">
                  <Download aria-hidden="true" />
                  {t("itemAnalysis.xlsx")}
                </a>
              </Button>
            </>
          )}
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("itemAnalysis.print")}
          </Button>
        </div>
      </div>

      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{t("itemAnalysis.title")}</h1>
        <p className="text-lg font-medium" data-testid="item-analysis-exam">
          {title}
        </p>
        <p className="text-sm text-muted-foreground">{user?.role === "super_admin" ? t("itemAnalysis.scope.all") : t("itemAnalysis.scope.school")}</p>
      </header>

      {data.forms.length > 0 && <FormSwitch forms={data.forms} form={data.form} />}

      {data.keyWithheld && (
        <Notice icon={FileWarning} testId="item-analysis-withheld">
          {t("itemAnalysis.withheld")}
        </Notice>
      )}
      {data.figuresAsOf && (
        <Notice icon={Clock} testId="item-analysis-as-of">
          {t("itemAnalysis.asOf", { time: formatDateTime(lang, data.figuresAsOf) })}
        </Notice>
      )}
      {data.waiting > 0 && <Notice testId="item-analysis-waiting">{t("itemAnalysis.waiting", { count: data.waiting })}</Notice>}

      {data.attempts === 0 ? (
        <EmptyState icon={FileWarning} hint={t("itemAnalysis.emptyHint")} testId="item-analysis-empty">
          {t("itemAnalysis.empty")}
        </EmptyState>
      ) : (
        <>
          <Summary data={data} />
          <Distribution histogram={data.histogram} />
          {data.questions.length > 0 && (
            <section aria-labelledby="ia-questions" className="flex flex-col gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="ia-questions" className="text-lg font-bold">
                  {t("itemAnalysis.questions.title")}
                </h2>
                <p className={cn("text-sm", flagged ? "font-medium text-foreground" : "text-muted-foreground")} data-testid="item-analysis-flagged">
                  {flagged ? t("itemAnalysis.questions.flagged", { count: flagged }) : t("itemAnalysis.questions.noneFlagged")}
                </p>
              </div>
              <QuestionsTable questions={data.questions} />
            </section>
          )}
          <ReliabilitySection examId={data.exam.id} />
          <CalibrationSection examId={data.exam.id} />
          {data.questions.length > 0 && <FairnessSection examId={data.exam.id} />}
          <Glossary />
        </>
      )}
    </article>
  );
}

/** Each parallel form on its own, or all together (issue 34): the choice lives in the address (?form=N). */
function FormSwitch({ forms, form }: { forms: number[]; form: number | null }) {
  const { t, lang } = useAnalyticsT();
  const [, setParams] = useSearchParams();
  const choose = (n: number | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (n === null) p.delete("form");
        else p.set("form", String(n));
        return p;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <div role="group" aria-label={t("itemAnalysis.forms.label")} className="flex flex-wrap gap-2" data-testid="item-analysis-forms">
        {[null, ...forms].map((n) => (
          <Button key={n ?? "all"} size="sm" variant={form === n ? "default" : "outline"} aria-pressed={form === n} onClick={() => choose(n)}>
            {n === null ? t("itemAnalysis.forms.all") : t("itemAnalysis.forms.one", { n: formatNumber(lang, n) })}
          </Button>
        ))}
      </div>
      {form === null && <p className="text-sm text-muted-foreground">{t("itemAnalysis.forms.allHint")}</p>}
    </div>
  );
}

function Notice({ children, icon: Icon = TriangleAlert, testId }: { children: ReactNode; icon?: typeof TriangleAlert; testId: string }) {
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm" data-testid={testId}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
      <span>{children}</span>
    </p>
  );
}

function Summary({ data }: { data: TItemAnalysis }) {
  const { t, lang } = useAnalyticsT();
  const r = data.reliability.value;
  const level = r === null ? null : r >= 0.8 ? "high" : r >= 0.7 ? "acceptable" : "low";
  const items: { key: string; label: string; value: string; note?: string }[] = [
    { key: "attempts", label: t("itemAnalysis.summary.attempts"), value: formatNumber(lang, data.attempts) },
    { key: "mean", label: t("itemAnalysis.summary.mean"), value: formatPercent(lang, data.meanPercent) },
    { key: "median", label: t("itemAnalysis.summary.median"), value: formatPercent(lang, data.medianPercent) },
    { key: "sd", label: t("itemAnalysis.summary.sd"), value: formatPercent(lang, data.sdPercent) },
    {
      key: "reliability",
      label: t(`itemAnalysis.summary.reliability_${data.reliability.method}`),
      value: formatCoefficient(lang, r),
      note: level ? t(`itemAnalysis.reliabilityLevel.${level}`) : undefined,
    },
    { key: "sem", label: t("itemAnalysis.summary.sem"), value: formatPercent(lang, data.semPercent) },
  ];
  return (
    <section aria-label={t("itemAnalysis.summary.label")}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {items.map((item) => (
          <Card key={item.key} className="flex flex-col gap-1 p-4" data-testid={`summary-${item.key}`}>
            <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              <bdi dir="ltr">{item.value}</bdi>
            </dd>
            {item.note && <dd className="text-xs text-muted-foreground">{item.note}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}

function QuestionsTable({ questions }: { questions: readonly TItemStats[] }) {
  const { t, lang } = useAnalyticsT();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const head = "px-3 py-2.5 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground";
  return (
    <>
      <QuestionCards questions={questions} open={open} onToggle={toggle} />
      <div role="region" aria-label={t("itemAnalysis.questions.tableLabel")} tabIndex={0} className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:hidden print:overflow-visible print:shadow-none">
        <table className="w-full min-w-[52rem] border-collapse text-sm print:min-w-0 print:text-xs" data-testid="item-table">
          <thead>
            <tr className="border-b border-border bg-muted/50">
              <th scope="col" className={head}>
                {t("itemAnalysis.questions.question")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("itemAnalysis.questions.facility")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("itemAnalysis.questions.discrimination")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("itemAnalysis.questions.upperLower")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("itemAnalysis.questions.omitted")}
              </th>
              <th scope="col" className={head}>
                {t("itemAnalysis.questions.check")}
              </th>
            </tr>
          </thead>
          <tbody>
            {questions.map((q) => {
              const expanded = open.has(q.questionId);
              const detailsId = `ia-choices-${q.questionId}`;
              return (
                <Fragment key={q.questionId}>
                  <tr className={cn("border-b border-border align-top", q.flags.length > 0 && "bg-gold/5")} data-testid={`item-row-${q.number}`}>
                    <th scope="row" className="max-w-md px-3 py-3 text-start font-normal">
                      <QuestionLabel item={q} expanded={expanded} detailsId={detailsId} onToggle={() => toggle(q.questionId)} />
                    </th>
                    <td className="px-3 py-3 text-end tabular-nums" data-testid="item-facility">
                      <span className="flex flex-col items-end gap-1">
                        <span>{formatShare(lang, q.facility)}</span>
                        <Meter value={q.facility} />
                      </span>
                    </td>
                    <td className={cn("px-3 py-3 text-end tabular-nums", q.discrimination !== null && q.discrimination < 0 && "font-semibold text-destructive-text")} data-testid="item-discrimination">
                      <Coefficient value={q.discrimination} />
                    </td>
                    <td className="px-3 py-3 text-end tabular-nums">
                      <Coefficient value={q.upperLowerDifference} />
                    </td>
                    <td className="px-3 py-3 text-end tabular-nums">{formatShare(lang, q.omittedRate)}</td>
                    <td className="px-3 py-3" data-testid="item-flags">
                      <FlagList item={q} />
                      <KeyCheckNote item={q} />
                    </td>
                  </tr>
                  {hasChoices(q) && (
                    <tr id={detailsId} hidden={!expanded} className="border-b border-border bg-muted/30">
                      <td colSpan={6} className="px-3 py-3">
                        <ChoiceTables item={q} lang={lang} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Below md, each question is a card: the same label, figures and flags, with no sideways scrolling. */
function QuestionCards({ questions, open, onToggle }: { questions: readonly TItemStats[]; open: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const { t, lang } = useAnalyticsT();
  return (
    <ol className="flex flex-col gap-3 md:hidden" aria-label={t("itemAnalysis.questions.tableLabel")} data-testid="item-cards">
      {questions.map((q) => {
        const expanded = open.has(q.questionId);
        const detailsId = `ia-card-choices-${q.questionId}`;
        const figures = [
          [t("itemAnalysis.questions.facility"), formatShare(lang, q.facility)],
          [t("itemAnalysis.questions.discrimination"), formatCoefficient(lang, q.discrimination)],
          [t("itemAnalysis.questions.upperLower"), formatCoefficient(lang, q.upperLowerDifference)],
          [t("itemAnalysis.questions.omitted"), formatShare(lang, q.omittedRate)],
        ] as const;
        return (
          <li key={q.questionId} className={cn("flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm", q.flags.length > 0 && "border-gold/40")} data-testid={`item-card-${q.number}`}>
            <QuestionLabel item={q} expanded={expanded} detailsId={detailsId} onToggle={() => onToggle(q.questionId)} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {figures.map(([label, value]) => (
                <div key={label} className="flex flex-col">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">
                    <bdi dir="ltr">{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <FlagList item={q} />
            <KeyCheckNote item={q} />
            {hasChoices(q) && (
              <div id={detailsId} hidden={!expanded} className="overflow-x-auto">
                <ChoiceTables item={q} lang={lang} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function QuestionLabel({ item: q, expanded, detailsId, onToggle }: { item: TItemStats; expanded: boolean; detailsId: string; onToggle: () => void }) {
  const { t, lang } = useAnalyticsT();
  return (
    <span className="flex items-start gap-2">
      <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-accent text-xs font-bold text-accent-foreground tabular-nums">
        {formatNumber(lang, q.number)}
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="line-clamp-2 font-medium">{pick(lang, q.text.ar, q.text.en)}</span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>{t(`itemAnalysis.types.${q.type}`)}</span>
          <span>{t("itemAnalysis.questions.points", { count: q.points })}</span>
          {q.skill && <span className="rounded-full bg-muted px-2 text-foreground/80">{pick(lang, q.skill.name.ar, q.skill.name.en)}</span>}
        </span>
        {hasChoices(q) && (
          <button
            type="button"
            className="inline-flex w-fit items-center gap-1 text-xs font-semibold text-link underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none print:hidden"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
            data-testid={`item-choices-toggle-${q.number}`}
          >
            <ChevronDown aria-hidden="true" className={cn("size-3.5 transition-transform motion-reduce:transition-none", expanded && "rotate-180")} />
            {t("itemAnalysis.questions.showChoices", { number: formatNumber(lang, q.number) })}
          </button>
        )}
      </span>
    </span>
  );
}

function FlagList({ item: q }: { item: TItemStats }) {
  const { t } = useAnalyticsT();
  return q.flags.length ? (
    <ul className="flex flex-col gap-1">
      {q.flags.map((f) => (
        <li key={f} className="flex items-start gap-1.5 text-xs font-medium" data-flag={f}>
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-gold" />
          {t(`itemAnalysis.flags.${f}`)}
        </li>
      ))}
    </ul>
  ) : (
    <span className="text-xs text-muted-foreground">{t("itemAnalysis.questions.fine")}</span>
  );
}

/** A coefficient, kept left to right so the minus sign of a negative one stays in front of it in Arabic. */
function Coefficient({ value }: { value: number | null }) {
  const { lang } = useAnalyticsT();
  return <bdi dir="ltr">{formatCoefficient(lang, value)}</bdi>;
}

function Meter({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <span aria-hidden="true" className="block h-1.5 w-16 overflow-hidden rounded-full bg-muted">
      <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%` }} />
    </span>
  );
}

/** Options, a hotspot's areas (as options), or an inline choice's gaps (issue 36). */
function hasChoices(q: TItemStats): boolean {
  return q.options.length > 0 || (q.gaps?.length ?? 0) > 0;
}

/** A question's tables of choices: one of its options or areas, or one per gap of an inline choice. */
function ChoiceTables({ item, lang }: { item: TItemStats; lang: TLang }) {
  const { t } = useAnalyticsT();
  if (item.gaps?.length) {
    return (
      <div className="flex flex-col gap-4">
        {item.gaps.map((g, i) => (
          <Choices
            key={g.id}
            options={g.options}
            caption={t("itemAnalysis.choices.gapCaption", { n: formatNumber(lang, i + 1) })}
            header={t("itemAnalysis.choices.choice")}
            lang={lang}
            testId={`item-choices-${item.number}-gap-${i + 1}`}
          />
        ))}
      </div>
    );
  }
  const hotspot = item.type === "hotspot";
  return (
    <Choices
      options={item.options}
      caption={t(hotspot ? "itemAnalysis.choices.areaCaption" : "itemAnalysis.choices.caption")}
      header={t(hotspot ? "itemAnalysis.choices.area" : "itemAnalysis.choices.option")}
      lang={lang}
      testId={`item-choices-${item.number}`}
    />
  );
}

function Choices({ options, caption, header, lang, testId }: { options: TItemStats["options"]; caption: string; header: string; lang: TLang; testId: string }) {
  const { t } = useAnalyticsT();
  const cell = "px-2 py-1.5 text-end tabular-nums";
  const key = options.find((o) => o.isCorrect);
  return (
    <table className="w-full max-w-2xl text-sm" data-testid={testId}>
      <caption className="pb-2 text-start text-xs font-semibold text-muted-foreground">{caption}</caption>
      <thead>
        <tr className="text-xs text-muted-foreground">
          <th scope="col" className="px-2 py-1 text-start font-semibold">
            {header}
          </th>
          <th scope="col" className="px-2 py-1 text-end font-semibold">
            {t("itemAnalysis.choices.all")}
          </th>
          <th scope="col" className="px-2 py-1 text-end font-semibold">
            {t("itemAnalysis.choices.upper")}
          </th>
          <th scope="col" className="px-2 py-1 text-end font-semibold">
            {t("itemAnalysis.choices.lower")}
          </th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => {
          const lure = attractsStrong(o, key);
          return (
            <tr key={o.id} className={cn("border-t border-border/60", o.isCorrect && "font-semibold")}>
              <th scope="row" className="px-2 py-1.5 text-start font-[inherit]">
                <span className="flex flex-wrap items-center gap-2">
                  <span className={cn(o.id === "omitted" && "text-muted-foreground italic")}>{o.id === "omitted" ? t("itemAnalysis.choices.noAnswer") : pick(lang, o.text.ar, o.text.en)}</span>
                  {o.isCorrect && <span className="rounded-full border border-success-border bg-success px-2 text-xs text-success-foreground">{t("itemAnalysis.choices.key")}</span>}
                  {lure && <TriangleAlert aria-label={t("itemAnalysis.flags.distractor_attracts_strong")} className="size-3.5 text-gold" />}
                </span>
              </th>
              <td className={cell}>{formatShare(lang, o.share)}</td>
              <td className={cell}>{formatShare(lang, o.upperShare)}</td>
              <td className={cell}>{formatShare(lang, o.lowerShare)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Glossary() {
  const { t } = useAnalyticsT();
  const keys = ["facility", "discrimination", "upperLower", "omitted", "choices", "reliability", "sem"] as const;
  return (
    <section aria-labelledby="ia-glossary" className="print:break-inside-avoid">
      <Card className="p-5">
        <h2 id="ia-glossary" className="mb-3 text-lg font-bold">
          {t("itemAnalysis.glossary.title")}
        </h2>
        <ul className="flex flex-col gap-2.5 text-sm leading-relaxed" data-testid="item-analysis-glossary">
          {keys.map((k) => {
            // "Facility: the share…": the term before the first colon is set in bold.
            const text = t(`itemAnalysis.glossary.${k}`);
            const cut = text.indexOf(":");
            return (
              <li key={k}>
                {cut > 0 ? (
                  <>
                    <strong className="font-semibold">{text.slice(0, cut + 1)}</strong>
                    {text.slice(cut + 1)}
                  </>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      </Card>
    </section>
  );
}
