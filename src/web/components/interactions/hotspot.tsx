// Hotspot — "choose the place on the picture" (issue 36, docs/decisions/0063): the question's picture with its areas
// over it (an SVG whose viewBox is the areas' frame, stretched over the picture as shown, so a click maps through the
// viewBox at any width), and the areas' labels as checkboxes (radios when one area is asked for): the keyboard's and
// the screen reader's way. Both are the same response, so they stay in step. Read-only: the same picture with the
// chosen areas ticked and, for staff, the right ones outlined.
import { useId, useState, type SVGProps } from "react";
import { areaAt } from "@shared/item-types/hotspot";
import type { TImageRef } from "@shared/schemas/exam";
import { altOf, imageUrl, PictureMissing, usePictureMissing } from "@web/components/exam-image";
import type { TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { EntryText, entryText, rowClass, useInteractionT, type TPaperEntry, type TPaperOf, type TResponseOf } from "./common";
import { MultipleResponseView } from "./multiple-response";

type TResponseHS = TResponseOf<"hotspot">;
type TFrame = { width: number; height: number };
type TArea = TPaperEntry & { shape: "rect" | "circle" | "poly"; coords: number[]; correct?: boolean };

/** A point of the page (a pointer's clientX/Y) in an SVG's own frame — through its viewBox, however it is scaled. */
export function toFrame(svg: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } {
  const m = svg.getScreenCTM();
  if (!m) return { x: -1, y: -1 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

const centre = (shape: TArea["shape"], c: number[]) => {
  if (shape === "circle") return { x: c[0]!, y: c[1]! };
  if (shape === "rect") return { x: (c[0]! + c[2]!) / 2, y: (c[1]! + c[3]!) / 2 };
  const xs = c.filter((_, i) => i % 2 === 0);
  const ys = c.filter((_, i) => i % 2 === 1);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
};

/** How an area looks: faint until it is chosen, selected (the editor) or shown as right (staff). */
const TONES = {
  plain: "fill-white/5 stroke-slate-900/70 [stroke-dasharray:6_4]",
  draft: "fill-sky-500/15 stroke-sky-700 [stroke-dasharray:6_4]",
  selected: "fill-sky-500/25 stroke-sky-700",
  chosen: "fill-sky-500/30 stroke-sky-800",
  right: "fill-emerald-500/15 stroke-emerald-700",
  chosenRight: "fill-sky-500/30 stroke-emerald-700",
} as const;

/**
 * One area in the frame's units, with an outline that keeps its width at any scale and, when `mark` or `number` is
 * given, a badge in its middle (a tick for a chosen area: chosen is never told by colour alone).
 */
export function HotspotShape({
  shape,
  coords,
  tone,
  frame,
  number,
  mark,
  className,
  hatch,
  ...rest
}: {
  shape: TArea["shape"];
  coords: number[];
  tone: keyof typeof TONES;
  frame: TFrame;
  number?: string;
  mark?: boolean;
  /** The id of a pattern to lay over the fill: a right area is hatched, not told by colour alone. */
  hatch?: string | undefined;
} & Omit<SVGProps<SVGGElement>, "number">) {
  const strokeWidth = tone === "plain" || tone === "draft" ? 2 : 3;
  const common = { vectorEffect: "non-scaling-stroke" as const, strokeWidth, className: TONES[tone] };
  const c = centre(shape, coords);
  const r = Math.max(6, Math.min(frame.width, frame.height) / 22);
  // The same shape drawn with other paint: the halo under the outline, the focus ring over it.
  const el = (props: SVGProps<SVGElement>) =>
    shape === "rect" ? (
      <rect x={coords[0]} y={coords[1]} width={coords[2]! - coords[0]!} height={coords[3]! - coords[1]!} {...(props as SVGProps<SVGRectElement>)} />
    ) : shape === "circle" ? (
      <circle cx={coords[0]} cy={coords[1]} r={coords[2]} {...(props as SVGProps<SVGCircleElement>)} />
    ) : (
      <polygon points={coords.join(" ")} {...(props as SVGProps<SVGPolygonElement>)} />
    );
  return (
    <g className={cn("outline-none [&:focus-visible>.ring]:stroke-[var(--color-ring)] [&:focus-visible>.ring]:opacity-100", className)} {...rest}>
      {/* A light halo under the outline: it shows on dark pictures as well as light ones. */}
      {el({ fill: "none", stroke: "white", strokeOpacity: 0.85, strokeWidth: strokeWidth + 2, vectorEffect: "non-scaling-stroke" })}
      {el(common)}
      {hatch && el({ fill: `url(#${hatch})`, stroke: "none" })}
      {/* The keyboard focus: a thick outline over the shape's own. */}
      {el({ className: "ring opacity-0", fill: "none", strokeWidth: 5, vectorEffect: "non-scaling-stroke" })}
      {(mark || number) && (
        <g aria-hidden="true" pointerEvents="none">
          <circle cx={c.x} cy={c.y} r={r} className={mark ? "fill-sky-800" : "fill-slate-900/75"} />
          {mark ? (
            <path d={`M ${c.x - r * 0.5} ${c.y} l ${r * 0.35} ${r * 0.4} l ${r * 0.65} ${-r * 0.8}`} fill="none" stroke="white" strokeWidth={Math.max(1.5, r / 4)} strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <text x={c.x} y={c.y} dy="0.35em" textAnchor="middle" fontSize={r * 1.2} fontWeight={700} fill="white">
              {number}
            </text>
          )}
        </g>
      )}
    </g>
  );
}

/** The picture with an SVG layer over it in the areas' frame: it is stretched to the picture, whatever its size. */
function Picture({
  image,
  frame,
  lang,
  children,
  svgProps,
  onMissing,
}: {
  image: NonNullable<TImageRef>;
  frame: TFrame;
  lang: TLang;
  children: React.ReactNode;
  svgProps?: SVGProps<SVGSVGElement>;
  /** The picture could not be loaded (gone from storage, not this reader's): the caller shows something else. */
  onMissing?: () => void;
}) {
  return (
    <div className="relative w-fit max-w-full overflow-hidden rounded-lg border border-border bg-white">
      <img src={imageUrl(image.id)} alt={altOf(image, lang)} width={image.width} height={image.height} className="block h-auto max-h-[32rem] w-auto max-w-full select-none" draggable={false} onError={onMissing} />
      <svg viewBox={`0 0 ${frame.width} ${frame.height}`} preserveAspectRatio="none" className="absolute inset-0 size-full" {...svgProps}>
        {children}
      </svg>
    </div>
  );
}

/**
 * The areas chosen after a click or a tick on `id`, in the paper's order (the same areas are the same response); null
 * when it is refused: `maxChoices` (> 1) already reached — a further area is not taken and none is dropped behind the
 * student's back. With one area to choose, a new one replaces the old, as radios do.
 */
export function toggleArea(paper: Pick<TPaperOf<"hotspot">, "areas" | "maxChoices">, chosen: readonly string[], id: string): string[] | null {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else if (paper.maxChoices === 1) {
    next.clear();
    next.add(id);
  } else if (paper.maxChoices && next.size >= paper.maxChoices) return null;
  else next.add(id);
  return paper.areas.map((a) => a.id).filter((a) => next.has(a));
}

export function HotspotField({
  paper,
  image,
  response,
  onChange,
  lang,
  hintId,
  disabled,
}: {
  paper: TPaperOf<"hotspot">;
  image: TImageRef | undefined;
  response: TResponseHS | null;
  onChange: (r: TResponseHS) => void;
  lang: TLang;
  hintId: string;
  disabled?: boolean | undefined;
}) {
  const t = useInteractionT(lang);
  const picture = usePictureMissing();
  const [limitHit, setLimitHit] = useState(false);
  const chosen = new Set(response?.chosen ?? []);
  const one = paper.maxChoices === 1;
  const toggle = (id: string) => {
    if (disabled) return;
    const next = toggleArea(paper, response?.chosen ?? [], id);
    setLimitHit(next === null);
    if (next) onChange({ type: "hotspot", chosen: next });
  };
  const frame = { width: paper.width, height: paper.height };
  const hint = one ? t("hotspotOne") : paper.maxChoices ? t("hotspotUpTo", { n: paper.maxChoices }) : t("hotspotAny");

  return (
    <>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
        {paper.scoring === "partial" && !one ? ` ${t("hotspotPartial")}` : ""}
      </p>
      {/* A picture that cannot be loaded: the note, and the labels below are the way to answer. */}
      {image && picture.missing && <PictureMissing testId="hotspot-picture-missing">{t("hotspotPictureMissing")}</PictureMissing>}
      {image && !picture.missing && (
        <Picture
          image={image}
          frame={frame}
          lang={lang}
          onMissing={picture.onError}
          svgProps={{
            // The one hit test (areaAt): the last-drawn area wins where they overlap; outside every area, nothing.
            onClick: (e) => {
              const p = toFrame(e.currentTarget, e.clientX, e.clientY);
              const id = areaAt(paper.areas, p.x, p.y);
              if (id) toggle(id);
            },
            className: cn("absolute inset-0 size-full", !disabled && "cursor-pointer"),
            "data-testid": "hotspot-picture",
          } as SVGProps<SVGSVGElement>}
        >
          {paper.areas.map((a) => {
            const on = chosen.has(a.id);
            return (
              <HotspotShape
                key={a.id}
                shape={a.shape}
                coords={a.coords}
                frame={frame}
                tone={on ? "chosen" : "plain"}
                mark={on}
                role={one ? "radio" : "checkbox"}
                aria-checked={on}
                aria-label={entryText(a, lang)}
                aria-disabled={disabled || undefined}
                tabIndex={disabled ? -1 : 0}
                onKeyDown={(e) => {
                  if (e.key === " " || e.key === "Enter") {
                    e.preventDefault();
                    toggle(a.id);
                  }
                }}
                data-testid="hotspot-area"
                data-area-id={a.id}
                data-chosen={on}
              />
            );
          })}
        </Picture>
      )}
      <div role={one ? "radiogroup" : "group"} aria-label={t("hotspotList")} className="grid gap-2" data-testid="hotspot-list">
        {paper.areas.map((a) => (
          <label
            key={a.id}
            className={cn(
              rowClass,
              "cursor-pointer transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            )}
            data-testid="hotspot-label"
          >
            <input type={one ? "radio" : "checkbox"} value={a.id} checked={chosen.has(a.id)} onChange={() => toggle(a.id)} onClick={() => one && chosen.has(a.id) && toggle(a.id)} className="size-4.5 shrink-0 accent-primary" />
            <EntryText entry={a} lang={lang} />
          </label>
        ))}
      </div>
      <p role="status" className={cn("text-sm font-medium text-destructive-text", !limitHit && "sr-only")} data-testid="hotspot-limit">
        {limitHit ? t("hotspotLimit", { n: paper.maxChoices }) : ""}
      </p>
    </>
  );
}

/**
 * Read-only (the preview, the result page; docs/decisions/0064): the picture with every area outlined, the chosen ones
 * filled with a tick and, with the key, the right ones hatched with a solid border — a pattern, not colour alone —
 * and a legend that names each mark; then the labels as a list (chosen, right), which says it all in words for a
 * screen reader. A picture that cannot be loaded leaves a short note and the list.
 */
export function HotspotView({ content, image, response, lang }: { content: { width: number; height: number; areas: TArea[] }; image: TImageRef | undefined; response: TResponseHS | null; lang: TLang }) {
  const t = useInteractionT(lang);
  // A pattern's id is referenced in url(#…): letters only, whatever useId's punctuation.
  const hatch = `hatch-${useId().replace(/[^\w-]/g, "")}`;
  const picture = usePictureMissing();
  const chosen = new Set(response?.chosen ?? []);
  const frame = { width: content.width, height: content.height };
  const keyed = content.areas.some((a) => a.correct !== undefined);
  return (
    <div className="flex flex-col gap-3" data-testid="hotspot-view">
      {image && !picture.missing && (
        <div className="flex flex-col gap-2">
          <Picture image={image} frame={frame} lang={lang} onMissing={picture.onError} svgProps={{ "aria-hidden": true } as SVGProps<SVGSVGElement>}>
            <defs>
              <Hatch id={hatch} />
            </defs>
            {content.areas.map((a) => {
              const on = chosen.has(a.id);
              return (
                <HotspotShape
                  key={a.id}
                  shape={a.shape}
                  coords={a.coords}
                  frame={frame}
                  tone={a.correct ? (on ? "chosenRight" : "right") : on ? "chosen" : "plain"}
                  mark={on}
                  hatch={a.correct ? hatch : undefined}
                  data-area-chosen={on}
                  data-area-correct={a.correct}
                  data-testid="hotspot-view-area"
                />
              );
            })}
          </Picture>
          {/* What the marks on the picture mean; the list below says the same in words. */}
          <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid="hotspot-legend">
            <LegendItem label={t("hotspotLegendArea")}>
              <rect x="3" y="3" width="18" height="14" rx="2" className={TONES.plain} strokeWidth={1.5} />
            </LegendItem>
            {chosen.size > 0 && (
              <LegendItem label={t("hotspotLegendChosen")}>
                <rect x="3" y="3" width="18" height="14" rx="2" className={TONES.chosen} strokeWidth={2} />
                <circle cx="12" cy="10" r="5" className="fill-sky-800" />
                <path d="M 9.5 10 l 1.75 2 l 3.25 -4" fill="none" stroke="white" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" />
              </LegendItem>
            )}
            {keyed && (
              <LegendItem label={t("hotspotLegendRight")}>
                <defs>
                  <Hatch id={`${hatch}-legend`} />
                </defs>
                <rect x="3" y="3" width="18" height="14" rx="2" className={TONES.right} strokeWidth={2} />
                <rect x="3" y="3" width="18" height="14" rx="2" fill={`url(#${hatch}-legend)`} stroke="none" />
              </LegendItem>
            )}
          </ul>
        </div>
      )}
      {image && picture.missing && <PictureMissing testId="hotspot-picture-missing">{t("hotspotPictureMissing")}</PictureMissing>}
      <MultipleResponseView choices={content.areas} response={response ? { type: "multiple_response", chosen: response.chosen } : null} lang={lang} />
    </div>
  );
}

/** Diagonal lines in the key's green: the right areas' pattern, on the picture and in the legend. */
function Hatch({ id }: { id: string }) {
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <line x1="0" y1="0" x2="0" y2="8" className="stroke-emerald-700" strokeWidth="3" strokeOpacity="0.7" />
    </pattern>
  );
}

function LegendItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      {/* On white, as on the picture: the marks keep their look in dark mode. */}
      <svg viewBox="0 0 24 20" className="h-5 w-6 shrink-0 rounded-sm bg-white">
        {children}
      </svg>
      {label}
    </li>
  );
}
