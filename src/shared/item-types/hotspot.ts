// Hotspot (issue 36; docs/decisions/0058): choose areas of the question's picture (a map, a diagram). The areas are
// drawn in the picture's own pixel frame (`width` × `height`, the size the author drew on), as QTI writes them, and
// the page scales them to the size it shows the picture at. Each area has a label in both languages: keyboard and
// screen-reader users choose areas by their labels, and the response is the chosen areas' ids either way.
import { z } from "zod";
import { MIN_CHOICE_OPTIONS } from "../limits";
import { checkEntries, MAX_INTERACTION_ENTRIES, roundMark, ZEntry, ZEntryIds, type TEntry, type TMark } from "./common";

export const HOTSPOT_SHAPES = ["rect", "circle", "poly"] as const;
export const HOTSPOT_SCORING = ["all_or_nothing", "partial"] as const;
/** A picture's frame in pixels: as large as an upload may be. */
const MAX_FRAME = 10_000;
/** A polygon's corners. */
export const MAX_POLYGON_POINTS = 40;

const frame = z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(1, { error: "VALIDATION_FAILED" }).max(MAX_FRAME, { error: "VALIDATION_FAILED" });
const coordinate = z.number({ error: "VALIDATION_FAILED" }).finite({ error: "VALIDATION_FAILED" });

/** rect: left, top, right, bottom. circle: centre x, centre y, radius. poly: x1, y1, x2, y2, … (three corners or more). */
export const ZHotspotArea = ZEntry.extend({
  shape: z.enum(HOTSPOT_SHAPES, { error: "VALIDATION_FAILED" }),
  coords: z.array(coordinate, { error: "VALIDATION_FAILED" }).max(MAX_POLYGON_POINTS * 2, { error: "VALIDATION_FAILED" }),
  correct: z.boolean({ error: "VALIDATION_FAILED" }).default(false),
});
export type THotspotArea = z.output<typeof ZHotspotArea>;

/** Why an area is not a shape inside the picture, or null. */
function areaProblem(a: THotspotArea, width: number, height: number): string | null {
  const c = a.coords;
  const inX = (x: number) => x >= 0 && x <= width;
  const inY = (y: number) => y >= 0 && y <= height;
  switch (a.shape) {
    case "rect":
      if (c.length !== 4 || !(c[0]! < c[2]!) || !(c[1]! < c[3]!)) return "VALIDATION_FAILED";
      return inX(c[0]!) && inX(c[2]!) && inY(c[1]!) && inY(c[3]!) ? null : "HOTSPOT_AREA_OUTSIDE";
    case "circle":
      if (c.length !== 3 || !(c[2]! > 0)) return "VALIDATION_FAILED";
      return inX(c[0]! - c[2]!) && inX(c[0]! + c[2]!) && inY(c[1]! - c[2]!) && inY(c[1]! + c[2]!) ? null : "HOTSPOT_AREA_OUTSIDE";
    case "poly":
      if (c.length < 6 || c.length % 2) return "HOTSPOT_POLYGON_POINTS";
      return c.every((v, i) => (i % 2 ? inY(v) : inX(v))) ? null : "HOTSPOT_AREA_OUTSIDE";
  }
}

export const ZHotspot = z
  .object({
    type: z.literal("hotspot"),
    width: frame,
    height: frame,
    areas: z.array(ZHotspotArea, { error: "VALIDATION_FAILED" }).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }),
    /** How many areas a student may choose; 0 = any number (QTI's max-choices). Never fewer than the right areas. */
    maxChoices: z.number({ error: "VALIDATION_FAILED" }).int({ error: "VALIDATION_FAILED" }).min(0, { error: "VALIDATION_FAILED" }).max(MAX_INTERACTION_ENTRIES, { error: "VALIDATION_FAILED" }).default(1),
    scoring: z.enum(HOTSPOT_SCORING, { error: "VALIDATION_FAILED" }).default("all_or_nothing"),
  })
  .superRefine((c, ctx) => {
    checkEntries(c.areas, MIN_CHOICE_OPTIONS, "QUESTION_MIN_OPTIONS", "areas", ctx);
    c.areas.forEach((a, i) => {
      const problem = areaProblem(a, c.width, c.height);
      if (problem) ctx.addIssue({ code: "custom", path: ["areas", i, "coords"], message: problem });
    });
    const right = c.areas.filter((a) => a.correct).length;
    if (!right) ctx.addIssue({ code: "custom", path: ["areas"], message: "QUESTION_NO_CORRECT_OPTION" });
    else if (c.maxChoices && right > c.maxChoices) ctx.addIssue({ code: "custom", path: ["maxChoices"], message: "HOTSPOT_MAX_CHOICES" });
  });
export type THotspot = z.output<typeof ZHotspot>;

export const ZHotspotAnswer = z.object({ type: z.literal("hotspot"), chosen: ZEntryIds });
export type THotspotAnswer = z.output<typeof ZHotspotAnswer>;

export type TPaperHotspot = {
  type: "hotspot";
  width: number;
  height: number;
  areas: (TEntry & { shape: THotspotArea["shape"]; coords: number[] })[];
  maxChoices: number;
  scoring: THotspot["scoring"];
};
/** The paper: the areas (the page needs them to know what a click hits) and their labels, never which are right. */
export function paperHotspot(c: THotspot): TPaperHotspot {
  return { type: "hotspot", width: c.width, height: c.height, areas: c.areas.map(({ id, textAr, textEn, shape, coords }) => ({ id, textAr, textEn, shape, coords })), maxChoices: c.maxChoices, scoring: c.scoring };
}

/** Whether a point (in the picture's frame) is inside an area: edges count as inside. */
export function isInArea(a: Pick<THotspotArea, "shape" | "coords">, x: number, y: number): boolean {
  const c = a.coords;
  if (a.shape === "rect") return x >= c[0]! && x <= c[2]! && y >= c[1]! && y <= c[3]!;
  if (a.shape === "circle") return (x - c[0]!) ** 2 + (y - c[1]!) ** 2 <= c[2]! ** 2;
  // Ray casting: a crossing count, odd inside.
  let inside = false;
  for (let i = 0, j = c.length - 2; i < c.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [c[i]!, c[i + 1]!, c[j]!, c[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The area a click falls in — the last drawn wins where areas overlap, as it is drawn on top — or null: a click
 *  outside every area chooses nothing. */
export function areaAt(areas: Pick<THotspotArea, "id" | "shape" | "coords">[], x: number, y: number): string | null {
  for (let i = areas.length - 1; i >= 0; i--) if (isInArea(areas[i]!, x, y)) return areas[i]!.id;
  return null;
}

/** As multiple response: all or nothing, or each right area earns its share and each wrong one costs it, floor 0.
 *  More areas than maxChoices is no answer (a forged save; the page stops at the limit). */
export function markHotspot(c: THotspot, answer: THotspotAnswer | null, points: number): TMark {
  const chosen = new Set((answer?.chosen ?? []).filter((id) => c.areas.some((a) => a.id === id)));
  if (c.maxChoices && chosen.size > c.maxChoices) return { score: 0, isCorrect: false };
  const right = c.areas.filter((a) => a.correct);
  const hits = right.filter((a) => chosen.has(a.id)).length;
  const misses = chosen.size - hits;
  const isCorrect = right.length > 0 && hits === right.length && misses === 0;
  if (c.scoring === "all_or_nothing" || !right.length) return { score: isCorrect ? points : 0, isCorrect };
  return { score: isCorrect ? points : roundMark((points * (hits - misses)) / right.length), isCorrect };
}
