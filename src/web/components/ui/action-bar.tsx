// A bar of a page's main actions pinned to the bottom of the screen (Save, Preview…). While it is on screen it
// reserves its height for the toasts (--toast-bottom, read by ToastViewport), so a toast never covers the
// buttons a second click is aimed at (issue 13).
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "@web/lib/utils";

export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty("--toast-bottom", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-bottom");
    };
  }, []);
  return (
    <div
      ref={ref}
      data-action-bar=""
      className={cn(
        "sticky bottom-0 z-30 -mx-4 border-t border-border bg-card/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8",
        className,
      )}
    >
      {children}
    </div>
  );
}
