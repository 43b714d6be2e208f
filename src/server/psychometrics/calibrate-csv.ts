// The calibration file: a header row of item names, then one row per student, each cell a whole score 0..m or blank
// for an item the student was not presented (issue 35's CLI). Every fault is a CliError naming the row and column.

import { readFile } from "node:fs/promises";
import { decodeText, parseCsv, UnclosedQuoteError } from "../../shared/csv";
import { CliError, NOT_PRESENTED, type ResponseMatrix } from "./types";

const MAX_SCORE = 100;

/**
 * The rows of a psychometrics command's CSV file: the one reader of roster imports (shared/csv.ts — commas, or the
 * semicolons or tabs of an Excel in an Arabic locale; quoted cells; a BOM), strict about a quote never closed, which
 * would swallow the rest of the file. `file` names the file in the fault.
 */
export function parseCsvRows(text: string, file?: string): string[][] {
  try {
    return parseCsv(text, { strict: true });
  } catch (error) {
    if (error instanceof UnclosedQuoteError) throw new CliError(file ? `${file}, ${error.message}` : error.message);
    throw error;
  }
}

/** A file's text as Excel saves it (UTF-8, UTF-16 or Windows-1256: shared/csv.ts), or a plain fault. */
export async function readCsvText(file: string): Promise<string> {
  try {
    return decodeText(new Uint8Array(await readFile(file)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === "ENOENT" ? `no such file: ${file}` : code === "EISDIR" ? `${file} is a folder, not a CSV file` : `cannot read ${file} (${code ?? "error"})`);
  }
}

export function parseResponsesCsv(text: string): ResponseMatrix {
  const rows = parseCsvRows(text);
  if (rows.length === 0) throw new CliError("the file is empty: it needs a header row of item names and one row per student");
  const header = rows[0]!.map((name) => name.trim());
  if (header.some((name) => name !== "" && /^-?\d+(\.\d+)?$/.test(name)) && header.every((name) => name === "" || /^-?\d+(\.\d+)?$/.test(name))) {
    throw new CliError("line 1 holds numbers, not item names: the first row must be a header of item names");
  }
  header.forEach((name, column) => {
    if (name === "") throw new CliError(`line 1, column ${column + 1}: an item has no name`);
  });
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) throw new CliError(`line 1: the item name "${name}" appears twice`);
    seen.add(name);
  }
  if (rows.length === 1) throw new CliError("the file has a header but no students");
  const nItems = header.length;
  const nPersons = rows.length - 1;
  const data = new Int8Array(nPersons * nItems);
  for (let p = 0; p < nPersons; p++) {
    const row = rows[p + 1]!;
    const line = p + 2;
    if (row.length !== nItems) throw new CliError(`line ${line}: ${row.length} cells where the header has ${nItems} items`);
    for (let i = 0; i < nItems; i++) {
      const cell = row[i]!.trim();
      if (cell === "") {
        data[p * nItems + i] = NOT_PRESENTED;
        continue;
      }
      if (!/^\d+$/.test(cell) || Number(cell) > MAX_SCORE) {
        throw new CliError(`line ${line}, column ${i + 1} (${header[i]}): "${cell.slice(0, 20)}" is not a score (a whole number 0..${MAX_SCORE}, or blank for not presented)`);
      }
      data[p * nItems + i] = Number(cell);
    }
  }
  return { items: header, nPersons, data };
}
