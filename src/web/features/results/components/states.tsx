import { CircleAlert, RotateCw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { textIn, toErrorBody } from "@web/lib/errors";
import { useResultsT } from "../lib/format";

export function LoadingState({ label }: { label?: string }) {
  return (
    <Card className="grid min-h-40 place-items-center p-10" data-testid="results-loading">
      <Spinner label={label} />
    </Card>
  );
}

export function EmptyState({ icon: Icon, children, hint, action }: { icon: LucideIcon; children: ReactNode; hint?: ReactNode; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-12 text-center" data-testid="results-empty">
      <span className="grid size-12 place-items-center rounded-2xl bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md font-medium">{children}</p>
      {hint && <p className="max-w-md text-sm text-muted-foreground">{hint}</p>}
      {action}
    </Card>
  );
}

/** A failed load: our title, the server's words, and a retry. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t, lang } = useResultsT();
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 border-destructive/40 p-6" data-testid="results-error">
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive-text" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-destructive-text">{title}</p>
          <p className="text-sm text-muted-foreground">{textIn(toErrorBody(error).message, lang)}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t("list.retry")}
      </Button>
    </Card>
  );
}
