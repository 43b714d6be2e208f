// The hotspot editor's arithmetic (issue 36, docs/decisions/0063), apart from the page so it is tested alone: shapes
// from a drag, moving an area inside the picture, and carrying areas over to a picture of another size. Everything is
// in the picture's frame (its natural pixels, as ZHotspot stores them), whole pixels so the number fields stay short.
import type { THotspotArea } from "@shared/item-types/hotspot";

export type TShape = THotspotArea["shape"];
export type TFrame = { width: number; height: number };
export type TPoint = { x: number; y: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v);

/** A point kept inside the frame, in whole pixels. */
export function clampPoint(p: TPoint, f: TFrame): TPoint {
  return { x: clamp(round(p.x), 0, f.width), y: clamp(round(p.y), 0, f.height) };
}

/** A rectangle from a drag between two corners, either way round; null when it has no area (a click, not a drag). */
export function rectFromDrag(a: TPoint, b: TPoint, f: TFrame): number[] | null {
  const p = clampPoint(a, f);
  const q = clampPoint(b, f);
  const c = [Math.min(p.x, q.x), Math.min(p.y, q.y), Math.max(p.x, q.x), Math.max(p.y, q.y)];
  return c[0]! < c[2]! && c[1]! < c[3]! ? c : null;
}

/** A circle dragged out from its centre: the radius is the distance dragged, cut so the circle stays in the frame. */
export function circleFromDrag(centre: TPoint, to: TPoint, f: TFrame): number[] | null {
  const c = clampPoint(centre, f);
  const r = Math.min(round(Math.hypot(to.x - centre.x, to.y - centre.y)), c.x, c.y, f.width - c.x, f.height - c.y);
  return r > 0 ? [c.x, c.y, r] : null;
}

/** The box around an area: left, top, right, bottom. */
export function bounds(shape: TShape, coords: number[]): [number, number, number, number] {
  if (shape === "rect") return [coords[0]!, coords[1]!, coords[2]!, coords[3]!];
  if (shape === "circle") return [coords[0]! - coords[2]!, coords[1]! - coords[2]!, coords[0]! + coords[2]!, coords[1]! + coords[2]!];
  const xs = coords.filter((_, i) => i % 2 === 0);
  const ys = coords.filter((_, i) => i % 2 === 1);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** An area moved by dx, dy — no further than the frame's edge, so it never leaves the picture (the shape is kept). */
export function moveArea(shape: TShape, coords: number[], dx: number, dy: number, f: TFrame): number[] {
  const [l, t, r, b] = bounds(shape, coords);
  const mx = round(clamp(dx, -l, f.width - r));
  const my = round(clamp(dy, -t, f.height - b));
  if (shape === "circle") return [coords[0]! + mx, coords[1]! + my, coords[2]!];
  return coords.map((v, i) => v + (i % 2 ? my : mx));
}

/** A new area for the keyboard ("Add rectangle", "Add circle"): in the middle of the picture, a fifth of its size. */
export function defaultArea(shape: Exclude<TShape, "poly">, f: TFrame): number[] {
  if (shape === "circle") {
    // Half pixels only where the picture is too small for whole ones (1 × 1).
    const min = Math.min(f.width, f.height);
    return [f.width / 2, f.height / 2, Math.min(Math.max(1, round(min / 10)), min / 2)];
  }
  const left = Math.floor(f.width * 0.4);
  const top = Math.floor(f.height * 0.4);
  return [left, top, Math.max(left + 1, Math.ceil(f.width * 0.6)), Math.max(top + 1, Math.ceil(f.height * 0.6))];
}

/**
 * Areas drawn on a picture of one size carried over to the same picture at another (a replaced or re-exported
 * picture, an imported frame that was not the picture's pixels): scaled, so each area covers the same part of it. A
 * circle is scaled by the smaller factor (it stays a circle) and kept inside the new frame.
 */
export function rescaleCoords(shape: TShape, coords: number[], from: TFrame, to: TFrame): number[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  if (shape === "circle") {
    const x = clamp(round(coords[0]! * sx), 0, to.width);
    const y = clamp(round(coords[1]! * sy), 0, to.height);
    const r = Math.max(1, Math.min(round(coords[2]! * Math.min(sx, sy)), x, y, to.width - x, to.height - y));
    return [x, y, r];
  }
  return coords.map((v, i) => (i % 2 ? clamp(round(v * sy), 0, to.height) : clamp(round(v * sx), 0, to.width)));
}
