// Where the answers are (issue 7): Saved / Saving… / Offline — waiting to send (n) / not saved yet, trying again
// (n) / Error Saving Answers with the server's words; answers the server kept for the proctor (issue 37). Not a live
// region itself: the page's announcer says the trouble and its end (lib/announcer.ts), without a "Saving… Saved" after every answer.
import { AlertTriangle, CloudCheck, LoaderCircle, RotateCw, WifiOff } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { textIn } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import type { TSyncSnapshot } from "../lib/answer-sync";
import { useTakingT } from "../lib/use-taking-t";

export function SaveStatus({ sync, onRetry, className }: { sync: TSyncSnapshot; onRetry: () => void; className?: string }) {
  const { t, lang } = useTakingT();
  const { state, pending, error } = sync;
  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      <div
        data-testid="save-status"
        data-state={state}
        data-pending={pending}
        className={cn(
          "flex min-w-0 items-center gap-1.5 text-sm font-medium",
          state === "saved" && "text-muted-foreground",
          state === "saving" && "text-foreground",
          (state === "offline" || state === "retrying") && "text-gold",
          state === "error" && "text-destructive-text",
        )}
      >
        {state === "saved" && <CloudCheck aria-hidden="true" className="size-4 shrink-0" />}
        {state === "saving" && <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />}
        {state === "offline" && <WifiOff aria-hidden="true" className="size-4 shrink-0" />}
        {state === "retrying" && <RotateCw aria-hidden="true" className="size-4 shrink-0" />}
        {state === "error" && <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />}
        <span className="min-w-0">
          {state === "saved" && t("save.saved")}
          {state === "saving" && t("save.saving")}
          {state === "offline" && t("save.offline", { count: pending })}
          {state === "retrying" && t("save.retrying", { count: Object.keys(sync.problems).length })}
          {state === "error" && (
            <>
              <span className="font-semibold">{t("save.error")}</span>
              {error && <span className="block text-xs font-normal">{textIn(error.message, lang)}</span>}
            </>
          )}
        </span>
      </div>
      {sync.held > 0 && (
        <p role="status" aria-live="polite" className="text-xs text-gold" data-testid="save-held">
          {t("save.held", { count: sync.held })}
        </p>
      )}
      {state === "error" && (
        <Button variant="outline" size="sm" onClick={onRetry} className="h-8">
          <RotateCw aria-hidden="true" />
          {t("common.retry")}
        </Button>
      )}
    </div>
  );
}
