// /exams/:examId/forms (issue 34, "Forms from a blueprint"): an exam's parallel forms. Its author writes a blueprint
// (parts per skill, number of forms, sharing and exposure limits, matched difficulty, anchors from the bank), the
// server assembles forms from the bank (POST /api/exams/:id/assemble; the solver can take seconds) and shows them side
// by side — or says, in the reader's language, which constraint cannot be met. "Use these forms" makes them the exam's
// (its questions become their union); "Back to one paper" removes them. Every rule is the server's.
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Anchor, CircleAlert, Layers, Library, LoaderCircle, Plus, Rows3, Trash2, Wand2, X } from "lucide-react";
import { useState } from "react";
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { Link, useParams } from "react-router";
import { GRADES } from "@shared/limits";
import { DIFFICULTY_BANDS, MAX_BLUEPRINT_PARTS, ZBlueprint, type TBlueprint, type TBlueprintInput } from "@shared/schemas/blueprint";
import { QUESTION_TYPES, type TExamDetail } from "@shared/schemas/exam";
import { FORM_ASSIGNMENTS, type TAssembleResponse, type TExamForms, type TFormAssignment, type TFormItem } from "@shared/schemas/forms";
import type { TBankItemSummary } from "@shared/schemas/bank";
import { PageFrame } from "@web/components/layout/page-frame";
import { Badge } from "@web/features/admin/components/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { FieldMessage } from "@web/features/exams/editor/field-message";
import { useExam, useSubjectSkills } from "@web/features/exams/api";
import { formatNumber, pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { useAssemble, useBankItem, useExamForms, useSaveForms } from "./api";
import { BankList } from "./bank-list";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

const ANY = "any";

export function FormsPage() {
  const { examId = "" } = useParams();
  return (
    <PageFrame>
      <ExamFormsScreen key={examId} examId={examId} />
    </PageFrame>
  );
}

export default FormsPage;

function ExamFormsScreen({ examId }: { examId: string }) {
  const { t } = useBankT();
  const exam = useExam(examId);
  const forms = useExamForms(examId);
  if (exam.data && forms.data) return <FormsView exam={exam.data} forms={forms.data} />;
  const error = exam.error ?? forms.error;
  if (error)
    return (
      <div className="flex flex-col gap-4">
        <BackLink examId={examId} />
        <ErrorState title={t("forms.loadFailed")} error={error} onRetry={() => void Promise.all([exam.refetch(), forms.refetch()])} testId="forms-error" />
      </div>
    );
  return <LoadingState label={t("forms.loading")} testId="forms-loading" />;
}

function BackLink({ examId }: { examId: string }) {
  const { t } = useBankT();
  return (
    <Link
      to={`/exams/edit/${examId}`}
      className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="forms-back"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t("forms.back")}
    </Link>
  );
}

function FormsView({ exam, forms }: { exam: TExamDetail; forms: TExamForms }) {
  const { t, lang } = useBankT();
  const title = pick(lang, exam.titleAr, exam.titleEn);
  useDocumentTitle(t("forms.pageTitle", { exam: title }));
  const [answer, setAnswer] = useState<{ response: TAssembleResponse; blueprint: TBlueprint } | null>(null);
  const skills = useSubjectSkills(exam.subject.id);
  const skillName = (id: string | null) => {
    const s = skills.data?.find((x) => x.id === id);
    return s ? pick(lang, s.nameAr, s.nameEn) : "";
  };

  return (
    <div className="flex flex-col gap-6" data-testid="exam-forms">
      <div className="flex flex-col gap-3">
        <BackLink examId={exam.id} />
        <header className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("forms.title")}</h1>
          <p className="text-lg font-medium">
            <bdi>{title}</bdi>
          </p>
          <p className="max-w-3xl text-sm text-muted-foreground">{t("forms.description")}</p>
        </header>
      </div>
      <CurrentForms examId={exam.id} forms={forms} skillName={skillName} />
      {!forms.hasAttempts && (
        <>
          <BlueprintEditor exam={exam} saved={forms.blueprint} onAnswer={setAnswer} />
          {answer && <AssembleAnswer key={answer.response.result.seconds} examId={exam.id} answer={answer} skillName={skillName} onSaved={() => setAnswer(null)} />}
        </>
      )}
    </div>
  );
}

// ---- the exam's forms now

function CurrentForms({ examId, forms, skillName }: { examId: string; forms: TExamForms; skillName: (id: string | null) => string }) {
  const { t, lang } = useBankT();
  const [confirming, setConfirming] = useState(false);
  const save = useSaveForms(examId);
  const backToOne = () =>
    save.mutate(null, {
      onSuccess: () => {
        bankSuccess("forms.toast.one");
        setConfirming(false);
      },
      onError: (error) => {
        setConfirming(false);
        bankFailure(error, "forms.toast.saveFailed");
      },
    });

  return (
    <section aria-labelledby="current-forms-heading" className="flex flex-col gap-3" data-testid="current-forms">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="current-forms-heading" className="text-xl font-bold">
          {t("forms.current.title")}
        </h2>
        {forms.forms.length > 0 && !forms.hasAttempts && (
          <Button variant="outline" onClick={() => setConfirming(true)} data-testid="forms-back-to-one">
            <Rows3 aria-hidden="true" />
            {t("forms.current.backToOne")}
          </Button>
        )}
      </div>
      {forms.hasAttempts && <p className="text-sm text-muted-foreground" data-testid="forms-sat">{t("forms.current.sat")}</p>}
      {forms.forms.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-input-border bg-card px-6 py-8 text-center text-muted-foreground" data-testid="forms-none">
          {t("forms.current.none")}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
            <li>{t("forms.current.assignment", { how: t(`forms.assignment.${forms.assignment}`) })}</li>
            {forms.overlap.map((o) => (
              <li key={`${o.a}-${o.b}`}>{t("forms.current.overlap", { a: formatNumber(lang, o.a), b: formatNumber(lang, o.b), shared: formatNumber(lang, o.shared) })}</li>
            ))}
          </ul>
          <FormsGrid
            forms={forms.forms.map((f) => ({ number: f.number, points: f.points, meanFacility: f.meanFacility, items: f.items, anchors: new Set(f.items.filter((i) => i.isAnchor).map((i) => i.itemId)) }))}
            skillName={skillName}
            testId="current-form"
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !save.isPending && setConfirming(open)}
        title={t("forms.confirmOne.title")}
        description={t("forms.confirmOne.description")}
        confirmLabel={t("forms.confirmOne.confirm")}
        pendingLabel={t("forms.confirmOne.pending")}
        pending={save.isPending}
        onConfirm={backToOne}
        testId="confirm-back-to-one"
      />
    </section>
  );
}

// ---- forms side by side (the assembled ones and the saved ones)

type TFormView = { number: number; points: number; meanFacility: number | null; items: TFormItem[]; anchors: Set<string> };

function FormsGrid({ forms, skillName, testId }: { forms: TFormView[]; skillName: (id: string | null) => string; testId: string }) {
  const { t, lang } = useBankT();
  const seen = new Map<string, number>();
  for (const f of forms) for (const i of f.items) seen.set(i.itemId, (seen.get(i.itemId) ?? 0) + 1);
  return (
    <div className="flex flex-col gap-2">
      {forms.length > 1 && <p className="text-sm text-muted-foreground">{t("forms.form.sharedHint")}</p>}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {forms.map((f) => (
          <Card key={f.number} className="flex min-w-0 flex-col gap-3 p-4" data-testid={testId}>
            <h3 className="text-lg font-bold">{t("forms.form.title", { n: formatNumber(lang, f.number) })}</h3>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                ["items", formatNumber(lang, f.items.length)],
                ["points", formatNumber(lang, f.points)],
                ["facility", f.meanFacility === null ? t("forms.form.noFacility") : formatNumber(lang, f.meanFacility)],
              ].map(([key, value]) => (
                <div key={key} className="flex flex-col gap-0.5 rounded-lg bg-muted px-2 py-1.5">
                  <dt className="text-xs text-muted-foreground">{t(`forms.form.${key}`)}</dt>
                  <dd className="text-sm font-bold tabular-nums" data-testid={`${testId}-${key}`}>
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <ol className="flex flex-col gap-1.5">
              {f.items.map((item) => {
                const shared = (seen.get(item.itemId) ?? 0) > 1;
                const anchor = f.anchors.has(item.itemId);
                return (
                  <li
                    key={item.itemId}
                    className={cn("flex flex-col gap-1 rounded-lg border px-3 py-2 text-sm", shared ? "border-gold/50 bg-gold/10" : "border-border")}
                    data-shared={shared || undefined}
                  >
                    <span className="line-clamp-2 font-medium">
                      {pick(lang, item.questionTextAr, item.questionTextEn) || "—"}
                    </span>
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      {skillName(item.skillId) && <span>{skillName(item.skillId)}</span>}
                      <span>
                        {t("forms.form.points")}: <bdi className="tabular-nums">{formatNumber(lang, item.points)}</bdi>
                      </span>
                      {item.facility !== null && (
                        <span>
                          {t("forms.form.facility")}: <bdi className="tabular-nums">{formatNumber(lang, item.facility)}</bdi>
                        </span>
                      )}
                      {anchor && (
                        <Badge variant="default">
                          <Anchor aria-hidden="true" className="size-3" />
                          {t("forms.form.anchor")}
                        </Badge>
                      )}
                      {shared && !anchor && <Badge variant="gold">{t("forms.form.shared")}</Badge>}
                    </span>
                  </li>
                );
              })}
            </ol>
          </Card>
        ))}
      </div>
    </div>
  );
}

// ---- the blueprint

function defaults(exam: TExamDetail, saved: TBlueprint | null): TBlueprintInput {
  if (saved) return saved;
  return { grade: exam.grades?.[0] ?? 8, durationMinutes: exam.durationMinutes ?? 60, forms: 2, parts: [{ skillId: "", type: null, band: null, items: 5, points: null }], anchors: [], maxOverlap: 0.2, maxExposure: 1, difficulty: null };
}

const numberOrNull = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

function BlueprintEditor({ exam, saved, onAnswer }: { exam: TExamDetail; saved: TBlueprint | null; onAnswer: (a: { response: TAssembleResponse; blueprint: TBlueprint }) => void }) {
  const { t, lang } = useBankT();
  const form = useForm<TBlueprintInput, unknown, TBlueprint>({ resolver: zodResolver(ZBlueprint), defaultValues: defaults(exam, saved), mode: "onSubmit" });
  const parts = useFieldArray({ control: form.control, name: "parts" });
  const skills = useSubjectSkills(exam.subject.id);
  const assemble = useAssemble(exam.id);
  const difficulty = useWatch({ control: form.control, name: "difficulty" });
  const [choosing, setChoosing] = useState(false);

  const submit = form.handleSubmit((blueprint) =>
    assemble.mutate(blueprint, {
      onSuccess: (response) => onAnswer({ response, blueprint }),
      onError: (error) => bankFailure(error, "forms.toast.assembleFailed"),
    }),
  );

  const numberField = (name: "durationMinutes" | "forms", label: string, max?: number) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`bp-${name}`}>{label}</Label>
      <Input id={`bp-${name}`} type="number" inputMode="numeric" min={1} max={max} {...form.register(name, { valueAsNumber: true })} data-testid={`bp-${name}`} />
      <FieldMessage path={name} />
    </div>
  );
  const percentField = (name: "maxOverlap" | "maxExposure", label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`bp-${name}`}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Input
            id={`bp-${name}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={typeof field.value === "number" && Number.isFinite(field.value) ? Math.round(field.value * 1000) / 10 : ""}
            onChange={(e) => field.onChange(e.target.value === "" ? Number.NaN : Number(e.target.value) / 100)}
            onBlur={field.onBlur}
            data-testid={`bp-${name}`}
          />
        )}
      />
      <FieldMessage path={name} />
    </div>
  );
  const choice = (id: string, label: string, value: string, onChange: (v: string) => void, options: { value: string; label: string }[], testId: string) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <FormProvider {...form}>
      <Card className="p-4 sm:p-6">
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6" aria-labelledby="blueprint-heading" data-testid="blueprint-form">
          <h2 id="blueprint-heading" className="text-xl font-bold">
            {t("forms.blueprint.title")}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <Controller
              control={form.control}
              name="grade"
              render={({ field }) =>
                choice(
                  "bp-grade",
                  t("forms.blueprint.grade"),
                  String(field.value),
                  (v) => field.onChange(Number(v)),
                  (exam.grades?.length ? exam.grades : GRADES).map((g) => ({ value: String(g), label: formatNumber(lang, g) })),
                  "bp-grade",
                )
              }
            />
            {numberField("forms", t("forms.blueprint.forms"), 10)}
            {numberField("durationMinutes", t("forms.blueprint.duration"))}
            {percentField("maxOverlap", t("forms.blueprint.maxOverlap"))}
            {percentField("maxExposure", t("forms.blueprint.maxExposure"))}
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="text-lg font-semibold">{t("forms.blueprint.parts")}</legend>
            <p className="text-sm text-muted-foreground">{t("forms.blueprint.partsHint")}</p>
            <FieldMessage path="parts" />
            <ol className="flex flex-col gap-3">
              {parts.fields.map((field, i) => (
                <li key={field.id} className="rounded-xl border border-border p-3" data-testid="bp-part">
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold">{t("forms.blueprint.part", { n: formatNumber(lang, i + 1) })}</h3>
                    <Button type="button" variant="ghost" size="icon" disabled={parts.fields.length === 1} onClick={() => parts.remove(i)} aria-label={t("forms.blueprint.removePart", { n: formatNumber(lang, i + 1) })}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_1fr]">
                    <Controller
                      control={form.control}
                      name={`parts.${i}.skillId`}
                      render={({ field: f }) =>
                        choice(`bp-part-${i}-skill`, t("forms.blueprint.skill"), f.value || "", f.onChange, (skills.data ?? []).filter((s) => !s.retired).map((s) => ({ value: s.id, label: pick(lang, s.nameAr, s.nameEn) })), `bp-part-${i}-skill`)
                      }
                    />
                    <Controller
                      control={form.control}
                      name={`parts.${i}.type`}
                      render={({ field: f }) =>
                        choice(`bp-part-${i}-type`, t("forms.blueprint.type"), f.value ?? ANY, (v) => f.onChange(v === ANY ? null : v), [{ value: ANY, label: t("forms.blueprint.any") }, ...QUESTION_TYPES.map((q) => ({ value: q, label: t(`exams:types.${q}`) }))], `bp-part-${i}-type`)
                      }
                    />
                    <Controller
                      control={form.control}
                      name={`parts.${i}.band`}
                      render={({ field: f }) =>
                        choice(`bp-part-${i}-band`, t("forms.blueprint.band"), f.value ?? ANY, (v) => f.onChange(v === ANY ? null : v), [{ value: ANY, label: t("forms.blueprint.any") }, ...DIFFICULTY_BANDS.map((b) => ({ value: b, label: t(`forms.bands.${b}`) }))], `bp-part-${i}-band`)
                      }
                    />
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`bp-part-${i}-items`}>{t("forms.blueprint.items")}</Label>
                      <Input id={`bp-part-${i}-items`} type="number" inputMode="numeric" min={1} {...form.register(`parts.${i}.items`, { setValueAs: numberOrNull })} data-testid={`bp-part-${i}-items`} />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`bp-part-${i}-points`}>{t("forms.blueprint.points")}</Label>
                      <Input id={`bp-part-${i}-points`} type="number" inputMode="numeric" min={1} {...form.register(`parts.${i}.points`, { setValueAs: numberOrNull })} data-testid={`bp-part-${i}-points`} />
                    </div>
                  </div>
                  <FieldMessage path={`parts.${i}`} className="mt-2" />
                  <FieldMessage path={`parts.${i}.skillId`} className="mt-2" />
                  <FieldMessage path={`parts.${i}.items`} className="mt-2" />
                  <FieldMessage path={`parts.${i}.points`} className="mt-2" />
                </li>
              ))}
            </ol>
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              disabled={parts.fields.length >= MAX_BLUEPRINT_PARTS}
              onClick={() => parts.append({ skillId: "", type: null, band: null, items: 1, points: null })}
              data-testid="bp-add-part"
            >
              <Plus aria-hidden="true" />
              {t("forms.blueprint.addPart")}
            </Button>
          </fieldset>

          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">{t("forms.blueprint.matchDifficulty")}</legend>
            <label className="flex w-fit items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={!!difficulty}
                onChange={(e) => form.setValue("difficulty", e.target.checked ? { by: "facility", target: null, tolerance: 0.05 } : null)}
                data-testid="bp-match"
              />
              {t("forms.blueprint.matchDifficulty")}
            </label>
            {difficulty?.by === "facility" && (
              <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="bp-target">{t("forms.blueprint.target")}</Label>
                  <Input id="bp-target" type="number" inputMode="decimal" step="0.01" min={0} max={1} {...form.register("difficulty.target", { setValueAs: numberOrNull })} />
                  <FieldMessage path="difficulty.target" />
                </div>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor="bp-tolerance">{t("forms.blueprint.tolerance")}</Label>
                  <Input id="bp-tolerance" type="number" inputMode="decimal" step="0.005" min={0.005} max={0.5} {...form.register("difficulty.tolerance", { valueAsNumber: true })} />
                  <FieldMessage path="difficulty.tolerance" />
                </div>
              </div>
            )}
          </fieldset>

          <Controller
            control={form.control}
            name="anchors"
            render={({ field }) => {
              const ids = field.value ?? [];
              return (
                <fieldset className="flex flex-col gap-2">
                  <legend className="text-lg font-semibold">{t("forms.blueprint.anchors")}</legend>
                  <p className="text-sm text-muted-foreground">{t("forms.blueprint.anchorsHint")}</p>
                  {ids.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t("forms.blueprint.noAnchors")}</p>
                  ) : (
                    <ul className="flex flex-wrap gap-2" data-testid="bp-anchors">
                      {ids.map((id) => (
                        <AnchorChip key={id} id={id} onRemove={() => field.onChange(ids.filter((x) => x !== id))} />
                      ))}
                    </ul>
                  )}
                  <FieldMessage path="anchors" />
                  <Button type="button" variant="outline" className="w-fit" onClick={() => setChoosing(true)} data-testid="bp-choose-anchors">
                    <Library aria-hidden="true" />
                    {t("forms.blueprint.chooseAnchors")}
                  </Button>
                  <AnchorsDialog
                    open={choosing}
                    onOpenChange={setChoosing}
                    subjectId={exam.subject.id}
                    chosen={ids}
                    onToggle={(item) => field.onChange(ids.includes(item.id) ? ids.filter((x) => x !== item.id) : [...ids, item.id])}
                  />
                </fieldset>
              );
            }}
          />

          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
            <Button type="submit" disabled={assemble.isPending} data-testid="bp-assemble">
              {assemble.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Wand2 aria-hidden="true" />}
              {t("forms.blueprint.assemble")}
            </Button>
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="bp-status">
              {assemble.isPending ? t("forms.blueprint.assembling") : ""}
            </p>
          </div>
        </form>
      </Card>
    </FormProvider>
  );
}

/** An anchor by its question's text (the bank's item, read once and cached), with a button to take it off. */
function AnchorChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t, lang } = useBankT();
  const item = useBankItem(id);
  const text = item.data ? pick(lang, item.data.questionTextAr, item.data.questionTextEn) : id.slice(0, 8);
  return (
    <li className="flex max-w-full items-center gap-1 rounded-full border border-border bg-muted ps-3 text-sm" data-testid="bp-anchor">
      <span className="truncate">{text}</span>
      <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0 rounded-full" onClick={onRemove} aria-label={t("forms.blueprint.removeAnchor", { text })}>
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

function AnchorsDialog({ open, onOpenChange, subjectId, chosen, onToggle }: { open: boolean; onOpenChange: (open: boolean) => void; subjectId: string; chosen: string[]; onToggle: (item: TBankItemSummary) => void }) {
  const { t, lang } = useBankT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-4xl gap-0 overflow-y-auto p-0" data-testid="anchors-dialog">
        <DialogHeader className="gap-2 border-b border-border p-5 pe-12 sm:p-6 sm:pe-14">
          <div className="flex items-center gap-2">
            <Anchor aria-hidden="true" className="size-5 text-primary" />
            <DialogTitle>{t("forms.anchorsDialog.title")}</DialogTitle>
          </div>
          <DialogDescription>{t("forms.anchorsDialog.description")}</DialogDescription>
        </DialogHeader>
        <div className="p-5 sm:p-6">
          <BankList fixedSubjectId={subjectId} isChosen={(id) => chosen.includes(id)} onChoose={onToggle} />
        </div>
        <DialogFooter className="sticky bottom-0 items-center gap-2 border-t border-border bg-card p-4 sm:justify-between">
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {t("forms.anchorsDialog.chosen", { count: chosen.length, n: formatNumber(lang, chosen.length) })}
          </p>
          <Button onClick={() => onOpenChange(false)} data-testid="anchors-done">
            {t("forms.anchorsDialog.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// ---- the assembler's answer

function AssembleAnswer({ examId, answer, skillName, onSaved }: { examId: string; answer: { response: TAssembleResponse; blueprint: TBlueprint }; skillName: (id: string | null) => string; onSaved: () => void }) {
  const { t, lang } = useBankT();
  const { result, items } = answer.response;
  const [assignment, setAssignment] = useState<TFormAssignment>("random");
  const [confirming, setConfirming] = useState(false);
  const save = useSaveForms(examId);

  if (result.status !== "assembled")
    return (
      <section aria-labelledby="answer-heading" className="flex flex-col gap-3 rounded-2xl border border-destructive/40 bg-destructive/5 p-4 sm:p-6" data-testid="assemble-problems" tabIndex={-1}>
        <h2 id="answer-heading" className="flex items-center gap-2 text-xl font-bold text-destructive-text">
          <CircleAlert aria-hidden="true" className="size-5" />
          {t(result.status === "impossible" ? "forms.result.impossible" : "forms.result.timeout")}
        </h2>
        <ul className="flex list-disc flex-col gap-2 ps-5">
          {result.problems.map((p, i) => (
            <li key={i} data-code={p.code}>
              {lang === "ar" ? p.message.ar : p.message.en}
            </li>
          ))}
        </ul>
      </section>
    );

  const byId = new Map(items.map((i) => [i.itemId, i]));
  const anchors = new Set(answer.blueprint.anchors);
  const views: TFormView[] = result.forms.map((f, i) => ({ number: i + 1, points: f.points, meanFacility: f.meanFacility, items: f.itemIds.map((id) => byId.get(id)!).filter(Boolean), anchors }));
  const union = new Set(result.forms.flatMap((f) => f.itemIds)).size;
  const use = () =>
    save.mutate(
      { forms: result.forms.map((f) => ({ itemIds: f.itemIds })), anchors: answer.blueprint.anchors, assignment, blueprint: answer.blueprint },
      {
        onSuccess: () => {
          bankSuccess("forms.toast.saved");
          setConfirming(false);
          onSaved();
        },
        onError: (error) => {
          setConfirming(false);
          bankFailure(error, "forms.toast.saveFailed");
        },
      },
    );

  return (
    <section aria-labelledby="answer-heading" className="flex flex-col gap-4" data-testid="assembled">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="answer-heading" className="flex items-center gap-2 text-xl font-bold">
            <Layers aria-hidden="true" className="size-5 text-primary" />
            {t("forms.result.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("forms.result.summary", { forms: formatNumber(lang, result.forms.length), pool: formatNumber(lang, result.pool), seconds: formatNumber(lang, Math.round(result.seconds * 10) / 10) })}
          </p>
          {!result.optimal && <p className="text-sm text-muted-foreground">{t("forms.result.notOptimal")}</p>}
        </div>
        <div className="flex flex-wrap items-end gap-3 max-sm:w-full max-sm:[&>*]:flex-1">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="forms-assignment">{t("forms.result.assignment")}</Label>
            <Select value={assignment} onValueChange={(v) => setAssignment(v as TFormAssignment)}>
              <SelectTrigger id="forms-assignment" className="min-w-40" data-testid="forms-assignment">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {FORM_ASSIGNMENTS.map((a) => (
                  <SelectItem key={a} value={a}>
                    {t(`forms.assignment.${a}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={() => setConfirming(true)} data-testid="forms-use">
            {t("forms.result.use")}
          </Button>
        </div>
      </div>
      <FormsGrid forms={views} skillName={skillName} testId="assembled-form" />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !save.isPending && setConfirming(open)}
        title={t("forms.confirmUse.title")}
        description={t("forms.confirmUse.description", { count: formatNumber(lang, union) })}
        confirmLabel={t("forms.confirmUse.confirm")}
        pendingLabel={t("forms.confirmUse.pending")}
        tone="default"
        pending={save.isPending}
        onConfirm={use}
        testId="confirm-use-forms"
      />
    </section>
  );
}
