// The item analysis page's "Reliability and information" section (issue 35; docs/decisions/0045): the classical
// coefficients (alpha, λ2, Feldt–Gilmer, SEM), Lord's conditional SEM along the raw-score range, and — once the exam
// is calibrated — the test information curve and marginal reliability, each explained in one sentence. The charts
// are SVG (Recharts, decision 0013) drawn left to right in both languages, as the page's other charts' axes are
// numbers; a table is not repeated since each chart has a plain sentence and the figures are smooth curves.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card } from "@web/components/ui/card";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDateTime } from "@web/lib/format";
import { PRINT_CHART_WIDTH, usePrinting } from "@web/lib/print";
import { useExamReliability, type TExamReliability } from "../psychometrics-api";
import { formatCoefficient, useAnalyticsT, type TLang } from "../lib/use-analytics-t";

export function ReliabilitySection({ examId }: { examId: string }) {
  const { t } = useAnalyticsT();
  const query = useExamReliability(examId);
  return (
    <section aria-labelledby="ia-reliability" className="flex flex-col gap-3" data-testid="reliability-section">
      <h2 id="ia-reliability" className="text-lg font-bold">
        {t("psychometrics.reliability.title")}
      </h2>
      {query.data ? (
        <ReliabilityView data={query.data} />
      ) : query.isError ? (
        <ErrorState title={t("psychometrics.reliability.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="reliability-error" />
      ) : (
        <LoadingState label={t("psychometrics.reliability.loading")} testId="reliability-loading" />
      )}
    </section>
  );
}

function ReliabilityView({ data }: { data: TExamReliability }) {
  const { t, lang } = useAnalyticsT();
  const figures = [
    { key: "alpha", value: data.alpha },
    { key: "lambda2", value: data.lambda2 },
    { key: "feldtGilmer", value: data.feldtGilmer },
    { key: "sem", value: data.sem },
    ...(data.irt ? [{ key: "marginal", value: data.irt.marginalReliability }] : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      {data.alpha === null ? (
        <p className="text-sm text-muted-foreground" data-testid="reliability-too-few">
          {t("psychometrics.reliability.tooFew")}
        </p>
      ) : (
        data.complete < data.attempts && (
          <p className="text-sm text-muted-foreground" data-testid="reliability-incomplete">
            {t("psychometrics.reliability.incomplete", { complete: data.complete, attempts: data.attempts })}
          </p>
        )
      )}
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {figures.map((f) => (
          <Card key={f.key} className="flex flex-col gap-1 p-4" data-testid={`reliability-${f.key}`}>
            <dt className="text-xs font-medium text-muted-foreground">{t(`psychometrics.reliability.figures.${f.key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums">
              <bdi dir="ltr">{formatCoefficient(lang, f.value)}</bdi>
            </dd>
            <dd className="text-xs text-muted-foreground">{t(`psychometrics.reliability.explain.${f.key}`)}</dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="flex flex-col gap-2 p-4" data-testid="reliability-csem">
          <h3 className="text-base font-semibold">{t("psychometrics.reliability.csem.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("psychometrics.reliability.csem.explain")}</p>
          {data.csem ? (
            <>
              <CurveChart
                points={data.csem.map((c) => ({ x: c.x, y: c.csem }))}
                label={t("psychometrics.reliability.csem.chart")}
                xName={t("psychometrics.reliability.csem.x")}
                yName={t("psychometrics.reliability.csem.y")}
                lang={lang}
                testId="csem-chart"
              />
              {data.csemApproximate && <p className="text-xs text-muted-foreground">{t("psychometrics.reliability.csem.approximate")}</p>}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("psychometrics.reliability.csem.none")}</p>
          )}
        </Card>
        <Card className="flex flex-col gap-2 p-4" data-testid="reliability-information">
          <h3 className="text-base font-semibold">{t("psychometrics.reliability.information.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("psychometrics.reliability.information.explain")}</p>
          {data.irt && data.irt.curve.length > 0 ? (
            <>
              <CurveChart
                points={data.irt.curve.map((c) => ({ x: c.theta, y: c.information }))}
                label={t("psychometrics.reliability.information.chart")}
                xName={t("psychometrics.reliability.information.x")}
                yName={t("psychometrics.reliability.information.y")}
                lang={lang}
                testId="information-chart"
              />
              <p className="text-xs text-muted-foreground">
                {t("psychometrics.reliability.information.from", { model: t(`psychometrics.calibration.models.${data.irt.model}.name`), when: formatDateTime(lang, data.irt.createdAt) })}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="information-none">
              {t("psychometrics.reliability.information.none")}
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}

const HEIGHT = 200;

/** A smooth curve over numbers (raw score, θ): left to right in both languages, as a number line reads. */
function CurveChart({ points, label, xName, yName, lang, testId }: { points: { x: number; y: number }[]; label: string; xName: string; yName: string; lang: TLang; testId: string }) {
  const tick = { fill: "var(--color-muted-foreground)", fontSize: 11 };
  const printing = usePrinting();
  const two = (v: number) => formatCoefficient(lang, v);
  return (
    <div role="img" aria-label={label} className="h-[200px] w-full" dir="ltr" data-testid={testId}>
      <ResponsiveContainer width={printing ? PRINT_CHART_WIDTH / 2 : "100%"} height={HEIGHT}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 16, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="x"
            type="number"
            domain={["dataMin", "dataMax"]}
            tick={tick}
            stroke="var(--color-border)"
            tickFormatter={(v: number) => String(Math.round(v * 100) / 100)}
            label={{ value: xName, position: "insideBottom", offset: -10, fill: "var(--color-muted-foreground)", fontSize: 11 }}
          />
          <YAxis tick={tick} width={40} stroke="var(--color-border)" tickFormatter={two} />
          <Tooltip
            contentStyle={{ background: "var(--color-card)", border: "1px solid var(--color-border)", borderRadius: 12, color: "var(--color-foreground)" }}
            labelFormatter={(v) => `${xName}: ${String(v)}`}
            formatter={(v) => [two(Number(v)), yName]}
          />
          <Line type="monotone" dataKey="y" stroke="var(--color-primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
