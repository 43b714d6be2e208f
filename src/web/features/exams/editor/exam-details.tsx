// The exam's own fields: titles in both languages, subject, status, duration (or no time limit), description.
import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useController, useFormContext, useWatch } from "react-hook-form";
import { DEFAULT_EXAM_MINUTES } from "@shared/limits";
import { EXAM_STATUSES, EXAM_TOOLS, MAX_DURATION_MINUTES, type TExamStatus, type TSubject } from "@shared/schemas/exam";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Textarea } from "@web/components/ui/textarea";
import { StatusBadge } from "../components/status-badge";
import type { TExamForm } from "../lib/exam-form";
import { useExamsT } from "../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "./field-message";
import { SubjectItems } from "@web/components/subject-items";

function RequiredMark() {
  const { t } = useExamsT();
  return (
    <>
      <span aria-hidden="true" className="text-destructive-text">
        *
      </span>
      <span className="sr-only">({t("common.required")})</span>
    </>
  );
}

export function ExamDetails({ subjects, savedStatus }: { subjects: TSubject[] | undefined; savedStatus: TExamStatus | null }) {
  const { t } = useExamsT();
  const { control, register } = useFormContext<TExamForm>();
  const uid = useId();
  const status = useWatch({ control, name: "status" });
  const titleArA11y = useFieldA11y("titleAr");
  const titleEnA11y = useFieldA11y("titleEn");
  const subjectA11y = useFieldA11y("subjectId");
  const descriptionArA11y = useFieldA11y("descriptionAr");
  const descriptionEnA11y = useFieldA11y("descriptionEn");
  // SPEC §4: editing a published exam warns that students may have started it.
  const warnPublished = savedStatus === "published";

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">{t("details.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {warnPublished && (
          <p role="note" className="flex items-start gap-2 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm font-medium" data-testid="published-warning">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
            <span>{t("details.publishedWarning")}</span>
          </p>
        )}

        <div className="grid gap-5 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-title-ar`}>
              <span>
                {t("details.titleAr")} <RequiredMark />
              </span>
            </Label>
            <Input id={`${uid}-title-ar`} dir="rtl" lang="ar" autoComplete="off" {...titleArA11y} {...register("titleAr")} data-testid="exam-title-ar" />
            <FieldMessage path="titleAr" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-title-en`}>
              <span>
                {t("details.titleEn")} <RequiredMark />
              </span>
            </Label>
            <Input id={`${uid}-title-en`} dir="ltr" lang="en" autoComplete="off" {...titleEnA11y} {...register("titleEn")} data-testid="exam-title-en" />
            <FieldMessage path="titleEn" />
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-subject`}>
              <span>
                {t("details.subject")} <RequiredMark />
              </span>
            </Label>
            <Controller
              control={control}
              name="subjectId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={!subjects}>
                  <SelectTrigger id={`${uid}-subject`} ref={field.ref} onBlur={field.onBlur} {...subjectA11y} data-testid="exam-subject">
                    <SelectValue placeholder={subjects ? t("details.subjectPlaceholder") : t("common.loading")} />
                  </SelectTrigger>
                  <SelectContent>
                    <SubjectItems subjects={subjects} />
                  </SelectContent>
                </Select>
              )}
            />
            <FieldMessage path="subjectId" />
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-status`}>{t("details.status")}</Label>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${uid}-status`} ref={field.ref} onBlur={field.onBlur} aria-describedby={`${uid}-status-hint`} data-testid="exam-status">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {EXAM_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {t(`status.${s}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <p id={`${uid}-status-hint`} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <StatusBadge status={status} />
              {t(`details.statusHint.${status}`)}
            </p>
          </div>
        </div>

        <DurationField />
        <ToolsField />

        {/* In both languages, as the titles (issue 33): each language's students read their own. */}
        <div className="grid gap-5 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-description-ar`}>
              {t("details.descriptionAr")}
              <span className="font-normal text-muted-foreground">({t("common.optional")})</span>
            </Label>
            <Textarea id={`${uid}-description-ar`} dir="rtl" lang="ar" rows={3} {...descriptionArA11y} {...register("descriptionAr")} data-testid="exam-description-ar" />
            <FieldMessage path="descriptionAr" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-description-en`}>
              {t("details.descriptionEn")}
              <span className="font-normal text-muted-foreground">({t("common.optional")})</span>
            </Label>
            <Textarea id={`${uid}-description-en`} dir="ltr" lang="en" rows={3} {...descriptionEnA11y} {...register("descriptionEn")} data-testid="exam-description-en" />
            <FieldMessage path="descriptionEn" />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** Minutes as typed, or no time limit (null: no timer for students). */
function DurationField() {
  const { t } = useExamsT();
  const { control } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: "durationMinutes" });
  const uid = useId();
  const [text, setText] = useState(field.value === null ? String(DEFAULT_EXAM_MINUTES) : String(field.value));
  const noLimit = field.value === null;
  const a11y = useFieldA11y("durationMinutes", `${uid}-hint`);
  const parse = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-minutes`}>{t("details.duration")}</Label>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <div className="relative w-40">
          <Input
            id={`${uid}-minutes`}
            ref={field.ref}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DURATION_MINUTES}
            step={1}
            // No dir="ltr" here: the unit sits at the inline end, and padding-end must be on the same side.
            className="pe-16 text-start"
            disabled={noLimit}
            value={noLimit ? "" : text}
            onChange={(e) => {
              setText(e.target.value);
              field.onChange(parse(e.target.value));
            }}
            onBlur={field.onBlur}
            {...a11y}
            data-testid="exam-duration"
          />
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 end-3 my-auto h-fit text-sm text-muted-foreground">
            {t("details.minutesUnit")}
          </span>
        </div>
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={noLimit}
            onChange={(e) => {
              const n = parse(text);
              field.onChange(e.target.checked ? null : Number.isFinite(n) ? n : DEFAULT_EXAM_MINUTES);
              if (!e.target.checked && !Number.isFinite(n)) setText(String(DEFAULT_EXAM_MINUTES));
            }}
            className="size-4 accent-primary"
            data-testid="exam-no-time-limit"
          />
          {t("details.noTimeLimit")}
        </label>
      </div>
      <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
        {noLimit ? t("details.noTimeLimitHint") : t("details.durationHint", { max: MAX_DURATION_MINUTES })}
      </p>
      <FieldMessage path="durationMinutes" />
    </div>
  );
}

/** Which test-taker tools students may use (issue 37): a reading test leaves read-aloud out. */
function ToolsField() {
  const { t } = useExamsT();
  const { control } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: "allowedTools" });
  const uid = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${uid}-hint`} data-testid="exam-tools">
      <legend className="text-sm font-semibold">{t("details.tools")}</legend>
      <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
        {t("details.toolsHint")}
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {EXAM_TOOLS.map((tool) => (
          <label key={tool} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={field.value.includes(tool)}
              onChange={(e) => field.onChange(e.target.checked ? EXAM_TOOLS.filter((x) => x === tool || field.value.includes(x)) : field.value.filter((x) => x !== tool))}
              className="size-4 accent-primary"
              data-testid={`exam-tool-${tool}`}
            />
            {t(`details.tool.${tool}`)}
          </label>
        ))}
      </div>
      <FieldMessage path="allowedTools" />
    </fieldset>
  );
}
