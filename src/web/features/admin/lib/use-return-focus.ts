import { useLayoutEffect, useRef } from "react";
import { MAIN_CONTENT_ID } from "@web/components/layout/skip-link";

/**
 * Our dialogs open from buttons that are not Radix triggers, and Radix then has nowhere to send focus on close.
 * This remembers what had focus when `open` became true (layout effects run before Radix moves focus in) and
 * returns it there; if that element is gone (its row was deleted), to the page's main region.
 * Pass the result as the dialog content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const ref = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) ref.current = document.activeElement;
  }, [open]);
  return (event) => {
    event.preventDefault();
    const target = ref.current?.isConnected ? ref.current : document.getElementById(MAIN_CONTENT_ID);
    target?.focus({ preventScroll: !ref.current?.isConnected });
  };
}
