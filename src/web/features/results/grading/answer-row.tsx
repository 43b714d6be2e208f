// One student's answer to the question being graded: the answer beside the model answer, a mark from 0 to the
// question's points, an optional comment, Save. Enter in the mark box saves and moves to the next student;
// Ctrl/⌘+Enter does the same from the comment box.
import { CircleCheck, FileText, Hourglass, Save } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import type { TErrorCode } from "@shared/errors";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { errorText } from "@web/lib/errors";
import { cn } from "@web/lib/utils";
import { useGradeAnswer, type TGradeResult, type TSheetAnswer, type TSheetQuestion } from "../api";
import { formatScore } from "@web/lib/format";
import { formatNumber, textDir, useResultsT } from "../lib/format";
import { resultPath } from "../lib/paths";
import { checkMark, parseMark, stepMark } from "../lib/score";

export type TAttemptState = { graded: boolean; score: number | null };

export function AnswerRow({
  examId,
  question,
  answer,
  attempt,
  keyWithheld,
  inputRef,
  onSubmitted,
  onSaved,
  onFailed,
}: {
  examId: string;
  question: TSheetQuestion;
  answer: TSheetAnswer;
  attempt: TAttemptState;
  /** The exam's model answers are withheld (decision 0010): say so instead of "no model answer". */
  keyWithheld: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  /** A valid mark is on its way; `advance` when the teacher pressed Enter (move to the next student). */
  onSubmitted: (answer: TSheetAnswer, advance: boolean) => void;
  onSaved: (answer: TSheetAnswer, result: TGradeResult) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t, lang } = useResultsT();
  const uid = useId();
  const grade = useGradeAnswer();
  const savedText = answer.score === null ? "" : String(answer.score);
  const [mark, setMark] = useState(savedText);
  const [comment, setComment] = useState(answer.teacherComment ?? "");
  const [error, setError] = useState<{ code: TErrorCode } | { message: string } | null>(null);
  const points = question.points;
  const parsed = parseMark(mark);
  const dirty = mark !== savedText || comment !== (answer.teacherComment ?? "");
  const marked = answer.score !== null;
  const n = (v: number) => formatNumber(lang, v);

  const submit = (advance: boolean, focusOnError?: HTMLElement | null) => {
    const check = checkMark(mark, comment, points);
    if (!check.ok) {
      setError({ code: check.code });
      focusOnError?.focus();
      return;
    }
    setError(null);
    onSubmitted(answer, advance);
    grade.mutate(
      { examId, answerId: answer.answerId, score: check.score, comment: check.comment },
      {
        onSuccess: (result) => {
          setMark(String(result.score));
          onSaved(answer, result);
        },
        onError: (e) => {
          setError({ message: errorText(e, lang).message });
          onFailed(e);
        },
      },
    );
  };

  const onMarkKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit(true);
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      e.preventDefault();
      setMark(stepMark(mark, e.key === "ArrowUp" ? 1 : -1, points));
    }
  };

  const onCommentKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit(true);
    }
  };

  const markId = `${uid}-mark`;
  const errorId = `${uid}-error`;
  const headingId = `${uid}-student`;
  const errorMessage = error ? ("code" in error ? errorText(error.code, lang).message : error.message) : null;

  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-4 p-4 sm:p-5", marked && !dirty && "border-success-border/70")}
      data-testid="grading-answer"
      data-answer-id={answer.answerId}
      data-marked={marked}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold" data-testid="grading-student">
          <bdi>{answer.studentName}</bdi>
        </h4>
        <div className="flex flex-wrap items-center gap-2">
          {marked ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-success-border bg-success px-2.5 py-0.5 text-xs font-semibold text-success-foreground" data-testid="grading-answer-status">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              {t("grading.marked", { score: formatScore(lang, answer.score ?? 0, points) })}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full border border-gold/40 bg-gold/10 px-2.5 py-0.5 text-xs font-semibold text-gold" data-testid="grading-answer-status">
              <Hourglass aria-hidden="true" className="size-3.5" />
              {t("grading.waiting")}
            </span>
          )}
          {attempt.graded && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground" data-testid="grading-attempt-graded">
              {attempt.score === null ? t("grading.attemptGraded") : t("grading.attemptGradedScore", { score: n(attempt.score) })}
            </span>
          )}
        </div>
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="text-xs font-semibold text-muted-foreground">{t("grading.studentAnswer")}</p>
          {answer.answerText?.trim() ? (
            <div
              dir={textDir(answer.answerText)}
              className="min-h-12 rounded-lg border border-border bg-background px-3 py-2 text-start leading-relaxed break-words whitespace-pre-wrap"
              data-testid="grading-answer-text"
            >
              {answer.answerText}
            </div>
          ) : (
            <p className="rounded-lg border border-dashed border-border px-3 py-2 text-muted-foreground italic">{t("grading.noAnswer")}</p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="text-xs font-semibold text-muted-foreground">{t("grading.modelAnswer")}</p>
          {question.modelAnswer?.trim() ? (
            <div
              dir={textDir(question.modelAnswer)}
              className="min-h-12 rounded-lg border border-dashed border-success-border/70 bg-success/40 px-3 py-2 text-start leading-relaxed break-words whitespace-pre-wrap"
              data-testid="grading-model-answer"
            >
              {question.modelAnswer}
            </div>
          ) : (
            <p className="rounded-lg border border-dashed border-border px-3 py-2 text-muted-foreground" data-testid="grading-no-model-answer">
              {t(keyWithheld ? "grading.modelAnswerWithheld" : "grading.noModelAnswer")}
            </p>
          )}
        </div>
      </div>

      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          submit(false, document.getElementById(markId));
        }}
      >
        <div className="flex flex-col gap-1.5 sm:w-36">
          <Label htmlFor={markId}>{t("grading.markLabel", { max: n(points) })}</Label>
          <Input
            ref={inputRef}
            id={markId}
            dir="ltr"
            inputMode="decimal"
            autoComplete="off"
            role="spinbutton"
            aria-valuemin={0}
            aria-valuemax={points}
            aria-valuenow={parsed !== undefined && !Number.isNaN(parsed) ? parsed : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={mark}
            onChange={(e) => {
              setMark(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onMarkKey}
            className="h-10 text-center tabular-nums"
            data-testid="grading-mark"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${uid}-comment`}>{t("grading.commentLabel")}</Label>
          <Textarea
            id={`${uid}-comment`}
            dir="auto"
            rows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            onKeyDown={onCommentKey}
            className="min-h-10 py-2"
            data-testid="grading-comment"
          />
        </div>
        <div className="flex sm:mt-5">
          <Button type="submit" disabled={grade.isPending} aria-label={t("grading.saveItem", { student: answer.studentName })} data-testid="grading-save">
            <Save aria-hidden="true" />
            {grade.isPending ? t("grading.saving") : t("grading.save")}
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" className={cn("min-h-5", errorMessage ? "font-medium text-destructive-text" : "text-muted-foreground")} id={errorId} data-testid="grading-row-message">
          {errorMessage ?? (grade.isPending ? t("grading.saving") : dirty && mark.trim() !== "" ? t("grading.unsaved") : grade.isSuccess ? t("grading.saved") : "")}
        </p>
        <Link
          to={resultPath(answer.attemptId)}
          className="inline-flex items-center gap-1 text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={t("grading.openAttemptOf", { student: answer.studentName })}
        >
          {t("grading.openAttempt")}
          <FileText aria-hidden="true" className="size-3.5" />
        </Link>
      </div>
    </Card>
  );
}
