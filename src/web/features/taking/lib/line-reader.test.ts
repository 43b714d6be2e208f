// The line reader's band (issue 37): on the screen, under the pointer, a step of the keyboard, after the focus.
import { describe, expect, it } from "vitest";
import { bandAtPointer, bandForFocus, bandStep, clampBand } from "./line-reader";

describe("line reader band", () => {
  it("stays on the screen", () => {
    expect(clampBand(-20, 64, 800)).toBe(0);
    expect(clampBand(790, 64, 800)).toBe(736);
    expect(clampBand(100, 64, 800)).toBe(100);
  });

  it("centres on the pointer", () => {
    expect(bandAtPointer(300, 64, 800)).toBe(268);
    expect(bandAtPointer(5, 64, 800)).toBe(0);
  });

  it("moves by about its height per key, overlapping a little", () => {
    expect(bandStep(100, 64, 800, 1)).toBe(156);
    expect(bandStep(100, 64, 800, -1)).toBe(44);
    expect(bandStep(20, 64, 800, -1)).toBe(0);
    expect(bandStep(730, 64, 800, 1)).toBe(736);
    // A very short band still moves.
    expect(bandStep(100, 10, 800, 1)).toBe(108);
  });

  it("follows the focus only when the focused element is outside the band", () => {
    expect(bandForFocus(100, 64, 800, { top: 120, bottom: 150 })).toBe(100);
    // A small control below: centred in the band.
    expect(bandForFocus(100, 64, 800, { top: 400, bottom: 440 })).toBe(388);
    // A tall one above: the band at its top.
    expect(bandForFocus(400, 64, 800, { top: 50, bottom: 500 })).toBe(46);
    // Off the screen: clamped.
    expect(bandForFocus(400, 64, 800, { top: 900, bottom: 930 })).toBe(736);
  });
});
