// The heatmap's scale in both themes: text readable in every cell, and the weakest cells the most visible.
import { describe, expect, it } from "vitest";
import { CARD, CELL_COLOURS, TONE_ORDER, contrast } from "./heatmap-colours";

describe("the heatmap's colours", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`${theme}: every cell's text has at least 4.5:1 against its cell`, () => {
      for (const [tone, c] of Object.entries(CELL_COLOURS)) expect(contrast(c[theme].bg, c[theme].fg), tone).toBeGreaterThanOrEqual(4.5);
    });
    it(`${theme}: the weaker the level, the further its cell stands from the card`, () => {
      const distance = TONE_ORDER.map((tone) => contrast(CELL_COLOURS[tone][theme].bg, CARD[theme]));
      expect(distance).toEqual([...distance].sort((a, b) => b - a));
      expect(new Set(distance).size).toBe(distance.length);
    });
  }
});
