// The item analysis page's "Calibration (IRT)" section (issue 35; docs/decisions/0045): run a calibration (a model
// chosen with a line on what it is for, confirmed first), the parameters of the latest run — or of an earlier run
// picked from the history — per question, each problem named in words.
import { LoaderCircle, Play } from "lucide-react";
import { useId, useState } from "react";
import { CALIBRATION_MODELS, type TCalibrationItem } from "@shared/schemas/psychometrics";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast } from "@web/components/ui/use-toast";
import { formatDateTime } from "@web/lib/format";
import { toErrorBody } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import { PROBLEM_KEYS, useCalibration, useCalibrationRuns, useRunCalibration, type TCalibrationDetail, type TCalibrationModel, type TCalibrationRun } from "../psychometrics-api";
import { formatCoefficient, formatNumber, useAnalyticsT, type TLang } from "../lib/use-analytics-t";


/** Below this p-value a question's fit is called poor (decision 0041's 1 % line). */
const MISFIT_P = 0.01;

export function CalibrationSection({ examId }: { examId: string }) {
  const { t } = useAnalyticsT();
  const runs = useCalibrationRuns(examId);
  const [chosen, setChosen] = useState<string | null>(null);
  const latestId = runs.data?.runs[0]?.id ?? null;
  const shownId = chosen ?? latestId;
  const run = useCalibration(shownId);

  return (
    <section aria-labelledby="ia-calibration" className="flex flex-col gap-3 print:break-inside-avoid" data-testid="calibration-section">
      <h2 id="ia-calibration" className="text-lg font-bold">
        {t("psychometrics.calibration.title")}
      </h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("psychometrics.calibration.intro")}</p>
      <RunForm examId={examId} onDone={(id) => setChosen(id)} />
      {runs.isError ? (
        <ErrorState title={t("psychometrics.calibration.loadFailed")} error={runs.error} onRetry={() => void runs.refetch()} testId="calibration-error" />
      ) : !runs.data || (shownId && !run.data && !run.isError) ? (
        <LoadingState label={t("psychometrics.calibration.loading")} testId="calibration-loading" />
      ) : runs.data.runs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground" data-testid="calibration-none">
          {t("psychometrics.calibration.none")}
        </p>
      ) : run.isError ? (
        <ErrorState title={t("psychometrics.calibration.loadFailed")} error={run.error} onRetry={() => void run.refetch()} testId="calibration-error" />
      ) : (
        run.data && <RunView run={run.data} latest={run.data.id === latestId} />
      )}
      {runs.data && runs.data.runs.length > 0 && <History runs={runs.data.runs} shownId={shownId} onShow={setChosen} />}
    </section>
  );
}

function RunForm({ examId, onDone }: { examId: string; onDone: (id: string) => void }) {
  const { t } = useAnalyticsT();
  const [model, setModel] = useState<TCalibrationModel>("2pl");
  const [confirming, setConfirming] = useState(false);
  const mutation = useRunCalibration(examId);
  const name = useId();
  const run = () =>
    mutation.mutate(model, {
      onSuccess: (result) => {
        setConfirming(false);
        onDone(result.id);
        toast({ variant: "success", title: t("psychometrics.calibration.done") });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ variant: "destructive", title: t("psychometrics.calibration.failed"), description: toErrorBody(error).message });
      },
    });
  return (
    <Card className="flex flex-col gap-4 p-4 print:hidden">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t("psychometrics.calibration.model")}</legend>
        <div className="grid gap-2 md:grid-cols-2">
          {CALIBRATION_MODELS.map((m) => (
            <label
              key={m}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                model === m && "border-primary bg-primary/5",
              )}
            >
              <input type="radio" name={name} value={m} checked={model === m} onChange={() => setModel(m)} className="mt-1 accent-[var(--color-primary)]" data-testid={`calibration-model-${m}`} />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{t(`psychometrics.calibration.models.${m}.name`)}</span>
                <span className="text-muted-foreground">{t(`psychometrics.calibration.models.${m}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button onClick={() => setConfirming(true)} disabled={mutation.isPending} data-testid="calibration-run">
          {mutation.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Play aria-hidden="true" className="rtl:-scale-x-100" />}
          {mutation.isPending ? t("psychometrics.calibration.running") : t("psychometrics.calibration.run")}
        </Button>
        {mutation.isPending && (
          <span role="status" className="ms-3 text-sm text-muted-foreground">
            {t("psychometrics.calibration.running")}
          </span>
        )}
      </div>
      <Dialog open={confirming} onOpenChange={(open) => !mutation.isPending && setConfirming(open)}>
        <DialogContent className="max-w-[440px]" data-testid="calibration-confirm">
          <DialogHeader>
            <DialogTitle>{t("psychometrics.calibration.confirmTitle")}</DialogTitle>
            <DialogDescription>{t("psychometrics.calibration.confirmBody", { model: t(`psychometrics.calibration.models.${model}.name`) })}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                {t("psychometrics.calibration.cancel")}
              </Button>
            </DialogClose>
            <Button onClick={run} disabled={mutation.isPending} data-testid="calibration-confirm-run">
              {mutation.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {mutation.isPending ? t("psychometrics.calibration.running") : t("psychometrics.calibration.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function runLine(t: ReturnType<typeof useAnalyticsT>["t"], lang: TLang, run: TCalibrationRun): string {
  return t("psychometrics.calibration.runSummary", {
    model: t(`psychometrics.calibration.models.${run.model}.name`),
    students: formatNumber(lang, run.students),
    items: formatNumber(lang, run.items),
    when: formatDateTime(lang, run.createdAt),
  });
}

function RunView({ run, latest }: { run: TCalibrationDetail; latest: boolean }) {
  const { t, lang } = useAnalyticsT();
  const threePl = run.model === "3pl";
  const head = "px-3 py-2.5 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground";
  const num = "px-3 py-2.5 text-end tabular-nums";
  return (
    <div className="flex flex-col gap-3" data-testid="calibration-run-view">
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-semibold">{latest ? t("psychometrics.calibration.latest") : t("psychometrics.calibration.shown")}</p>
        <p data-testid="calibration-summary">{runLine(t, lang, run)}</p>
        <p className="text-muted-foreground">
          {run.converged === false ? t("psychometrics.calibration.notConverged") : t("psychometrics.calibration.converged")}
          {run.minResponses !== null && <> · {t("psychometrics.calibration.minResponses", { min: formatNumber(lang, run.minResponses) })}</>}
        </p>
      </div>
      <div role="region" aria-label={t("psychometrics.calibration.tableLabel")} tabIndex={0} className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="calibration-table">
          <thead>
            <tr className="border-b border-border bg-muted/50">
              <th scope="col" className={head}>
                {t("psychometrics.calibration.columns.question")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.n")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.a")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.b")}
              </th>
              {threePl && (
                <th scope="col" className={cn(head, "text-end")}>
                  {t("psychometrics.calibration.columns.c")}
                </th>
              )}
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.seA")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.seB")}
              </th>
              <th scope="col" className={cn(head, "text-end")}>
                {t("psychometrics.calibration.columns.fit")}
              </th>
              <th scope="col" className={head}>
                {t("psychometrics.calibration.columns.note")}
              </th>
            </tr>
          </thead>
          <tbody>
            {run.questions.map((q) => (
              <tr key={q.itemVersionId} className={cn("border-b border-border last:border-b-0", q.problem && "bg-gold/5")} data-testid={`calibration-row-${q.number ?? "x"}`}>
                <th scope="row" className="px-3 py-2.5 text-start font-medium whitespace-nowrap">
                  {q.number === null ? t("psychometrics.calibration.removed") : formatNumber(lang, q.number)}
                </th>
                <td className={num}>{formatNumber(lang, q.n)}</td>
                <td className={num}>
                  <Figure value={q.a} />
                </td>
                <td className={num}>
                  <Figure value={q.b} />
                </td>
                {threePl && (
                  <td className={num}>
                    <Figure value={q.c} />
                  </td>
                )}
                <td className={num}>
                  <Figure value={q.se?.a ?? null} />
                </td>
                <td className={num}>
                  <Figure value={q.se?.b ?? null} />
                </td>
                <td className={num}>
                  <Figure value={q.fit?.p ?? null} />
                </td>
                <td className="min-w-56 px-3 py-2.5 text-sm" data-testid="calibration-note">
                  <Note item={q} min={run.minResponses} lang={lang} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-1 text-xs text-muted-foreground">
        {(["a", "b", ...(threePl ? ["c"] : []), "fit"] as const).map((k) => (
          <li key={k}>{t(`psychometrics.calibration.explain.${k}`)}</li>
        ))}
      </ul>
    </div>
  );
}

function Figure({ value }: { value: number | null }) {
  const { lang } = useAnalyticsT();
  return <bdi dir="ltr">{formatCoefficient(lang, value)}</bdi>;
}

function Note({ item, min, lang }: { item: TCalibrationItem; min: number | null; lang: TLang }) {
  const { t } = useAnalyticsT();
  if (item.problem)
    return (
      <span className="font-medium" title={item.problem.detail}>
        {t(`psychometrics.calibration.problems.${PROBLEM_KEYS[item.problem.reason]}`, { n: formatNumber(lang, item.n), min: formatNumber(lang, min ?? 30) })}
      </span>
    );
  if (item.fit?.p !== null && item.fit?.p !== undefined && item.fit.p < MISFIT_P) return <span className="font-medium text-destructive-text">{t("psychometrics.calibration.misfit")}</span>;
  return null;
}

function History({ runs, shownId, onShow }: { runs: TCalibrationRun[]; shownId: string | null; onShow: (id: string) => void }) {
  const { t, lang } = useAnalyticsT();
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <h3 className="text-base font-semibold">{t("psychometrics.calibration.history")}</h3>
      <ol aria-label={t("psychometrics.calibration.historyLabel")} className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-card" data-testid="calibration-history">
        {runs.map((run) => {
          const shown = run.id === shownId;
          return (
            <li key={run.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span className="flex flex-col gap-0.5">
                <span>{runLine(t, lang, run)}</span>
                <span className="text-xs text-muted-foreground">
                  {run.converged === false ? t("psychometrics.calibration.notConverged") : t("psychometrics.calibration.converged")}
                  {run.createdByName && <> · {t("psychometrics.calibration.by", { name: run.createdByName })}</>}
                </span>
              </span>
              <Button size="sm" variant={shown ? "default" : "outline"} aria-pressed={shown} onClick={() => onShow(run.id)}>
                {shown ? t("psychometrics.calibration.viewing") : t("psychometrics.calibration.view")}
              </Button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
