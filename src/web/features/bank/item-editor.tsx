// "New item" and "Edit" on the bank page (issue 34): one question in the exam editor's own question and passage
// fields, with its subject and grade. Saving an item students have seen makes a new version, said before and after.
import { zodResolver } from "@hookform/resolvers/zod";
import { Info, LoaderCircle, PencilLine, Save } from "lucide-react";
import { useId, useRef } from "react";
import { Controller, FormProvider, useFieldArray, useForm, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import { GRADES } from "@shared/limits";
import type { TBankItemDetail, TBankItemInput } from "@shared/schemas/bank";
import { SubjectItems } from "@web/components/subject-items";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toErrorBody } from "@web/lib/errors";
import { formatNumber } from "@web/lib/format";
import { useSubjects } from "@web/features/exams/api";
import { FieldMessage, messageId } from "@web/features/exams/editor/field-message";
import { PassagesCard } from "@web/features/exams/editor/passages-card";
import { QuestionCard } from "@web/features/exams/editor/question-card";
import type { TExamForm } from "@web/features/exams/lib/exam-form";
import { useSaveBankItem } from "./api";
import { emptyItemForm, itemFormOf, ZItemForm, type TItemForm } from "./item-form";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

const resolver = zodResolver(ZItemForm) as unknown as Resolver<TItemForm, unknown, TBankItemInput>;
const ANY_GRADE = "any";

/** `item` null: a new item. Opened with the item it edits; `onSaved` gets the item as the server keeps it. */
export function ItemEditor({ open, item, onOpenChange, onSaved }: { open: boolean; item: TBankItemDetail | null; onOpenChange: (open: boolean) => void; onSaved: (item: TBankItemDetail) => void }) {
  const { t } = useBankT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-4xl gap-0 overflow-y-auto p-0" data-testid="bank-item-editor">
        <DialogHeader className="gap-1 border-b border-border p-5 pe-12 sm:p-6 sm:pe-14">
          <div className="flex items-center gap-2">
            <PencilLine aria-hidden="true" className="size-5 text-primary" />
            <DialogTitle>{item ? t("editor.editTitle") : t("editor.newTitle")}</DialogTitle>
          </div>
          <DialogDescription>{t("editor.description")}</DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each opening, so the form starts from the item as it is now. */}
        {open && <ItemForm key={item ? `${item.id}-${item.currentVersion}` : "new"} item={item} onSaved={onSaved} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ItemForm({ item, onSaved, onCancel }: { item: TBankItemDetail | null; onSaved: (item: TBankItemDetail) => void; onCancel: () => void }) {
  const { t, lang } = useBankT();
  const uid = useId();
  const subjects = useSubjects();
  const save = useSaveBankItem();
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<TItemForm, unknown, TBankItemInput>({ resolver, defaultValues: item ? itemFormOf(item) : emptyItemForm(), criteriaMode: "all", shouldFocusError: false });
  // The exam editor's cards read an exam's form: this one has the same paths for what they touch.
  const asExam = form as unknown as UseFormReturn<TExamForm>;
  const passages = useFieldArray({ control: asExam.control, name: "passages", keyName: "rowKey" });
  const newest = item?.versions.find((v) => v.version === item.currentVersion);
  const makesVersion = !!newest?.seen;
  const next = formatNumber(lang, (item?.currentVersion ?? 0) + 1);

  const onValid = async (input: TBankItemInput) => {
    try {
      const saved = await save.mutateAsync({ id: item?.id, input });
      if (!item) bankSuccess("toast.created");
      else if (saved.currentVersion > item.currentVersion) bankSuccess("toast.newVersion", { n: formatNumber(lang, saved.currentVersion) });
      else bankSuccess("toast.saved");
      onSaved(saved);
    } catch (error) {
      for (const field of toErrorBody(error).fields ?? []) {
        // The server names the question's fields under `question.`; the form holds it as questions.0.
        const path = field.path.replace(/^question\./, "questions.0.").replace(/^passage/, "passages.0");
        form.setError(path as Path<TItemForm>, { type: "server", message: field.code });
      }
      bankFailure(error, item ? "toast.saveFailed" : "toast.createFailed");
    }
  };

  const onInvalid = () => {
    bankFailure({ code: "VALIDATION_FAILED" }, "toast.invalid");
    requestAnimationFrame(() => {
      const message = rootRef.current?.querySelector<HTMLElement>('[id^="err-"]');
      const owner = message && rootRef.current?.querySelector<HTMLElement>(`[aria-describedby~="${message.id}"]`);
      (owner ?? message)?.focus?.();
      if (!owner) message?.scrollIntoView({ block: "center" });
    });
  };

  const pending = form.formState.isSubmitting || save.isPending;
  const subjectA11y = form.formState.errors.subjectId ? { "aria-invalid": true as const, "aria-describedby": messageId("subjectId") } : {};
  return (

    <FormProvider {...asExam}>
      <form ref={rootRef} noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="flex flex-col">
        <div className="flex flex-col gap-5 p-5 sm:p-6">
          {makesVersion && (
            <p className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm" data-testid="bank-editor-seen">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
              <span>{t("editor.seenNotice", { n: next })}</span>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${uid}-subject`}>{t("filters.subject")}</Label>
              <Controller
                control={form.control}
                name="subjectId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={!subjects.data}>
                    <SelectTrigger id={`${uid}-subject`} ref={field.ref} onBlur={field.onBlur} {...subjectA11y} data-testid="bank-editor-subject">
                      <SelectValue placeholder={t("editor.subjectPlaceholder")} />
                    </SelectTrigger>
                    <SelectContent>
                      <SubjectItems subjects={subjects.data} />
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldMessage path="subjectId" />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${uid}-grade`}>{t("filters.grade")}</Label>
              <Controller
                control={form.control}
                name="grade"
                render={({ field }) => (
                  <Select value={field.value || ANY_GRADE} onValueChange={(v) => field.onChange(v === ANY_GRADE ? "" : v)}>
                    <SelectTrigger id={`${uid}-grade`} ref={field.ref} onBlur={field.onBlur} data-testid="bank-editor-grade">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={ANY_GRADE}>{t("editor.anyGrade")}</SelectItem>
                      {GRADES.map((g) => (
                        <SelectItem key={g} value={String(g)}>
                          {t("editor.grade", { grade: formatNumber(lang, g) })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          </div>
          <PassagesCard passages={passages} max={1} onRemoved={() => undefined} />
          <QuestionCard index={0} count={1} answerCount={0} single onMove={() => undefined} onRemove={() => undefined} onPassageChange={() => undefined} />
        </div>
        <DialogFooter className="sticky bottom-0 flex-wrap gap-2 border-t border-border bg-card p-4 sm:p-5">
          <Button variant="ghost" onClick={onCancel}>
            {t("editor.cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="bank-editor-save">
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Save aria-hidden="true" />}
            {pending ? t("editor.saving") : makesVersion ? t("editor.saveVersion", { n: next }) : t("editor.save")}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
