import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export const SECTION_HEADING_ID = "section-heading";

/** The page's heading (an h2 under the dashboard's h1), its one-line description, and its main actions. */
export function SectionHeader({ icon: Icon, title, description, actions }: { icon: LucideIcon; title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex min-w-0 items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id={SECTION_HEADING_ID} className="text-xl font-bold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
