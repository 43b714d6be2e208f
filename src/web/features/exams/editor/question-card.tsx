// One question of the editor: type, Arabic and English text, points, and the content of its type (SPEC §4, §5):
// choice options with a single correct one, matching pairs, a model answer, or an item type of issue 36 (its own
// editor in ./interactions: multiple response, numeric, ordering). Changing the type starts its
// content afresh (asking first when there was some); moving and removing are buttons, so the keyboard can too.
import { ArrowDown, ArrowUp, Lock, Plus, Trash2, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { MIN_MATCHING_PAIRS } from "@shared/limits";
import { canAddOption, canRemoveOption, EDITOR_QUESTION_TYPES, MAX_PAIRS, MAX_POINTS, type TQuestionType } from "@shared/schemas/exam";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/utils";
import { ConfirmDialog } from "../components/confirm-dialog";
import { emptyContent, hasTypeContent, type TExamForm } from "../lib/exam-form";
import { formatNumber, pick, useExamsT } from "../lib/use-exams-t";
import { useSubjectSkills } from "../api";
import { FieldMessage, useFieldA11y } from "./field-message";
import { FormRichText } from "./form-rich-text";
import { ImageField } from "./image-field";
import { AudioField } from "./audio-field";
import { GapFillEditor } from "./interactions/gap-fill-editor";
import { InlineChoiceEditor } from "./interactions/inline-choice-editor";
import { MultipleResponseEditor } from "./interactions/multiple-response-editor";
import { NumericEditor } from "./interactions/numeric-editor";
import { OrderingEditor } from "./interactions/ordering-editor";
import { HotspotEditor } from "./interactions/hotspot-editor";

type TQuestionPath = `questions.${number}`;

export function QuestionCard({
  index,
  count,
  answerCount,
  onMove,
  onRemove,
  onPassageChange,
  single = false,
}: {
  index: number;
  count: number;
  /** Student answers this question already has: it cannot be removed. */
  answerCount: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Called once the question's passage changed: the editor brings it beside the passage's other questions. */
  onPassageChange: (index: number) => void;
  /** The bank's editor of one item: nothing to move or remove. */
  single?: boolean;
}) {
  const { t, lang } = useExamsT();
  const { control, register, setValue, getValues, setFocus } = useFormContext<TExamForm>();
  const base: TQuestionPath = `questions.${index}`;
  const type = useWatch({ control, name: `${base}.type` });
  const uid = useId();
  const options = useFieldArray({ control, name: `${base}.options` });
  const pairs = useFieldArray({ control, name: `${base}.matchingPairs` });
  const [pendingType, setPendingType] = useState<TQuestionType | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const n = formatNumber(lang, index + 1);
  const answered = answerCount > 0;
  const headingId = `${uid}-heading`;
  const lockedId = `${uid}-locked`;

  const applyType = (next: TQuestionType) => {
    const content = emptyContent(next);
    setValue(`${base}.type`, next, { shouldDirty: true });
    options.replace(content.options);
    pairs.replace(content.matchingPairs);
    setValue(`${base}.correctAnswerText`, content.correctAnswerText, { shouldDirty: true });
    setValue(`${base}.interaction`, content.interaction, { shouldDirty: true });
  };

  const onTypeChange = (next: string) => {
    const nextType = next as TQuestionType;
    if (nextType === type) return;
    if (hasTypeContent(getValues(base))) setPendingType(nextType);
    else applyType(nextType);
  };

  const pointsA11y = useFieldA11y(`${base}.points`, `${uid}-points-hint`);

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card text-card-foreground shadow-sm"
      data-testid={`question-${index}`}
      data-type={type}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-border px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-sm font-bold text-accent-foreground tabular-nums">
            {n}
          </span>
          <h3 id={headingId} className="font-semibold">
            {t("question.heading", { n })}
          </h3>
        </div>
        <div className={cn("flex flex-wrap items-center gap-1", single && "hidden")}>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            data-move="up"
            data-testid={`question-${index}-up`}
          >
            <ArrowUp aria-hidden="true" />
            <span className="max-sm:sr-only">{t("question.moveUp")}</span>
            <span className="sr-only"> {t("question.which", { n })}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
            data-move="down"
            data-testid={`question-${index}-down`}
          >
            <ArrowDown aria-hidden="true" />
            <span className="max-sm:sr-only">{t("question.moveDown")}</span>
            <span className="sr-only"> {t("question.which", { n })}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive-text hover:bg-destructive/10"
            aria-disabled={answered || undefined}
            aria-describedby={answered ? lockedId : undefined}
            onClick={() => !answered && setConfirmRemove(true)}
            data-testid={`question-${index}-remove`}
          >
            <Trash2 aria-hidden="true" />
            <span className="max-sm:sr-only">{t("question.remove")}</span>
            <span className="sr-only"> {t("question.which", { n })}</span>
          </Button>
        </div>
      </header>

      <div className="flex flex-col gap-5 p-4 sm:p-5">
        {answered && (
          <p id={lockedId} className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-foreground">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
            <span>{t("question.locked", { count: answerCount, formatted: formatNumber(lang, answerCount) })}</span>
          </p>
        )}

        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-type`}>{t("question.type")}</Label>
            <Select value={type} onValueChange={onTypeChange}>
              <SelectTrigger id={`${uid}-type`} data-testid={`question-${index}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EDITOR_QUESTION_TYPES.map((qt) => (
                  <SelectItem key={qt} value={qt}>
                    {t(`types.${qt}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-points`}>{t("question.points")}</Label>
            <Input
              id={`${uid}-points`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_POINTS}
              step={1}
              dir="ltr"
              className="text-start"
              {...pointsA11y}
              {...register(`${base}.points`, {
                // SPEC §5: a non-numeric entry becomes 1 (a number field reads "" for one); show it.
                onBlur: (e: { target: HTMLInputElement }) => {
                  if (e.target.value.trim() === "") setValue(`${base}.points`, "1", { shouldDirty: true });
                },
              })}
              data-testid={`question-${index}-points`}
            />
            <p id={`${uid}-points-hint`} className="sr-only">
              {t("question.pointsHint")}
            </p>
          </div>
        </div>
        <FieldMessage path={`${base}.points`} className="-mt-3" />

        <SkillField base={base} index={index} />

        <PassageField base={base} index={index} onPassageChange={onPassageChange} />

        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-2">
            <FormRichText textPath={`${base}.questionTextAr`} docPath={`${base}.questionDocAr`} lang="ar" label={t("question.textAr")} testId={`question-${index}-text-ar`} />
            <FieldMessage path={`${base}.questionTextAr`} />
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <FormRichText textPath={`${base}.questionTextEn`} docPath={`${base}.questionDocEn`} lang="en" label={t("question.textEn")} testId={`question-${index}-text-en`} />
            <FieldMessage path={`${base}.questionTextEn`} />
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <ImageField path={`${base}.image`} testId={`question-${index}-image`} />
          <AudioField path={`${base}.audio`} testId={`question-${index}-audio`} />
        </div>

        {(type === "multiple_choice" || type === "true_false") && (
          <ChoiceOptions
            base={base}
            index={index}
            type={type}
            keys={options.fields.map((f) => f.id)}
            onAdd={() => options.append({ optionTextAr: "", optionTextEn: "", isCorrect: false }, { focusName: `${base}.options.${options.fields.length}.optionTextAr` })}
            onRemove={(j) => {
              options.remove(j);
              requestAnimationFrame(() => setFocus(`${base}.options.${Math.max(0, j - 1)}.optionTextAr`));
            }}
          />
        )}
        {type === "matching" && (
          <MatchingPairs
            base={base}
            index={index}
            keys={pairs.fields.map((f) => f.id)}
            onAdd={() =>
              pairs.append({ premise_ar: "", premise_en: "", response_ar: "", response_en: "" }, { focusName: `${base}.matchingPairs.${pairs.fields.length}.premise_ar` })
            }
            onRemove={(j) => {
              pairs.remove(j);
              requestAnimationFrame(() => setFocus(`${base}.matchingPairs.${Math.max(0, j - 1)}.premise_ar`));
            }}
          />
        )}
        {(type === "essay" || type === "short_answer") && <ModelAnswer base={base} index={index} rows={type === "essay" ? 4 : 2} />}
        {/* The item types of issue 36: each its own editor (editor/interactions). */}
        {type === "multiple_response" && <MultipleResponseEditor base={`${base}.interaction`} index={index} />}
        {type === "numeric" && <NumericEditor base={`${base}.interaction`} index={index} />}
        {type === "ordering" && <OrderingEditor base={`${base}.interaction`} index={index} />}
        {type === "gap_fill" && <GapFillEditor base={`${base}.interaction`} index={index} />}
        {type === "inline_choice" && <InlineChoiceEditor base={`${base}.interaction`} index={index} />}
        {type === "hotspot" && <HotspotEditor base={`${base}.interaction`} index={index} />}
        <FieldMessage path={`${base}.interaction`} />
      </div>

      <ConfirmDialog
        open={pendingType !== null}
        onOpenChange={(open) => !open && setPendingType(null)}
        tone="default"
        title={t("question.changeType.title")}
        description={t("question.changeType.message", { type: pendingType ? t(`types.${pendingType}`) : "" })}
        confirmLabel={t("question.changeType.confirm")}
        onConfirm={() => {
          if (pendingType) applyType(pendingType);
          setPendingType(null);
        }}
        testId="change-type-dialog"
      />
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t("question.removeConfirm.title", { n })}
        description={t("question.removeConfirm.message")}
        confirmLabel={t("question.removeConfirm.confirm")}
        onConfirm={() => {
          setConfirmRemove(false);
          onRemove(index);
        }}
        testId="remove-question-dialog"
      />
    </article>
  );
}

function ChoiceOptions({
  base,
  index,
  type,
  keys,
  onAdd,
  onRemove,
}: {
  base: TQuestionPath;
  index: number;
  type: TQuestionType;
  keys: string[];
  onAdd: () => void;
  onRemove: (j: number) => void;
}) {
  const { t, lang } = useExamsT();
  const { control, setValue } = useFormContext<TExamForm>();
  const values = useWatch({ control, name: `${base}.options` }) ?? [];
  const uid = useId();
  const legendId = `${uid}-legend`;
  const listA11y = useFieldA11y(`${base}.options`, `${uid}-hint`);

  // SPEC §4: a single correct answer — marking one clears the others.
  const markCorrect = (j: number) => {
    values.forEach((_, k) => setValue(`${base}.options.${k}.isCorrect`, k === j, { shouldDirty: true }));
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={listA11y["aria-describedby"]} data-testid={`question-${index}-options`}>
      <legend id={legendId} className="mb-1 text-sm font-semibold">
        {t("options.legend")}
      </legend>
      <p id={`${uid}-hint`} className="-mt-2 text-xs text-muted-foreground">
        {type === "true_false" ? t("options.hintTrueFalse") : t("options.hint")}
      </p>
      {keys.map((key, j) => {
        const m = formatNumber(lang, j + 1);
        const correct = !!values[j]?.isCorrect;
        return (
          <OptionRow key={key} j={j} correct={correct} index={index}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium text-muted-foreground">{t("options.option", { m })}</span>
              <div className="flex flex-wrap items-center gap-2">
                <label
                  className={cn(
                    "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    correct ? "border-success-border bg-success text-success-foreground" : "border-input-border hover:bg-muted",
                  )}
                >
                  <input
                    type="radio"
                    name={`${uid}-correct`}
                    checked={correct}
                    onChange={() => markCorrect(j)}
                    className="size-4 accent-primary outline-none"
                    data-testid={`question-${index}-option-${j}-correct`}
                  />
                  {t("options.correct")}
                  <span className="sr-only"> {t("options.which", { m })}</span>
                </label>
                {canRemoveOption(type, keys.length) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive-text hover:bg-destructive/10"
                    onClick={() => onRemove(j)}
                    data-testid={`question-${index}-option-${j}-remove`}
                  >
                    <X aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("options.remove")}</span>
                    <span className="sr-only"> {t("options.which", { m })}</span>
                  </Button>
                )}
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormRichText
                textPath={`${base}.options.${j}.optionTextAr`}
                docPath={`${base}.options.${j}.optionDocAr`}
                lang="ar"
                inline
                small
                label={t("options.textAr", { m })}
                testId={`question-${index}-option-${j}-ar`}
                errorPath={`${base}.options.${j}`}
              />
              <FormRichText
                textPath={`${base}.options.${j}.optionTextEn`}
                docPath={`${base}.options.${j}.optionDocEn`}
                lang="en"
                inline
                small
                label={t("options.textEn", { m })}
                testId={`question-${index}-option-${j}-en`}
                errorPath={`${base}.options.${j}`}
              />
            </div>
            <ImageField path={`${base}.options.${j}.image`} testId={`question-${index}-option-${j}-image`} compact />
            <FieldMessage path={`${base}.options.${j}`} />
          </OptionRow>
        );
      })}
      <FieldMessage path={`${base}.options`} />
      {canAddOption(type, keys.length) && (
        <Button variant="outline" size="sm" className="self-start" onClick={onAdd} data-testid={`question-${index}-add-option`}>
          <Plus aria-hidden="true" />
          {t("options.add")}
        </Button>
      )}
    </fieldset>
  );
}

function OptionRow({ children, correct, index, j }: { children: ReactNode; correct: boolean; j: number; index: number }) {
  return (
    <div
      className={cn("flex flex-col gap-3 rounded-xl border p-3 transition-colors", correct ? "border-success-border bg-success/40" : "border-border bg-muted/30")}
      data-testid={`question-${index}-option-${j}`}
      data-correct={correct}
    >
      {children}
    </div>
  );
}

/** A registered one-line text field in one language: Arabic right-to-left, English left-to-right, always. */
function TextInput({
  path,
  lang,
  label,
  register,
  testId,
  errorPath,
}: {
  path: string;
  lang: "ar" | "en";
  label: string;
  register: ReturnType<typeof useFormContext<TExamForm>>["register"];
  testId: string;
  /** Where the message about this field lives (an option's or pair's own path). */
  errorPath: string;
}) {
  const id = useId();
  const a11y = useFieldA11y(errorPath);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} dir={lang === "ar" ? "rtl" : "ltr"} lang={lang} {...a11y} {...register(path as `questions.${number}.questionTextAr`)} data-testid={testId} />
    </div>
  );
}

function MatchingPairs({ base, index, keys, onAdd, onRemove }: { base: TQuestionPath; index: number; keys: string[]; onAdd: () => void; onRemove: (j: number) => void }) {
  const { t, lang } = useExamsT();
  const { register } = useFormContext<TExamForm>();
  const uid = useId();
  const listA11y = useFieldA11y(`${base}.matchingPairs`, `${uid}-hint`);
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={listA11y["aria-describedby"]} data-testid={`question-${index}-pairs`}>
      <legend className="mb-1 text-sm font-semibold">{t("pairs.legend")}</legend>
      <p id={`${uid}-hint`} className="-mt-2 text-xs text-muted-foreground">
        {t("pairs.hint")}
      </p>
      {keys.map((key, j) => {
        const m = formatNumber(lang, j + 1);
        const p = `${base}.matchingPairs.${j}`;
        return (
          <div key={key} className="flex flex-col gap-3 rounded-xl border border-border bg-muted/30 p-3" data-testid={`question-${index}-pair-${j}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium text-muted-foreground">{t("pairs.pair", { m })}</span>
              {keys.length > MIN_MATCHING_PAIRS && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive-text hover:bg-destructive/10"
                  onClick={() => onRemove(j)}
                  data-testid={`question-${index}-pair-${j}-remove`}
                >
                  <X aria-hidden="true" />
                  <span className="max-sm:sr-only">{t("pairs.remove")}</span>
                  <span className="sr-only"> {t("pairs.which", { m })}</span>
                </Button>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput path={`${p}.premise_ar`} lang="ar" label={t("pairs.premiseAr", { m })} register={register} testId={`question-${index}-pair-${j}-premise-ar`} errorPath={p} />
              <TextInput path={`${p}.premise_en`} lang="en" label={t("pairs.premiseEn", { m })} register={register} testId={`question-${index}-pair-${j}-premise-en`} errorPath={p} />
            </div>
            <ImageField path={`${base}.matchingPairs.${j}.premiseImage`} testId={`question-${index}-pair-${j}-premise-image`} addLabel={t("pairs.premiseImage")} compact />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput path={`${p}.response_ar`} lang="ar" label={t("pairs.responseAr", { m })} register={register} testId={`question-${index}-pair-${j}-response-ar`} errorPath={p} />
              <TextInput path={`${p}.response_en`} lang="en" label={t("pairs.responseEn", { m })} register={register} testId={`question-${index}-pair-${j}-response-en`} errorPath={p} />
            </div>
            <ImageField path={`${base}.matchingPairs.${j}.responseImage`} testId={`question-${index}-pair-${j}-response-image`} addLabel={t("pairs.responseImage")} compact />
            <FieldMessage path={p} />
          </div>
        );
      })}
      <FieldMessage path={`${base}.matchingPairs`} />
      {keys.length < MAX_PAIRS && (
        <Button variant="outline" size="sm" className="self-start" onClick={onAdd} data-testid={`question-${index}-add-pair`}>
          <Plus aria-hidden="true" />
          {t("pairs.add")}
        </Button>
      )}
    </fieldset>
  );
}

function ModelAnswer({ base, index, rows }: { base: TQuestionPath; index: number; rows: number }) {
  const { t } = useExamsT();
  const { register } = useFormContext<TExamForm>();
  const uid = useId();
  const a11y = useFieldA11y(`${base}.correctAnswerText`, `${uid}-hint`);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-answer`}>
        {t("modelAnswer.label")}
        <span className="font-normal text-muted-foreground">({t("common.optional")})</span>
      </Label>
      <Textarea id={`${uid}-answer`} dir="auto" rows={rows} className="min-h-0" {...a11y} {...register(`${base}.correctAnswerText`)} data-testid={`question-${index}-model-answer`} />
      <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
        {t("modelAnswer.hint")}
      </p>
      <FieldMessage path={`${base}.correctAnswerText`} />
    </div>
  );
}

const NO_PASSAGE = "none";

/** The passage the question is asked about (issue 18): one of the exam's, or none. */
function PassageField({ base, index, onPassageChange }: { base: TQuestionPath; index: number; onPassageChange: (index: number) => void }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, setValue } = useFormContext<TExamForm>();
  const list = useWatch({ control, name: "passages" }) ?? [];
  const key = useWatch({ control, name: `${base}.passageKey` }) ?? "";
  const a11y = useFieldA11y(`${base}.passageKey`);
  if (list.length === 0 && !key) return null;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-passage`}>{t("passages.questionPassage")}</Label>
      <Select
        value={key || NO_PASSAGE}
        onValueChange={(v) => {
          setValue(`${base}.passageKey`, v === NO_PASSAGE ? "" : v, { shouldDirty: true });
          onPassageChange(index);
        }}
      >
        <SelectTrigger id={`${uid}-passage`} {...a11y} data-testid={`question-${index}-passage`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_PASSAGE}>{t("passages.none")}</SelectItem>
          {list.map((p, i) => (
            <SelectItem key={p.key} value={p.key}>
              {passageName(t, lang, p, i)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessage path={`${base}.passageKey`} />
    </div>
  );
}

/** "Passage 2: Honesty", or "Passage 2" before it has a title. */
export function passageName(t: ReturnType<typeof useExamsT>["t"], lang: "ar" | "en", p: { titleAr: string; titleEn: string }, i: number): string {
  const title = (lang === "ar" ? p.titleAr || p.titleEn : p.titleEn || p.titleAr).trim();
  const n = formatNumber(lang, i + 1);
  return title ? t("passages.named", { n, title }) : t("passages.heading", { n });
}

const NO_SKILL = "none";

/**
 * What the question measures (issue 14): one skill of the exam's subject, or none. A question tagged with a skill
 * since retired keeps it (shown as retired) until the author picks another. When the exam's subject changes, a
 * skill of the old subject is taken off, and the field says so.
 */
function SkillField({ base, index }: { base: TQuestionPath; index: number }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, setValue } = useFormContext<TExamForm>();
  const subjectId = useWatch({ control, name: "subjectId" });
  const skillId = useWatch({ control, name: `${base}.skillId` }) ?? "";
  const skills = useSubjectSkills(subjectId);
  const [cleared, setCleared] = useState(false);
  const a11y = useFieldA11y(`${base}.skillId`, `${uid}-hint`);
  const list = skills.data ?? [];
  const current = list.find((s) => s.id === skillId);

  // A skill of another subject cannot stay: the exam's subject changed under it.
  useEffect(() => {
    if (!skills.isSuccess || !skillId || current) return;
    setValue(`${base}.skillId`, "", { shouldDirty: true });
    setCleared(true);
  }, [skills.isSuccess, skillId, current, base, setValue]);

  const name = (s: { nameAr: string; nameEn: string }) => pick(lang, s.nameAr, s.nameEn);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-skill`}>{t("question.skill")}</Label>
      <Select
        value={skillId || NO_SKILL}
        disabled={!subjectId || skills.isPending}
        onValueChange={(v) => {
          setCleared(false);
          setValue(`${base}.skillId`, v === NO_SKILL ? "" : v, { shouldDirty: true });
        }}
      >
        <SelectTrigger id={`${uid}-skill`} {...a11y} data-testid={`question-${index}-skill`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_SKILL}>{t("question.skillNone")}</SelectItem>
          {list
            .filter((s) => !s.retired || s.id === skillId)
            .map((s) => (
              <SelectItem key={s.id} value={s.id}>
                {s.retired ? t("question.skillRetired", { name: name(s) }) : name(s)}
              </SelectItem>
            ))}
        </SelectContent>
      </Select>
      <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
        {!subjectId ? t("question.skillPickSubject") : cleared ? t("question.skillCleared") : t("question.skillHint")}
      </p>
      <FieldMessage path={`${base}.skillId`} />
    </div>
  );
}
