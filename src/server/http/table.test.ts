// Tables in and out (issue 19): an .xlsx read by its bytes, a zip that unpacks too far refused before it is
// inflated, and downloads written as typed cells — never a formula — right-to-left for Arabic.
import { describe, expect, it } from "vitest";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import type { FastifyReply } from "fastify";
import { readTable, sendTable } from "./table";
import { AppError } from "./errors";

const reply = () => {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (k: string, v: string) => ((headers[k] = v), undefined) } as unknown as FastifyReply };
};
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof AppError ? e.code : e));

describe("reading a table", () => {
  it("reads an .xlsx's first sheet, whatever the file is called, numbers and dates as a CSV would hold them", async () => {
    const bytes = await writeXlsxFile([
      [{ value: "email" }, { value: "name" }, { value: "grade" }, { value: "joined" }],
      [{ value: "a@s.ae" }, { value: "أحمد المنصوري" }, { value: 8, type: Number }, { value: new Date("2026-09-01T00:00:00Z"), type: Date, format: "yyyy-mm-dd" }],
      [{ value: "" }, { value: "" }, { value: "" }, { value: "" }],
    ]).toBuffer();
    expect(await readTable(bytes)).toEqual([
      ["email", "name", "grade", "joined"],
      ["a@s.ae", "أحمد المنصوري", "8", "2026-09-01"],
    ]);
  });

  it("refuses a zip that is no spreadsheet, a broken one, and a spreadsheet that unpacks past 50 MB — declared or lying", async () => {
    expect(await refusal(readTable(Buffer.from(zipSync({ "notes.txt": new TextEncoder().encode("hello") }))))).toBe("IMPORT_UNREADABLE");
    expect(await refusal(readTable(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)])))).toBe("IMPORT_UNREADABLE");
    // A real roster with 60 MB of padding inside: the reader would read it happily, so only the cap refuses it.
    const roster = unzipSync(new Uint8Array(await writeXlsxFile([[{ value: "email" }], [{ value: "a@s.ae" }]]).toBuffer()));
    const padded = Buffer.from(zipSync({ ...roster, "xl/media/pad.bin": new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(padded.length).toBeLessThan(300_000);
    expect(await refusal(readTable(padded))).toBe("IMPORT_UNREADABLE");
    // The same archive claiming 100 bytes per entry (local header size at +22, central directory at +24).
    for (const [sig, at] of [["PK\x03\x04", 22], ["PK\x01\x02", 24]] as const) for (let i = padded.indexOf(sig); i >= 0; i = padded.indexOf(sig, i + 4)) padded.writeUInt32LE(100, i + at);
    expect(await refusal(readTable(padded))).toBe("IMPORT_UNREADABLE");
    // Without the padding the roster reads: the refusals above are the cap's.
    expect(await readTable(Buffer.from(zipSync(roster)))).toEqual([["email"], ["a@s.ae"]]);
  });
});

describe("sending a table", () => {
  const rows = [["الاسم", "الدرجة"], ["=HYPERLINK(\"http://x\")", 7.5], ["-2+3", -1]];

  it("writes CSV with a BOM and formula-like text neutralised", async () => {
    const { headers, reply: r } = reply();
    const csv = (await sendTable(r, "csv", { name: "qias-results", rows, rtl: true })) as string;
    expect(headers["content-disposition"]).toBe('attachment; filename="qias-results.csv"');
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")",7.5`);
  });

  it("writes .xlsx with typed cells (no formula anywhere), the header frozen, right-to-left only for Arabic", async () => {
    const { headers, reply: r } = reply();
    const xlsx = (await sendTable(r, "xlsx", { name: "qias-results", rows, rtl: true })) as Buffer;
    expect(headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(headers["content-disposition"]).toBe('attachment; filename="qias-results.xlsx"');
    expect(await readSheet(xlsx)).toEqual([["الاسم", "الدرجة"], ['=HYPERLINK("http://x")', 7.5], ["-2+3", -1]]);
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx))["xl/worksheets/sheet1.xml"]!);
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(sheet).toMatch(/rightToLeft="(1|true)"/);
    const ltr = strFromU8(unzipSync(new Uint8Array((await sendTable(reply().reply, "xlsx", { name: "x", rows, rtl: false })) as Buffer))["xl/worksheets/sheet1.xml"]!);
    expect(ltr).not.toMatch(/rightToLeft="(1|true)"/);
  });
});
