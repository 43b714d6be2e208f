// The take page's reading tools (issue 37): text size steps and what the device keeps.
import { afterEach, describe, expect, it } from "vitest";
import { readTakeTools, stepBand, stepTextScale } from "./take-tools";

const store = new Map<string, string>();
Object.assign(globalThis, { window: { localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) } } });
afterEach(() => store.clear());

describe("take tools", () => {
  it("steps the text size by a quarter between 100 and 200 %", () => {
    expect(stepTextScale(100, 1)).toBe(125);
    expect(stepTextScale(175, 1)).toBe(200);
    expect(stepTextScale(200, 1)).toBe(200);
    expect(stepTextScale(125, -1)).toBe(100);
    expect(stepTextScale(100, -1)).toBe(100);
  });

  it("steps the line reader's band between its heights", () => {
    expect(stepBand(4, 1)).toBe(6);
    expect(stepBand(9, 1)).toBe(9);
    expect(stepBand(4, -1)).toBe(2.5);
    expect(stepBand(2.5, -1)).toBe(2.5);
  });

  it("reads the device's choice, and the defaults from anything else", () => {
    const defaults = { textScale: 100, contrast: false, lineReader: false, bandRem: 4 };
    expect(readTakeTools()).toEqual(defaults);
    store.set("qias.take.tools", JSON.stringify({ textScale: 150, contrast: true, lineReader: true, bandRem: 6 }));
    expect(readTakeTools()).toEqual({ textScale: 150, contrast: true, lineReader: true, bandRem: 6 });
    store.set("qias.take.tools", JSON.stringify({ textScale: 400, contrast: "yes", lineReader: 1, bandRem: 500 }));
    expect(readTakeTools()).toEqual(defaults);
    store.set("qias.take.tools", "{");
    expect(readTakeTools()).toEqual(defaults);
  });

  it("opens at least at the student's accommodation, which the device's larger choice still beats", () => {
    const rest = { lineReader: false, bandRem: 4 };
    expect(readTakeTools({ highContrast: true, textScale: 150 })).toEqual({ textScale: 150, contrast: true, ...rest });
    store.set("qias.take.tools", JSON.stringify({ textScale: 200, contrast: false }));
    expect(readTakeTools({ highContrast: false, textScale: 150 })).toEqual({ textScale: 200, contrast: false, ...rest });
    store.set("qias.take.tools", JSON.stringify({ textScale: 100, contrast: false, lineReader: true }));
    expect(readTakeTools({ highContrast: true, textScale: 125 })).toEqual({ textScale: 125, contrast: true, lineReader: true, bandRem: 4 });
    expect(readTakeTools({ highContrast: false, textScale: 999 })).toEqual({ textScale: 100, contrast: false, lineReader: true, bandRem: 4 });
  });
});
