// Formatted text as the student reads it (issue 18; shared/rich-text.ts). Each node of the stored document becomes a
// fixed element and its text a React text node — nothing is parsed as HTML, so no author can inject markup. A text
// without a document is shown as plain lines, as before.
import type { ReactNode } from "react";
import type { TRichBlock, TRichDoc, TRichInline } from "@shared/rich-text";
import { cn } from "@web/lib/utils";

type TProps = {
  doc: TRichDoc | null | undefined;
  /** The plain text, shown when there is no document. */
  text: string;
  /** The field's language: its direction is the paragraphs' own unless they say otherwise. */
  lang: "ar" | "en";
  /** Inside a label or a button (an option): paragraphs become block spans, as phrasing content must. */
  inline?: boolean;
  className?: string;
  id?: string;
  "data-testid"?: string;
};

export function RichText({ doc, text, lang, inline = false, className, id, ...rest }: TProps) {
  const dir = lang === "ar" ? "rtl" : "ltr";
  const Outer = inline ? "span" : "div";
  if (!doc) {
    return (
      <Outer id={id} lang={lang} dir={dir} className={cn("whitespace-pre-line", inline && "block", className)} data-testid={rest["data-testid"]}>
        {text}
      </Outer>
    );
  }
  return (
    <Outer id={id} lang={lang} dir={dir} className={cn("rich-text flex flex-col gap-2", className)} data-testid={rest["data-testid"]}>
      {blocks(doc.content, inline)}
    </Outer>
  );
}

function blocks(list: TRichBlock[], inline: boolean): ReactNode[] {
  return list.map((b, i) => {
    const dir = b.attrs?.dir ?? undefined;
    if (b.type === "paragraph") {
      const P = inline ? "span" : "p";
      return (
        <P key={i} dir={dir} className={cn(inline && "block", "min-h-[1lh]")}>
          {(b.content ?? []).map(inlineNode)}
        </P>
      );
    }
    // In a label, a list is phrasing content too: spans that look like one.
    if (inline) {
      return (
        <span key={i} dir={dir} className="block">
          {b.content.map((item, j) => (
            <span key={j} className="block">
              {b.type === "bulletList" ? "• " : `${j + 1}. `}
              {blocks(item.content, true)}
            </span>
          ))}
        </span>
      );
    }
    const L = b.type === "bulletList" ? "ul" : "ol";
    return (
      <L key={i} dir={dir} className={cn("flex flex-col gap-1 ps-6", b.type === "bulletList" ? "list-disc" : "list-decimal")}>
        {b.content.map((item, j) => (
          <li key={j} className="[&>div]:gap-1">
            <div className="flex flex-col">{blocks(item.content, false)}</div>
          </li>
        ))}
      </L>
    );
  });
}

function inlineNode(n: TRichInline, i: number): ReactNode {
  if (n.type === "hardBreak") return <br key={i} />;
  let out: ReactNode = n.text;
  const marks = new Set((n.marks ?? []).map((m) => m.type));
  // An underline thick and low enough to clear Arabic letters' descenders and dots ("أعرب ما تحته خط").
  if (marks.has("underline")) out = <u className="decoration-2 underline-offset-[0.3em]">{out}</u>;
  if (marks.has("italic")) out = <em>{out}</em>;
  if (marks.has("bold")) out = <strong className="font-bold">{out}</strong>;
  return <span key={i}>{out}</span>;
}

type TRichSide = { text: string; doc: TRichDoc | null | undefined };

/**
 * One language of a bilingual formatted text: the reader's, or the other when the reader's is empty (an Arabic-only
 * passage read with the English interface). `lang` is the language shown, for its direction.
 */
export function pickRich(lang: "ar" | "en", ar: TRichSide, en: TRichSide): TRichSide & { lang: "ar" | "en" } {
  const first = lang === "ar" ? ar : en;
  if (first.text.trim()) return { ...first, lang };
  const other = lang === "ar" ? "en" : "ar";
  return { ...(other === "ar" ? ar : en), lang: other };
}
