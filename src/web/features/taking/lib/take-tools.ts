// The reading tools of the take page (issue 37): larger text, up to 200 %, and a high-contrast theme beside light
// and dark. They are the student's preferences on this device (nothing about the exam), applied to the whole page
// while it is open — the text size as the root font size, so everything measured in rem grows and reflows — and
// taken off when the student leaves it.
import { useCallback, useEffect, useState } from "react";
import { readStorage, writeStorage } from "@web/lib/storage";

export const TEXT_SCALES = [100, 125, 150, 175, 200] as const;
export type TTakeTools = { textScale: (typeof TEXT_SCALES)[number]; contrast: boolean };

const KEY = "qias.take.tools";
const DEFAULTS: TTakeTools = { textScale: 100, contrast: false };

export function readTakeTools(): TTakeTools {
  try {
    const data = JSON.parse(readStorage(KEY) ?? "null") as Partial<TTakeTools> | null;
    const textScale = TEXT_SCALES.find((s) => s === data?.textScale) ?? DEFAULTS.textScale;
    return { textScale, contrast: data?.contrast === true };
  } catch {
    return DEFAULTS;
  }
}

/** The next text size up (+1) or down (−1), staying within 100–200 %. */
export function stepTextScale(scale: TTakeTools["textScale"], step: 1 | -1): TTakeTools["textScale"] {
  const i = TEXT_SCALES.indexOf(scale);
  return TEXT_SCALES[Math.min(TEXT_SCALES.length - 1, Math.max(0, i + step))]!;
}

export function useTakeTools() {
  const [tools, setTools] = useState(readTakeTools);
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
  };
}
