// One question of the paper with the input its type asks for (issue 7): a radio group for multiple choice and
// true/false (fieldset + legend; arrow keys move between options), a text box for essays (ESSAY_ROWS) and short
// answers (SHORT_ANSWER_ROWS), and one labelled <select> per premise for matching. The paper's texts are in a
// known language and carry it (lang + dir); what the student writes is set to dir="auto".
import { AlertTriangle, CheckCircle2, Circle, CircleDashed, Flag, RotateCw, Strikethrough } from "lucide-react";
import { memo, useId, useRef, type ReactNode } from "react";
import { ESSAY_ROWS, MAX_ANSWER_TEXT_LENGTH, SHORT_ANSWER_ROWS } from "@shared/limits";
import { fieldClasses } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { ArabicKeyboard } from "./arabic-keyboard";
import { cn } from "@web/lib/utils";
import { pickRich, RichText } from "@web/components/rich-text";
import { ExamImage } from "@web/components/exam-image";
import { PaperClip } from "../lib/clips";
import { ReadAloudButton } from "../lib/read-aloud";
import { hasPictures, PremiseContent, ResponseBank, responseLabel } from "@web/components/matching";
import { textIn } from "@web/lib/errors";
import { EMPTY_ANSWER, type TAnswerValue, type TSaveProblem } from "../lib/answer-sync";
import { isAnswered, isChoice, isPartlyAnswered, matchingSlots, type TPaperQuestion } from "../lib/answers";
import { useTakingT, type TLang } from "../lib/use-taking-t";
import { InteractionInput } from "./interaction-input";

export type TAnswerChange = (questionId: string, value: TAnswerValue, options?: { debounce?: boolean }) => void;

type TProps = {
  question: TPaperQuestion;
  number: number;
  value: TAnswerValue | undefined;
  onChange: TAnswerChange;
  disabled?: boolean;
  /** The server refused this answer, or keeps failing on it. */
  problem?: TSaveProblem;
  /** The student's own marks (lib/review-marks.ts): flagged for review, and the options struck out. */
  flagged?: boolean;
  struck?: readonly string[];
  onToggleFlag?: (questionId: string) => void;
  onToggleStrike?: (questionId: string, optionId: string) => void;
};

export const questionAnchor = (n: number) => `question-${n}`;

const langProps = (lang: TLang) => ({ lang, dir: lang === "ar" ? "rtl" : "ltr" }) as const;

export const QuestionCard = memo(function QuestionCard({ question: q, number, value, onChange, disabled, problem, flagged = false, struck, onToggleFlag, onToggleStrike }: TProps) {
  const { t, lang } = useTakingT();
  const headingId = useId();
  const answered = isAnswered(q, value);
  const partly = isPartlyAnswered(q, value);
  const text = pickRich(lang, { text: q.questionTextAr, doc: q.questionDocAr }, { text: q.questionTextEn, doc: q.questionDocEn });
  // The question's picture, after its text and before the answer (a hotspot's is in its field, under the areas).
  const picture = q.type === "hotspot" ? null : q.image;
  const figure =
    picture || q.audio ? (
      <div className="-mt-1 mb-1 flex flex-col gap-3">
        {q.audio && <PaperClip clip={q.audio} lang={lang} />}
        {picture && <ExamImage image={picture} lang={lang} enlargeLabel={t("take.enlargeImage")} />}
      </div>
    ) : null;

  return (
    <article
      id={questionAnchor(number)}
      aria-labelledby={headingId}
      tabIndex={-1}
      className="flex scroll-mt-40 flex-col gap-4 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
      data-testid="question"
      data-question-id={q.id}
      data-type={q.type}
      data-answered={answered}
      data-save-problem={problem?.kind}
      data-flagged={flagged}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="me-auto text-base font-bold text-primary">
          {t("take.questionNumber", { n: number })}
        </h2>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">{t(`types.${q.type}`)}</span>
        <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground tabular-nums">{t("common.points", { count: q.points })}</span>
        <span
          className={cn("inline-flex items-center gap-1 text-xs font-medium", answered ? "text-success-foreground" : partly ? "text-gold" : "text-muted-foreground")}
          data-testid="answered-state"
        >
          {answered ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : partly ? <CircleDashed aria-hidden="true" className="size-3.5" /> : <Circle aria-hidden="true" className="size-3.5" />}
          {answered ? t("take.answered") : partly ? t("take.partlyAnswered") : t("take.notAnswered")}
        </span>
        <ReadAloudButton id={q.id} text={spokenText(q, text, lang)} lang={text.lang} />
        {onToggleFlag && (
          <button
            type="button"
            aria-pressed={flagged}
            onClick={() => onToggleFlag(q.id)}
            className={cn(
              "inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-xs font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
              flagged ? "border-2 border-gold text-foreground" : "border-input-border text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
            data-testid="flag-question"
          >
            <Flag aria-hidden="true" className={cn("size-3.5 rtl:-scale-x-100", flagged && "fill-gold text-gold")} />
            {flagged ? t("take.flagged") : t("take.flag")}
          </button>
        )}
      </header>

      {q.interaction ? (
        <InteractionInput
          questionId={q.id}
          paper={q.interaction}
          image={q.image}
          value={value}
          onChange={onChange}
          disabled={disabled}
          lang={lang}
          legend={
            <span className={questionTextClass} {...langProps(text.lang)}>
              <QuestionText text={text} />
            </span>
          }
          figure={figure}
          struck={struck}
          onToggleStrike={onToggleStrike}
        />
      ) : isChoice(q) ? (
        <ChoiceInput q={q} text={text} value={value} onChange={onChange} disabled={disabled} figure={figure} struck={struck} onToggleStrike={onToggleStrike} />
      ) : q.type === "matching" ? (
        <MatchingInput q={q} text={text} value={value} onChange={onChange} disabled={disabled} figure={figure} />
      ) : (
        <TextInput q={q} text={text} value={value} onChange={onChange} disabled={disabled} figure={figure} />
      )}

      {problem?.kind === "refused" && (
        <div role="alert" className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive-text" data-testid="save-problem">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">{t("save.refused")}</span> {textIn(problem.error.message, lang)} {t("save.refusedHint")}
          </p>
        </div>
      )}
      {problem?.kind === "retrying" && (
        <p className="flex items-start gap-2 text-sm text-gold" data-testid="save-problem">
          <RotateCw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("save.retryingOne")}
        </p>
      )}
    </article>
  );
});

/** What read-aloud says: the question, then its options numbered, in the language the page shows them in. */
function spokenText(q: TPaperQuestion, text: TText, lang: TLang): string {
  const entries = q.interaction?.type === "multiple_response" ? q.interaction.choices : q.interaction?.type === "ordering" ? q.interaction.items : null;
  const options = entries
    ? entries.map((e, i) => `${i + 1}. ${lang === "ar" ? e.textAr || e.textEn : e.textEn || e.textAr}`)
    : q.options.map((o, i) => `${i + 1}. ${pickRich(lang, { text: o.optionTextAr, doc: o.optionDocAr }, { text: o.optionTextEn, doc: o.optionDocEn }).text}`);
  return [text.text, ...options].join("\n");
}

type TInputProps = { q: TPaperQuestion; text: TText; value: TAnswerValue | undefined; onChange: TAnswerChange; disabled?: boolean; figure: ReactNode };

type TText = ReturnType<typeof pickRich>;
const questionTextClass = "text-base leading-relaxed font-medium text-foreground";

/** The question's text inside its legend or label (phrasing content: paragraphs become block spans). */
function QuestionText({ text }: { text: TText }) {
  return <RichText doc={text.doc} text={text.text} lang={text.lang} inline data-testid="question-text" />;
}

function ChoiceInput({ q, text, value, onChange, disabled, figure, struck, onToggleStrike }: TInputProps & Pick<TProps, "struck" | "onToggleStrike">) {
  const { t, lang } = useTakingT();
  const name = `answer-${q.id}`;
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
      <legend className={cn(questionTextClass, "mb-3 w-full")} {...langProps(text.lang)}>
        <QuestionText text={text} />
      </legend>
      {figure}
      {/* True and false side by side while each has room (14rem grows with the text size, so large text stacks them). */}
      <div className={cn("grid gap-2", q.type === "true_false" && "grid-cols-[repeat(auto-fit,minmax(min(100%,14rem),1fr))]")}>
        {q.options.map((o, i) => {
          // Struck out by the student (the eliminator): greyed and crossed, still choosable — a mark, not an answer.
          // Greyed with the muted text colour only: it is still a live option, so it keeps 4.5:1 (an opacity on top
          // fell below it — axe in the keyboard-only spec).
          const out = !!struck?.includes(o.id);
          return (
            <div key={o.id} className="flex min-w-0 items-stretch gap-1.5" data-testid="option" data-struck={out}>
              <label
                className={cn(
                  "flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-border px-3.5 py-3 transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  out && "text-muted-foreground line-through decoration-2",
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={o.id}
                  checked={value?.selectedOptionId === o.id}
                  onChange={() => onChange(q.id, { ...EMPTY_ANSWER, selectedOptionId: o.id })}
                  className="size-4.5 shrink-0 accent-primary"
                />
                <OptionText lang={lang} o={o} />
              </label>
              {onToggleStrike && (
                <button
                  type="button"
                  aria-pressed={out}
                  aria-label={t(out ? "take.restoreOption" : "take.strikeOption", { n: i + 1 })}
                  title={t(out ? "take.restoreOption" : "take.strikeOption", { n: i + 1 })}
                  onClick={() => onToggleStrike(q.id, o.id)}
                  className={cn(
                    "grid w-10 shrink-0 place-items-center rounded-xl border transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed",
                    out ? "border-foreground/40 bg-muted text-foreground" : "border-border text-muted-foreground hover:bg-muted hover:text-foreground",
                  )}
                  data-testid="strike-option"
                >
                  <Strikethrough aria-hidden="true" className="size-4" />
                </button>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function OptionText({ lang, o }: { lang: TLang; o: TPaperQuestion["options"][number] }) {
  const text = pickRich(lang, { text: o.optionTextAr, doc: o.optionDocAr }, { text: o.optionTextEn, doc: o.optionDocEn });
  // Inside the option's label: the picture is shown, not a button (one click, one choice).
  return (
    // A long word breaks rather than pushing the page sideways at large text sizes (issue 37: reflow).
    <span className="flex min-w-0 flex-1 flex-col gap-2 text-start [overflow-wrap:anywhere]">
      {o.image && <ExamImage image={o.image} lang={lang} small />}
      {text.text.trim() && <RichText doc={text.doc} text={text.text} lang={text.lang} inline />}
    </span>
  );
}

function TextInput({ q, text, value, onChange, disabled, figure }: TInputProps) {
  const { t, lang } = useTakingT();
  const id = useId();
  const hintId = useId();
  const essay = q.type === "essay";
  const box = useRef<HTMLTextAreaElement>(null);
  const write = (answerText: string) => onChange(q.id, { ...EMPTY_ANSWER, answerText }, { debounce: true });
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className={questionTextClass} {...langProps(text.lang)}>
        <QuestionText text={text} />
      </label>
      {figure}
      <Textarea
        ref={box}
        id={id}
        // An empty box takes the page's direction (so the placeholder reads right); typed text finds its own.
        dir={value?.answerText ? "auto" : lang === "ar" ? "rtl" : "ltr"}
        rows={essay ? ESSAY_ROWS : SHORT_ANSWER_ROWS}
        maxLength={MAX_ANSWER_TEXT_LENGTH}
        value={value?.answerText ?? ""}
        disabled={disabled}
        aria-describedby={hintId}
        placeholder={essay ? t("take.essayPlaceholder") : t("take.shortPlaceholder")}
        onChange={(e) => write(e.target.value)}
        className="min-h-0 resize-y text-start leading-relaxed"
        data-testid="answer-text"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {essay ? t("take.essayHint") : t("take.shortHint")}
      </p>
      {/* Only for a question shown in Arabic: an answer to the English paper is written in English. */}
      {text.lang === "ar" && <ArabicKeyboard target={box} onValue={write} disabled={disabled} />}
    </div>
  );
}

function MatchingInput({ q, text, value, onChange, disabled, figure }: TInputProps) {
  const { t, lang } = useTakingT();
  const baseId = useId();
  const hintId = useId();
  const slots = matchingSlots(q, value);
  const lettered = hasPictures(q.responses);
  const choose = (i: number, raw: string) => {
    const next = [...slots];
    next[i] = raw === "" ? null : Number(raw);
    onChange(q.id, { ...EMPTY_ANSWER, matching: next });
  };
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3" aria-describedby={hintId}>
      <legend className={cn(questionTextClass, "mb-1 w-full")} {...langProps(text.lang)}>
        <QuestionText text={text} />
      </legend>
      {figure}
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("take.matchingHint")}
      </p>
      {lettered && <ResponseBank responses={q.responses} lang={lang} label={t("take.matchingBank")} enlargeLabel={t("take.enlargeImage")} />}
      <ol className="flex flex-col gap-3">
        {q.premises.map((p, i) => {
          const id = `${baseId}-${i}`;
          return (
            <li key={i} className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4">
              <label htmlFor={id} className="flex items-start gap-2 font-medium">
                <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-muted text-xs font-semibold text-muted-foreground">
                  {i + 1}
                </span>
                <PremiseContent side={p} lang={lang} />
              </label>
              <select
                id={id}
                value={slots[i] === null ? "" : String(slots[i])}
                onChange={(e) => choose(i, e.target.value)}
                className={cn(fieldClasses, "h-11 cursor-pointer", slots[i] === null && "text-muted-foreground")}
                data-testid="matching-select"
              >
                <option value="">{t("take.chooseMatch")}</option>
                {q.responses.map((r, j) => (
                  <option key={j} value={j} className="text-foreground">
                    {responseLabel(r, j, lang, lettered)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
