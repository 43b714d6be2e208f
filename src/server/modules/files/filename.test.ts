import { describe, expect, it } from "vitest";
import { contentDisposition, safeContentType, safeFilename } from "./filename";

describe("safe filenames", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["..\\..\\windows\\system.ini", "system.ini"],
    ["..", "file"],
    [".env", "env"],
    ["", "file"],
    ["report\u0000\u001b[31m.pdf", "report[31m.pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ['a<b>c:"d"|e?f*.txt', "a_b_c__d__e_f_.txt"],
    ["  خطة   التطوير.docx ", "خطة التطوير.docx"],
    ["نتائج الصف السادس.xlsx", "نتائج الصف السادس.xlsx"],
  ])("%j → %j", (raw, safe) => {
    expect(safeFilename(raw)).toBe(safe);
  });

  it("keeps the extension when shortening", () => {
    const name = safeFilename(`${"أ".repeat(300)}.pdf`);
    expect(name.length).toBe(150);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("Content-Disposition keeps Arabic names (RFC 5987) with an ASCII fallback", () => {
    expect(contentDisposition("خطة 1.pdf")).toBe(
      `attachment; filename="___ 1.pdf"; filename*=UTF-8''%D8%AE%D8%B7%D8%A9%201.pdf`,
    );
  });

  it("content types", () => {
    expect(safeContentType("application/pdf")).toBe("application/pdf");
    expect(safeContentType("text/html; charset=utf-8\r\nX-Evil: 1")).toBe("application/octet-stream");
    expect(safeContentType(undefined)).toBe("application/octet-stream");
  });
});
