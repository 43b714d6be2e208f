// The on-screen Arabic keyboard beside a written answer (issue 37, decision 0052): a toggle under the text box opens
// the standard layout; each key is a button with a name, one tab stop for the whole keyboard (arrow keys, Home and
// End move between keys), and it types into the box at its caret through the box's own change path.
import { useRef, useState, type RefObject } from "react";
import { Delete, Keyboard } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import { ARABIC_ROWS, TASHKEEL, deleteBackward, insertText, nextKeyIndex, type TEdit } from "../lib/arabic-keyboard";
import { useTakingT } from "../lib/use-taking-t";

type TKey = { id: string; label: string; name: string; apply: (value: string, start: number, end: number, max: number) => TEdit; wide?: boolean };

export function ArabicKeyboard({ target, onValue, disabled }: { target: RefObject<HTMLTextAreaElement | HTMLInputElement | null>; onValue: (value: string) => void; disabled?: boolean }) {
  const { t, lang } = useTakingT();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelId = useRef(`arabic-keyboard-${Math.random().toString(36).slice(2, 8)}`).current;

  const type = (text: string) => (v: string, s: number, e: number, max: number) => insertText(v, s, e, text, max);
  const keys: TKey[] = [
    ...ARABIC_ROWS.flat().map((k) => ({ id: k, label: k, name: k, apply: type(k) })),
    ...TASHKEEL.map((m) => ({ id: m.mark, label: `\u0640${m.mark}`, name: m.name, apply: type(m.mark) })),
    { id: "space", label: t("keyboard.space"), name: t("keyboard.space"), apply: type(" "), wide: true },
    { id: "backspace", label: "", name: t("keyboard.backspace"), apply: (v, s, e) => deleteBackward(v, s, e) },
  ];

  const press = (key: TKey) => {
    const box = target.current;
    if (!box || disabled) return;
    const edit = key.apply(box.value, box.selectionStart ?? box.value.length, box.selectionEnd ?? box.value.length, box.maxLength > 0 ? box.maxLength : Infinity);
    if (edit.value !== box.value) onValue(edit.value);
    // After React has written the value: the caret where the key left it (the key keeps the focus).
    requestAnimationFrame(() => target.current?.setSelectionRange(edit.caret, edit.caret));
  };

  const move = (index: number, key: string) => {
    const next = nextKeyIndex(index, keys.length, key, lang === "ar");
    if (next === null) return false;
    setActive(next);
    refs.current[next]?.focus();
    return true;
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        // At 200 % text on a phone the label wraps rather than pushing the page sideways (WCAG 1.4.10).
        className="h-auto min-h-8 max-w-full self-start whitespace-normal text-start"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        data-testid="arabic-keyboard-toggle"
      >
        <Keyboard className="size-4" aria-hidden />
        {open ? t("keyboard.hide") : t("keyboard.show")}
      </Button>
      {open && (
        <div id={panelId} role="group" aria-label={t("keyboard.label")} dir="rtl" lang="ar" className="flex flex-wrap justify-center gap-1 rounded-md border bg-muted/40 p-2" data-testid="arabic-keyboard">
          {keys.map((key, i) => (
            <button
              key={key.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              tabIndex={i === active ? 0 : -1}
              aria-label={key.name === key.label ? undefined : key.name}
              // The text box keeps its selection: a pointer press does not take the focus from it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActive(i);
                press(key);
              }}
              onKeyDown={(e) => {
                if (move(i, e.key)) e.preventDefault();
              }}
              className={cn(
                "inline-flex h-10 min-w-10 items-center justify-center rounded-md border bg-background px-2 text-lg font-medium text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                key.wide && "min-w-32 text-sm",
              )}
              data-key={key.id}
            >
              {key.id === "backspace" ? <Delete className="size-5" aria-hidden /> : key.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
