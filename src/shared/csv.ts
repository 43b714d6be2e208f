// RFC 4180 CSV, read and written in one place (roster import, credentials and results downloads), and the text of
// a "CSV" file as Excel saves it in an Arabic locale (issue 19): UTF-8 with or without a BOM, UTF-16 ("Unicode
// text"), or Windows-1256; separated by commas, semicolons (where the comma is the decimal mark) or tabs.

/** The separators Excel writes, in the order a tie is settled. */
const DELIMITERS = [",", ";", "\t"] as const;
type TDelimiter = (typeof DELIMITERS)[number];

/**
 * A file's bytes as text. A BOM says the encoding; without one, NUL bytes mean UTF-16 (every Latin letter, digit
 * and line end is one byte and a NUL: after it in little-endian), bytes that are valid UTF-8 are UTF-8, and anything else is
 * Windows-1256 — the only legacy code page Excel uses for Arabic. The platform's own decoders (WHATWG TextDecoder,
 * in Node and every browser) do the decoding.
 */
export function decodeText(bytes: Uint8Array): string {
  const decode = (label: string, from = 0) => new TextDecoder(label).decode(bytes.subarray(from));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode("utf-8", 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", 2);
  const sample = bytes.subarray(0, 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddNul++;
    else evenNul++;
  }
  // Text in UTF-8 or a code page has no NUL byte at all; UTF-16 has one in every Latin letter, digit and line end.
  if (oddNul || evenNul) return decode(oddNul >= evenNul ? "utf-16le" : "utf-16be");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decode("windows-1256");
  }
}

/** The separator of the header line: the one it holds most of, outside quotes (a comma when it holds none). */
export function detectDelimiter(text: string): TDelimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best), DELIMITERS[0]);
}

/** A quoted field never closed (parseCsv with `strict`): the rest of the file would have been one field. */
export class UnclosedQuoteError extends Error {
  constructor(readonly line: number) {
    super(`line ${line}: a quoted cell is never closed`);
  }
}

/** Parses CSV text into rows of fields. Handles a UTF-8 BOM, quoted fields with separators, quotes and line
 *  breaks, and CRLF or LF line ends; the separator is the header line's (detectDelimiter). Blank lines are dropped.
 *  `strict`: a quote never closed throws UnclosedQuoteError (the line it opened on) rather than ending the field at the end. */
export function parseCsv(text: string, options: { strict?: boolean } = {}): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(src);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let openedOn = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\n") line++;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
      openedOn = line;
    } else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted && options.strict) throw new UnclosedQuoteError(openedOn);
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

function escapeField(value: unknown): string {
  // A number is data, never a formula: −0.12 stays a negative number.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const s = value === null || value === undefined ? "" : String(value);
  // A leading = + - @ makes spreadsheets run a formula: neutralise it (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  // Quoted whenever it holds any separator Excel may split on — a comma, or the semicolon or tab of a locale whose
  // list separator is one (Arabic, much of Europe): unquoted, "x;=2+2" would open as a name and a formula.
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows → CSV lines, each ended by CRLF: a part of a file that toCsv starts (or a streamed one, batch by batch). */
export function csvLines(rows: unknown[][]): string {
  return rows.map((r) => r.map(escapeField).join(",") + "\r\n").join("");
}

/** The byte-order mark that makes Excel read a CSV as UTF-8 (and so show Arabic). */
export const CSV_BOM = "\uFEFF";

/** Rows → CSV text with CRLF line ends and a BOM, so Excel opens Arabic correctly. */
export function toCsv(rows: unknown[][]): string {
  return CSV_BOM + csvLines(rows);
}
