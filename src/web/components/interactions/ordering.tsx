// Ordering (issue 36): put the items in order. Each item moves with its up/down buttons, with Alt+↑/↓ while it has
// the focus, or dragged by its handle with the pointer (mouse, pen or finger); the new place is announced politely.
// Up and down are the same in Arabic and English (the list is vertical), so nothing flips in RTL. Until the student
// moves something, the shuffled order is no answer: "Keep this order" answers with it as it stands.
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Button } from "@web/components/ui/button";
import { formatNumber, type TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { EntryText, entryText, rowClass, useInteractionT, Verdict, type TPaperEntry, type TPaperOf, type TResponseOf } from "./common";

type TResponseOrdering = TResponseOf<"ordering">;

/** The order the paper shows: the response's, when it is a whole arrangement of these items; else the paper's own. */
export function currentOrder(items: TPaperEntry[], response: TResponseOrdering | null): TPaperEntry[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const order = response?.order ?? [];
  const whole = order.length === items.length && new Set(order).size === items.length && order.every((id) => byId.has(id));
  return whole ? order.map((id) => byId.get(id)!) : items;
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [it] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, it!);
  return next;
}

export function OrderingField({
  paper,
  response,
  onChange,
  lang,
  hintId,
  disabled,
}: {
  paper: TPaperOf<"ordering">;
  response: TResponseOrdering | null;
  onChange: (r: TResponseOrdering) => void;
  lang: TLang;
  hintId: string;
  disabled?: boolean | undefined;
}) {
  const t = useInteractionT(lang);
  const saved = currentOrder(paper.items, response);
  const [drag, setDrag] = useState<{ id: string; order: TPaperEntry[] } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const rows = useRef(new Map<string, HTMLLIElement>());
  const refocus = useRef<{ id: string; button: "up" | "down" | null } | null>(null);
  const shown = drag?.order ?? saved;
  const n = shown.length;

  useEffect(() => {
    const f = refocus.current;
    if (!f) return;
    refocus.current = null;
    const row = rows.current.get(f.id);
    const button = f.button && row?.querySelector<HTMLButtonElement>(`[data-move="${f.button}"]:not(:disabled)`);
    (button || row)?.focus();
  });

  const commit = (order: TPaperEntry[], movedId: string) => {
    onChange({ type: "ordering", order: order.map((i) => i.id) });
    const at = order.findIndex((i) => i.id === movedId);
    setAnnouncement(t("movedTo", { item: entryText(order[at]!, lang), n: formatNumber(lang, at + 1), total: formatNumber(lang, order.length) }));
  };
  const step = (index: number, by: -1 | 1, focus: "up" | "down" | null) => {
    const to = index + by;
    if (disabled || to < 0 || to >= n) return;
    refocus.current = { id: shown[index]!.id, button: focus };
    commit(move(shown, index, to), shown[index]!.id);
  };
  const onKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown") || e.target !== e.currentTarget) return;
    e.preventDefault();
    step(index, e.key === "ArrowUp" ? -1 : 1, null);
  };

  // Dragging: the handle captures the pointer; the item takes the place of the row under the pointer.
  const onPointerDown = (e: PointerEvent<HTMLElement>, id: string) => {
    if (disabled || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ id, order: saved });
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const from = drag.order.findIndex((i) => i.id === drag.id);
    let to = from;
    drag.order.forEach((item, i) => {
      const r = rows.current.get(item.id)?.getBoundingClientRect();
      if (!r) return;
      if (i < from && e.clientY < r.top + r.height / 2) to = Math.min(to, i);
      if (i > from && e.clientY > r.top + r.height / 2) to = Math.max(to, i);
    });
    if (to !== from) setDrag({ id: drag.id, order: move(drag.order, from, to) });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const changed = drag.order.some((item, i) => item.id !== saved[i]?.id);
    setDrag(null);
    if (changed) commit(drag.order, drag.id);
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("orderHint")}
      </p>
      <ol className="flex flex-col gap-2" data-testid="ordering-list">
        {shown.map((item, i) => {
          const label = entryText(item, lang);
          return (
            <li
              key={item.id}
              ref={(el) => {
                if (el) rows.current.set(item.id, el);
                else rows.current.delete(item.id);
              }}
              tabIndex={disabled ? -1 : 0}
              aria-label={t("itemAt", { item: label, n: formatNumber(lang, i + 1), total: formatNumber(lang, n) })}
              aria-describedby={hintId}
              onKeyDown={(e) => onKey(e, i)}
              className={cn(rowClass, "gap-2 bg-card py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring", drag?.id === item.id && "border-primary bg-accent shadow-md")}
              data-testid="ordering-item"
              data-id={item.id}
            >
              <span
                aria-hidden="true"
                onPointerDown={(e) => onPointerDown(e, item.id)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                className={cn("grid h-9 w-6 shrink-0 touch-none place-items-center text-muted-foreground", disabled ? "cursor-not-allowed" : "cursor-grab active:cursor-grabbing")}
                data-testid="ordering-handle"
              >
                <GripVertical className="size-4" />
              </span>
              <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-muted text-xs font-semibold text-muted-foreground tabular-nums">
                {formatNumber(lang, i + 1)}
              </span>
              <EntryText entry={item} lang={lang} />
              <span className="flex shrink-0 gap-1">
                <Button type="button" variant="outline" size="icon" className="size-9" disabled={disabled || i === 0} aria-label={t("moveUp", { item: label })} title={t("moveUp", { item: label })} onClick={() => step(i, -1, "up")} data-move="up">
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-9"
                  disabled={disabled || i === n - 1}
                  aria-label={t("moveDown", { item: label })}
                  title={t("moveDown", { item: label })}
                  onClick={() => step(i, 1, "down")}
                  data-move="down"
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {!response && (
        <Button type="button" variant="outline" size="sm" className="self-start" disabled={disabled} onClick={() => onChange({ type: "ordering", order: saved.map((i) => i.id) })} data-testid="ordering-keep">
          {t("keepOrder")}
        </Button>
      )}
      <p aria-live="polite" className="sr-only" data-testid="ordering-announce">
        {announcement}
      </p>
    </div>
  );
}

/** Read-only: the student's order; with `keyOrder` (staff), each item's right place beside it. */
export function OrderingView({ items, response, lang, keyOrder }: { items: TPaperEntry[]; response: TResponseOrdering | null; lang: TLang; keyOrder?: string[] | undefined }) {
  const t = useInteractionT(lang);
  const byId = new Map(items.map((i) => [i.id, i]));
  const order = (response?.order ?? []).map((id) => byId.get(id)).filter((i): i is TPaperEntry => !!i);
  if (order.length === 0) return <p className="text-sm italic text-muted-foreground">{t("noResponse")}</p>;
  return (
    <div className="flex flex-col gap-2" data-testid="ordering-view">
      <ol className="grid gap-1.5">
        {order.map((item, i) => {
          const place = keyOrder?.indexOf(item.id) ?? -1;
          return (
            <li key={item.id} className={cn(rowClass, "py-2")}>
              <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-muted text-xs font-semibold text-muted-foreground tabular-nums">
                {formatNumber(lang, i + 1)}
              </span>
              <EntryText entry={item} lang={lang} />
              {keyOrder && place >= 0 && (
                <>
                  {place !== i && <span className="shrink-0 text-xs text-muted-foreground">{t("rightPlace", { n: formatNumber(lang, place + 1) })}</span>}
                  <Verdict right={place === i} lang={lang} />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
