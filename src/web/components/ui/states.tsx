// The three states every list and page shares: loading, empty, and failed with a retry.
import { CircleAlert, RotateCw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { textIn, toErrorBody } from "@web/lib/errors";
import { asLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";

export function LoadingState({ label, testId = "list-loading", className }: { label?: string; testId?: string; className?: string }) {
  return (
    <Card className={cn("grid min-h-40 place-items-center p-10", className)} data-testid={testId}>
      <Spinner label={label} />
    </Card>
  );
}

/** An empty list: an icon, what is (not) there, an optional hint below it and an optional action. */
export function EmptyState({
  icon: Icon,
  children,
  hint,
  action,
  testId = "list-empty",
}: {
  icon: LucideIcon;
  children: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-12 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-2xl bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className={cn("max-w-md", hint ? "font-medium" : "text-muted-foreground")}>{children}</p>
      {hint && <p className="max-w-md text-sm text-muted-foreground">{hint}</p>}
      {action}
    </Card>
  );
}

/** Something failed to load: the spec's title (e.g. "Error fetching schools"), the server's words, and a retry. */
export function ErrorState({ title, error, onRetry, testId = "list-error" }: { title: string; error: unknown; onRetry?: () => void; testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 border-destructive/40 p-6" data-testid={testId}>
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive-text" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-destructive-text">{title}</p>
          <p className="text-sm text-muted-foreground">{textIn(toErrorBody(error).message, asLang(i18n.language))}</p>
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
