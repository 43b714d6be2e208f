// RFC 4180 CSV, read and written in one place (roster import, credentials and results downloads).

/** Parses CSV text into rows of fields. Handles a UTF-8 BOM, quoted fields with commas, quotes and line breaks,
 *  and CRLF or LF line ends. Blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
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
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows → CSV text with CRLF line ends and a BOM, so Excel opens Arabic correctly. */
export function toCsv(rows: unknown[][]): string {
  return "\uFEFF" + rows.map((r) => r.map(escapeField).join(",")).join("\r\n") + "\r\n";
}
