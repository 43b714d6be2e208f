// The reading tools of the take page (issue 37): larger text, up to 200 %, a high-contrast theme beside light
// and dark, and the line reader (components/line-reader.tsx) with its band height. They are the student's preferences on this device (nothing about the exam), applied to the whole page
// while it is open — the text size as the root font size, so everything measured in rem grows and reflows — and
// taken off when the student leaves it.
import { useCallback, useEffect, useState } from "react";
import { TEXT_SCALES, type TTextScale } from "@shared/limits";
import { readStorage, writeStorage } from "@web/lib/storage";

export { TEXT_SCALES };
/**
 * The line reader's band heights, in rem so the band grows with the text size; the default (index 1) shows about two
 * lines of the paper's text at 100 %.
 */
export const LINE_READER_HEIGHTS = [2.5, 4, 6, 9] as const;
export type TLineReaderHeight = (typeof LINE_READER_HEIGHTS)[number];
export type TTakeTools = { textScale: TTextScale; contrast: boolean; lineReader: boolean; bandRem: TLineReaderHeight };
/** A student's reading accommodation (decision 0052): where the page starts, at the least. */
export type TToolsFloor = { highContrast: boolean; textScale: number };

const KEY = "qias.take.tools";
const DEFAULTS: TTakeTools = { textScale: 100, contrast: false, lineReader: false, bandRem: LINE_READER_HEIGHTS[1] };

/**
 * The device's choice, raised to the student's accommodation: the page opens at least as large and in high contrast if
 * the school said so (a shared lab computer may remember another student's smaller choice); the student may still
 * change either on the page, until the next time it opens.
 */
export function readTakeTools(floor?: TToolsFloor): TTakeTools {
  let stored = DEFAULTS;
  try {
    const data = JSON.parse(readStorage(KEY) ?? "null") as Partial<TTakeTools> | null;
    const textScale = TEXT_SCALES.find((s) => s === data?.textScale) ?? DEFAULTS.textScale;
    const bandRem = LINE_READER_HEIGHTS.find((h) => h === data?.bandRem) ?? DEFAULTS.bandRem;
    stored = { textScale, contrast: data?.contrast === true, lineReader: data?.lineReader === true, bandRem };
  } catch {
    // Unreadable: the defaults.
  }
  if (!floor) return stored;
  const least = TEXT_SCALES.find((s) => s === floor.textScale) ?? DEFAULTS.textScale;
  return { ...stored, textScale: Math.max(stored.textScale, least) as TTextScale, contrast: stored.contrast || floor.highContrast };
}

/** The next text size up (+1) or down (−1), staying within 100–200 %. */
export function stepTextScale(scale: TTakeTools["textScale"], step: 1 | -1): TTakeTools["textScale"] {
  const i = TEXT_SCALES.indexOf(scale);
  return TEXT_SCALES[Math.min(TEXT_SCALES.length - 1, Math.max(0, i + step))]!;
}

/** The next band height up (+1) or down (−1), staying within LINE_READER_HEIGHTS. */
export function stepBand(rem: TLineReaderHeight, step: 1 | -1): TLineReaderHeight {
  const i = LINE_READER_HEIGHTS.indexOf(rem);
  return LINE_READER_HEIGHTS[Math.min(LINE_READER_HEIGHTS.length - 1, Math.max(0, i + step))]!;
}

export function useTakeTools(floor?: TToolsFloor) {
  const [tools, setTools] = useState(() => readTakeTools(floor));
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = tools.textScale === 100 ? before : `${tools.textScale}%`;
    root.classList.toggle("contrast", tools.contrast);
    return () => {
      root.style.fontSize = before;
      root.classList.remove("contrast");
    };
  }, [tools]);
  const change = useCallback((next: (t: TTakeTools) => TTakeTools) => {
    setTools((prev) => {
      const value = next(prev);
      writeStorage(KEY, JSON.stringify(value));
      return value;
    });
  }, []);
  return {
    tools,
    larger: useCallback(() => change((t) => ({ ...t, textScale: stepTextScale(t.textScale, 1) })), [change]),
    smaller: useCallback(() => change((t) => ({ ...t, textScale: stepTextScale(t.textScale, -1) })), [change]),
    toggleContrast: useCallback(() => change((t) => ({ ...t, contrast: !t.contrast })), [change]),
    toggleLineReader: useCallback(() => change((t) => ({ ...t, lineReader: !t.lineReader })), [change]),
    taller: useCallback(() => change((t) => ({ ...t, bandRem: stepBand(t.bandRem, 1) })), [change]),
    shorter: useCallback(() => change((t) => ({ ...t, bandRem: stepBand(t.bandRem, -1) })), [change]),
  };
}
