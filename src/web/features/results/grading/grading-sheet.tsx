// The grading screen for one exam: question by question across all students (question 1 for everyone, then
// question 2). The question and its progress on top, then every student's answer beside the model answer with
// a mark and a comment. "Waiting only" keeps the answers marked in this visit on screen, so Enter can move on to
// the next student without the list jumping under the teacher's hands; the question stays on screen once its
// last answer is marked (it says so, and "Next question" is where the teacher goes on). A saved mark is said in
// its row, not in a toast that would cover the next comment box.
import { ArrowLeft, ArrowRight, CircleCheck, ClipboardCheck, EyeOff, Keyboard, PenLine } from "lucide-react";
import { Trans } from "react-i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { toast, toastError } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { pickRich, RichText } from "@web/components/rich-text";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { useGradingSheet, type TGradeResult, type TGradingSheet, type TSheetAnswer, type TSheetQuestion } from "../api";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatNumber, pick, resultsText, useResultsT } from "../lib/format";
import { gradingPath } from "../lib/paths";
import { AnswerRow, type TAttemptState } from "./answer-row";

type TFilter = "waiting" | "all";

// Failures the server words generically get our own title; specific ones keep the server's.
const GENERIC_CODES = new Set(["INTERNAL", "UNAVAILABLE", "NETWORK", "VALIDATION_FAILED", "BAD_JSON"]);

export function GradingSheet({ examId }: { examId: string }) {
  const { t } = useResultsT();
  const sheet = useGradingSheet(examId);
  useDocumentTitle(t("grading.title"));

  if (sheet.isPending) return <LoadingState />;
  if (sheet.isError) {
    return (
      <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="grading-sheet">
        <BackLink />
        <SectionHeader icon={PenLine} title={t("grading.title")} />
        <ErrorState title={t("grading.sheetFailed")} error={sheet.error} onRetry={() => void sheet.refetch()} />
      </section>
    );
  }
  return <SheetView sheet={sheet.data} />;
}

function BackLink() {
  const { t } = useResultsT();
  return (
    <Link
      to={gradingPath()}
      className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="grading-back"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t("grading.back")}
    </Link>
  );
}

const waitingIn = (q: TSheetQuestion) => q.answers.filter((a) => a.score === null).length;

function SheetView({ sheet }: { sheet: TGradingSheet }) {
  const { t, lang } = useResultsT();
  const examTitle = pick(lang, sheet.exam.titleAr, sheet.exam.titleEn);
  useDocumentTitle(`${examTitle} · ${t("grading.title")}`);
  const [params] = useSearchParams();
  const questions = sheet.questions;
  const totalWaiting = questions.reduce((n, q) => n + waitingIn(q), 0);
  const [filter, setFilter] = useState<TFilter>(() => (totalWaiting > 0 ? "waiting" : "all"));
  /** Answers marked since "waiting only" was chosen: they stay on screen, shown as marked. */
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  /** What the server said about each attempt after a mark (its total once graded). */
  const [attempts, setAttempts] = useState<ReadonlyMap<string, TGradeResult>>(() => new Map());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const afterLast = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const qParam = params.get("q");
  // Without ?q= the sheet opens on the first question with answers waiting, and stays there when they are all
  // marked: it does not jump to the next one under the teacher's hands (issue 13).
  const [opened] = useState(() => (questions.find((q) => waitingIn(q) > 0) ?? questions[0])?.id);
  const current = questions.find((q) => q.id === (qParam ?? opened)) ?? questions[0];
  const index = current ? questions.indexOf(current) : -1;
  const previous = index > 0 ? questions[index - 1] : undefined;
  const next = index >= 0 ? questions[index + 1] : undefined;

  // Moving to another question puts the keyboard and screen reader on its heading.
  const shownQuestion = useRef(current?.id);
  useEffect(() => {
    if (shownQuestion.current !== current?.id) headingRef.current?.focus();
    shownQuestion.current = current?.id;
  }, [current?.id]);

  const attemptState = useCallback(
    (attemptId: string): TAttemptState => {
      const all = questions.flatMap((q) => q.answers.filter((a) => a.attemptId === attemptId));
      const graded = all.every((a) => a.score !== null);
      const known = attempts.get(attemptId);
      return { graded, score: graded && known?.attemptStatus === "graded" ? known.attemptScore : null };
    },
    [questions, attempts],
  );

  if (!current) {
    return (
      <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="grading-sheet">
        <BackLink />
        <SectionHeader icon={PenLine} title={<bdi>{examTitle}</bdi>} description={t("grading.title")} />
        <EmptyState icon={ClipboardCheck}>{t("grading.noManualQuestions")}</EmptyState>
      </section>
    );
  }

  const visible = filter === "all" ? current.answers : current.answers.filter((a) => a.score === null || kept.has(a.answerId));
  const markedCount = current.answers.length - waitingIn(current);
  const n = (v: number) => formatNumber(lang, v);
  const questionText = pickRich(lang, { text: current.questionTextAr, doc: current.questionDocAr }, { text: current.questionTextEn, doc: current.questionDocEn });

  const chooseFilter = (value: TFilter) => {
    setFilter(value);
    setKept(new Set());
  };

  const onSubmitted = (answer: TSheetAnswer, advance: boolean) => {
    setKept((prev) => new Set(prev).add(answer.answerId));
    if (!advance) return;
    const at = visible.findIndex((a) => a.answerId === answer.answerId);
    const target = visible.slice(at + 1).map((a) => inputs.current.get(a.answerId)).find(Boolean);
    const focusable = target ?? afterLast.current;
    focusable?.focus();
    if (target) target.select();
    focusable?.scrollIntoView({ block: "center", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };

  const onSaved = (answer: TSheetAnswer, result: TGradeResult) => {
    setAttempts((prev) => new Map(prev).set(answer.attemptId, result));
  };

  const onFailed = (error: unknown) => {
    const body = toErrorBody(error);
    if (!GENERIC_CODES.has(body.code)) toastError(error);
    else toast({ variant: "destructive", title: resultsText("grading.toast.failed"), description: body.message });
  };

  const questionDone = waitingIn(current) === 0;

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="grading-sheet">
      <BackLink />
      <SectionHeader icon={PenLine} title={<bdi data-testid="grading-exam-title">{examTitle}</bdi>} description={t("grading.title")} />

      {sheet.keyWithheld && (
        <p role="note" className="flex items-start gap-2 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm font-medium text-foreground" data-testid="grading-key-withheld">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-gold" />
          {t("grading.keyWithheld")}
        </p>
      )}

      {totalWaiting === 0 && (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-success-border bg-success px-4 py-3 text-sm font-medium text-success-foreground" data-testid="grading-exam-done">
          <CircleCheck aria-hidden="true" className="size-4.5 shrink-0" />
          {t("grading.examDone")}
        </p>
      )}

      <nav aria-label={t("grading.questionsNav")}>
        <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]">
          {questions.map((q) => {
            const waiting = waitingIn(q);
            const isCurrent = q.id === current.id;
            return (
              <li key={q.id} className="flex shrink-0">
                <Link
                  to={gradingPath(sheet.exam.id, q.id)}
                  aria-current={isCurrent ? "page" : undefined}
                  className={cn(
                    "flex flex-col gap-0.5 rounded-xl border px-3.5 py-2 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isCurrent ? "border-primary bg-accent text-accent-foreground" : "border-border bg-card hover:bg-muted",
                  )}
                  data-testid="grading-question-link"
                >
                  <span className="inline-flex items-center gap-1.5 font-semibold whitespace-nowrap">
                    {waiting === 0 && q.answers.length > 0 && <CircleCheck aria-hidden="true" className="size-4 text-success-foreground" />}
                    {t("grading.questionN", { number: n(q.number) })}
                  </span>
                  <span className={cn("text-xs whitespace-nowrap tabular-nums", isCurrent ? "text-accent-foreground" : "text-muted-foreground")}>
                    {t("grading.questionProgress", { marked: n(q.answers.length - waiting), total: n(q.answers.length) })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="grading-question" data-question-id={current.id}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="grading-question-heading">
            {t("grading.questionN", { number: n(current.number) })}
          </h3>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">{t(`grading.types.${current.type}`)}</span>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">{t("grading.points", { count: current.points })}</span>
        </div>
        <RichText doc={questionText.doc} text={questionText.text} lang={questionText.lang} className="text-start text-base leading-relaxed" data-testid="grading-question-text" />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium tabular-nums" data-testid="grading-progress">
              {t("grading.progress", { marked: n(markedCount), total: n(current.answers.length) })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t("grading.progressLabel", { number: n(current.number) })}
            aria-valuemin={0}
            aria-valuemax={current.answers.length}
            aria-valuenow={markedCount}
            aria-valuetext={t("grading.progress", { marked: n(markedCount), total: n(current.answers.length) })}
            className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
              style={{ width: `${current.answers.length ? (markedCount / current.answers.length) * 100 : 0}%` }}
            />
          </div>
        </div>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <span id="grading-filter-label" className="text-sm font-medium">
            {t("grading.filter.label")}
          </span>
          <div role="group" aria-labelledby="grading-filter-label" className="inline-flex w-fit rounded-lg border border-border bg-card p-1">
            {(["waiting", "all"] as const).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={filter === value ? "secondary" : "ghost"}
                aria-pressed={filter === value}
                onClick={() => chooseFilter(value)}
                data-testid={`grading-filter-${value}`}
              >
                {t(`grading.filter.${value}`)}
              </Button>
            ))}
          </div>
        </div>
        <p className="flex items-start gap-2 text-xs text-muted-foreground sm:max-w-md" data-testid="grading-keyboard-hint">
          <Keyboard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {/* Key names stay left-to-right and in place inside the Arabic sentence (dir isolates them). */}
            <Trans t={t} i18nKey="grading.keyboardHint" components={{ kbd: <kbd dir="ltr" className="rounded border border-border bg-muted px-1 font-mono text-[0.7rem] text-foreground" /> }} />
          </span>
        </p>
      </div>

      {current.answers.length === 0 ? (
        <EmptyState icon={ClipboardCheck}>{t("grading.noAnswers")}</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          action={
            <Button variant="outline" onClick={() => chooseFilter("all")}>
              {t("grading.showAll")}
            </Button>
          }
        >
          {t("grading.questionDone")}
        </EmptyState>
      ) : (
        <ul aria-label={t("grading.answersLabel", { number: n(current.number) })} className="flex flex-col gap-4" data-testid="grading-answers">
          {visible.map((answer) => (
            <li key={answer.answerId}>
              <AnswerRow
                examId={sheet.exam.id}
                question={current}
                answer={answer}
                attempt={attemptState(answer.attemptId)}
                keyWithheld={sheet.keyWithheld}
                inputRef={(el) => {
                  if (el) inputs.current.set(answer.answerId, el);
                  else inputs.current.delete(answer.answerId);
                }}
                onSubmitted={onSubmitted}
                onSaved={onSaved}
                onFailed={onFailed}
              />
            </li>
          ))}
        </ul>
      )}

      {questionDone && visible.length > 0 && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-success-foreground" data-testid="grading-question-done">
          <CircleCheck aria-hidden="true" className="size-4.5 shrink-0" />
          {t("grading.questionDone")}
        </p>
      )}

      <nav aria-label={t("grading.stepNav")} className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        {previous ? (
          <Button variant="outline" asChild>
            <Link to={gradingPath(sheet.exam.id, previous.id)}>
              <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
              {t("grading.previousQuestion")}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button variant={questionDone ? "default" : "outline"} asChild>
            <Link
              ref={(el) => {
                afterLast.current = el;
              }}
              to={gradingPath(sheet.exam.id, next.id)}
              data-testid="grading-next-question"
            >
              {t("grading.nextQuestion")}
              <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
            </Link>
          </Button>
        ) : (
          <Button variant={totalWaiting === 0 ? "default" : "outline"} asChild>
            <Link
              ref={(el) => {
                afterLast.current = el;
              }}
              to={gradingPath()}
            >
              <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
              {t("grading.back")}
            </Link>
          </Button>
        )}
      </nav>
    </section>
  );
}
