import { describe, expect, it } from "vitest";
import { decodeText, detectDelimiter, parseCsv, toCsv, UnclosedQuoteError } from "./csv";

describe("csv", () => {
  it("reads quotes, commas, line breaks, CRLF and a BOM", () => {
    const text = '\uFEFFemail,name\r\n"a@b.c","Al Ain, ""the garden"""\r\nx@y.z,"two\nlines"\n\n';
    expect(parseCsv(text)).toEqual([
      ["email", "name"],
      ["a@b.c", 'Al Ain, "the garden"'],
      ["x@y.z", "two\nlines"],
    ]);
  });
  it("strict: a quote never closed is refused with the line it opened on, not read as the rest of the file", () => {
    const text = 'a,b\n1,2\n"3,4\n5,6\n';
    expect(parseCsv(text)).toEqual([["a", "b"], ["1", "2"], ["3,4\n5,6\n"]]);
    expect(() => parseCsv(text, { strict: true })).toThrow(new UnclosedQuoteError(3));
    expect(parseCsv('"x\ny",z\n', { strict: true })).toEqual([["x\ny", "z"]]);
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

  it("quotes a field holding a semicolon or a tab, so a semicolon-separated Excel (Arabic, many European locales) keeps it one text cell", () => {
    const out = toCsv([["x;=2+2", "a\tb", "plain"]]);
    expect(out).toBe('\uFEFF"x;=2+2","a\tb",plain\r\n');
    // Read back with either separator, the field stays whole.
    expect(parseCsv(out)).toEqual([["x;=2+2", "a\tb", "plain"]]);
    expect(parseCsv(out.replaceAll(",", ";"))).toEqual([["x;=2+2", "a\tb", "plain"]]);
  });

  it("writes numbers as numbers, negative ones included (a number is never a formula)", () => {
    expect(parseCsv(toCsv([[-0.25, 3, Number.NaN]]))).toEqual([["-0.25", "3", ""]]);
  });
});

describe("a CSV as Excel saves it in an Arabic locale", () => {
  const rows = [
    ["email", "username", "name"],
    ["a@school.ae", "s01", "أحمد المنصوري"],
    ["b@school.ae", "s02", "فاطمة، بنت علي"],
  ];
  const text = (sep: string) => rows.map((r) => r.map((f) => (f.includes(sep) ? `"${f}"` : f)).join(sep)).join("\r\n") + "\r\n";
  // Windows-1256 by hand: ASCII as itself, and the Arabic letters of these names at their code-page places.
  const CP1256: Record<string, number> = { "أ": 0xc3, "ح": 0xcd, "م": 0xe3, "د": 0xcf, "ا": 0xc7, "ل": 0xe1, "ن": 0xe4, "ص": 0xd5, "و": 0xe6, "ر": 0xd1, "ي": 0xed, "ف": 0xdd, "ط": 0xd8, "ة": 0xc9, "،": 0xa1, "ب": 0xc8, "ت": 0xca, "ع": 0xda };
  const cp1256 = (s: string) => Uint8Array.from([...s].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : CP1256[c]!)));
  const utf16 = (s: string, bom: boolean, be = false) => {
    const out = Buffer.from((bom ? "\uFEFF" : "") + s, "utf16le");
    if (be) out.swap16();
    return new Uint8Array(out);
  };

  it("reads UTF-8 with and without a BOM, UTF-16 both ways with and without one, and Windows-1256", () => {
    const csv = text(",");
    for (const [name, bytes] of [
      ["utf-8", new TextEncoder().encode(csv)],
      ["utf-8 bom", new TextEncoder().encode("\uFEFF" + csv)],
      ["utf-16le bom", utf16(csv, true)],
      ["utf-16le", utf16(csv, false)],
      ["utf-16be bom", utf16(csv, true, true)],
      ["windows-1256", cp1256(csv)],
    ] as const) {
      expect(parseCsv(decodeText(bytes)), name).toEqual(rows);
    }
  });

  it("finds the separator: comma, semicolon or tab, never one inside quotes", () => {
    for (const sep of [",", ";", "\t"]) expect(parseCsv(text(sep)), JSON.stringify(sep)).toEqual(rows);
    expect(detectDelimiter('"a;b;c",d\r\n')).toBe(",");
    expect(detectDelimiter("email\r\nx;y;z")).toBe(",");
    // Excel's "Unicode text" is UTF-16 with tabs.
    expect(parseCsv(decodeText(utf16(text("\t"), true)))).toEqual(rows);
  });
});
