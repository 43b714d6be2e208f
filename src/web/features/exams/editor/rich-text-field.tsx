// A formatted text field of the exam editor (issue 18; docs/decisions/0018): TipTap (ProseMirror) cut down to the
// nodes and marks of shared/rich-text.ts, so what the author can make is exactly what can be stored and drawn.
// The form holds the plain text (what validation reads) and the editor's document beside it; the schema derives
// the one from the other again on the server. Arabic fields run right-to-left, English left-to-right; a
// paragraph's direction can be turned for a quotation in the other language.
// Only the exam editor's chunk loads this (TipTap is ~100 KB); students' pages draw documents with RichText.
import Bold from "@tiptap/extension-bold";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Italic from "@tiptap/extension-italic";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import Underline from "@tiptap/extension-underline";
import { UndoRedo } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from "@tiptap/react";
import { Bold as BoldIcon, Italic as ItalicIcon, List, ListOrdered, PilcrowLeft, PilcrowRight, Underline as UnderlineIcon } from "lucide-react";
import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from "react";
import { baseDir, richFromPlain, richPlainText, type TRichDoc } from "@shared/rich-text";
import { cn } from "@web/lib/utils";
import { useExamsT } from "../lib/use-exams-t";

export type TRichValue = { text: string; doc: TRichDoc | null };

type TProps = {
  value: TRichValue;
  onChange: (value: TRichValue) => void;
  onBlur?: () => void;
  lang: "ar" | "en";
  /** One paragraph of marks only (an option): no lists, Enter does nothing. */
  inline?: boolean;
  /** Room for a page of text (a passage): taller, and scrolling past a screen's height. */
  tall?: boolean;
  labelId: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  "data-testid": string;
  /** What react-hook-form focuses (the first field with a message). */
  fieldRef?: Ref<{ focus: () => void }>;
  className?: string;
};

const OneParagraph = Document.extend({ content: "paragraph" });

/** What the editor starts from: the document, or the plain text as paragraphs. */
const contentOf = (v: TRichValue) => (v.doc ?? richFromPlain(v.text)) as JSONContent;

/** Two documents say the same (the form's value against what the editor last gave). */
const same = (a: TRichValue, b: TRichValue) => a.text === b.text && JSON.stringify(a.doc) === JSON.stringify(b.doc);

export function RichTextField({ value, onChange, onBlur, lang, inline = false, tall = false, labelId, fieldRef, className, ...aria }: TProps) {
  const { t } = useExamsT();
  const last = useRef<TRichValue>(value);
  const dir = baseDir(lang);
  const attributes = {
    role: "textbox",
    "aria-multiline": String(!inline),
    "aria-labelledby": labelId,
    ...(aria["aria-describedby"] ? { "aria-describedby": aria["aria-describedby"] } : {}),
    ...(aria["aria-invalid"] ? { "aria-invalid": "true" } : {}),
    "data-testid": aria["data-testid"],
    lang,
    dir,
    class: cn("rich-text-input min-w-0 px-3 py-2.5 outline-none", inline ? "min-h-10" : tall ? "min-h-48 max-h-[70vh] overflow-y-auto" : "min-h-20"),
  };
  const editor = useEditor({
    extensions: [
      inline ? OneParagraph : Document,
      Paragraph,
      Text,
      Bold,
      Italic,
      Underline,
      UndoRedo,
      ...(inline ? [] : [HardBreak, BulletList, OrderedList, ListItem, ListKeymap]),
    ],
    textDirection: dir,
    content: contentOf(value),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      const doc = e.getJSON() as TRichDoc;
      const next = { text: richPlainText(doc), doc };
      last.current = next;
      onChange(next);
    },
    onBlur: () => onBlur?.(),
  });

  // The form changed the value itself (a reset after saving, a type change): show it.
  useEffect(() => {
    if (same(value, last.current)) return;
    last.current = value;
    editor.commands.setContent(contentOf(value), { emitUpdate: false });
  }, [editor, value]);

  // aria-invalid and the messages come and go after the editor is made.
  const attrKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attrKey stands for attributes
  }, [editor, attrKey]);

  useImperativeHandle(fieldRef, () => ({ focus: () => editor.commands.focus() }), [editor]);

  return (
    // The box takes the field's direction, so an Arabic field's toolbar sits where its lines end, also on an English page.
    <div
      dir={dir}
      className={cn(
        "flex min-w-0 flex-col rounded-lg border border-input-border bg-card text-base text-foreground shadow-xs transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40 has-[[aria-invalid=true]]:border-destructive md:text-sm",
        inline && "flex-row items-start",
        className,
      )}
    >
      {/* An option's few buttons follow its text; a longer text's toolbar stands above it. */}
      {!inline && <Toolbar editor={editor} inline={false} dir={dir} label={t("format.toolbar")} />}
      <EditorContent editor={editor} className="min-w-0 flex-1" />
      {inline && <Toolbar editor={editor} inline dir={dir} label={t("format.toolbar")} />}
    </div>
  );
}

function Toolbar({ editor, inline, dir, label }: { editor: Editor; inline: boolean; dir: "rtl" | "ltr"; label: string }) {
  const { t } = useExamsT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      // The direction of the paragraph the caret is in: its own, or the field's.
      dir: ((e.getAttributes("paragraph").dir as string | undefined) ?? dir) === "ltr" ? "ltr" : "rtl",
    }),
  });
  // From the keyboard (focus on the toolbar) the text takes the focus back; from the mouse it never lost it, and
  // focusing again would restore the selection a frame later, over whatever the author does next.
  const chain = () => (editor.isFocused ? editor.chain() : editor.chain().focus());
  const other = state.dir === "rtl" ? "ltr" : "rtl";
  const buttons: { key: string; icon: typeof BoldIcon; label: string; pressed?: boolean; run: () => void }[] = [
    { key: "bold", icon: BoldIcon, label: t("format.bold"), pressed: state.bold, run: () => chain().toggleBold().run() },
    { key: "italic", icon: ItalicIcon, label: t("format.italic"), pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: "underline", icon: UnderlineIcon, label: t("format.underline"), pressed: state.underline, run: () => chain().toggleUnderline().run() },
    ...(inline
      ? []
      : [
          { key: "bulletList", icon: List, label: t("format.bulletList"), pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
          { key: "orderedList", icon: ListOrdered, label: t("format.orderedList"), pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
          {
            key: "dir",
            icon: other === "ltr" ? PilcrowRight : PilcrowLeft,
            label: other === "ltr" ? t("format.toLtr") : t("format.toRtl"),
            run: () => chain().setTextDirection(other).run(),
          },
        ]),
  ];

  // One stop for the Tab key; the arrows move between the buttons (WAI-ARIA toolbar pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const forward = (event.key === "ArrowRight") !== (getComputedStyle(event.currentTarget).direction === "rtl");
    const next = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : (at + (forward ? 1 : -1) + items.length) % items.length;
    event.preventDefault();
    items.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    items[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("flex shrink-0 flex-wrap items-center gap-0.5 p-1", inline ? "" : "border-b border-border")}
    >
      {buttons.map((b, i) => (
        <button
          key={b.key}
          type="button"
          tabIndex={i === 0 ? 0 : -1}
          // Keep the selection in the text while the mouse presses the button.
          onMouseDown={(e) => e.preventDefault()}
          onClick={b.run}
          aria-pressed={b.pressed === undefined ? undefined : b.pressed}
          aria-label={b.label}
          title={b.label}
          className={cn(
            "grid size-8 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
            b.pressed && "bg-accent text-accent-foreground",
          )}
          data-format={b.key}
        >
          <b.icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
