// Formatted text in exams (issue 18; docs/decisions/0018): question texts, options and passages may carry bold,
// italic, underline ("أعرب ما تحته خط"), lists and the direction of a paragraph. It is stored as a small
// structured document — the JSON the editor (TipTap/ProseMirror) produces, cut down to the nodes and marks below —
// never as HTML: the browser draws it node by node with fixed elements, so no text can become markup.
// Beside every document the plain text is kept (derived here, one rule for the form and the server) for search,
// exports, reports and the places that show text without formatting. A text with no formatting stores no document.
import { z } from "zod";

export const RICH_MARKS = ["bold", "italic", "underline"] as const;
export type TRichMark = (typeof RICH_MARKS)[number];
export const RICH_DIRS = ["rtl", "ltr", "auto"] as const;
export type TRichDir = (typeof RICH_DIRS)[number];

export type TRichInline = { type: "text"; text: string; marks?: { type: TRichMark }[] } | { type: "hardBreak" };
export type TRichParagraph = { type: "paragraph"; attrs?: { dir?: TRichDir | null } | null; content?: TRichInline[] };
export type TRichList = { type: "bulletList" | "orderedList"; attrs?: { dir?: TRichDir | null } | null; content: TRichListItem[] };
export type TRichListItem = { type: "listItem"; content: TRichBlock[] };
export type TRichBlock = TRichParagraph | TRichList;
export type TRichDoc = { type: "doc"; content: TRichBlock[] };

/** Bounds on a document's shape, beside the plain text's own length limit: deep enough for a list in a list. */
export const MAX_RICH_NODES = 4000;
export const MAX_RICH_DEPTH = 4;

// Only the direction is kept of a node's attributes (the editor's others, such as a list's start, are dropped);
// a direction that is not one of ours is refused.
const ZDir = z.object({ dir: z.enum(RICH_DIRS).nullish() }).nullish();
const ZInline = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    text: z.string().max(20_000),
    // Marks other than ours are refused, not silently dropped: the author would lose formatting without a word.
    marks: z
      .array(z.object({ type: z.enum(RICH_MARKS) }))
      .max(RICH_MARKS.length)
      .optional(),
  }),
  z.object({ type: z.literal("hardBreak") }),
]);
const ZParagraph = z.object({ type: z.literal("paragraph"), attrs: ZDir, content: z.array(ZInline).max(MAX_RICH_NODES).optional() });
/** A paragraph or a list; exported because it holds itself (a list's items hold blocks), which the API document names. */
export const ZRichBlock: z.ZodType<TRichBlock> = z.lazy(() => z.discriminatedUnion("type", [ZParagraph, ZList]) as z.ZodType<TRichBlock>);
const ZListItem = z.object({ type: z.literal("listItem"), content: z.array(ZRichBlock).min(1).max(MAX_RICH_NODES) });
const ZList = z.object({ type: z.enum(["bulletList", "orderedList"]), attrs: ZDir, content: z.array(ZListItem).min(1).max(MAX_RICH_NODES) });

/** A document as sent by the editor; unknown node or mark types are refused (VALIDATION_FAILED). */
export const ZRichDoc = z
  .object({ type: z.literal("doc"), content: z.array(ZRichBlock).max(MAX_RICH_NODES) })
  .superRefine((doc, ctx) => {
    const { nodes, depth } = measure(doc as TRichDoc);
    if (nodes > MAX_RICH_NODES || depth > MAX_RICH_DEPTH) ctx.addIssue({ code: "custom", message: "TEXT_TOO_LONG" });
  }) as unknown as z.ZodType<TRichDoc>;

function measure(doc: TRichDoc): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const walk = (blocks: TRichBlock[], level: number) => {
    depth = Math.max(depth, level);
    for (const b of blocks) {
      nodes += 1;
      if (b.type === "paragraph") nodes += b.content?.length ?? 0;
      else
        for (const item of b.content) {
          nodes += 1;
          walk(item.content, level + 1);
        }
    }
  };
  walk(doc.content, 1);
  return { nodes, depth };
}

/**
 * The plain text of a document: one line per paragraph or list item, list items marked ("• ", "1. "), so that
 * a CSV, a report or a search sees the same words the student read.
 */
export function richPlainText(doc: TRichDoc): string {
  const lines: string[] = [];
  const walk = (blocks: TRichBlock[], indent: string) => {
    for (const b of blocks) {
      if (b.type === "paragraph") {
        lines.push(indent + (b.content ?? []).map((n) => (n.type === "text" ? n.text : "\n" + indent)).join(""));
        continue;
      }
      b.content.forEach((item, i) => {
        const bullet = b.type === "bulletList" ? "• " : `${i + 1}. `;
        const start = lines.length;
        walk(item.content, indent + "  ");
        if (lines.length > start) lines[start] = indent + bullet + lines[start]!.slice(indent.length + 2);
      });
    }
  };
  walk(doc.content, "");
  return lines.join("\n").trim();
}

/** A document holding `text` as it is: one paragraph per line. What the editor starts from for a plain text. */
export function richFromPlain(text: string): TRichDoc {
  const lines = text.split(/\r?\n/);
  return { type: "doc", content: lines.map((line) => (line ? { type: "paragraph", content: [{ type: "text", text: line }] } : { type: "paragraph" })) };
}

/**
 * The document as stored: marks in one order, a direction only where it differs from the field's language
 * (`base`), empty text nodes and empty paragraphs at either end dropped — or null when nothing is left that plain
 * text would not say as well (no mark, no list, no direction of its own), so plain texts stay plain.
 */
export function normalizeRich(doc: TRichDoc | null | undefined, base: "rtl" | "ltr"): TRichDoc | null {
  if (!doc) return null;
  let formatted = false;
  const dirOf = (attrs?: { dir?: TRichDir | null } | null) => {
    const dir = attrs?.dir;
    if (!dir || dir === base) return undefined;
    formatted = true;
    return { dir };
  };
  const inline = (nodes: TRichInline[] | undefined): TRichInline[] => {
    const out: TRichInline[] = [];
    for (const n of nodes ?? []) {
      if (n.type === "hardBreak") {
        out.push({ type: "hardBreak" });
        continue;
      }
      if (!n.text) continue;
      const marks = RICH_MARKS.filter((m) => n.marks?.some((x) => x.type === m));
      if (marks.length) formatted = true;
      const prev = out.at(-1);
      // Neighbours with the same marks become one node (the editor splits them as the author types).
      if (prev?.type === "text" && (prev.marks ?? []).map((m) => m.type).join() === marks.join()) prev.text += n.text;
      else out.push(marks.length ? { type: "text", text: n.text, marks: marks.map((type) => ({ type })) } : { type: "text", text: n.text });
    }
    return out;
  };
  const blocks = (list: TRichBlock[]): TRichBlock[] =>
    list.map((b): TRichBlock => {
      if (b.type === "paragraph") {
        const content = inline(b.content);
        const attrs = dirOf(b.attrs);
        return { type: "paragraph", ...(attrs ? { attrs } : {}), ...(content.length ? { content } : {}) };
      }
      formatted = true;
      const attrs = dirOf(b.attrs);
      return { type: b.type, ...(attrs ? { attrs } : {}), content: b.content.map((item) => ({ type: "listItem", content: blocks(item.content) })) };
    });
  const content = blocks(doc.content);
  const isEmpty = (b: TRichBlock | undefined) => b?.type === "paragraph" && !b.content;
  while (isEmpty(content[0])) content.shift();
  while (isEmpty(content.at(-1))) content.pop();
  return formatted && content.length ? { type: "doc", content } : null;
}

/** The direction of a field's language, which a document's paragraphs take unless they say otherwise. */
export const baseDir = (lang: "ar" | "en"): "rtl" | "ltr" => (lang === "ar" ? "rtl" : "ltr");
