// Adding or moving a sitting (issue 16): who it is for (a school and a grade the exam is offered to, or all of
// them), its start, last entry and end in the browser's local time. Checked with the server's own schema before
// sending; the server's answer (an overlap, a sitting already started) lands on the form too.
import { LoaderCircle } from "lucide-react";
import { Controller, useForm, type FieldErrors } from "react-hook-form";
import { ZSittingInput, type TSittingInput } from "@shared/schemas/sitting";
import { GRADES } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toast, toastError } from "@web/components/ui/use-toast";
import { FormField, fieldA11y } from "@web/features/admin/components/form-field";
import { applyServerErrors } from "@web/features/admin/lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "@web/features/admin/lib/resolver";
import { useReturnFocus } from "@web/features/admin/lib/use-return-focus";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { useSaveSitting, type TSitting, type TSittingList } from "../api";
import { fromLocalInput, proposeSlot, toLocalInput } from "../lib/slots";
import { formatDateTime, useSittingsT } from "../lib/use-sittings-t";
import { pick } from "@web/lib/format";

type TValues = { schoolId: string; grade: string; startsAt: string; entryClosesAt: string; endsAt: string };
const FIELDS = ["schoolId", "grade", "startsAt", "entryClosesAt", "endsAt"] as const;
const ALL = "all";

const SERVER_FIELD_BY_CODE = {
  SITTING_TIMES_INVALID: "entryClosesAt",
  SITTING_TOO_LONG: "endsAt",
  SITTING_SCOPE_INVALID: "schoolId",
  SITTING_OVERLAP: "startsAt",
  SITTING_START_PAST: "startsAt",
  SITTING_TOO_FAR: "startsAt",
  SITTING_ENDED_ALREADY: "endsAt",
  SITTING_HAS_ATTEMPTS: "startsAt",
  GRADE_INVALID: "grade",
  SCHOOL_NOT_FOUND: "schoolId",
} as const;

export function SittingDialog({ list, sitting, onClose }: { list: TSittingList; sitting: TSitting | null; onClose: () => void }) {
  const { t, lang } = useSittingsT();
  const returnFocus = useReturnFocus(true);
  const save = useSaveSitting(list.exam.id);
  const started = (sitting?.attempts ?? 0) > 0;
  const toBody = (v: TValues): TSittingInput => ({
    schoolId: v.schoolId === ALL ? null : v.schoolId,
    grade: v.grade === ALL ? null : Number(v.grade),
    startsAt: fromLocalInput(v.startsAt),
    entryClosesAt: fromLocalInput(v.entryClosesAt),
    endsAt: fromLocalInput(v.endsAt),
  });
  const form = useForm<TValues>({
    defaultValues: sitting
      ? {
          schoolId: sitting.schoolId ?? ALL,
          grade: sitting.grade === null ? ALL : String(sitting.grade),
          startsAt: toLocalInput(sitting.startsAt),
          entryClosesAt: toLocalInput(sitting.entryClosesAt),
          endsAt: toLocalInput(sitting.endsAt),
        }
      : { schoolId: list.schools.length === 1 || !list.everySchool ? (list.schools[0]?.id ?? ALL) : ALL, grade: ALL, ...proposeSlot(list.exam.durationMinutes, list.sittings) },
    resolver: codeResolver<TValues>((v) => issuesOf(ZSittingInput.safeParse(toBody(v)))),
  });
  const { errors } = form.formState;
  const gradeChoices = list.grades.length ? list.grades : GRADES;

  const onSubmit = (v: TValues) =>
    save.mutate(
      { id: sitting?.id ?? null, body: toBody(v) },
      {
        onSuccess: () => {
          toast({ variant: "success", title: bilingual(sitting ? "sittings:toast.updated" : "sittings:toast.created") });
          onClose();
        },
        onError: (error) => {
          toast({ variant: "destructive", title: bilingual("sittings:toast.saveFailed"), description: toErrorBody(error).message });
          applyServerErrors(form.setError, FIELDS, error, SERVER_FIELD_BY_CODE);
        },
      },
    );
  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  // The browser shows a datetime-local in its own locale ("11/29/2026, 08:00 AM" in an Arabic page): the time as
  // the rest of the app writes it goes under each field.
  const values = form.watch();
  const asApp = (value: string) => {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : formatDateTime(lang, new Date(ms).toISOString());
  };
  const timeField = (name: "startsAt" | "entryClosesAt" | "endsAt", label: string, hint?: string, disabled = false) => (
    <FormField
      id={`sitting-${name}`}
      label={label}
      required
      hint={
        <>
          {asApp(values[name]) && (
            <span className="block font-medium text-foreground tabular-nums" data-testid={`sitting-${name}-reads`}>
              {asApp(values[name])}
            </span>
          )}
          {hint}
        </>
      }
      error={errors[name]?.message}
    >
      <Input
        id={`sitting-${name}`}
        type="datetime-local"
        dir="ltr"
        className="text-start tabular-nums"
        disabled={disabled}
        aria-required
        data-testid={`sitting-${name}`}
        {...fieldA11y(`sitting-${name}`, { error: errors[name]?.message, hint: true })}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-w-[525px]" data-testid="sitting-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{sitting ? t("manage.dialog.editTitle") : t("manage.dialog.createTitle")}</DialogTitle>
          <DialogDescription>{started ? t("manage.dialog.startedDescription") : t("manage.dialog.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="sitting-school" label={t("manage.dialog.school")} error={errors.schoolId?.message}>
              <Controller
                control={form.control}
                name="schoolId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={started}>
                    <SelectTrigger id="sitting-school" data-testid="sitting-school" {...fieldA11y("sitting-school", { error: errors.schoolId?.message })}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {list.everySchool && <SelectItem value={ALL}>{t("scope.everySchool")}</SelectItem>}
                      {list.schools.map((s) => (
                        <SelectItem key={s.id} value={s.id}>
                          {pick(lang, s.nameAr, s.nameEn)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField id="sitting-grade" label={t("manage.dialog.grade")} error={errors.grade?.message}>
              <Controller
                control={form.control}
                name="grade"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={started}>
                    <SelectTrigger id="sitting-grade" data-testid="sitting-grade" {...fieldA11y("sitting-grade", { error: errors.grade?.message })}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={ALL}>{t("scope.everyGrade")}</SelectItem>
                      {gradeChoices.map((g) => (
                        <SelectItem key={g} value={String(g)}>
                          {t("scope.grade", { grade: g })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
          {timeField("startsAt", t("manage.dialog.startsAt"), t("manage.dialog.startsAtHint"), started)}
          <div className="grid gap-4 sm:grid-cols-2">
            {timeField("entryClosesAt", t("manage.dialog.entryClosesAt"), t("manage.dialog.entryClosesAtHint"))}
            {timeField("endsAt", t("manage.dialog.endsAt"), t("manage.dialog.endsAtHint"))}
          </div>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={save.isPending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending} data-testid="sitting-save">
              {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {save.isPending ? t("common.saving") : sitting ? t("common.save") : t("manage.dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
