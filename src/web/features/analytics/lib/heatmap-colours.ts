// The heatmap's colours (issue 33): one ordered scale per theme, chosen so the weakest cells stand furthest from the
// card in both — in light the darkest, in dark the brightest (the old translucent tints turned "not yet mastered"
// into a muddy grey on the dark card and "mastered" into the most visible green). The text in each cell keeps at
// least 4.5:1 against its cell (heatmap-colours.test.ts checks both rules). Greyed cells (too few students) take the
// page's muted colours, whatever their level.
import type { CSSProperties } from "react";
import type { TMasteryLevel } from "@shared/schemas/report";

export type TCellTone = TMasteryLevel | "sparse";
type TPair = { bg: string; fg: string };

export const CARD = { light: "#ffffff", dark: "#0f1e1b" } as const;

export const CELL_COLOURS: Record<TCellTone, { light: TPair; dark: TPair }> = {
  not_yet: { light: { bg: "#f97066", fg: "#3b0d08" }, dark: { bg: "#f97066", fg: "#2b0905" } },
  developing: { light: { bg: "#fdd77a", fg: "#4e1d09" }, dark: { bg: "#8a5a0a", fg: "#fff4d6" } },
  mastered: { light: { bg: "#d1fadf", fg: "#053321" }, dark: { bg: "#12392a", fg: "#a6f4c5" } },
  sparse: { light: { bg: "#edf2f1", fg: "#4a5e59" }, dark: { bg: "#152723", fg: "#a0b6b1" } },
};

/** The weakest first: the order the legend and the scale follow. */
export const TONE_ORDER: readonly TCellTone[] = ["not_yet", "developing", "mastered"];

/** A cell's colours as CSS variables; the class `HEATMAP_CELL` picks the theme's pair. */
export function cellStyle(tone: TCellTone): CSSProperties {
  const c = CELL_COLOURS[tone];
  return { "--cell-bg": c.light.bg, "--cell-fg": c.light.fg, "--cell-bg-dark": c.dark.bg, "--cell-fg-dark": c.dark.fg } as CSSProperties;
}
export const HEATMAP_CELL = "bg-[var(--cell-bg)] text-[var(--cell-fg)] dark:bg-[var(--cell-bg-dark)] dark:text-[var(--cell-fg-dark)] print:[print-color-adjust:exact]";

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}
