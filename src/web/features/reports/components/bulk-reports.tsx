// "Generate for all graded attempts" of the exam the results list is filtered by (issue 14): a job on the server
// that survives a reload; the page finds it again and shows its progress (done / total, failed) until it ends.
// A second job generates again the reports and plans whose figures have changed (decision 0032): the card says how
// many are out of date, as the server counts them, and offers it only when some are.
import { FileStack, LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { TBulkJob } from "@shared/schemas/report";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { useBulkJob, useStaleCounts, useStartBulk } from "../api";
import { formatNumber, reportsText, useReportsT } from "../lib/use-reports-t";

const isActive = (job: TBulkJob | null | undefined) => !!job && (job.status === "queued" || job.status === "running");

export function BulkReports({ examId }: { examId: string }) {
  const { t, lang } = useReportsT();
  const job = useBulkJob(examId);
  const start = useStartBulk(examId);
  const startAgain = useStartBulk(examId, true);
  const stale = useStaleCounts(examId).data;
  const staleWhat = stale
    ? [stale.reports ? t("bulk.staleReports", { count: stale.reports }) : "", stale.plans ? t("bulk.stalePlans", { count: stale.plans }) : ""].filter(Boolean).join(t("bulk.staleAnd"))
    : "";
  const client = useQueryClient();
  const current = job.data ?? null;
  const active = isActive(current) || start.isPending || startAgain.isPending;

  // When a job this page watched comes to its end, say so once and refresh the lists it changed.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!current) return;
    if (isActive(current)) {
      watched.current = current.id;
      return;
    }
    if (watched.current !== current.id) return;
    watched.current = null;
    void client.invalidateQueries({ queryKey: ["reports"] });
    if (current.status === "failed") toast({ variant: "destructive", title: reportsText("bulk.jobFailed") });
    else toast({ variant: current.failed ? "destructive" : "success", title: reportsText(current.failed ? "bulk.doneWithFailures" : "bulk.done", { done: current.done, total: current.total ?? 0, failed: current.failed }) });
  }, [current, client]);

  const total = current?.total ?? null;
  const percent = current && total ? Math.round(((current.done + current.failed) / total) * 100) : 0;

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="bulk-reports" data-status={current?.status ?? "none"}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
            <FileStack aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-col gap-0.5">
            <h2 className="font-semibold">{t("bulk.title")}</h2>
            <p className="text-sm text-muted-foreground">{t("bulk.description")}</p>
          </div>
        </div>
        <Button
          className="w-fit shrink-0"
          disabled={active}
          aria-busy={active || undefined}
          data-testid="bulk-start"
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) => toast({ variant: "destructive", title: reportsText("bulk.startFailed"), description: toErrorBody(error).message }),
            })
          }
        >
          {active ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <FileStack aria-hidden="true" />}
          {start.isPending ? t("bulk.starting") : current && !isActive(current) ? t("bulk.again") : t("bulk.start")}
        </Button>
      </div>
      {staleWhat && (
        <div className="flex flex-col gap-2 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between" data-testid="bulk-stale">
          <div className="flex flex-col gap-0.5 text-sm">
            <p className="font-medium" data-testid="bulk-stale-count">
              {t("bulk.staleCount", { what: staleWhat })}
            </p>
            <p className="text-muted-foreground">{t("bulk.staleDescription")}</p>
          </div>
          <Button
            variant="outline"
            className="w-fit shrink-0"
            disabled={active}
            aria-busy={startAgain.isPending || undefined}
            data-testid="bulk-again-stale"
            onClick={() =>
              startAgain.mutate(undefined, {
                onError: (error) => toast({ variant: "destructive", title: reportsText("bulk.startFailed"), description: toErrorBody(error).message }),
              })
            }
          >
            {startAgain.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <RefreshCw aria-hidden="true" />}
            {startAgain.isPending ? t("bulk.starting") : t("bulk.staleStart")}
          </Button>
        </div>
      )}

      {current && (isActive(current) || current.status === "done" || current.status === "failed") && (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          {isActive(current) && (
            <div
              role="progressbar"
              aria-label={t("bulk.progressLabel")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-muted"
              data-testid="bulk-progress"
            >
              <div className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
            </div>
          )}
          <p className="text-sm text-muted-foreground" data-testid="bulk-status">
            {current.status === "queued"
              ? t("bulk.queued")
              : current.status === "failed"
                ? t("bulk.jobFailed")
                : total === 0
                  ? t("bulk.nothing")
                  : isActive(current)
                    ? `${t("bulk.running")} ${t("bulk.progress", { done: formatNumber(lang, current.done), total: formatNumber(lang, total ?? 0) })}`
                    : t("bulk.progress", { done: formatNumber(lang, current.done), total: formatNumber(lang, total ?? 0) })}
            {current.failed > 0 && <span className="ms-2 font-medium text-destructive-text">{t("bulk.failedCount", { count: current.failed })}</span>}
          </p>
        </div>
      )}
    </Card>
  );
}
