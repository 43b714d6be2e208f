// Printing (issue 33): the printed pages (the performance dashboard, a school report, an item analysis, a result)
// are laid out by the print rules in styles.css — light colours whatever the theme, no site frame, no toasts, and
// the page's margins carry what was printed, when, and the page number (@page margin boxes, which fill in from
// the custom properties set here just before printing). Charts cannot follow the page's width on paper by
// themselves (Recharts measures its box with a ResizeObserver, which does not run between the print request and
// the print layout), so while printing they are drawn at a fixed width that fits an A4 page: usePrinting().
import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import i18n from "./i18n";
import { asLang, formatDateTime } from "./format";

/** A chart's width on paper: A4's 210 mm less the @page margins (2 × 12 mm) is 703 px; less a card's padding. */
export const PRINT_CHART_WIDTH = 640;

let printing = false;
const listeners = new Set<() => void>();

function setPrinting(next: boolean): void {
  if (printing === next) return;
  printing = next;
  // Synchronously: the browser lays the page out for print as soon as the beforeprint listeners return.
  flushSync(() => listeners.forEach((listener) => listener()));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True between beforeprint and afterprint: a chart then takes PRINT_CHART_WIDTH rather than its box's width. */
export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
}

/** A CSS string literal ("…") for a custom property that `content` reads. */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/[\r\n]+/g, " ")}"`;
}

/** The page-number text as CSS content: "Page " counter(page) " of " counter(pages), in the UI's language. */
export function pageCounterContent(template: string): string {
  return template
    .split(/(\{\{page\}\}|\{\{pages\}\})/)
    .filter((part) => part !== "")
    .map((part) => (part === "{{page}}" ? "counter(page)" : part === "{{pages}}" ? "counter(pages)" : cssString(part)))
    .join(" ");
}

/** Fills the margin boxes' texts (styles.css, @page) at the moment of printing: the page's title, the date and
 * time, "Page n of m" — in the UI's language. */
function stampPage(): void {
  const lang = asLang(i18n.language);
  const style = document.documentElement.style;
  style.setProperty("--print-what", cssString(document.title));
  style.setProperty("--print-when", cssString(i18n.t("print.printedAt", { date: formatDateTime(lang, new Date().toISOString()) })));
  style.setProperty("--print-page", pageCounterContent(i18n.t("pager.pageOf", { page: "{{page}}", pages: "{{pages}}" })));
}

/** Listens for the browser's print (the pages' Print buttons, Ctrl+P, a PDF printer); once, from main.tsx. */
export function installPrintHooks(): void {
  window.addEventListener("beforeprint", () => {
    stampPage();
    setPrinting(true);
  });
  window.addEventListener("afterprint", () => setPrinting(false));
}
