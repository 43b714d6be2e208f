// A table sent as it is read (issue 39): the results of an exam of 200,000 attempts leave as a CSV or an .xlsx without
// the server ever holding more than one batch of rows. CSV is lines; an .xlsx is a zip of XML parts, written here
// as a stream: each entry's size and CRC follow its data in a data descriptor (APPNOTE.TXT 4.3.9, general-purpose
// flag bit 3), so nothing waits for the whole sheet. The parts are the least SpreadsheetML (ECMA-376 Part 1, §18)
// a spreadsheet needs for what sendTable's workbooks show: typed cells (text never a formula), a bold header row
// kept in view, and a right-to-left sheet for Arabic. Written here rather than with a library: write-excel-file
// (docs/decisions/0021) builds the whole file in memory, and a streaming workbook writer would be a second large
// dependency for ~150 lines (docs/decisions/0060).
import { Readable } from "node:stream";
import { createDeflateRaw, crc32 } from "node:zlib";
import type { FastifyReply } from "fastify";
import { csvLines, CSV_BOM } from "../../shared/csv";
import type { TTableFormat } from "./table";

type TBatches = AsyncIterable<unknown[][]>;

/** Sends `header` and then each batch of rows as `name`.csv or `name`.xlsx, streamed. */
export function sendTableStream(reply: FastifyReply, format: TTableFormat, table: { name: string; header: unknown[]; batches: TBatches; rtl: boolean }) {
  reply.header("content-disposition", `attachment; filename="${table.name}.${format}"`);
  reply.header("cache-control", "private, no-store");
  if (format === "csv") {
    reply.header("content-type", "text/csv; charset=utf-8");
    return reply.send(Readable.from(csvChunks(table.header, table.batches)));
  }
  reply.header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  return reply.send(Readable.from(xlsxChunks(table.header, table.batches, table.rtl)));
}

async function* csvChunks(header: unknown[], batches: TBatches): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([header]);
  for await (const rows of batches) yield csvLines(rows);
}

// ---- SpreadsheetML

// XML 1.0 forbids most control characters even escaped: a name pasted with one would make the file unreadable.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (s: string) => s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row: a finite number is a number cell, anything else inline text (never a formula); `bold` uses style 1. */
function rowXml(values: unknown[], r: number, bold: boolean): string {
  const style = bold ? ' s="1"' : "";
  const cells = values.map((v, c) => {
    const ref = `${columnName(c)}${r}`;
    if (typeof v === "number" && Number.isFinite(v)) return `<c r="${ref}"${style}><v>${v}</v></c>`;
    const text = v === null || v === undefined ? "" : String(v);
    return text === "" ? "" : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
  });
  return `<row r="${r}">${cells.join("")}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

const STATIC_PARTS: [string, string][] = [
  [
    "[Content_Types].xml",
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  ["_rels/.rels", `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  ["xl/workbook.xml", `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`],
  [
    "xl/_rels/workbook.xml.rels",
    `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    "xl/styles.xml",
    `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

async function* sheetXml(header: unknown[], batches: TBatches, rtl: boolean): AsyncGenerator<string> {
  // The header row frozen (a pane split below row 1), as sheetOptions' stickyRowsCount does.
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"${rtl ? ' rightToLeft="1"' : ""}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(header, 1, true)}`;
  let r = 1;
  for await (const rows of batches) yield rows.map((row) => rowXml(row, ++r, false)).join("");
  yield "</sheetData></worksheet>";
}

// ---- a streamed zip (APPNOTE.TXT): deflated entries, each followed by its data descriptor, then the directory

type TEntry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
// Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8.
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
// 1980-01-01 00:00 in MS-DOS time and date: a fixed stamp keeps the same table's file the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

async function* xlsxChunks(header: unknown[], batches: TBatches, rtl: boolean): AsyncGenerator<Buffer> {
  const entries: TEntry[] = [];
  let offset = 0;
  async function* entry(path: string, text: AsyncIterable<string>): AsyncGenerator<Buffer> {
    const name = Buffer.from(path, "utf8");
    const local = Buffer.concat([u32(0x04034b50), u16(VERSION), u16(FLAGS), u16(DEFLATE), u16(DOS_TIME), u16(DOS_DATE), u32(0), u32(0), u32(0), u16(name.length), u16(0), name]);
    const e: TEntry = { name, crc: 0, compressed: 0, size: 0, offset };
    yield local;
    offset += local.length;
    // The text is deflated as it comes; its CRC and size are counted on the way in.
    const plain = Readable.from(
      (async function* () {
        for await (const s of text) {
          const b = Buffer.from(s, "utf8");
          e.crc = crc32(b, e.crc);
          e.size += b.length;
          yield b;
        }
      })(),
    );
    for await (const out of plain.pipe(createDeflateRaw())) {
      const b = out as Buffer;
      e.compressed += b.length;
      yield b;
    }
    offset += e.compressed;
    const descriptor = Buffer.concat([u32(0x08074b50), u32(e.crc), u32(e.compressed), u32(e.size)]);
    yield descriptor;
    offset += descriptor.length;
    entries.push(e);
  }
  async function* once(s: string) {
    yield s;
  }
  for (const [path, xml] of STATIC_PARTS) yield* entry(path, once(xml));
  yield* entry("xl/worksheets/sheet1.xml", sheetXml(header, batches, rtl));
  // Zip without its 64-bit extension counts to 4 GB and 65,535 entries: far beyond a results table (~60 MB for
  // 200,000 rows before deflating).
  const directory = Buffer.concat(
    entries.map((e) =>
      Buffer.concat([
        u32(0x02014b50), u16(VERSION), u16(VERSION), u16(FLAGS), u16(DEFLATE), u16(DOS_TIME), u16(DOS_DATE),
        u32(e.crc), u32(e.compressed), u32(e.size), u16(e.name.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(e.offset), e.name,
      ]),
    ),
  );
  yield directory;
  yield Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(directory.length), u32(offset), u16(0)]);
}
