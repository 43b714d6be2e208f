// A button that opens a short list of links below it (the "dropdown" of a quick-access card). A disclosure,
// not an ARIA menu: the items are plain links, reached with Tab; Escape or a click outside closes it.
// Written here rather than with the Radix menu so the home page does not need the menu's code.
import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";

export type TDisclosureLink = { id: string; to: string; label: string; description?: string };

export function DisclosureLinks({ label, accessibleLabel, links }: { label: string; accessibleLabel?: string; links: TDisclosureLink[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={accessibleLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
      </Button>
      <ul
        id={listId}
        hidden={!open}
        className="qias-pop absolute start-0 top-full z-20 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-popover p-1.5 text-popover-foreground shadow-lg"
      >
        {links.map((link) => (
          <li key={link.id}>
            <Link
              to={link.to}
              onClick={() => setOpen(false)}
              className="flex flex-col gap-0.5 rounded-lg px-2.5 py-2 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-medium">{link.label}</span>
              {link.description && <span className="text-xs text-muted-foreground">{link.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
