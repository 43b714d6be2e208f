import { describe, expect, it } from "vitest";
import { normalizeRich, richFromPlain, richPlainText, ZRichDoc, type TRichDoc, type TRichInline } from "./rich-text";

const p = (...content: TRichInline[]) => ({ type: "paragraph" as const, content });
const t = (text: string, ...marks: ("bold" | "italic" | "underline")[]) => ({ type: "text" as const, text, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });

describe("rich text", () => {
  it("keeps the plain text of paragraphs, breaks and lists", () => {
    const doc: TRichDoc = {
      type: "doc",
      content: [
        p(t("أعرب ما تحته خط: "), t("ذهبَ", "underline"), t(" الطالبُ.")),
        { type: "orderedList", content: [{ type: "listItem", content: [p(t("الأول"))] }, { type: "listItem", content: [p(t("الثاني"))] }] },
        { type: "bulletList", content: [{ type: "listItem", content: [p(t("a"), { type: "hardBreak" }, t("b"))] }] },
      ],
    };
    expect(richPlainText(doc)).toBe("أعرب ما تحته خط: ذهبَ الطالبُ.\n1. الأول\n2. الثاني\n• a\n  b");
  });

  it("keeps tashkeel exactly as typed", () => {
    const text = "إِنَّمَا الأَعْمَالُ بِالنِّيَّاتِ";
    expect(richPlainText(richFromPlain(text))).toBe(text);
  });

  it("stores no document for a text without formatting, and the direction only where it differs", () => {
    expect(normalizeRich(richFromPlain("سطر\nسطر آخر"), "rtl")).toBeNull();
    expect(normalizeRich({ type: "doc", content: [{ type: "paragraph", attrs: { dir: "rtl" }, content: [t("نص")] }] }, "rtl")).toBeNull();
    expect(normalizeRich({ type: "doc", content: [{ type: "paragraph", attrs: { dir: "ltr" }, content: [t("E = mc²")] }] }, "rtl")).toEqual({
      type: "doc",
      content: [{ type: "paragraph", attrs: { dir: "ltr" }, content: [t("E = mc²")] }],
    });
  });

  it("merges neighbours with the same marks, orders marks, drops empty ends", () => {
    const doc: TRichDoc = {
      type: "doc",
      content: [{ type: "paragraph" }, p(t("a", "underline", "bold"), t("b", "bold", "underline"), t(""), t("c")), { type: "paragraph" }],
    };
    expect(normalizeRich(doc, "ltr")).toEqual({ type: "doc", content: [p(t("ab", "bold", "underline"), t("c"))] });
  });

  it("refuses nodes, marks and directions it does not know", () => {
    const bad = [
      { type: "doc", content: [{ type: "html", content: "<script>alert(1)</script>" }] },
      { type: "doc", content: [p({ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] } as never)] },
      { type: "doc", content: [{ type: "paragraph", attrs: { dir: 'rtl" onclick="x' }, content: [t("x")] }] },
      { type: "doc", content: [{ type: "image", attrs: { src: "x" } }] },
      { type: "doc", content: "x" },
      "<b>x</b>",
    ];
    for (const doc of bad) expect(ZRichDoc.safeParse(doc).success, JSON.stringify(doc)).toBe(false);
  });

  it("refuses documents nested too deep or with too many nodes", () => {
    let block: TRichDoc["content"][number] = p(t("x"));
    for (let i = 0; i < 6; i++) block = { type: "bulletList", content: [{ type: "listItem", content: [block] }] };
    expect(ZRichDoc.safeParse({ type: "doc", content: [block] }).success).toBe(false);
    const many = { type: "doc", content: Array.from({ length: 2100 }, () => p(t("x"), t("y", "bold"))) };
    expect(ZRichDoc.safeParse(many).success).toBe(false);
  });

  it("drops attributes other than the direction", () => {
    const parsed = ZRichDoc.parse({ type: "doc", attrs: { dir: "rtl" }, content: [{ type: "orderedList", attrs: { start: 3, style: "x" }, content: [{ type: "listItem", attrs: { dir: "rtl" }, content: [p(t("a"))] }] }] });
    expect(parsed).toEqual({ type: "doc", content: [{ type: "orderedList", attrs: {}, content: [{ type: "listItem", content: [p(t("a"))] }] }] });
  });
});
