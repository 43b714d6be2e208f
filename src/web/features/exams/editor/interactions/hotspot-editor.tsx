// Hotspot (issue 36, docs/decisions/0063): areas drawn over the question's picture, in the picture's own pixels (the
// SVG's viewBox is the frame, set from the picture's natural size when it loads). A pointer draws (rectangle by a
// drag, circle by a drag from its centre, polygon by its corners) and moves; the list under the picture does all of
// it without one: "Add rectangle"/"Add circle", then numbers, labels, "right answer", remove (with Undo).
import { Circle, Hexagon, MousePointer2, Plus, Square, Undo2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { MAX_INTERACTION_ENTRIES } from "@shared/item-types/common";
import { HOTSPOT_SCORING, MAX_POLYGON_POINTS } from "@shared/item-types/hotspot";
import type { TImageRef } from "@shared/schemas/exam";
import { imageUrl } from "@web/components/exam-image";
import { HotspotShape, toFrame } from "@web/components/interactions/hotspot";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { cn } from "@web/lib/utils";
import { newChoice, type THotspotAreaForm } from "../../lib/interaction-form";
import { formatNumber, useExamsT } from "../../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "../field-message";
import { circleFromDrag, clampPoint, defaultArea, moveArea, rectFromDrag, rescaleCoords, type TFrame, type TPoint, type TShape } from "./hotspot-geometry";
import { EntryRow, EntryText, ScoringSelect, type TInteractionPath } from "./shared";

type TTool = "select" | TShape;
const TOOLS: { tool: TTool; Icon: typeof Square }[] = [
  { tool: "select", Icon: MousePointer2 },
  { tool: "rect", Icon: Square },
  { tool: "circle", Icon: Circle },
  { tool: "poly", Icon: Hexagon },
];
/** What a drag is doing: drawing a new shape from `from`, or moving area `index` whose coords were `coords`. */
type TDrag = { kind: "draw"; from: TPoint; to: TPoint } | { kind: "move"; index: number; from: TPoint; coords: number[] };

export function HotspotEditor({ base, index }: { base: TInteractionPath; index: number }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, register, setValue, getValues } = useFormContext();
  const list = `${base}.areas`;
  const areas = useFieldArray({ control, name: list, keyName: "key" });
  const values = (useWatch({ control, name: list }) as THotspotAreaForm[] | undefined) ?? [];
  const width = (useWatch({ control, name: `${base}.width` }) as number | undefined) ?? 0;
  const height = (useWatch({ control, name: `${base}.height` }) as number | undefined) ?? 0;
  const image = useWatch({ control, name: `questions.${index}.image` }) as TImageRef | undefined;
  const frame: TFrame = { width, height };
  const ready = !!image && width > 0 && height > 0;
  const svgRef = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<TTool>("rect");
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<TDrag | null>(null);
  const [corners, setCorners] = useState<number[]>([]);
  const [removed, setRemoved] = useState<{ area: THotspotAreaForm; at: number } | null>(null);
  const listA11y = useFieldA11y(list, `${uid}-hint`);
  const count = areas.fields.length;
  const room = count < MAX_INTERACTION_ENTRIES;

  // The frame is the picture's natural size. A picture replaced by one of another size (or a frame imported that was
  // not the picture's pixels) carries its areas over, scaled, so they cover the same places.
  const onImageLoad = (img: HTMLImageElement) => {
    const next = { width: img.naturalWidth, height: img.naturalHeight };
    const cur = { width: getValues(`${base}.width`) as number, height: getValues(`${base}.height`) as number };
    if (!next.width || !next.height || (cur.width === next.width && cur.height === next.height)) return;
    if (cur.width > 0 && cur.height > 0) {
      const old = getValues(list) as THotspotAreaForm[];
      setValue(list, old.map((a) => ({ ...a, coords: rescaleCoords(a.shape, a.coords, cur, next) })), { shouldDirty: true });
    }
    setValue(`${base}.width`, next.width, { shouldDirty: true });
    setValue(`${base}.height`, next.height, { shouldDirty: true });
  };
  // A new picture: its areas are kept until it has loaded (above); without one, nothing is being drawn.
  useEffect(() => {
    setCorners([]);
    setDrag(null);
  }, [image?.id]);

  const setCoords = (j: number, coords: number[]) => setValue(`${list}.${j}.coords`, coords, { shouldDirty: true, shouldValidate: false });
  const add = (shape: TShape, coords: number[]) => {
    if (!room) return;
    areas.append({ ...newChoice(), shape, coords }, { shouldFocus: false });
    setSelected(count);
    setRemoved(null);
  };
  const addByKeyboard = (shape: "rect" | "circle") => {
    if (!room || !ready) return;
    areas.append({ ...newChoice(), shape, coords: defaultArea(shape, frame) }, { focusName: `${list}.${count}.textAr` });
    setSelected(count);
    setRemoved(null);
  };
  const remove = (j: number) => {
    const area = (getValues(list) as THotspotAreaForm[])[j];
    if (!area) return;
    areas.remove(j);
    setRemoved({ area, at: j });
    setSelected(null);
    requestAnimationFrame(() => document.getElementById(`${uid}-undo`)?.focus());
  };
  const undo = () => {
    if (!removed) return;
    areas.insert(removed.at, removed.area, { focusName: `${list}.${removed.at}.textAr` });
    setSelected(removed.at);
    setRemoved(null);
  };
  const closePolygon = () => {
    if (corners.length >= 6) add("poly", corners);
    setCorners([]);
  };

  const point = (e: PointerEvent | React.MouseEvent) => toFrame(svgRef.current!, e.clientX, e.clientY);
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (!ready || e.button !== 0) return;
    const p = point(e);
    if (tool === "select") {
      const hit = (e.target as Element).closest("[data-area]")?.getAttribute("data-area");
      if (hit === null || hit === undefined) return setSelected(null);
      const j = Number(hit);
      setSelected(j);
      setDrag({ kind: "move", index: j, from: p, coords: values[j]!.coords });
    } else if (tool === "poly") {
      if (corners.length >= MAX_POLYGON_POINTS * 2) return;
      const c = clampPoint(p, frame);
      setCorners((cs) => [...cs, c.x, c.y]);
      return;
    } else setDrag({ kind: "draw", from: p, to: p });
    svgRef.current!.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const p = point(e);
    if (drag.kind === "draw") setDrag({ ...drag, to: p });
    else setCoords(drag.index, moveArea(values[drag.index]!.shape, drag.coords, p.x - drag.from.x, p.y - drag.from.y, frame));
  };
  const onPointerUp = () => {
    if (drag?.kind === "draw") {
      const coords = tool === "circle" ? circleFromDrag(drag.from, drag.to, frame) : rectFromDrag(drag.from, drag.to, frame);
      if (coords) add(tool === "circle" ? "circle" : "rect", coords);
    }
    setDrag(null);
  };
  const draft = drag?.kind === "draw" ? (tool === "circle" ? circleFromDrag(drag.from, drag.to, frame) : rectFromDrag(drag.from, drag.to, frame)) : null;

  // An area on the picture, focused: arrows move it (Shift: 10 px), Delete removes it.
  const onAreaKey = (j: number, e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (d) {
      e.preventDefault();
      setCoords(j, moveArea(values[j]!.shape, values[j]!.coords, d[0]!, d[1]!, frame));
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      remove(j);
    }
  };
  const onSurfaceKey = (e: KeyboardEvent) => {
    if (tool !== "poly" || !corners.length) return;
    if (e.key === "Enter") {
      e.preventDefault();
      closePolygon();
    } else if (e.key === "Escape") {
      e.preventDefault();
      setCorners([]);
    }
  };

  return (
    <div className="flex flex-col gap-5" data-testid={`question-${index}-hotspot`}>
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={listA11y["aria-describedby"]}>
        <legend className="mb-1 text-sm font-semibold">{t("interactions.hotspot.legend")}</legend>
        <p id={`${uid}-hint`} className="-mt-2 text-xs text-muted-foreground">
          {t("interactions.hotspot.hint")}
        </p>
        {!image ? (
          <p className="rounded-xl border border-dashed border-input-border p-4 text-sm text-muted-foreground" data-testid={`question-${index}-hotspot-no-image`}>
            {t("interactions.hotspot.needsImage")}
          </p>
        ) : (
          <>
            <div role="radiogroup" aria-label={t("interactions.hotspot.tools")} className="flex flex-wrap gap-1.5">
              {TOOLS.map(({ tool: k, Icon }) => (
                <label
                  key={k}
                  className={cn(
                    "inline-flex cursor-pointer items-center gap-1.5 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    tool === k ? "border-primary bg-accent text-accent-foreground" : "border-input-border hover:bg-muted",
                  )}
                >
                  <input
                    type="radio"
                    name={`${uid}-tool`}
                    className="sr-only"
                    checked={tool === k}
                    onChange={() => {
                      setTool(k);
                      setCorners([]);
                    }}
                    data-testid={`question-${index}-hotspot-tool-${k}`}
                  />
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`interactions.hotspot.tool.${k}`)}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {t(`interactions.hotspot.toolHint.${tool}`)}
            </p>
            <div className="relative w-fit max-w-full self-start overflow-hidden rounded-lg border border-border bg-white">
              <img src={imageUrl(image.id)} alt="" width={image.width} height={image.height} className="block h-auto max-h-[32rem] w-auto max-w-full select-none" draggable={false} onLoad={(e) => onImageLoad(e.currentTarget)} data-testid={`question-${index}-hotspot-image`} />
              {ready && (
                <svg
                  ref={svgRef}
                  viewBox={`0 0 ${width} ${height}`}
                  preserveAspectRatio="none"
                  className={cn("absolute inset-0 size-full touch-none outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset", tool === "select" ? "cursor-default" : "cursor-crosshair")}
                  tabIndex={tool === "poly" ? 0 : -1}
                  aria-label={t("interactions.hotspot.surface")}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => setDrag(null)}
                  onDoubleClick={() => tool === "poly" && closePolygon()}
                  onKeyDown={onSurfaceKey}
                  data-testid={`question-${index}-hotspot-surface`}
                >
                  {values.map((a, j) => (
                    <HotspotShape
                      key={areas.fields[j]?.key ?? j}
                      shape={a.shape}
                      coords={a.coords}
                      tone={j === selected ? "selected" : a.correct ? "right" : "plain"}
                      number={formatNumber(lang, j + 1)}
                      frame={frame}
                      tabIndex={0}
                      role="button"
                      aria-label={t("interactions.hotspot.areaOnPicture", { m: formatNumber(lang, j + 1) })}
                      aria-pressed={j === selected}
                      onFocus={() => setSelected(j)}
                      onKeyDown={(e) => onAreaKey(j, e)}
                      data-area={j}
                      data-testid={`question-${index}-area-${j}-shape`}
                    />
                  ))}
                  {draft && <HotspotShape shape={tool === "circle" ? "circle" : "rect"} coords={draft} tone="draft" frame={frame} />}
                  {corners.length > 0 && (
                    <polyline points={corners.join(" ")} fill="none" className="stroke-primary" strokeWidth={2} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
                  )}
                </svg>
              )}
            </div>
            {tool === "poly" && corners.length > 0 && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" disabled={corners.length < 6} onClick={closePolygon} data-testid={`question-${index}-hotspot-close-poly`}>
                  {t("interactions.hotspot.closePolygon")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setCorners([])}>
                  {t("interactions.hotspot.cancelPolygon")}
                </Button>
              </div>
            )}
          </>
        )}
        <FieldMessage path={`${base}.width`} />

        {removed && (
          <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm">
            {t("interactions.hotspot.removed")}
            <Button id={`${uid}-undo`} size="sm" variant="outline" onClick={undo} data-testid={`question-${index}-hotspot-undo`}>
              <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
              {t("interactions.hotspot.undo")}
            </Button>
          </div>
        )}

        {areas.fields.map((field, j) => {
          // The watched values lag a render behind an append: the field array's own copy meanwhile (so the new
          // row's label is on the page when append focuses it).
          const a = values[j] ?? (field as unknown as THotspotAreaForm);
          const m = formatNumber(lang, j + 1);
          const p = `${list}.${j}`;
          return (
            <EntryRow key={field.key} correct={a.correct} testId={`question-${index}-area-${j}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={cn("text-sm font-medium", j === selected ? "text-primary" : "text-muted-foreground")}>
                  {t("interactions.hotspot.area", { m, shape: t(`interactions.hotspot.shape.${a.shape}`) })}
                </span>
                <div className="flex flex-wrap items-center gap-2">
                  <label
                    className={cn(
                      "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      a.correct ? "border-success-border bg-success text-success-foreground" : "border-input-border hover:bg-muted",
                    )}
                  >
                    <input type="checkbox" className="size-4 accent-primary outline-none" {...register(`${p}.correct`)} data-testid={`question-${index}-area-${j}-correct`} />
                    {t("interactions.hotspot.correct")}
                    <span className="sr-only"> {t("interactions.hotspot.which", { m })}</span>
                  </label>
                  <Button size="sm" variant="ghost" className="text-destructive-text hover:bg-destructive/10" onClick={() => remove(j)} data-testid={`question-${index}-area-${j}-remove`}>
                    <X aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("interactions.hotspot.remove")}</span>
                    <span className="sr-only"> {t("interactions.hotspot.which", { m })}</span>
                  </Button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <EntryText path={`${p}.textAr`} lang="ar" label={t("interactions.hotspot.textAr", { m })} testId={`question-${index}-area-${j}-ar`} errorPath={p} />
                <EntryText path={`${p}.textEn`} lang="en" label={t("interactions.hotspot.textEn", { m })} testId={`question-${index}-area-${j}-en`} errorPath={p} />
              </div>
              <Coordinates shape={a.shape} coords={a.coords} m={m} path={`${p}.coords`} testId={`question-${index}-area-${j}`} onChange={(c) => setCoords(j, c)} />
              <FieldMessage path={p} />
            </EntryRow>
          );
        })}
        <FieldMessage path={list} />
        {room && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={!ready} onClick={() => addByKeyboard("rect")} data-testid={`question-${index}-add-rect`}>
              <Plus aria-hidden="true" />
              {t("interactions.hotspot.addRect")}
            </Button>
            <Button variant="outline" size="sm" disabled={!ready} onClick={() => addByKeyboard("circle")} data-testid={`question-${index}-add-circle`}>
              <Plus aria-hidden="true" />
              {t("interactions.hotspot.addCircle")}
            </Button>
          </div>
        )}
      </fieldset>
      <MaxChoices path={`${base}.maxChoices`} testId={`question-${index}-max-choices`} />
      <ScoringSelect path={`${base}.scoring`} options={HOTSPOT_SCORING} hintKey="hintChoices" testId={`question-${index}-scoring`} />
    </div>
  );
}

/** An area's numbers, named for its shape: the keyboard's way to place it exactly. */
function Coordinates({ shape, coords, m, path, testId, onChange }: { shape: TShape; coords: number[]; m: string; path: string; testId: string; onChange: (c: number[]) => void }) {
  const { t } = useExamsT();
  const names =
    shape === "rect"
      ? ["left", "top", "right", "bottom"].map((k) => t(`interactions.hotspot.coord.${k}`))
      : shape === "circle"
        ? ["x", "y", "r"].map((k) => t(`interactions.hotspot.coord.${k}`))
        : coords.map((_, i) => t(i % 2 ? "interactions.hotspot.coord.cornerY" : "interactions.hotspot.coord.cornerX", { k: Math.floor(i / 2) + 1 }));
  const a11y = useFieldA11y(path);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-xs text-muted-foreground">{t("interactions.hotspot.coordsLegend", { m })}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {names.map((name, i) => (
          <NumberField key={i} label={name} value={coords[i] ?? 0} a11y={a11y} testId={`${testId}-coord-${i}`} onChange={(v) => onChange(coords.map((c, k) => (k === i ? v : c)))} />
        ))}
      </div>
      <FieldMessage path={path} />
    </fieldset>
  );
}

/** A whole number typed freely: what is typed stays until it is a number, and a drag on the picture updates it. */
function NumberField({ label, value, a11y, testId, onChange }: { label: string; value: number; a11y: object; testId: string; onChange: (v: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((cur) => (Number(cur) === value ? cur : String(value)));
  }, [value]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id} className="text-xs font-normal text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        dir="ltr"
        className="h-9 text-start tabular-nums"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) onChange(Math.round(v));
        }}
        {...a11y}
        data-testid={testId}
      />
    </div>
  );
}

/** How many areas a student may choose: 0 for any number. */
function MaxChoices({ path, testId }: { path: string; testId: string }) {
  const { t } = useExamsT();
  const id = useId();
  const { register } = useFormContext();
  const a11y = useFieldA11y(path, `${id}-hint`);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("interactions.hotspot.maxChoices")}</Label>
      <Input id={id} type="number" inputMode="numeric" min={0} max={MAX_INTERACTION_ENTRIES} step={1} dir="ltr" className="w-28 text-start tabular-nums" {...a11y} {...register(path, { valueAsNumber: true })} data-testid={testId} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("interactions.hotspot.maxChoicesHint")}
      </p>
      <FieldMessage path={path} />
    </div>
  );
}
