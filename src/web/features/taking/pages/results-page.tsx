// /student/exam/:studentExamId/results (any signed-in user; the server decides whose result they may see).
// Completed: pending grading. Graded: score / total and, per question, the student's answer, the mark and the
// teacher's comment; staff also see the key. 403 and 404 are said in a toast, then back to the dashboard.
// Printable: the site's frame and the buttons are left out of the printout.
import { ArrowLeft, ArrowRight, CheckCircle2, CircleMinus, Hourglass, KeyRound, LockKeyhole, Medal, MessageSquareText, Printer, XCircle } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { TResult } from "@shared/schemas/attempt";
import { isAnswered as isResponseAnswered } from "@shared/item-types";
import { InteractionView } from "@web/components/interactions";
import { ExamImage } from "@web/components/exam-image";
import { PassagePanel } from "@web/components/passage-panel";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ScaleScoreCard } from "@web/components/scale-score";
import { toastError } from "@web/components/ui/use-toast";
import { isApiError } from "@web/lib/api";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { pickRich, RichText } from "@web/components/rich-text";
import type { TRichDoc } from "@shared/rich-text";
import { takePath, useResult } from "../api";
import { PageFrame } from "../components/page-frame";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { percentOf } from "@shared/format";
import { formatPercent, formatScore } from "@web/lib/format";
import { failureToast, formatDateTime, formatNumber, pick, useTakingT, type TLang } from "../lib/use-taking-t";

type TResultQuestion = TResult["questions"][number];


/** What another feature adds below the score (composed in app/: the report and plan of the attempt). */
export type TResultSlot = (result: TResult) => ReactNode;

export function ResultsPage({ belowScore }: { belowScore?: TResultSlot }) {
  const { studentExamId = "" } = useParams();
  return (
    <PageFrame className="max-w-4xl">
      <Result key={studentExamId} attemptId={studentExamId} belowScore={belowScore} />
    </PageFrame>
  );
}

export default ResultsPage;

function Result({ attemptId, belowScore }: { attemptId: string; belowScore?: TResultSlot }) {
  const { t, lang } = useTakingT();
  const navigate = useNavigate();
  const result = useResult(attemptId);
  const data = result.data;
  useDocumentTitle(data ? `${pick(lang, data.exam.titleAr, data.exam.titleEn)} — ${t("results.pageTitle")}` : t("results.pageTitle"));

  const redirects = isApiError(result.error, "RESULT_FORBIDDEN") || isApiError(result.error, "RESULT_NOT_FOUND") || isApiError(result.error, "FORBIDDEN");
  const handled = useRef(false);
  useEffect(() => {
    if (!result.isError || handled.current) return;
    handled.current = true;
    if (redirects) {
      toastError(result.error);
      void navigate("/dashboard", { replace: true });
    } else {
      failureToast(result.error, "results.loadFailed");
    }
  }, [result.isError, result.error, redirects, navigate]);

  if (data) return <ResultView result={data} belowScore={belowScore} />;
  if (result.isError && !redirects) {
    return (
      <ErrorState
        title={t("results.loadFailed")}
        error={result.error}
        testId="results-error"
        onRetry={() => {
          handled.current = false;
          void result.refetch();
        }}
      />
    );
  }
  return <LoadingState label={t("results.loading")} testId="results-loading" />;
}

function ResultView({ result, belowScore }: { result: TResult; belowScore?: TResultSlot }) {
  const { t, lang } = useTakingT();
  const { user } = useSession();
  const isStudent = user?.role === "student";
  const { attempt, exam } = result;
  const title = pick(lang, exam.titleAr, exam.titleEn);
  const backTo = isStudent ? "/dashboard/my-exams" : "/dashboard/results";
  const graded = attempt.status === "graded";
  const percent = graded && attempt.score !== null && attempt.totalPossibleScore > 0 ? percentOf(attempt.score, attempt.totalPossibleScore) : null;
  // A passage is shown once, folded, above the first of its questions (the paper keeps them together).
  const firstOnPassage = new Map<string, number>();
  result.questions.forEach((q, i) => q.passageId && !firstOnPassage.has(q.passageId) && firstOnPassage.set(q.passageId, i));

  return (
    <article className="flex flex-col gap-6" data-testid="results-page" data-status={attempt.status}>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button variant="ghost" size="sm" asChild className="-ms-2">
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {isStudent ? t("results.backToMyExams") : t("results.backToResults")}
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="print-result">
          <Printer aria-hidden="true" />
          {t("results.print")}
        </Button>
      </div>

      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary print:text-black">{t("results.pageTitle")}</p>
        <h1 className="text-2xl leading-snug font-bold sm:text-3xl" data-testid="result-title">
          <bdi>{title}</bdi>
        </h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1.5">
            <dt>{t("results.subject")}:</dt>
            <dd className="font-medium text-foreground">{pick(lang, exam.subject.nameAr, exam.subject.nameEn)}</dd>
          </div>
          {!isStudent && (
            <div className="flex gap-1.5">
              <dt>{t("results.student")}:</dt>
              <dd className="font-medium text-foreground" data-testid="result-student">
                <bdi>{result.student.name}</bdi>
              </dd>
            </div>
          )}
          {attempt.completedAt && (
            <div className="flex gap-1.5">
              <dt>{t("results.submittedAt")}:</dt>
              <dd className="font-medium text-foreground">
                <bdi>{formatDateTime(lang, attempt.completedAt)}</bdi>
              </dd>
            </div>
          )}
        </dl>
      </header>

      <ScoreCard result={result} percent={percent} isStudent={isStudent} />
      {attempt.status === "graded" && attempt.scaleScore && <ScaleScoreCard value={attempt.scaleScore} />}

      {result.keyWithheld && (
        <Card className="flex items-start gap-3 border-gold/50 p-4 text-sm" role="note" data-testid="key-withheld">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          <p>{t("results.keyWithheld")}</p>
        </Card>
      )}

      {belowScore?.(result)}

      <section aria-labelledby="answers-heading" className="flex flex-col gap-4">
        <h2 id="answers-heading" className="text-lg font-semibold">
          {isStudent ? t("results.yourAnswers") : t("results.studentAnswers")}
        </h2>
        <ol className="flex flex-col gap-4">
          {result.questions.map((q, i) => {
            const n = q.passageId && firstOnPassage.get(q.passageId) === i ? result.passages.findIndex((p) => p.id === q.passageId) : -1;
            const passage = result.passages[n];
            return (
              <li key={q.id} className="flex flex-col gap-4">
                {passage && (
                  <PassagePanel
                    passage={passage}
                    lang={lang}
                    label={t("take.passage", { n: n + 1 })}
                    toggleLabels={{ hide: t("results.hidePassage"), show: t("results.showPassage") }}
                    enlargeLabel={t("take.enlargeImage")}
                    folds="always"
                    headingLevel={3}
                  />
                )}
                <div className="break-inside-avoid">
                  <QuestionResult q={q} number={i + 1} result={result} isStudent={isStudent} />
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </article>
  );
}

function ScoreCard({ result, percent, isStudent }: { result: TResult; percent: number | null; isStudent: boolean }) {
  const { t, lang } = useTakingT();
  const { attempt, exam } = result;
  if (attempt.status === "graded") {
    return (
      <Card className="flex items-center gap-4 border-success-border p-5 sm:p-6 print:border-black" data-testid="result-score">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-success text-success-foreground sm:size-14 print:hidden">
          <Medal aria-hidden="true" className="size-6 sm:size-7" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p className="text-sm font-medium text-muted-foreground">{t("results.score")}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="score-value">
            <span className="sr-only">{t("results.scoreSr", { score: formatNumber(lang, attempt.score ?? 0), total: formatNumber(lang, attempt.totalPossibleScore) })}</span>
            <span aria-hidden="true">{formatScore(lang, attempt.score ?? 0, attempt.totalPossibleScore)}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5 text-end">
          <span className="rounded-full border border-success-border bg-success px-2.5 py-0.5 text-sm font-semibold text-success-foreground">{t("status.graded")}</span>
          {percent !== null && <p className="text-sm font-medium text-muted-foreground tabular-nums">{t("results.percent", { percent: formatPercent(lang, percent) })}</p>}
        </div>
      </Card>
    );
  }
  if (attempt.status === "completed") {
    return (
      <Card className="flex flex-col gap-3 border-gold/50 p-6 sm:flex-row sm:items-start" role="status" data-testid="result-pending">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-muted text-gold print:hidden">
          <Hourglass aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-1">
          <p className="text-lg font-semibold">{t("status.completed")}</p>
          <p className="text-sm text-muted-foreground">{isStudent ? t("results.pendingBody") : t("results.pendingBodyStaff")}</p>
        </div>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center" role="status" data-testid="result-in-progress">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-muted text-muted-foreground print:hidden">
        <Hourglass aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-1 flex-col gap-1">
        <p className="text-lg font-semibold">{t("status.in_progress")}</p>
        <p className="text-sm text-muted-foreground">{t("results.inProgressBody")}</p>
      </div>
      {isStudent && (
        <Button asChild className="print:hidden">
          <Link to={takePath(exam.id)}>{t("overview.resume")}</Link>
        </Button>
      )}
    </Card>
  );
}

function Verdict({ q }: { q: TResultQuestion }) {
  const { t } = useTakingT();
  if (q.score === null) {
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-gold">
        <Hourglass aria-hidden="true" className="size-4" />
        {t("results.awaitingTeacher")}
      </span>
    );
  }
  const full = q.score >= q.points;
  const none = q.score <= 0;
  const Icon = full ? CheckCircle2 : none ? XCircle : CircleMinus;
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm font-semibold", full ? "text-success-foreground" : none ? "text-destructive-text" : "text-gold")} data-testid="verdict">
      <Icon aria-hidden="true" className="size-4" />
      {full ? t("results.correct") : none ? t("results.incorrect") : t("results.partlyCorrect")}
    </span>
  );
}

function QuestionResult({ q, number, result, isStudent }: { q: TResultQuestion; number: number; result: TResult; isStudent: boolean }) {
  const { t, lang } = useTakingT();
  const showsMarks = result.showsKey || result.attempt.status === "graded";
  const dir = lang === "ar" ? "rtl" : "ltr";
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 print:shadow-none" data-testid="result-question" data-question-id={q.id}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="me-auto text-base font-bold text-primary print:text-black">{t("take.questionNumber", { n: number })}</h3>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">{t(`types.${q.type}`)}</span>
        {showsMarks && q.score !== null ? (
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground tabular-nums" data-testid="question-mark">
            {t("results.mark", { score: formatScore(lang, q.score, q.points) })}
          </span>
        ) : (
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground tabular-nums">{t("common.points", { count: q.points })}</span>
        )}
      </header>
      <QuestionText q={q} />
      {/* The picture the question showed (decision 0064); a hotspot's is drawn with its areas in the answer below. */}
      {q.image && q.type !== "hotspot" && <ExamImage image={q.image} lang={lang} enlargeLabel={t("take.enlargeImage")} />}

      <div className="flex flex-col gap-2 rounded-xl bg-muted/70 p-4">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground">{isStudent ? t("results.yourAnswer") : t("results.studentAnswer")}</p>
        <AnswerBody q={q} lang={lang} showsMarks={showsMarks} />
      </div>

      {showsMarks && <Verdict q={q} />}

      {q.key && (q.key.choice || q.key.modelAnswer) && (
        <div className="flex items-start gap-2 rounded-xl border border-success-border p-3 text-sm" data-testid="answer-key">
          <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-foreground" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-semibold text-success-foreground">{q.key.choice ? t("results.correctAnswer") : t("results.modelAnswer")}</p>
            {q.key.choice ? (
              <>
                {q.key.choice.image && <ExamImage image={q.key.choice.image} lang={lang} small className="my-1" />}
                <p lang={lang} dir={dir}>
                  {pick(lang, q.key.choice.ar, q.key.choice.en)}
                </p>
              </>
            ) : (
              <p dir="auto" className="text-start whitespace-pre-line">
                {q.key.modelAnswer}
              </p>
            )}
          </div>
        </div>
      )}

      {q.teacherComment && (
        <div className="flex items-start gap-2 rounded-xl border border-border p-3 text-sm" data-testid="teacher-comment">
          <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-semibold">{t("results.teacherComment")}</p>
            <p dir="auto" className="text-start whitespace-pre-line">
              {q.teacherComment}
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}

function AnswerBody({ q, lang, showsMarks }: { q: TResultQuestion; lang: TLang; showsMarks: boolean }) {
  const { t } = useTakingT();
  const dir = lang === "ar" ? "rtl" : "ltr";
  const none = <p className="text-sm text-muted-foreground italic">{t("results.noAnswer")}</p>;
  // An item type of issue 36: the response read-only; with the key for staff (it marks what is right).
  if (q.interaction) {
    const content = (showsMarks && q.key?.interaction) || q.interaction;
    const view = (response: typeof q.answer.response) => <InteractionView content={content} response={response} lang={lang} image={q.image ?? undefined} />;
    if (isResponseAnswered(q.answer.response)) return view(q.answer.response);
    // An unanswered hotspot still shows its picture (the question is about it) and, with the key, the right areas.
    if (q.interaction.type !== "hotspot") return none;
    return (
      <div className="flex flex-col gap-3" data-testid="hotspot-unanswered">
        {none}
        {view(null)}
      </div>
    );
  }
  if (q.type === "matching") {
    if (!q.answer.matching.some((m) => m.chosen)) return none;
    return (
      <ul className="flex flex-col gap-2" data-testid="answer-matching">
        {q.answer.matching.map((m, i) => (
          <li key={i} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            {showsMarks &&
              (m.correct ? (
                <CheckCircle2 aria-label={t("results.correct")} className="size-4 shrink-0 text-success-foreground" />
              ) : (
                <XCircle aria-label={t("results.incorrect")} className="size-4 shrink-0 text-destructive-text" />
              ))}
            {m.premise.image && <ExamImage image={m.premise.image} lang={lang} small />}
            <span lang={lang} dir={dir} className="font-medium">
              {pick(lang, m.premise.ar, m.premise.en)}
            </span>
            <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground rtl:rotate-180" />
            <span className="sr-only">{t("results.matchedWith")}</span>
            {m.chosen ? (
              <>
                {m.chosen.image && <ExamImage image={m.chosen.image} lang={lang} small />}
                <span lang={lang} dir={dir}>
                  {pick(lang, m.chosen.ar, m.chosen.en)}
                </span>
              </>
            ) : (
              <span className="text-muted-foreground italic">{t("results.notChosen")}</span>
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (q.type === "multiple_choice" || q.type === "true_false") {
    if (!q.answer.choice) return none;
    return (
      <div className="flex flex-col items-start gap-2">
        {q.answer.choice.image && <ExamImage image={q.answer.choice.image} lang={lang} small />}
        <p lang={lang} dir={dir} className="font-medium" data-testid="answer-choice">
          {pick(lang, q.answer.choice.ar, q.answer.choice.en)}
        </p>
      </div>
    );
  }
  if (!q.answer.text?.trim()) return none;
  return (
    <p dir="auto" className="text-start break-words whitespace-pre-wrap" data-testid="answer-text">
      {q.answer.text}
    </p>
  );
}

function QuestionText({ q }: { q: { questionTextAr: string; questionTextEn: string; questionDocAr: TRichDoc | null; questionDocEn: TRichDoc | null } }) {
  const { lang } = useTakingT();
  const text = pickRich(lang, { text: q.questionTextAr, doc: q.questionDocAr }, { text: q.questionTextEn, doc: q.questionDocEn });
  return <RichText doc={text.doc} text={text.text} lang={text.lang} className="leading-relaxed font-medium" data-testid="result-question-text" />;
}
