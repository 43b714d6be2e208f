// An attempt's event trail on its result page, for staff (issue 16): when the student waited, started, reloaded,
// lost and found the connection, was given time (by whom, why) and submitted — or the clock did.
import { ChevronDown, History } from "lucide-react";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { ErrorState } from "@web/components/ui/states";
import { useAttemptTrail } from "../api";
import { formatDateTime, useSittingsT } from "../lib/use-sittings-t";

export function AttemptTrail({ attemptId }: { attemptId: string }) {
  const { t, lang } = useSittingsT();
  const trail = useAttemptTrail(attemptId);
  const open = typeof window !== "undefined" && window.location.hash === "#trail";
  return (
    <Card className="print:hidden" data-testid="attempt-trail">
      <details open={open} className="group">
        <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-5 outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <History aria-hidden="true" className="size-5 text-primary" />
          <span id="trail" className="flex-1 font-semibold">
            {t("trail.title")}
          </span>
          {trail.data && <span className="text-sm text-muted-foreground">{t("trail.count", { count: trail.data.items.length })}</span>}
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-border px-5 py-4">
          {trail.data ? (
            trail.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("trail.empty")}</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {trail.data.items.map((e, i) => (
                  <li key={i} className="grid gap-0.5 border-s-2 border-border ps-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3" data-testid="trail-event" data-kind={e.kind}>
                    <time dateTime={e.at} className="text-xs text-muted-foreground tabular-nums sm:text-sm">
                      {formatDateTime(lang, e.at)}
                    </time>
                    <span className="text-sm">
                      <span className="font-medium">{t(`trail.kind.${e.kind}`)}</span>
                      {e.kind === "time_granted" && (
                        <span className="block text-muted-foreground">
                          {t("trail.granted", { count: e.minutes ?? 0, name: e.actorName ?? t("trail.deletedUser") })}
                          {e.reason && (
                            <>
                              {" — "}
                              <bdi>{e.reason}</bdi>
                            </>
                          )}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            )
          ) : trail.isError ? (
            <ErrorState title={t("trail.loadFailed")} error={trail.error} onRetry={() => void trail.refetch()} testId="trail-error" />
          ) : (
            <Spinner />
          )}
        </div>
      </details>
    </Card>
  );
}
