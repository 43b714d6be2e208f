import type { ReactNode } from "react";
import { cn } from "@web/lib/utils";

export type TColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Below md each row is a card: "title" is its heading line, "actions" its foot, "field" a "label: value" line. */
  mobile?: "title" | "actions" | "field";
  className?: string;
  headerClassName?: string;
};

/**
 * From md up a plain table in a labelled region that scrolls sideways if it must; below md the same rows laid
 * out as cards (explicit ARIA roles keep the table semantics when the display changes), so a 390 px phone needs
 * no sideways scrolling.
 */
export function ResultsTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  testId,
}: {
  label: string;
  columns: readonly TColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
  testId?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-ring md:overflow-x-auto md:border md:border-border md:bg-card md:shadow-sm"
      data-testid={testId}
    >
      <table role="table" className="w-full border-collapse text-sm max-md:block">
        <thead role="rowgroup" className="max-md:sr-only">
          <tr role="row" className="border-b border-border bg-muted">
            {columns.map((col) => (
              <th
                key={col.id}
                role="columnheader"
                scope="col"
                className={cn("px-4 py-3 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground", col.headerClassName)}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
          {rows.map((row) => (
              <tr
                key={rowKey(row)}
                role="row"
                data-testid={rowTestId}
                className={cn(
                  "border-b border-border transition-colors last:border-b-0 md:hover:bg-muted/40",
                  "max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-2xl max-md:border max-md:bg-card max-md:p-4 max-md:shadow-sm max-md:last:border-b",
                )}
              >
                {columns.map((col) => {
                  const mobile = col.mobile ?? "field";
                  return (
                    <td
                      key={col.id}
                      role="cell"
                      data-column={col.id}
                      className={cn(
                        "px-4 py-3 align-middle max-md:p-0",
                        mobile === "title" && "max-md:order-first max-md:text-base max-md:font-semibold",
                        mobile === "field" && "max-md:flex max-md:items-baseline max-md:gap-2",
                        mobile === "actions" && "max-md:order-last max-md:mt-1 max-md:border-t max-md:border-border max-md:pt-3",
                        col.className,
                      )}
                    >
                      {mobile === "field" && (
                        <span aria-hidden="true" className="w-24 shrink-0 text-xs font-medium text-muted-foreground md:hidden">
                          {col.header}
                        </span>
                      )}
                      <span className="min-w-0 max-md:break-words">{col.cell(row)}</span>
                    </td>
                  );
                })}
              </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
