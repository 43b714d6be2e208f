// Tables in and out as schools keep them (issue 19): a roster arrives as .xlsx or as a "CSV" in whatever encoding
// and separator Excel wrote it (shared/csv.ts), and every download is offered as CSV and as .xlsx — an Arabic
// sheet right-to-left. Libraries: read-excel-file and write-excel-file (docs/decisions/0021).
import type { FastifyReply } from "fastify";
import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import { decodeText, parseCsv, toCsv, UnclosedQuoteError } from "../../shared/csv";
import { sheetCells, sheetOptions } from "../../shared/sheet";
import { parseInThread } from "../parse-pool";
import { AppError } from "./errors";
import { isZip, unzipCapped } from "./zip";

export const TABLE_FORMATS = ["csv", "xlsx"] as const;
export type TTableFormat = (typeof TABLE_FORMATS)[number];

/** What an .xlsx may unpack to: a roster of 5,000 rows is a few megabytes; more is a zip bomb, not a roster. */
const MAX_XLSX_UNPACKED_BYTES = 50 * 1024 * 1024;
const unreadable = () => new AppError("IMPORT_UNREADABLE");

/** A cell as the text a CSV would have held: 8 not "8.0", a date as 2026-09-01, an empty cell as "". */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 10);
  return String(v);
}

/**
 * A roster's CSV text as rows. Strict about a quote never closed: read loosely, one stray quote would make the rest
 * of the file a single cell, and the import would refuse it for the wrong reason (or a preview show nonsense).
 */
export function readCsvTable(text: string): string[][] {
  try {
    return parseCsv(text, { strict: true });
  } catch (error) {
    if (error instanceof UnclosedQuoteError) throw new AppError("IMPORT_UNCLOSED_QUOTE", { vars: { line: error.line } });
    throw error;
  }
}

/** An uploaded table's rows: the first sheet of an .xlsx (known by its bytes, whatever its name), or CSV text. */
export async function readTable(bytes: Buffer): Promise<string[][]> {
  if (!isZip(bytes)) return readCsvTable(decodeText(bytes));
  // Off the event loop (parse-pool.ts): a crafted workbook costs its own thread, not the exam morning's sign-ins.
  return parseInThread("xlsx", bytes, unreadable);
}

/** An .xlsx's first sheet as rows of text, read where it is called (a parse thread: readTable). */
export async function readXlsxRows(bytes: Buffer): Promise<string[][]> {
  // Unpacked once within the cap (http/zip.ts) before the reader inflates it: a lying zip stops here.
  unzipCapped(bytes, MAX_XLSX_UNPACKED_BYTES, { notZip: unreadable, bomb: unreadable, unsafePath: unreadable });
  try {
    const rows = await readSheet(bytes);
    return rows.map((r) => r.map(cellText)).filter((r) => r.some((f) => f.trim() !== ""));
  } catch {
    throw unreadable();
  }
}

/**
 * Sends `rows` as a download named `name`.csv or `name`.xlsx. CSV: UTF-8 with a BOM, formula-like text neutralised
 * (toCsv). XLSX: typed cells, the header bold and frozen (shared/sheet.ts).
 */
export async function sendTable(reply: FastifyReply, format: TTableFormat, table: { name: string; rows: unknown[][]; rtl: boolean }) {
  reply.header("content-disposition", `attachment; filename="${table.name}.${format}"`);
  reply.header("cache-control", "private, no-store");
  if (format === "csv") {
    reply.header("content-type", "text/csv; charset=utf-8");
    return toCsv(table.rows);
  }
  reply.header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  return writeXlsxFile(sheetCells(table.rows), sheetOptions(table.rtl)).toBuffer();
}
