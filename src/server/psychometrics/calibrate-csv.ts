// The calibration file: a header row of item names, then one row per student, each cell a whole score 0..m or blank
// for an item the student was not presented (issue 35's CLI). Every fault is a CliError naming the row and column.

import { CliError, NOT_PRESENTED, type ResponseMatrix } from "./types";

const MAX_SCORE = 100;

/** Splits CSV text into rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF or LF). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (quoted) throw new CliError(`line ${rows.length + 1}: a quoted cell is never closed`);
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (a trailing newline, a gap) carry no student.
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ""));
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
