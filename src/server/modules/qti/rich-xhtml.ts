// Formatted texts (shared/rich-text.ts) as QTI's XHTML and back (docs/decisions/0023): paragraphs as <p>, lists as
// <ul>/<ol>/<li>, bold as <strong>, italic as <em>, line breaks as <br/>, and underline — which QTI 3's XHTML has no
// element for — as <span class="qti-underline">, the class QTI 3's shared vocabulary names for it. A paragraph
// turned against its language keeps its dir. Whatever else an importer meets is read as its words.
import { richFromPlain, type TRichBlock, type TRichDir, type TRichDoc, type TRichInline, type TRichMark } from "../../../shared/rich-text";
import { el, textOf, type TXmlChild, type TXmlNode } from "./xml";

const MARK_ELEMENT: Record<TRichMark, (children: TXmlChild[]) => TXmlNode> = {
  bold: (c) => el("strong", {}, c),
  italic: (c) => el("em", {}, c),
  underline: (c) => el("span", { class: "qti-underline" }, c),
};

function inline(nodes: TRichInline[] | undefined): TXmlChild[] {
  return (nodes ?? []).map((n) => {
    if (n.type === "hardBreak") return el("br");
    // The outermost mark first, so <strong><em>…</em></strong> reads back as the same marks.
    return [...(n.marks ?? [])].reverse().reduce<TXmlChild>((inner, m) => MARK_ELEMENT[m.type]([inner]), n.text);
  });
}

function blocks(list: TRichBlock[]): TXmlNode[] {
  return list.map((b) => {
    const dir = b.attrs?.dir ?? undefined;
    if (b.type === "paragraph") return el("p", { dir }, inline(b.content));
    return el(b.type === "bulletList" ? "ul" : "ol", { dir }, b.content.map((item) => el("li", {}, blocks(item.content))));
  });
}

/** A field as XHTML blocks: its document, or its plain text a paragraph per line. */
export function toXhtml(doc: TRichDoc | null, text: string): TXmlNode[] {
  return blocks((doc ?? richFromPlain(text)).content);
}

const DIRS = new Set<string>(["rtl", "ltr", "auto"]);
const BLOCKS = new Set(["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "tr"]);

/**
 * XHTML back into a document: the elements above with their meaning, any other element as its words (a <div> or a
 * heading starts a paragraph, inline elements run on). Images, audio and interactions are the caller's and skipped
 * here.
 */
export function fromXhtml(children: TXmlChild[], skip: (n: TXmlNode) => boolean = () => false): TRichDoc {
  const out: TRichBlock[] = [];
  let para: TRichInline[] | null = null;
  let paraDir: TRichDir | undefined;
  const flush = () => {
    if (para && para.some((n) => n.type === "hardBreak" || n.text.trim())) out.push({ type: "paragraph", ...(paraDir ? { attrs: { dir: paraDir } } : {}), content: para });
    para = null;
    paraDir = undefined;
  };
  const addText = (text: string, marks: TRichMark[]) => {
    // Layout between elements ("\n      ") opens no paragraph and starts none with a space.
    const clean = para?.length ? text.replace(/\s+/g, " ") : text.replace(/\s+/g, " ").trimStart();
    if (!clean) return;
    para ??= [];
    para.push(marks.length ? { type: "text", text: clean, marks: marks.map((type) => ({ type })) } : { type: "text", text: clean });
  };
  const walkInline = (nodes: TXmlChild[], marks: TRichMark[]) => {
    for (const n of nodes) {
      if (typeof n === "string") addText(n, marks);
      else if (skip(n)) continue;
      else if (n.name === "br") (para ??= []).push({ type: "hardBreak" });
      else if (n.name === "ul" || n.name === "ol") {
        flush();
        const items = n.children.filter((c): c is TXmlNode => typeof c !== "string" && c.name === "li");
        const dir = DIRS.has(n.attrs.dir ?? "") ? (n.attrs.dir as TRichDir) : undefined;
        if (items.length) out.push({ type: n.name === "ul" ? "bulletList" : "orderedList", ...(dir ? { attrs: { dir } } : {}), content: items.map((li) => ({ type: "listItem", content: listItemBlocks(li) })) });
      } else if (BLOCKS.has(n.name)) {
        flush();
        paraDir = DIRS.has(n.attrs.dir ?? "") ? (n.attrs.dir as TRichDir) : undefined;
        walkInline(n.children, marks);
        flush();
      } else {
        const mark: TRichMark | null = n.name === "strong" || n.name === "b" ? "bold" : n.name === "em" || n.name === "i" ? "italic" : n.name === "u" || (n.attrs.class ?? "").split(/\s+/).includes("qti-underline") ? "underline" : null;
        walkInline(n.children, mark && !marks.includes(mark) ? [...marks, mark] : marks);
      }
    }
  };
  const listItemBlocks = (li: TXmlNode): TRichBlock[] => {
    const inner = fromXhtml(li.children, skip).content;
    return inner.length ? inner : [{ type: "paragraph", content: [{ type: "text", text: textOf(li).trim() || " " }] }];
  };
  walkInline(children, []);
  flush();
  // Spaces at the edges of a paragraph are layout, not words.
  for (const b of out) {
    if (b.type !== "paragraph" || !b.content?.length) continue;
    const first = b.content[0]!;
    const last = b.content.at(-1)!;
    if (first.type === "text") first.text = first.text.trimStart();
    if (last.type === "text") last.text = last.text.trimEnd();
  }
  return { type: "doc", content: out };
}
