// A button that opens a short list of links below it: the header's "Login" (and any header link with
// sub-links) and the home page's quick-access cards. A disclosure, not an ARIA menu (WAI-ARIA's pattern for
// site navigation): the items are plain links reached with Tab; Escape, a click outside or focus leaving
// closes it. Written here rather than with the Radix menu so the public pages do not download the menu's code
// (docs/decisions/0008).
import { ChevronDown, type LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button, type TButtonProps } from "@web/components/ui/button";
import { SiteLink } from "@web/lib/site-nav";
import { cn } from "@web/lib/utils";

export type TDisclosureLink = { id: string; to: string; label: string; description?: string; icon?: LucideIcon };

type TProps = {
  /** The button's content; a chevron is added after it. */
  label: ReactNode;
  accessibleLabel?: string;
  links: TDisclosureLink[];
  /** Which edge of the button the list lines up with. */
  align?: "start" | "end";
  listClassName?: string;
  triggerClassName?: string;
  triggerVariant?: TButtonProps["variant"];
  triggerSize?: TButtonProps["size"];
  /** aria-current on the button, when the current page is one of the links. */
  current?: boolean;
  testId?: string;
};

export function DisclosureLinks({
  label,
  accessibleLabel,
  links,
  align = "start",
  listClassName,
  triggerClassName,
  triggerVariant = "outline",
  triggerSize = "sm",
  current = false,
  testId,
}: TProps) {
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
        variant={triggerVariant}
        size={triggerSize}
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={accessibleLabel}
        aria-current={current ? "page" : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn("opacity-80 transition-transform", open && "rotate-180")} />
      </Button>
      <ul
        id={listId}
        hidden={!open}
        className={cn(
          "qias-pop absolute top-full z-50 mt-1.5 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-popover p-1.5 text-popover-foreground shadow-lg",
          align === "start" ? "start-0" : "end-0",
          listClassName,
        )}
      >
        {links.map((link) => {
          const Icon = link.icon;
          return (
            <li key={link.id}>
              <SiteLink
                to={link.to}
                onClick={() => setOpen(false)}
                className="flex items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              >
                {Icon && (
                  <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                )}
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{link.label}</span>
                  {link.description && <span className="text-xs text-muted-foreground">{link.description}</span>}
                </span>
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
