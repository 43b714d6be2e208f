// A strip of headline figures (a label over a number), as the results list and the dashboard show above their
// tables. Numbers stay left-to-right inside Arabic text.
import { cn } from "@web/lib/utils";

export type TFigure = { key: string; label: string; value: string };

export function Figures({ label, items, testId, className }: { label: string; items: readonly TFigure[]; testId: string; className?: string }) {
  return (
    <section aria-label={label} data-testid={testId}>
      <dl className={cn("grid grid-cols-2 gap-3", className)}>
        {items.map((f) => (
          <div key={f.key} className="flex flex-col gap-0.5 rounded-xl border border-border bg-card px-4 py-3" data-testid={`${testId}-${f.key}`}>
            <dt className="text-xs font-medium text-muted-foreground">{f.label}</dt>
            <dd className="text-xl font-bold tabular-nums">
              <bdi dir="ltr">{f.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
