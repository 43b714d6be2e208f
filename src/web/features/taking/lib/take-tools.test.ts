// The take page's reading tools (issue 37): text size steps and what the device keeps.
import { afterEach, describe, expect, it } from "vitest";
import { readTakeTools, stepTextScale } from "./take-tools";

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

  it("reads the device's choice, and the defaults from anything else", () => {
    expect(readTakeTools()).toEqual({ textScale: 100, contrast: false });
    store.set("qias.take.tools", JSON.stringify({ textScale: 150, contrast: true }));
    expect(readTakeTools()).toEqual({ textScale: 150, contrast: true });
    store.set("qias.take.tools", JSON.stringify({ textScale: 400, contrast: "yes" }));
    expect(readTakeTools()).toEqual({ textScale: 100, contrast: false });
    store.set("qias.take.tools", "{");
    expect(readTakeTools()).toEqual({ textScale: 100, contrast: false });
  });

  it("opens at least at the student's accommodation, which the device's larger choice still beats", () => {
    expect(readTakeTools({ highContrast: true, textScale: 150 })).toEqual({ textScale: 150, contrast: true });
    store.set("qias.take.tools", JSON.stringify({ textScale: 200, contrast: false }));
    expect(readTakeTools({ highContrast: false, textScale: 150 })).toEqual({ textScale: 200, contrast: false });
    store.set("qias.take.tools", JSON.stringify({ textScale: 100, contrast: false }));
    expect(readTakeTools({ highContrast: true, textScale: 125 })).toEqual({ textScale: 125, contrast: true });
    expect(readTakeTools({ highContrast: false, textScale: 999 })).toEqual({ textScale: 100, contrast: false });
  });
});
