import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

describe("csv", () => {
  it("reads quotes, commas, line breaks, CRLF and a BOM", () => {
    const text = '\uFEFFemail,name\r\n"a@b.c","Al Ain, ""the garden"""\r\nx@y.z,"two\nlines"\n\n';
    expect(parseCsv(text)).toEqual([
      ["email", "name"],
      ["a@b.c", 'Al Ain, "the garden"'],
      ["x@y.z", "two\nlines"],
    ]);
  });
  it("keeps Arabic as it is", () => {
    expect(parseCsv("name\nأحمد المنصوري")).toEqual([["name"], ["أحمد المنصوري"]]);
  });
  it("writes what it reads, with a BOM, and defuses formulas", () => {
    const rows = [["name", "note"], ["فاطمة", 'say "hi", then\nleave'], ["=HYPERLINK()", "-1"]];
    const out = toCsv(rows);
    expect(out.startsWith("\uFEFF")).toBe(true);
    expect(parseCsv(out)).toEqual([["name", "note"], ["فاطمة", 'say "hi", then\nleave'], ["'=HYPERLINK()", "'-1"]]);
  });

  it("writes numbers as numbers, negative ones included (a number is never a formula)", () => {
    expect(parseCsv(toCsv([[-0.25, 3, Number.NaN]]))).toEqual([["-0.25", "3", ""]]);
  });
});
