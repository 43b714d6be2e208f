// Where the line reader's band sits (issue 37), in viewport pixels: the top of the band, kept on the screen. Pure,
// so the rules are tested without a browser; components/line-reader.tsx draws it.

/** The band's top, kept so the whole band is on the screen. */
export function clampBand(top: number, height: number, viewport: number): number {
  return Math.round(Math.max(0, Math.min(top, viewport - height)));
}

/** The band centred on a pointer at `y`. */
export function bandAtPointer(y: number, height: number, viewport: number): number {
  return clampBand(y - height / 2, height, viewport);
}

/** One step of the keyboard (Alt+ArrowUp / Alt+ArrowDown): a band's height, less a little overlap so no line is skipped. */
export function bandStep(top: number, height: number, viewport: number, direction: 1 | -1): number {
  return clampBand(top + direction * Math.max(8, height - 8), height, viewport);
}

/**
 * The band after the focus moved to an element with this box: unchanged when the element's top is inside the band
 * already, else the band moves to it — so the focused control is never left in the dimmed part (WCAG 2.4.11).
 */
export function bandForFocus(top: number, height: number, viewport: number, box: { top: number; bottom: number }): number {
  if (box.top >= top && box.top <= top + height - 4) return top;
  const boxHeight = box.bottom - box.top;
  // A small control is centred in the band; a tall one (a whole question) starts at the band's top.
  return clampBand(boxHeight < height ? box.top - (height - boxHeight) / 2 : box.top - 4, height, viewport);
}
