import { CircleAlert, RotateCw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { textIn, toErrorBody } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import { useTakingT } from "../lib/use-taking-t";

export function LoadingState({ label, testId = "taking-loading", className }: { label?: string; testId?: string; className?: string }) {
  return (
    <Card className={cn("grid min-h-40 place-items-center p-10", className)} data-testid={testId}>
      <Spinner label={label} />
    </Card>
  );
}

export function EmptyState({ icon: Icon, children, testId }: { icon: LucideIcon; children: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-10 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-2xl bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md text-muted-foreground">{children}</p>
    </Card>
  );
}

/** Something failed to load: the words of SPEC §8 as the title, the server's message, and a retry. */
export function ErrorState({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry?: () => void; testId?: string }) {
  const { t, lang } = useTakingT();
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 border-destructive/40 p-6" data-testid={testId}>
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive-text" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-destructive-text">{title}</p>
          <p className="text-sm text-muted-foreground">{textIn(toErrorBody(error).message, lang)}</p>
        </div>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t("common.retry")}
        </Button>
      )}
    </Card>
  );
}
