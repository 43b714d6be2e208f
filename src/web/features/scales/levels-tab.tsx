// A scale's proficiency levels: add, remove and reorder (2–10), both names, cut scores; a small chart of the scale
// with its cuts. Saving replaces the levels; a changed cut is approved by the super_admin who saves it.
import { ArrowDown, ArrowUp, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { MAX_LEVELS, MAX_SCALE_NAME_LENGTH, MIN_LEVELS, ZLevelsInput, type TLevel, type TScale } from "@shared/schemas/scale";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { toastError } from "@web/components/ui/use-toast";
import { errorText } from "@web/lib/errors";
import { formatDateTime, formatNumber, pick } from "@web/lib/format";
import { fieldA11y } from "@web/features/admin/components/form-field";
import { toErrorBody } from "@web/lib/errors";
import { codeResolver, issuesOf } from "@web/features/admin/lib/resolver";
import { useAdminT } from "@web/features/admin/lib/use-admin";
import { useSaveLevels } from "./api";
import type { TScaleTabProps } from "./scale-page";
import { scalesFailureToast, scalesToast, useScalesT } from "./use-scales-t";

type TRow = { nameAr: string; nameEn: string; minScore: string };
type TValues = { levels: TRow[] };

const rowsOf = (levels: TLevel[]): TRow[] =>
  levels.length
    ? levels.map((l) => ({ nameAr: l.nameAr, nameEn: l.nameEn, minScore: l.minScore === null ? "" : String(l.minScore) }))
    : [
        { nameAr: "", nameEn: "", minScore: "" },
        { nameAr: "", nameEn: "", minScore: "" },
      ];
const inputOf = (v: TValues) => ({
  levels: v.levels.map((l, k) => ({ nameAr: l.nameAr, nameEn: l.nameEn, minScore: k === 0 ? null : l.minScore.trim() === "" ? Number.NaN : Number(l.minScore) })),
});

/** Where each row's first problem is: levels.<k>.<field> → code. */
function issuesByRow(issues: ReturnType<typeof issuesOf>) {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.length >= 3 ? `${String(i.path[1])}.${String(i.path[2])}` : "root";
    out[key] ??= i.message;
  }
  return out;
}

export default function LevelsTab({ scale }: TScaleTabProps) {
  const { t, lang } = useScalesT();
  const { t: ta } = useAdminT();
  const save = useSaveLevels(scale.id);
  const form = useForm<TValues>({
    defaultValues: { levels: rowsOf(scale.levels) },
    // Errors live on the whole list (the shared schema's paths are levels.<k>.<field>): shown per cell below.
    resolver: codeResolver<TValues>((v) => issuesOf(ZLevelsInput.safeParse(inputOf(v))).map((i) => ({ ...i, path: ["levels"], message: JSON.stringify(issuesByRow([i])) }))),
  });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "levels" });
  const rawError = form.formState.errors.levels?.message;
  const cellErrors: Record<string, string> = rawError ? (JSON.parse(rawError) as Record<string, string>) : {};
  const serverCode = form.formState.errors.root?.message;
  const watched = form.watch("levels");

  const onSubmit = (v: TValues) =>
    save.mutate(inputOf(v), {
      onSuccess: (saved) => {
        scalesToast("toast.levelsSaved", saved);
        form.reset({ levels: rowsOf(saved.levels) });
      },
      onError: (error) => {
        scalesFailureToast(error, "toast.failedLevels");
        form.setError("root", { type: "server", message: toErrorBody(error).code });
      },
    });
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const message = invalid.levels?.message;
    const first = typeof message === "string" ? Object.values(JSON.parse(message) as Record<string, string>)[0] : undefined;
    if (first) toastError(first);
  };
  const approvedOf = (k: number) => {
    const level = scale.levels[k];
    return level?.approvedByName && level.approvedAt ? t("levels.approved", { name: level.approvedByName, date: formatDateTime(lang, level.approvedAt) }) : null;
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h3">{t("levels.title")}</CardTitle>
          <CardDescription>{t("levels.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4" data-testid="levels-form">
            <ol className="flex flex-col gap-3">
              {fields.map((field, k) => {
                const n = formatNumber(lang, k + 1);
                const id = (f: string) => `level-${k}-${f}`;
                const err = (f: string) => cellErrors[`${k}.${f}`];
                return (
                  <li key={field.id} className="rounded-xl border border-border p-3" data-testid={`level-row-${k}`}>
                    <fieldset className="flex min-w-0 flex-col gap-3">
                      <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold">
                        <span>{t("levels.name", { n })}</span>
                        <span className="flex gap-1">
                          <Button type="button" size="icon" variant="ghost" aria-label={t("levels.up", { n })} disabled={k === 0} onClick={() => move(k, k - 1)}>
                            <ArrowUp aria-hidden="true" />
                          </Button>
                          <Button type="button" size="icon" variant="ghost" aria-label={t("levels.down", { n })} disabled={k === fields.length - 1} onClick={() => move(k, k + 1)}>
                            <ArrowDown aria-hidden="true" />
                          </Button>
                          <Button type="button" size="icon" variant="ghost" className="text-destructive-text" aria-label={t("levels.remove", { n })} disabled={fields.length <= MIN_LEVELS} onClick={() => remove(k)} data-testid={`level-remove-${k}`}>
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </span>
                      </legend>
                      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem]">
                        {(["nameAr", "nameEn"] as const).map((f) => (
                          <div key={f} className="flex flex-col gap-1">
                            <label htmlFor={id(f)} className="text-xs font-medium text-muted-foreground">
                              {t(`levels.${f}`)}
                            </label>
                            <Input id={id(f)} dir={f === "nameAr" ? "rtl" : "ltr"} lang={f === "nameAr" ? "ar" : "en"} autoComplete="off" maxLength={MAX_SCALE_NAME_LENGTH + 50} {...fieldA11y(id(f), { error: err(f) })} {...form.register(`levels.${k}.${f}`)} data-testid={id(f)} />
                            {err(f) && <p id={`${id(f)}-error`} className="text-sm font-medium text-destructive-text">{errorText(err(f)!, lang).message}</p>}
                          </div>
                        ))}
                        <div className="flex flex-col gap-1">
                          <label htmlFor={id("cut")} className="text-xs font-medium text-muted-foreground">
                            {t("levels.cut")}
                          </label>
                          {k === 0 ? (
                            <Input id={id("cut")} readOnly aria-readonly value={t("levels.lowestCut")} className="read-only:bg-muted read-only:text-muted-foreground" />
                          ) : (
                            <Input id={id("cut")} inputMode="decimal" dir="ltr" className="text-start tabular-nums" autoComplete="off" {...fieldA11y(id("cut"), { error: err("minScore") })} {...form.register(`levels.${k}.minScore`)} data-testid={id("cut")} />
                          )}
                          {err("minScore") && <p id={`${id("cut")}-error`} className="text-sm font-medium text-destructive-text">{errorText(err("minScore")!, lang).message}</p>}
                        </div>
                      </div>
                      {approvedOf(k) && !form.formState.isDirty && <p className="text-xs text-muted-foreground">{approvedOf(k)}</p>}
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {(cellErrors.root || serverCode) && <p className="text-sm font-medium text-destructive-text" role="alert">{errorText((cellErrors.root ?? serverCode)!, lang).message}</p>}
            <div className="flex flex-wrap justify-between gap-2">
              <Button type="button" variant="outline" disabled={fields.length >= MAX_LEVELS} onClick={() => append({ nameAr: "", nameEn: "", minScore: "" })} data-testid="level-add">
                <Plus aria-hidden="true" />
                {t("levels.add")}
              </Button>
              <Button type="submit" disabled={save.isPending} data-testid="levels-save">
                {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
                {save.isPending ? ta("common.saving") : t("levels.save")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <ScaleChart scale={scale} levels={watched.map((l, k) => ({ name: pick(lang, l.nameAr, l.nameEn) || t("levels.name", { n: formatNumber(lang, k + 1) }), cut: k === 0 ? null : Number(l.minScore) }))} />
    </div>
  );
}

/** One colour, deeper for each higher level: reads in order in light and dark and without colour names. */
const shade = (k: number, n: number) => 0.2 + (0.8 * k) / Math.max(1, n - 1);

/** The scale as a line from its lowest to its highest score (mean ± 4 SD where unbounded), a band per level. */
export function ScaleChart({ scale, levels }: { scale: Pick<TScale, "mean" | "sd" | "lowest" | "highest">; levels: { name: string; cut: number | null }[] }) {
  const { t, lang } = useScalesT();
  const from = scale.lowest ?? scale.mean - 4 * scale.sd;
  const to = scale.highest ?? scale.mean + 4 * scale.sd;
  if (!(to > from)) return null;
  const x = (v: number) => Math.min(100, Math.max(0, ((v - from) / (to - from)) * 100));
  const starts = levels.map((l, k) => (k === 0 ? from : Number.isFinite(l.cut) && l.cut !== null ? l.cut : null));
  const bands = levels.flatMap((l, k) => {
    const start = starts[k];
    const end = starts.slice(k + 1).find((s) => s !== null) ?? to;
    return start === null || start === undefined ? [] : [{ name: l.name, start: x(start), end: x(end ?? to), k, cut: k === 0 ? null : start }];
  });
  return (
    <figure className="flex flex-col gap-2" data-testid="scale-chart">
      <figcaption className="text-sm font-medium">{t("levels.chartLabel", { from: formatNumber(lang, from), to: formatNumber(lang, to) })}</figcaption>
      {/* A number line reads left to right in both languages. */}
      <div dir="ltr" className="relative">
        <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-10 w-full overflow-visible" role="img" aria-label={bands.map((b) => `${b.name}${b.cut === null ? "" : ` ≥ ${formatNumber(lang, b.cut)}`}`).join("; ")}>
          {bands.map((b) => (
            <rect key={b.k} x={b.start} y={0} width={Math.max(0, b.end - b.start)} height={10} className="fill-primary" opacity={shade(b.k, levels.length)} />
          ))}
          {bands
            .filter((b) => b.cut !== null)
            .map((b) => (
              <line key={b.k} x1={b.start} x2={b.start} y1={-1} y2={11} className="stroke-foreground" strokeWidth={0.4} vectorEffect="non-scaling-stroke" />
            ))}
        </svg>
        <div className="relative mt-1 h-5 text-xs tabular-nums text-muted-foreground">
          <span className="absolute start-0">{formatNumber(lang, from)}</span>
          {bands
            .filter((b) => b.cut !== null && b.start > 6 && b.start < 94)
            .map((b) => (
              <span key={b.k} className="absolute -translate-x-1/2 font-medium text-foreground" style={{ left: `${b.start}%` }}>
                {formatNumber(lang, b.cut!)}
              </span>
            ))}
          <span className="absolute end-0">{formatNumber(lang, to)}</span>
        </div>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {bands.map((b) => (
          <li key={b.k} className="flex items-center gap-2">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width="10" height="10" rx="2" className="fill-primary" opacity={shade(b.k, levels.length)} />
            </svg>
            <bdi>{b.name}</bdi>
          </li>
        ))}
      </ul>
    </figure>
  );
}
