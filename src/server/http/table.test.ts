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

  it("refuses a zip that is no spreadsheet, a broken one, and one that would unpack to more than 50 MB — before inflating it", async () => {
    expect(await refusal(readTable(Buffer.from(zipSync({ "notes.txt": new TextEncoder().encode("hello") }))))).toBe("IMPORT_UNREADABLE");
    expect(await refusal(readTable(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)])))).toBe("IMPORT_UNREADABLE");
    const bomb = Buffer.from(zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(readTable(bomb))).toBe("IMPORT_UNREADABLE");
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
