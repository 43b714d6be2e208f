// XML for QTI packages (issue 19; docs/decisions/0023): written by a small element builder (every text and attribute
// escaped in one place) and read by fast-xml-parser into the same small tree, so the writer and the reader of a
// package speak one shape.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { AppError } from "../../http/errors";
import { MAX_QTI_XML_DEPTH, MAX_QTI_XML_MB } from "../../../shared/limits";

export type TXmlNode = { name: string; attrs: Record<string, string>; children: TXmlChild[] };
export type TXmlChild = TXmlNode | string;

/** An element; attributes that are undefined or null are left out, children that are null or false too. */
export function el(name: string, attrs: Record<string, string | number | null | undefined> = {}, ...children: (TXmlChild | null | false | undefined | (TXmlChild | null | false | undefined)[])[]): TXmlNode {
  const a: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) a[k] = String(v);
  const kids = children.flat().filter((c): c is TXmlChild => c !== null && c !== false && c !== undefined);
  return { name, attrs: a, children: kids };
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");

export function serialize(node: TXmlNode): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (n: TXmlChild) => {
    if (typeof n === "string") return void out.push(escapeText(n));
    out.push("<", n.name);
    for (const [k, v] of Object.entries(n.attrs)) out.push(" ", k, '="', escapeAttr(v), '"');
    if (!n.children.length) return void out.push("/>");
    out.push(">");
    n.children.forEach(write);
    out.push("</", n.name, ">");
  };
  write(node);
  return out.join("");
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Prefixes differ between tools (qti:, imscp:, none); names are compared without them. xml:lang keeps its meaning as "lang".
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  // Deeper than this is no QTI anyone writes; the parser refuses it (QTI_XML_TOO_DEEP) before our walks recurse.
  maxNestedTags: MAX_QTI_XML_DEPTH,
});

type TRaw = Record<string, unknown> & { ":@"?: Record<string, string> };

function convert(raw: TRaw[]): TXmlChild[] {
  const out: TXmlChild[] = [];
  for (const item of raw) {
    if ("#text" in item) {
      out.push(String(item["#text"]));
      continue;
    }
    const name = Object.keys(item).find((k) => k !== ":@");
    if (!name || name.startsWith("?") || name === "#comment") continue;
    out.push({ name, attrs: { ...(item[":@"] ?? {}) }, children: convert(item[name] as TRaw[]) });
  }
  return out;
}

/**
 * The root element of an XML file of a package, or QTI_MALFORMED_XML naming the file. A DOCTYPE is refused: QTI
 * needs none, and its entities are how a few bytes of XML expand into gigabytes. A file past MAX_QTI_XML_MB is
 * refused unread (parsing takes some 35 times its size in memory), and one nested past MAX_QTI_XML_DEPTH likewise.
 */
export function parseXml(bytes: Uint8Array, file: string): TXmlNode {
  const bad = () => new AppError("QTI_MALFORMED_XML", { vars: { file } });
  if (bytes.length > MAX_QTI_XML_MB * 1024 * 1024) throw new AppError("QTI_XML_TOO_LARGE", { vars: { file, limitMb: MAX_QTI_XML_MB } });
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (/<!DOCTYPE/i.test(text)) throw bad();
  if (XMLValidator.validate(text) !== true) throw bad();
  let parsed: TRaw[];
  try {
    parsed = parser.parse(text) as TRaw[];
  } catch (err) {
    if (err instanceof Error && /nested tags/i.test(err.message)) throw new AppError("QTI_XML_TOO_DEEP", { vars: { file, limit: MAX_QTI_XML_DEPTH }, cause: err });
    throw new AppError("QTI_MALFORMED_XML", { vars: { file }, cause: err });
  }
  const root = convert(parsed).find((c): c is TXmlNode => typeof c !== "string");
  if (!root) throw bad();
  return root;
}

/** Direct children named `name`. */
export const kids = (n: TXmlNode, name: string) => n.children.filter((c): c is TXmlNode => typeof c !== "string" && c.name === name);
export const kid = (n: TXmlNode, name: string) => kids(n, name)[0];

/** Every descendant named `name`, in document order. */
export function descendants(n: TXmlNode, name: string): TXmlNode[] {
  const out: TXmlNode[] = [];
  const walk = (x: TXmlNode) => {
    for (const c of x.children) {
      if (typeof c === "string") continue;
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(n);
  return out;
}

/** The text of a node and everything in it. */
export const textOf = (n: TXmlChild): string => (typeof n === "string" ? n : n.children.map(textOf).join(""));
