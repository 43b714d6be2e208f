import { toCsv } from "@shared/csv";
import { sheetCells, sheetOptions } from "@shared/sheet";

/** Saves a blob as `filename` through a temporary link. */
function save(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves rows as a CSV file (UTF-8 with BOM, so Excel shows Arabic correctly). */
export function downloadCsv(filename: string, rows: unknown[][]): void {
  save(filename, new Blob([toCsv(rows)], { type: "text/csv;charset=utf-8" }));
}

/** Saves rows as an .xlsx file; the writer is loaded only when someone asks for one. */
export async function downloadXlsx(filename: string, rows: unknown[][], rtl: boolean): Promise<void> {
  const { default: writeExcelFile } = await import("write-excel-file/universal");
  save(filename, await writeExcelFile(sheetCells(rows), sheetOptions(rtl)).toBlob());
}
