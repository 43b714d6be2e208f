import { Fragment, type ReactNode } from "react";
import { cn } from "@web/lib/utils";

export type TColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * On phones (below md) each row becomes a card: "title" is its heading line, "actions" its foot, "field" a
   * "label: value" line (default), "hidden" is left out.
   */
  mobile?: "title" | "actions" | "field" | "hidden";
  className?: string;
  headerClassName?: string;
};

/**
 * One table for every admin list. From md up: a plain table inside a labelled region that scrolls sideways if
 * it must. Below md: the same rows laid out as cards (explicit ARIA roles keep the table semantics when the
 * display changes), so a 390 px phone needs no sideways scrolling.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  after,
  className,
  testId,
}: {
  label: string;
  columns: readonly TColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => { className?: string; "data-testid"?: string };
  /** Rendered after a row, spanning every column (e.g. an expanded detail view). */
  after?: (row: T) => ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-ring md:overflow-x-auto md:border md:border-border md:bg-card md:shadow-sm",
        className,
      )}
      data-testid={testId}
    >
      <table role="table" className="w-full border-collapse text-sm max-md:block">
        <thead role="rowgroup" className="max-md:sr-only md:sticky md:top-0 md:z-10">
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
          {rows.map((row) => {
            const extra = rowProps?.(row) ?? {};
            const detail = after?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr
                  role="row"
                  data-testid={extra["data-testid"]}
                  className={cn(
                    "border-b border-border transition-colors last:border-b-0 md:hover:bg-muted/40",
                    "max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-2xl max-md:border max-md:bg-card max-md:p-4 max-md:shadow-sm max-md:last:border-b",
                    detail && "border-b-0 max-md:rounded-b-none max-md:border-b-0 max-md:shadow-none",
                    extra.className,
                  )}
                >
                  {columns.map((col) => {
                    const mobile = col.mobile ?? "field";
                    return (
                      <td
                        key={col.id}
                        role="cell"
                        className={cn(
                          "px-4 py-3 align-middle max-md:p-0",
                          mobile === "title" && "max-md:order-first max-md:text-base max-md:font-semibold",
                          mobile === "field" && "max-md:flex max-md:items-baseline max-md:gap-2",
                          mobile === "actions" && "max-md:order-last max-md:mt-1 max-md:border-t max-md:border-border max-md:pt-3",
                          mobile === "hidden" && "max-md:hidden",
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
                {detail}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
