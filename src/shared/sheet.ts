// A table as .xlsx cells (issue 19), one rule for the server's downloads and the browser's (credentials): a number
// is a number, everything else is text — typed, so "=…" is never a formula — and the header row is bold.
export type TSheetCell = { type: NumberConstructor; value: number; fontWeight?: "bold" } | { type: StringConstructor; value: string; fontWeight?: "bold" };

export function sheetCells(rows: unknown[][]): TSheetCell[][] {
  const cell = (v: unknown): TSheetCell =>
    typeof v === "number" && Number.isFinite(v) ? { type: Number, value: v } : { type: String, value: v === null || v === undefined ? "" : String(v) };
  return rows.map((r, i) => r.map((v) => (i === 0 ? { ...cell(v), fontWeight: "bold" as const } : cell(v))));
}

/** The sheet's options: an Arabic table reads right-to-left; the header stays in view. */
export const sheetOptions = (rtl: boolean) => ({ rightToLeft: rtl, stickyRowsCount: 1 });
