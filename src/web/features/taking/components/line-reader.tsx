// The line reader (issue 37): a horizontal reading band over the paper, the rest dimmed. It follows the pointer, a
// tap, and the focus (so a Tab never lands in the dimmed part); Alt+ArrowUp / Alt+ArrowDown move it a band at a time
// from anywhere on the page — a modifier, because plain arrows already choose an option in a question's radio group,
// and no separate handle, so the student never has to leave the question they are reading to move it. The mask takes
// no pointer events, so every click goes to the paper; it sits under the sticky toolbar (the timer stays readable)
// and under dialogs. Purely visual: hidden from assistive technology.
import { useEffect, useState } from "react";
import { bandAtPointer, bandForFocus, bandStep, clampBand } from "../lib/line-reader";

function remToPx(rem: number): number {
  return rem * parseFloat(getComputedStyle(document.documentElement).fontSize || "16");
}

export function LineReader({ bandRem }: { bandRem: number }) {
  const [viewport, setViewport] = useState(() => window.innerHeight);
  const [height, setHeight] = useState(() => remToPx(bandRem));
  const [top, setTop] = useState(() => clampBand(window.innerHeight / 2 - remToPx(bandRem) / 2, remToPx(bandRem), window.innerHeight));

  // The band's height in pixels follows the chosen rem and the text size (the root font size).
  useEffect(() => {
    const measure = () => {
      setHeight(remToPx(bandRem));
      setViewport(window.innerHeight);
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["style"] });
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [bandRem]);

  useEffect(() => setTop((t) => clampBand(t, height, viewport)), [height, viewport]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => setTop(bandAtPointer(event.clientY, height, window.innerHeight));
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
      event.preventDefault();
      setTop((t) => bandStep(t, height, window.innerHeight, event.key === "ArrowDown" ? 1 : -1));
    };
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || event.target === document.body) return;
      const box = event.target.getBoundingClientRect();
      setTop((t) => bandForFocus(t, height, window.innerHeight, box));
    };
    window.addEventListener("pointermove", onPointer, { passive: true });
    window.addEventListener("pointerdown", onPointer, { passive: true });
    window.addEventListener("keydown", onKey);
    // After the browser has scrolled the focused element into view.
    const onFocusLater = (event: FocusEvent) => requestAnimationFrame(() => onFocus(event));
    document.addEventListener("focusin", onFocusLater);
    return () => {
      window.removeEventListener("pointermove", onPointer);
      window.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusLater);
    };
  }, [height]);

  const dim = "absolute inset-x-0 bg-black/55 dark:bg-black/70 [.contrast_&]:bg-black/85";
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-20 print:hidden" data-testid="line-reader" data-top={top} data-height={Math.round(height)}>
      <div className={`${dim} top-0`} style={{ height: top }} />
      <div className="absolute inset-x-0 border-y-2 border-ring" style={{ top, height }} data-testid="line-reader-band" />
      <div className={`${dim} bottom-0`} style={{ top: top + height }} />
    </div>
  );
}
