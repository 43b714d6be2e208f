// The exam editor (SPEC §2 exam screens, §4, §5): the exam's fields, its audience, and its questions, validated
// with the same ZExamInput the server uses before anything is sent. Saving stores everything in one server
// transaction; the editor then shows what was saved (with the new ids) and stays open.
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Eye, FileDown, Layers, Library, LoaderCircle, Plus, Save } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch, type FieldErrors, type Path, type Resolver } from "react-hook-form";
import { Link, useBlocker, useNavigate } from "react-router";
import { ERRORS } from "@shared/errors";
import { EDITOR_QUESTION_TYPES, groupByPassage, ZExamInput, MAX_QUESTIONS, type TExamData, type TExamDetail, type TQuestionType } from "@shared/schemas/exam";
import { Button } from "@web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@web/components/ui/dropdown-menu";
import { toast } from "@web/components/ui/use-toast";
import { scriptSlips, type TScriptSlip } from "@shared/script";
import { toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { qtiExportUrl, useSaveExam, useSubjects } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { StatusBadge } from "../components/status-badge";
import { emptyExamForm, newQuestion, toFormValues, type TExamForm, type TQuestionForm } from "../lib/exam-form";
import { collectIssues, sortIssues } from "../lib/form-issues";
import { examsText, failureToast, formatNumber, issueText, pick, successToast, useExamsT } from "../lib/use-exams-t";
import { useSubjectsFailureToast } from "../lib/use-subjects-toast";
import { AudienceCard } from "./audience-card";
import { ExamDetails } from "./exam-details";
import { FieldMessage } from "./field-message";
import { PreviewDialog } from "./preview-dialog";
import { ActionBar } from "@web/components/ui/action-bar";
import { PassagesCard } from "./passages-card";
import { AddFromBankDialog } from "@web/features/bank/add-from-bank-dialog";
import { TakeAllVersions, TakeVersion } from "@web/features/bank/take-version";
import { QuestionCard } from "./question-card";

const examResolver = zodResolver(ZExamInput) as unknown as Resolver<TExamForm, unknown, TExamData>;
const QUESTIONS_HEADING_ID = "questions-heading";

/** The first message shown in the form gets the focus (its control, or the first input of its group). */
function focusFirstIssue(root: HTMLElement | null) {
  const message = root?.querySelector<HTMLElement>('[id^="err-"]');
  if (!root || !message) return;
  const owner = root.querySelector<HTMLElement>(`[aria-describedby~="${message.id}"]`);
  const target = owner?.matches("fieldset") ? owner.querySelector<HTMLElement>("input, button:not([disabled])") : owner;
  if (target) target.focus();
  else message.scrollIntoView({ block: "center" });
}

export function ExamEditor({ exam }: { exam: TExamDetail | null }) {
  const { t, lang } = useExamsT();
  const { user } = useSession();
  const navigate = useNavigate();
  const subjects = useSubjects();
  useSubjectsFailureToast(subjects.error);
  const save = useSaveExam();
  const isEdit = exam !== null;
  useDocumentTitle(isEdit ? t("editor.editTitle") : t("editor.createTitle"));

  const form = useForm<TExamForm, unknown, TExamData>({
    resolver: examResolver,
    defaultValues: exam ? toFormValues(exam) : emptyExamForm(),
    mode: "onSubmit",
    // After a failed save the whole form is checked again on every change (below), so a message disappears
    // as soon as its problem is fixed, including the ones that span fields (a correct option, the titles).
    reValidateMode: "onSubmit",
    // Every problem of a field at once, not the first one only (issue 13).
    criteriaMode: "all",
    shouldFocusError: false,
  });
  const questions = useFieldArray({ control: form.control, name: "questions", keyName: "key" });
  // Passages carry a `key` of their own (what questions call them), so the rows are keyed by another name.
  const passages = useFieldArray({ control: form.control, name: "passages", keyName: "rowKey" });
  const { isDirty, isSubmitting, submitCount } = form.formState;
  const rootRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const [previewing, setPreviewing] = useState<TExamForm | null>(null);
  const [addingFromBank, setAddingFromBank] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<{ key: string; dir: "up" | "down" } | null>(null);

  const answerCounts = useMemo(() => new Map((exam?.questions ?? []).map((q) => [q.id, q.answerCount])), [exam]);

  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.submitCount > 0 && Object.keys(form.formState.errors).length > 0) void form.trigger();
    });
    return () => sub.unsubscribe();
  }, [form]);

  // Move focus to the first message once a failed save has rendered its messages.
  useEffect(() => {
    if (submitCount > 0 && Object.keys(form.formState.errors).length > 0) focusFirstIssue(rootRef.current);
  }, [submitCount, form]);

  // After a move, keep the focus on the moved question's button (or its other one at the top or bottom).
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const card = rootRef.current?.querySelector<HTMLElement>(`[data-qkey="${pending.key}"]`);
    let button = card?.querySelector<HTMLButtonElement>(`[data-move="${pending.dir}"]`);
    if (!button || button.disabled) button = card?.querySelector<HTMLButtonElement>(`[data-move="${pending.dir === "up" ? "down" : "up"}"]`);
    button?.focus();
  });

  // Unsaved changes: ask before leaving inside the app, and let the browser ask before unloading.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  /**
   * Questions on one passage stand together (groupByPassage): after a move or a change of passage, the rows are
   * moved one by one into that order (moving keeps each row's editors; replacing the list would remake them all).
   * Returns where the row that was at `index` ended up.
   */
  const regroup = (index: number): number => {
    const values = form.getValues("questions");
    const order = values.map((_, i) => i);
    const target = groupByPassage(values.map((q, i) => ({ passageKey: q.passageKey, i }))).map((x) => x.i);
    target.forEach((original, to) => {
      const from = order.indexOf(original);
      if (from === to) return;
      questions.move(from, to);
      order.splice(to, 0, ...order.splice(from, 1));
    });
    return order.indexOf(index);
  };

  /**
   * Up and down move a question past its neighbour — within its passage's questions, or else past the whole
   * neighbouring block (a question alone, or a passage's questions together); at the edge of its passage's
   * questions it takes them all along. So a passage's questions never come apart.
   */
  const onMove = (from: number, to: number) => {
    const key = questions.fields[from]?.key;
    if (!key || to < 0 || to >= questions.fields.length) return;
    const blocks = blocksOf(form.getValues("questions").map((q) => q.passageKey));
    const mine = blocks.find((b) => from >= b.start && from < b.end)!;
    let at = to;
    if (to >= mine.start && to < mine.end) questions.move(from, to);
    else {
      const other = blocks.find((b) => to >= b.start && to < b.end)!;
      const [first, second] = to < from ? [other, mine] : [mine, other];
      // The second block's rows go, one by one, to where the first begins.
      for (let k = 0; k < second.end - second.start; k++) questions.move(second.start + k, first.start + k);
      at = to < from ? from - (other.end - other.start) : from + (other.end - other.start);
    }
    pendingFocus.current = { key, dir: at < from ? "up" : "down" };
    setAnnouncement(t("question.moved", { from: formatNumber(lang, from + 1), to: formatNumber(lang, at + 1) }));
  };

  const onPassageChange = (index: number) => {
    const key = questions.fields[index]?.key;
    const at = regroup(index);
    if (!key || at === index) return;
    pendingFocus.current = null;
    setAnnouncement(t("question.moved", { from: formatNumber(lang, index + 1), to: formatNumber(lang, at + 1) }));
    // The passage field keeps the focus in the card that moved.
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>(`[data-qkey="${key}"] [data-testid$="-passage"]`)?.focus());
  };

  const onRemove = (index: number) => {
    questions.remove(index);
    setAnnouncement(t("question.removed", { n: formatNumber(lang, index + 1) }));
    requestAnimationFrame(() => document.getElementById(QUESTIONS_HEADING_ID)?.focus());
  };

  const addQuestion = (type: TQuestionType) => {
    const index = questions.fields.length;
    questions.append(newQuestion(type), { focusName: `questions.${index}.questionTextAr` });
    setAnnouncement(t("question.added", { n: formatNumber(lang, index + 1), type: t(`types.${type}`) }));
  };

  // Publishing with a field in the other language's script (issue 33): warned, not refused — a name or a term may be
  // meant so. The data waits here while the author decides.
  const [slips, setSlips] = useState<{ data: TExamData; slips: TScriptSlip[] } | null>(null);
  const onValid = async (data: TExamData) => {
    if (data.status === "published") {
      const found = scriptSlips(data);
      if (found.length) {
        setSlips({ data, slips: found });
        return;
      }
    }
    await saveData(data);
  };

  const saveData = async (data: TExamData) => {
    try {
      const saved = await save.mutateAsync({ id: exam?.id, input: data });
      successToast("toast.saved");
      form.reset(toFormValues(saved));
      if (!isEdit) {
        // Keep editing the exam just created, now at its own address.
        leaving.current = true;
        await navigate(`/exams/edit/${saved.id}`, { replace: true });
      }
    } catch (error) {
      const body = toErrorBody(error);
      for (const field of body.fields ?? []) {
        form.setError(field.path as Path<TExamForm>, { type: "server", message: field.code });
      }
      failureToast(error, isEdit ? "toast.updateFailed" : "toast.createFailed");
    }
  };

  const onInvalid = (errors: FieldErrors<TExamForm>) => {
    const issues = sortIssues(collectIssues(errors));
    const first = issues[0];
    if (!first) return;
    const text = issueText(first.code, first.path);
    const more = issues.length > 1 ? examsText("validation.more", { count: issues.length - 1 }) : null;
    toast({
      variant: "destructive",
      title: ERRORS.VALIDATION_FAILED.title,
      description: more ? { en: `${text.en} ${more.en}`, ar: `${text.ar} ${more.ar}` } : text,
    });
  };

  const title = exam ? pick(lang, exam.titleAr, exam.titleEn) : "";
  const pending = isSubmitting || save.isPending;

  return (
    <FormProvider {...form}>
      <form ref={rootRef} noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="flex flex-col gap-6" data-testid="exam-editor" aria-labelledby="editor-heading">
        <div className="flex flex-col gap-3">
          <Link
            to="/dashboard/exams"
            className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="back-to-exams"
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t("editor.back")}
          </Link>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <h1 id="editor-heading" tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
                {isEdit ? t("editor.editTitle") : t("editor.createTitle")}
              </h1>
              {exam && (
                <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  <bdi className="font-medium">{title}</bdi>
                  <StatusBadge status={exam.status} />
                </p>
              )}
              {!exam && <p className="text-muted-foreground">{t("editor.createIntro")}</p>}
            </div>
            {exam && (
              // Parallel forms from a blueprint (issue 34): a page of its own, on the saved exam.
              <Button variant="outline" asChild>
                <Link to={`/exams/${exam.id}/forms`} data-testid="open-forms">
                  <Layers aria-hidden="true" />
                  {t("bank:forms.open")}
                </Link>
              </Button>
            )}
          </div>
        </div>

        <ExamDetails subjects={subjects.data} savedStatus={exam?.status ?? null} />
        <AudienceCard canChoose={user?.role === "super_admin"} />
        <PassagesCard
          passages={passages}
          onRemoved={(n, unlinked) => setAnnouncement(t("passages.removed", { n: formatNumber(lang, n), count: unlinked }))}
        />

        <section aria-labelledby={QUESTIONS_HEADING_ID} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-col gap-0.5">
              <h2 id={QUESTIONS_HEADING_ID} tabIndex={-1} className="text-xl font-bold outline-none">
                {t("questions.title")}
              </h2>
              <QuestionsSummary />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {exam && <TakeAllVersions exam={exam} disabled={isDirty} disabledReason={t("editor.unsaved")} onTaken={(saved) => form.reset(toFormValues(saved))} />}
              <AddQuestionMenu onAdd={addQuestion} disabled={questions.fields.length >= MAX_QUESTIONS} testId="add-question-top" />
            </div>
          </div>
          <FieldMessage path="questions" />
          {questions.fields.length === 0 && (
            <p className="rounded-2xl border border-dashed border-input-border bg-card px-6 py-10 text-center text-muted-foreground">{t("questions.empty")}</p>
          )}
          <ol className="flex flex-col gap-4">
            {questions.fields.map((field, index) => (
              <li key={field.key} data-qkey={field.key}>
                {exam && field.id && <TakeVersion exam={exam} questionId={field.id} disabled={isDirty} disabledReason={t("editor.unsaved")} onTaken={(saved) => form.reset(toFormValues(saved))} />}
                <QuestionCard
                  index={index}
                  count={questions.fields.length}
                  answerCount={field.id ? (answerCounts.get(field.id) ?? 0) : 0}
                  onMove={onMove}
                  onRemove={onRemove}
                  onPassageChange={onPassageChange}
                />
              </li>
            ))}
          </ol>
          {questions.fields.length > 0 && (
            <AddQuestionMenu onAdd={addQuestion} disabled={questions.fields.length >= MAX_QUESTIONS} testId="add-question" className="self-center" />
          )}
          <p aria-live="polite" className="sr-only" data-testid="editor-announcement">
            {announcement}
          </p>
        </section>

        <ActionBar>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="dirty-state">
              {isDirty ? t("editor.unsaved") : isEdit ? t("editor.allSaved") : ""}
            </p>
            <div className="flex flex-wrap items-center gap-2 max-sm:w-full max-sm:[&>*]:flex-1">
              <Button variant="ghost" asChild>
                <Link to="/dashboard/exams">{t("common.cancel")}</Link>
              </Button>
              {exam && (
                // The saved exam, as the server has it: unsaved changes are not in the package.
                <Button variant="outline" asChild>
                  <a href={qtiExportUrl(exam.id)} download data-testid="export-qti">
                    <FileDown aria-hidden="true" />
                    {t("qti.export")}
                  </a>
                </Button>
              )}
              {exam && (
                // The server appends to the saved exam, and the form is then reset to what it returns: unsaved
                // changes would be lost, so they are saved first.
                <Button variant="outline" disabled={isDirty} title={isDirty ? t("editor.unsaved") : undefined} onClick={() => setAddingFromBank(true)} data-testid="add-from-bank">
                  <Library aria-hidden="true" />
                  {t("bank:add.open")}
                </Button>
              )}
              <Button variant="outline" onClick={() => setPreviewing(form.getValues())} data-testid="preview-button">
                <Eye aria-hidden="true" />
                {t("editor.preview")}
              </Button>
              <Button type="submit" disabled={pending} data-testid="save-exam">
                {pending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Save aria-hidden="true" />}
                {pending ? t("editor.saving") : t("editor.save")}
              </Button>
            </div>
          </div>
        </ActionBar>
      </form>

      {exam && <AddFromBankDialog exam={exam} open={addingFromBank} onOpenChange={setAddingFromBank} onAdded={(saved) => form.reset(toFormValues(saved))} />}

      <PreviewDialog open={previewing !== null} onOpenChange={(open) => !open && setPreviewing(null)} exam={previewing} subjects={subjects.data ?? []} />

      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title={t("leave.title")}
        description={t("leave.message")}
        cancelLabel={t("leave.stay")}
        confirmLabel={t("leave.confirm")}
        onConfirm={() => blocker.proceed?.()}
        testId="leave-dialog"
      />

      <ConfirmDialog
        open={slips !== null}
        onOpenChange={(open) => !open && setSlips(null)}
        tone="default"
        title={t("scriptWarning.heading")}
        description={t("scriptWarning.message")}
        cancelLabel={t("scriptWarning.keepEditing")}
        confirmLabel={t("scriptWarning.publish")}
        onConfirm={() => {
          const data = slips?.data;
          setSlips(null);
          if (data) void saveData(data);
        }}
        testId="script-warning"
      >
        {slips && <ScriptSlipList slips={slips.slips} />}
      </ConfirmDialog>
    </FormProvider>
  );
}

/** Where the exam's texts are in the other language's script, in two lists: fields meant for Arabic, for English. */
function ScriptSlipList({ slips }: { slips: TScriptSlip[] }) {
  const { t, lang } = useExamsT();
  const place = (s: TScriptSlip) => t(`scriptWarning.${s.where}`, { n: formatNumber(lang, s.n ?? 0), m: formatNumber(lang, s.m ?? 0) });
  return (
    <div className="flex flex-col gap-3 text-sm">
      {(["ar", "en"] as const).map((meantFor) => {
        const here = slips.filter((s) => s.meantFor === meantFor);
        if (!here.length) return null;
        return (
          <div key={meantFor} className="flex flex-col gap-1">
            <p className="font-medium">{t(meantFor === "ar" ? "scriptWarning.noArabic" : "scriptWarning.onlyArabic")}</p>
            <ul className="list-disc ps-5" data-testid={`script-slips-${meantFor}`}>
              {here.map((s, i) => (
                <li key={i}>{place(s)}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/** The question list as blocks: a passage's questions together, every other question alone. */
function blocksOf(keys: string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  keys.forEach((k, i) => {
    const last = out.at(-1);
    if (last && k && keys[last.start] === k) last.end = i + 1;
    else out.push({ start: i, end: i + 1 });
  });
  return out;
}

function QuestionsSummary() {
  const { t, lang } = useExamsT();
  const questions = useWatch<TExamForm, "questions">({ name: "questions" }) ?? [];
  const total = questions.reduce((sum: number, q: TQuestionForm) => {
    const n = Number(q.points);
    return sum + (String(q.points).trim() !== "" && Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 1);
  }, 0);
  return (
    <p className="text-sm text-muted-foreground" data-testid="questions-summary">
      {t("questions.summary", {
        count: questions.length,
        formatted: formatNumber(lang, questions.length),
        points: formatNumber(lang, total),
      })}
    </p>
  );
}

function AddQuestionMenu({ onAdd, disabled, testId, className }: { onAdd: (type: TQuestionType) => void; disabled: boolean; testId: string; className?: string }) {
  const { t } = useExamsT();
  const chosen = useRef<TQuestionType | null>(null);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="secondary" className={className} data-testid={testId}>
          <Plus aria-hidden="true" />
          {t("questions.add")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          // Added once the menu has let go of the focus, so the new question's text field can take it.
          const type = chosen.current;
          chosen.current = null;
          if (!type) return;
          event.preventDefault();
          onAdd(type);
        }}
      >
        <DropdownMenuLabel>{t("questions.chooseType")}</DropdownMenuLabel>
        {EDITOR_QUESTION_TYPES.map((type) => (
          <DropdownMenuItem
            key={type}
            onSelect={() => {
              chosen.current = type;
            }}
            data-testid={`add-${type}`}
          >
            {t(`types.${type}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
