// Linking (issue 35): the calibrations of the scale's subject with students of its grade; link one (method,
// drift threshold), read the report (A, B, each anchor's drift, flagged ones to drop and link again) and the
// true-score equating of its number-correct scores to the reference.
import { useQuery } from "@tanstack/react-query";
import { Link2, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { CONCURRENT_MODELS, LINK_METHODS, type TScaleLinking, type TScaleRun } from "@shared/schemas/scale";
import { Badge } from "@web/features/admin/components/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDateTime, formatNumber, pick } from "@web/lib/format";
import { scaleRunsQuery, useConcurrentLink, useLinkRun } from "./api";
import type { TScaleTabProps } from "./scale-page";
import { scalesFailureToast, scalesToast, useScalesT } from "./use-scales-t";

const fixed = (x: number, digits: number) => (Math.round(x * 10 ** digits) / 10 ** digits).toFixed(digits);

export default function LinkingTab({ scale }: TScaleTabProps) {
  const { t, lang } = useScalesT();
  const runs = useQuery(scaleRunsQuery(scale.id));
  const [selected, setSelected] = useState<string | null>(null);
  if (runs.isPending) return <LoadingState />;
  if (runs.isError) return <ErrorState title={t("loadFailed")} error={runs.error} onRetry={() => void runs.refetch()} />;
  const open = runs.data.find((r) => r.id === selected) ?? null;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h3">{t("linking.title")}</CardTitle>
          <CardDescription>{t("linking.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {runs.data.length === 0 ? (
            <EmptyState icon={Link2}>{t("linking.empty")}</EmptyState>
          ) : (
            <ul className="flex flex-col divide-y divide-border" data-testid="scale-runs">
              {runs.data.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 flex-col">
                    <bdi className="font-semibold">{pick(lang, r.examTitleAr ?? "", r.examTitleEn ?? "")}</bdi>
                    <span className="text-sm text-muted-foreground tabular-nums">
                      {/* Each part isolated: a Latin model name beside a date would reorder in a right-to-left line. */}
                      <bdi>{r.model.toUpperCase()}</bdi> · <bdi>{formatDateTime(lang, r.createdAt)}</bdi> · {t("linking.students")}: {formatNumber(lang, r.attempts)}
                    </span>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={r.isReference || r.linking ? "success" : "muted"}>
                      {r.isReference ? t("linking.reference") : r.linking ? t("linking.linked", { method: t(`linking.methods.${r.linking.method}`) }) : t("linking.notLinked")}
                    </Badge>
                    {/* A concurrent run is on the scale by its calibration, not by anchors: nothing to link again. */}
                    {!r.isReference && r.linking?.method !== "concurrent" && (
                      <Button size="sm" variant={selected === r.id ? "default" : "outline"} onClick={() => setSelected(r.id)} aria-pressed={selected === r.id}>
                        {t("linking.link")}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {open && <LinkPanel key={open.id} scaleId={scale.id} run={open} />}
      {scale.referenceCalibrationId && <ConcurrentCard scaleId={scale.id} runs={runs.data} />}
    </div>
  );
}

/**
 * Concurrent calibration (decision 0053): an exam of the subject calibrated together with the reference exam's
 * students, so it lands on the scale through the items they share without a linking step. Offered for the exams
 * the runs above come from (each calibrated once on its own first, which is where its items are looked at).
 */
function ConcurrentCard({ scaleId, runs }: { scaleId: string; runs: TScaleRun[] }) {
  const { t, lang } = useScalesT();
  const uid = useId();
  const reference = runs.find((r) => r.isReference);
  const exams = [...new Map(runs.filter((r) => r.examId && r.examId !== reference?.examId).map((r) => [r.examId!, r])).values()];
  const [examId, setExamId] = useState<string>("");
  const [model, setModel] = useState<(typeof CONCURRENT_MODELS)[number]>("2pl");
  const [report, setReport] = useState<TScaleLinking | null>(null);
  const run = useConcurrentLink(scaleId);
  if (exams.length === 0) return null;
  const submit = () =>
    run.mutate(
      { examId, model },
      {
        onSuccess: (saved) => {
          scalesToast("toast.linked");
          setReport(saved);
        },
        onError: (error) => scalesFailureToast(error, "toast.failedLink"),
      },
    );
  return (
    <Card data-testid="concurrent-card">
      <CardHeader>
        <CardTitle as="h3">{t("linking.concurrent.title")}</CardTitle>
        <CardDescription>{t("linking.concurrent.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex w-full flex-col gap-2 sm:w-72">
            <label htmlFor={`${uid}-exam`} className="text-sm font-medium">
              {t("linking.exam")}
            </label>
            <Select value={examId} onValueChange={setExamId}>
              <SelectTrigger id={`${uid}-exam`} data-testid="concurrent-exam">
                <SelectValue placeholder={t("linking.concurrent.choose")} />
              </SelectTrigger>
              <SelectContent>
                {exams.map((r) => (
                  <SelectItem key={r.examId!} value={r.examId!}>
                    {pick(lang, r.examTitleAr ?? "", r.examTitleEn ?? "")}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-40">
            <label htmlFor={`${uid}-model`} className="text-sm font-medium">
              {t("linking.concurrent.model")}
            </label>
            <Select value={model} onValueChange={(v) => setModel(v as (typeof CONCURRENT_MODELS)[number])}>
              <SelectTrigger id={`${uid}-model`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CONCURRENT_MODELS.map((m) => (
                  <SelectItem key={m} value={m}>
                    {m === "rasch" ? "Rasch" : "2PL"}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={submit} disabled={run.isPending || !examId} data-testid="concurrent-submit">
            {run.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {run.isPending ? t("linking.concurrent.running") : t("linking.concurrent.run")}
          </Button>
        </div>
        {report && (
          <p role="status" className="text-sm" data-testid="concurrent-report">
            {t("linking.concurrent.done", { count: report.anchors.length })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function LinkPanel({ scaleId, run }: { scaleId: string; run: TScaleRun }) {
  const { t, lang } = useScalesT();
  const uid = useId();
  const link = useLinkRun(scaleId);
  const [method, setMethod] = useState<(typeof LINK_METHODS)[number]>(run.linking && run.linking.method !== "concurrent" ? run.linking.method : "stocking-lord");
  const [threshold, setThreshold] = useState(String(run.linking?.driftThreshold ?? 0.5));
  const [report, setReport] = useState<TScaleLinking | null>(run.linking);
  const [drop, setDrop] = useState<Set<string>>(new Set(run.linking?.drift.filter((d) => d.flagged).map((d) => d.item)));

  const submit = (dropAnchors: string[]) =>
    link.mutate(
      { calibrationId: run.id, method, driftThreshold: Number(threshold), dropAnchors },
      {
        onSuccess: (saved) => {
          scalesToast("toast.linked");
          setReport(saved);
          setDrop(new Set(saved.drift.filter((d) => d.flagged).map((d) => d.item)));
        },
        onError: (error) => scalesFailureToast(error, "toast.failedLink"),
      },
    );
  // The question number in the run's exam; an anchor not on it (a bank item only the reference had) by its id.
  const short = (id: string) => report?.labels?.[id] ?? id.slice(0, 8);

  return (
    <Card data-testid="link-panel">
      <CardHeader>
        <CardTitle as="h3">
          <bdi>{pick(lang, run.examTitleAr ?? "", run.examTitleEn ?? "")}</bdi>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex w-full flex-col gap-2 sm:w-56">
            <label htmlFor={`${uid}-method`} className="text-sm font-medium">
              {t("linking.method")}
            </label>
            <Select value={method} onValueChange={(v) => setMethod(v as (typeof LINK_METHODS)[number])}>
              <SelectTrigger id={`${uid}-method`} data-testid="link-method">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LINK_METHODS.map((m) => (
                  <SelectItem key={m} value={m}>
                    {t(`linking.methods.${m}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-48">
            <label htmlFor={`${uid}-threshold`} className="text-sm font-medium">
              {t("linking.threshold")}
            </label>
            <Input id={`${uid}-threshold`} inputMode="decimal" dir="ltr" className="text-start tabular-nums" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
          </div>
          <Button onClick={() => submit(report?.dropped ?? [])} disabled={link.isPending} data-testid="link-submit">
            {link.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {t("linking.link")}
          </Button>
        </div>
        {report && (
          <section className="flex flex-col gap-4" data-testid="link-report" aria-label={t("linking.report")}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                [t("linking.A"), report.seA === null || report.seA === undefined ? fixed(report.A, 4) : `${fixed(report.A, 4)} ± ${fixed(report.seA, 4)}`],
                [t("linking.B"), report.seB === null || report.seB === undefined ? fixed(report.B, 4) : `${fixed(report.B, 4)} ± ${fixed(report.seB, 4)}`],
                [t("linking.method"), t(`linking.methods.${report.method}`)],
                [t("linking.anchors", { count: report.anchors.length }), t("linking.dropped", { count: report.dropped.length })],
              ].map(([k, v]) => (
                <div key={k} className="rounded-xl border border-border p-3">
                  <dt className="text-xs text-muted-foreground">{k}</dt>
                  <dd className="font-semibold tabular-nums">
                    <bdi dir={k === t("linking.A") || k === t("linking.B") ? "ltr" : undefined}>{v}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            {report.seA !== null && report.seA !== undefined && <p className="-mt-2 text-xs text-muted-foreground">{t("linking.seHint")}</p>}
            <div className="overflow-x-auto">
              <table className="w-full text-sm tabular-nums">
                <thead>
                  <tr className="border-b border-border text-start text-muted-foreground">
                    <th className="p-2 text-start font-medium">{t("linking.anchor")}</th>
                    <th className="p-2 text-start font-medium">{t("linking.bTo")}</th>
                    <th className="p-2 text-start font-medium">{t("linking.bTransformed")}</th>
                    <th className="p-2 text-start font-medium">{t("linking.drift")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.drift.map((d) => (
                    <tr key={d.item} className="border-b border-border last:border-0">
                      <td className="p-2">
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-4.5 accent-primary"
                            checked={drop.has(d.item)}
                            onChange={(e) => setDrop((s) => { const next = new Set(s); if (e.target.checked) next.add(d.item); else next.delete(d.item); return next; })}
                            aria-label={t("linking.drop", { item: short(d.item) })}
                          />
                          <code dir="ltr">{short(d.item)}</code>
                        </label>
                      </td>
                      <td className="p-2"><bdi dir="ltr">{fixed(d.bTo, 3)}</bdi></td>
                      <td className="p-2"><bdi dir="ltr">{fixed(d.bTransformed, 3)}</bdi></td>
                      <td className="p-2">
                        <span className="flex items-center gap-2">
                          <bdi dir="ltr">{fixed(d.drift, 3)}</bdi>
                          {d.flagged && <Badge variant="destructive">{t("linking.flagged")}</Badge>}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Button variant="outline" className="w-fit" disabled={link.isPending || drop.size === 0} onClick={() => submit([...new Set([...report.dropped, ...drop])])} data-testid="link-relink">
              {t("linking.relink")}
            </Button>
            {report.equating.length > 0 && (
              <details className="rounded-xl border border-border p-3">
                <summary className="cursor-pointer text-sm font-semibold">{t("linking.equating")}</summary>
                <table className="mt-2 w-full max-w-sm text-sm tabular-nums">
                  <thead>
                    <tr className="border-b border-border text-muted-foreground">
                      <th className="p-1 text-start font-medium">{t("linking.x")}</th>
                      <th className="p-1 text-start font-medium">{t("linking.y")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.equating.map((e) => (
                      <tr key={e.x}>
                        <td className="p-1">{formatNumber(lang, e.x)}</td>
                        <td className="p-1"><bdi dir="ltr">{fixed(e.y, 2)}</bdi></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
