// Add a skill (subject, both names, the practice a report recommends) or edit one (its subject stays). Checked
// with the shared schemas before sending; the server's answers land on the fields too.
import { LoaderCircle } from "lucide-react";
import { Controller, useForm, type FieldErrors } from "react-hook-form";
import { MAX_LONG_TEXT_LENGTH } from "@shared/limits";
import { MAX_SKILL_NAME_LENGTH, ZSkillCreate, ZSkillUpdate } from "@shared/schemas/skill";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Textarea } from "@web/components/ui/textarea";
import { toastError } from "@web/components/ui/use-toast";
import type { TSkill, TSubject } from "@web/lib/catalogue";
import { toErrorBody } from "@web/lib/errors";
import { pick } from "@web/lib/format";
import { FormField, fieldA11y } from "../components/form-field";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { useAdminT } from "../lib/use-admin";
import { useReturnFocus } from "../lib/use-return-focus";
import { useCreateSkill, useUpdateSkill } from "./api";
import { skillsFailureToast, skillsToast, useSkillsT } from "./use-skills-t";

type TValues = { subjectId: string; nameAr: string; nameEn: string; guidanceAr: string; guidanceEn: string };
const FIELDS = ["subjectId", "nameAr", "nameEn", "guidanceAr", "guidanceEn"] as const;

export function SkillDialog({
  skill,
  subjects,
  defaultSubjectId,
  onClose,
}: {
  skill: TSkill | null;
  subjects: readonly TSubject[];
  defaultSubjectId: string;
  onClose: () => void;
}) {
  const { t, lang } = useSkillsT();
  const { t: ta } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const isEdit = skill !== null;
  const create = useCreateSkill();
  const update = useUpdateSkill();
  const pending = create.isPending || update.isPending;

  const form = useForm<TValues>({
    defaultValues: {
      subjectId: skill?.subjectId ?? defaultSubjectId,
      nameAr: skill?.nameAr ?? "",
      nameEn: skill?.nameEn ?? "",
      guidanceAr: skill?.guidanceAr ?? "",
      guidanceEn: skill?.guidanceEn ?? "",
    },
    resolver: codeResolver<TValues>((v) => {
      if (isEdit) {
        const { subjectId: _, ...change } = v;
        return issuesOf(ZSkillUpdate.safeParse(change));
      }
      // No subject chosen yet is a missing field like a missing name.
      return issuesOf(ZSkillCreate.safeParse(v)).map((i) => (i.path[0] === "subjectId" ? { ...i, message: "SKILL_REQUIRED_FIELDS" } : i));
    }),
  });
  const { errors } = form.formState;

  const onServerError = (error: unknown, titleKey: string) => {
    skillsFailureToast(error, titleKey);
    if (toErrorBody(error).code === "SKILL_NAME_TAKEN") {
      // Either name may be the one taken (the English one compared without case).
      form.setError("nameAr", { type: "server", message: "SKILL_NAME_TAKEN" }, { shouldFocus: true });
      form.setError("nameEn", { type: "server", message: "SKILL_NAME_TAKEN" });
      return;
    }
    applyServerErrors(form.setError, FIELDS, error, { SUBJECT_NOT_FOUND: "subjectId" });
  };

  const onSubmit = (v: TValues) => {
    const texts = { nameAr: v.nameAr, nameEn: v.nameEn, guidanceAr: v.guidanceAr || null, guidanceEn: v.guidanceEn || null };
    const done = (key: string) => (saved: TSkill) => {
      skillsToast(key, saved);
      onClose();
    };
    if (isEdit) update.mutate({ id: skill.id, ...texts }, { onSuccess: done("toast.updated"), onError: (e) => onServerError(e, "toast.failedUpdate") });
    else create.mutate({ subjectId: v.subjectId, ...texts }, { onSuccess: done("toast.created"), onError: (e) => onServerError(e, "toast.failedCreate") });
  };

  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  const subjectName = (id: string) => {
    const s = subjects.find((x) => x.id === id);
    return s ? pick(lang, s.nameAr, s.nameEn) : id;
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="max-w-[560px]" data-testid="skill-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{isEdit ? t("dialog.editTitle") : t("dialog.createTitle")}</DialogTitle>
          <DialogDescription>{isEdit ? t("dialog.editDescription") : t("dialog.createDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-w-0 flex-col gap-4">
          <FormField id="skill-subject" label={t("dialog.subject")} required={!isEdit} hint={isEdit ? t("dialog.subjectFixed") : undefined} error={errors.subjectId?.message}>
            {isEdit ? (
              <Input id="skill-subject" readOnly aria-readonly value={subjectName(skill.subjectId)} className="read-only:bg-muted read-only:text-muted-foreground" {...fieldA11y("skill-subject", { hint: true })} />
            ) : (
              <Controller
                control={form.control}
                name="subjectId"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger id="skill-subject" aria-required data-testid="skill-subject" {...fieldA11y("skill-subject", { error: errors.subjectId?.message })}>
                      <SelectValue placeholder={t("dialog.subjectPlaceholder")} />
                    </SelectTrigger>
                    <SelectContent>
                      {subjects.map((s) => (
                        <SelectItem key={s.id} value={s.id}>
                          {pick(lang, s.nameAr, s.nameEn)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="skill-name-ar" label={t("dialog.nameAr")} required error={errors.nameAr?.message}>
              <Input
                id="skill-name-ar"
                dir="rtl"
                lang="ar"
                autoComplete="off"
                aria-required
                maxLength={MAX_SKILL_NAME_LENGTH + 50}
                {...fieldA11y("skill-name-ar", { error: errors.nameAr?.message })}
                {...form.register("nameAr")}
              />
            </FormField>
            <FormField id="skill-name-en" label={t("dialog.nameEn")} required error={errors.nameEn?.message}>
              <Input
                id="skill-name-en"
                dir="ltr"
                lang="en"
                autoComplete="off"
                aria-required
                maxLength={MAX_SKILL_NAME_LENGTH + 50}
                {...fieldA11y("skill-name-en", { error: errors.nameEn?.message })}
                {...form.register("nameEn")}
              />
            </FormField>
          </div>
          <FormField id="skill-guidance-ar" label={`${t("dialog.guidanceAr")} (${ta("common.optional")})`} hint={t("dialog.guidanceHint")} error={errors.guidanceAr?.message}>
            <Textarea
              id="skill-guidance-ar"
              dir="rtl"
              lang="ar"
              rows={3}
              maxLength={MAX_LONG_TEXT_LENGTH + 100}
              {...fieldA11y("skill-guidance-ar", { error: errors.guidanceAr?.message, hint: true })}
              {...form.register("guidanceAr")}
            />
          </FormField>
          <FormField id="skill-guidance-en" label={`${t("dialog.guidanceEn")} (${ta("common.optional")})`} error={errors.guidanceEn?.message}>
            <Textarea
              id="skill-guidance-en"
              dir="ltr"
              lang="en"
              rows={3}
              maxLength={MAX_LONG_TEXT_LENGTH + 100}
              {...fieldA11y("skill-guidance-en", { error: errors.guidanceEn?.message })}
              {...form.register("guidanceEn")}
            />
          </FormField>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {ta("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} data-testid="skill-save">
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? ta("common.saving") : isEdit ? ta("common.save") : t("dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
