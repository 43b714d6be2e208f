// The exam as a student will see it, rendered from the editor's form state: numbered questions with their
// answer inputs, disabled. Its language switches independently of the interface language. It never shows which
// option is correct, the model answers, or which response belongs to which premise (responses are listed in
// alphabetical order, not the author's). For the author it names the skill each question measures, which the
// student's copy never carries.
import { Clock, Eye, ListChecks, Star } from "lucide-react";
import { useState, type ReactNode } from "react";
import { ContentLanguageSwitch } from "@web/components/content-language-switch";
import { PassagePanel } from "@web/components/passage-panel";
import { hasPictures, PremiseContent, ResponseBank, responseLabel, sideText, type TPairSide } from "@web/components/matching";
import { pickRich, RichText } from "@web/components/rich-text";
import { ExamImage } from "@web/components/exam-image";
import { AudioClip } from "@web/components/audio-clip";
import { ESSAY_ROWS, SHORT_ANSWER_ROWS } from "@shared/limits";
import { isItemType } from "@shared/item-types";
import { InteractionPreview } from "./interaction-preview";
import type { TSubject } from "@shared/schemas/exam";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { fieldClasses } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import i18n from "@web/lib/i18n";
import { cn } from "@web/lib/utils";
import { useSubjectSkills } from "../api";
import type { TExamForm, TPairForm, TQuestionForm } from "../lib/exam-form";
import { formatNumber, pick, useExamsT, type TLang } from "../lib/use-exams-t";

function pointsOf(q: TQuestionForm): number {
  const n = Number(q.points);
  return Number.isFinite(n) && String(q.points).trim() !== "" ? Math.max(0, Math.trunc(n)) : 1;
}

export function PreviewDialog({
  open,
  onOpenChange,
  exam,
  subjects,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exam: TExamForm | null;
  subjects: TSubject[];
}) {
  const { t, lang: uiLang } = useExamsT();
  const [lang, setLang] = useState<TLang>(uiLang);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-0 p-0" data-testid="preview-dialog">
        <DialogHeader className="gap-3 border-b border-border p-5 pe-12 sm:p-6 sm:pe-14">
          <div className="flex items-center gap-2">
            <Eye aria-hidden="true" className="size-5 text-primary" />
            <DialogTitle>{t("preview.title")}</DialogTitle>
          </div>
          <DialogDescription>{t("preview.description")}</DialogDescription>
          <ContentLanguageSwitch label={t("preview.language")} lang={lang} onChange={setLang} testIdPrefix="preview-lang" />
        </DialogHeader>
        {exam && <StudentView exam={exam} subjects={subjects} lang={lang} />}
      </DialogContent>
    </Dialog>
  );
}

function StudentView({ exam, subjects, lang }: { exam: TExamForm; subjects: TSubject[]; lang: TLang }) {
  const t = i18n.getFixedT(lang, "exams");
  const subject = subjects.find((s) => s.id === exam.subjectId);
  // The author sees what each question measures; a student's copy never carries it.
  const skills = useSubjectSkills(exam.subjectId).data ?? [];
  const skillOf = (q: TQuestionForm) => skills.find((s) => s.id === q.skillId);
  const title = pick(lang, exam.titleAr, exam.titleEn).trim();
  const total = exam.questions.reduce((sum, q) => sum + pointsOf(q), 0);
  const missing = <span className="text-muted-foreground italic">{t("preview.noText")}</span>;

  return (
    <div lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} className="flex flex-col gap-6 p-5 text-start sm:p-6" data-testid="preview-body">
      <div className="flex flex-col gap-3 rounded-xl bg-muted/50 p-4">
        <h3 className="text-xl font-bold" data-testid="preview-title">
          {title || missing}
        </h3>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
          {subject && (
            <li className="font-medium text-foreground">
              <bdi>{pick(lang, subject.nameAr, subject.nameEn)}</bdi>
            </li>
          )}
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {exam.durationMinutes === null || !Number.isFinite(exam.durationMinutes)
              ? t("preview.noTimeLimit")
              : t("preview.duration", { count: exam.durationMinutes, formatted: formatNumber(lang, exam.durationMinutes) })}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <ListChecks aria-hidden="true" className="size-4" />
            {t("preview.questionCount", { count: exam.questions.length, formatted: formatNumber(lang, exam.questions.length) })}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Star aria-hidden="true" className="size-4" />
            {t("preview.totalPoints", { count: total, formatted: formatNumber(lang, total) })}
          </li>
        </ul>
        {pick(lang, exam.descriptionAr, exam.descriptionEn) && (
          <p dir="auto" className="text-sm leading-relaxed whitespace-pre-line" data-testid="preview-description">
            {pick(lang, exam.descriptionAr, exam.descriptionEn)}
          </p>
        )}
      </div>

      <ol className="flex flex-col gap-4">
        {blocksOf(exam).map((block) => {
          const cards = block.items.map(({ q, i }) => <PreviewQuestion key={i} q={q} i={i} lang={lang} skill={skillOf(q)} missing={missing} />);
          if (!block.passage) return cards;
          const p = block.passage;
          const label = t("passages.heading", { n: formatNumber(lang, exam.passages.indexOf(p) + 1) });
          return (
            <li key={`p-${p.key}`} className="flex flex-col gap-4" data-testid="preview-passage-block">
              <PassagePanel
                passage={{ id: p.key, titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: p.image }}
                lang={lang}
                label={label}
                toggleLabels={{ hide: t("preview.hidePassage"), show: t("preview.showPassage") }}
                enlargeLabel={t("preview.enlargeImage")}
                clip={p.audio && <AudioClip clip={p.audio} lang={lang} />}
              />
              <ol className="flex flex-col gap-4 border-s-4 border-accent ps-3 sm:ps-4">{cards}</ol>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The form's questions as the student's page lays them out: a passage's questions together after it. */
function blocksOf(exam: TExamForm): { passage: TExamForm["passages"][number] | null; items: { q: TQuestionForm; i: number }[] }[] {
  const out: ReturnType<typeof blocksOf> = [];
  exam.questions.forEach((q, i) => {
    const passage = (q.passageKey && exam.passages.find((p) => p.key === q.passageKey)) || null;
    const last = out.at(-1);
    if (passage && last?.passage === passage) last.items.push({ q, i });
    else out.push({ passage, items: [{ q, i }] });
  });
  return out;
}

function PreviewQuestion({ q, i, lang, skill, missing }: { q: TQuestionForm; i: number; lang: TLang; skill: { nameAr: string; nameEn: string } | undefined; missing: ReactNode }) {
  const t = i18n.getFixedT(lang, "exams");
  const text = pickRich(lang, { text: q.questionTextAr, doc: q.questionDocAr }, { text: q.questionTextEn, doc: q.questionDocEn });
  const headingId = `preview-q-${i}`;
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5" aria-labelledby={headingId} data-testid={`preview-question-${i}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-link">
          {t("preview.questionNumber", { n: formatNumber(lang, i + 1) })}
        </h4>
        <span className="flex flex-wrap items-center gap-2">
          {skill && (
            <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground" data-testid="preview-question-skill">
              {t("preview.skill", { name: pick(lang, skill.nameAr, skill.nameEn) })}
            </span>
          )}
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">
            {t("preview.points", { count: pointsOf(q), formatted: formatNumber(lang, pointsOf(q)) })}
          </span>
        </span>
      </div>
      <div className="mb-4 leading-relaxed" data-testid="preview-question-text">
        {text.text.trim() ? <RichText doc={text.doc} text={text.text} lang={text.lang} /> : missing}
      </div>
      {q.audio && <AudioClip clip={q.audio} lang={lang} className="mb-4" />}
      {q.image && q.type !== "hotspot" && <ExamImage image={q.image} lang={lang} enlargeLabel={t("preview.enlargeImage")} className="mb-4" />}
      <AnswerInput q={q} index={i} lang={lang} />
    </li>
  );
}

function OptionText({ lang, o, missing }: { lang: TLang; o: TQuestionForm["options"][number]; missing: string }) {
  const text = pickRich(lang, { text: o.optionTextAr, doc: o.optionDocAr }, { text: o.optionTextEn, doc: o.optionDocEn });
  if (!text.text.trim() && !o.image) return <span className="text-muted-foreground italic">{missing}</span>;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-2">
      {o.image && <ExamImage image={o.image} lang={lang} small />}
      {text.text.trim() && <RichText doc={text.doc} text={text.text} lang={text.lang} inline />}
    </span>
  );
}

function AnswerInput({ q, index, lang }: { q: TQuestionForm; index: number; lang: TLang }) {
  const t = i18n.getFixedT(lang, "exams");
  const id = `preview-answer-${index}`;
  if (isItemType(q.type)) return <InteractionPreview interaction={"interaction" in q ? q.interaction : undefined} index={index} lang={lang} image={q.image} />;
  if (q.type === "multiple_choice" || q.type === "true_false") {
    return (
      <fieldset className="flex flex-col gap-2" disabled>
        <legend className="sr-only">{t("preview.chooseOne")}</legend>
        {q.options.map((o, j) => (
          <label key={j} className="flex cursor-not-allowed items-center gap-3 rounded-lg border border-border px-3 py-2.5">
            <input type="radio" name={id} disabled className="size-4 shrink-0 accent-primary" />
            <OptionText lang={lang} o={o} missing={t("preview.noText")} />
          </label>
        ))}
      </fieldset>
    );
  }
  if (q.type === "essay" || q.type === "short_answer") {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {t("preview.yourAnswer")}
        </label>
        <Textarea id={id} rows={q.type === "essay" ? ESSAY_ROWS : SHORT_ANSWER_ROWS} disabled dir="auto" className="min-h-0 resize-none" />
      </div>
    );
  }
  // matching: one select per premise, the responses in an order that gives nothing away.
  const collator = new Intl.Collator(lang);
  const side = (ar: string, en: string, image: TPairForm["premiseImage"]): TPairSide => ({ ar, en, image: image ?? null });
  const responses = q.matchingPairs
    .map((p) => side(p.response_ar, p.response_en, p.responseImage))
    .filter((r) => sideText(r, lang))
    .sort((a, b) => collator.compare(sideText(a, lang), sideText(b, lang)));
  const lettered = hasPictures(responses);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t("preview.matchHint")}</p>
      {lettered && <ResponseBank responses={responses} lang={lang} label={t("preview.matchBank")} enlargeLabel={t("preview.enlargeImage")} />}
      {q.matchingPairs.map((p, j) => {
        const premise = side(p.premise_ar, p.premise_en, p.premiseImage);
        return (
          <div key={j} className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-4">
            <label htmlFor={`${id}-${j}`} className="font-medium">
              {sideText(premise, lang) ? <PremiseContent side={premise} lang={lang} /> : <span className="text-muted-foreground italic">{t("preview.noText")}</span>}
            </label>
            <select id={`${id}-${j}`} disabled defaultValue="" className={cn(fieldClasses, "h-11")}>
              <option value="">{t("preview.chooseMatch")}</option>
              {responses.map((r, k) => (
                <option key={k}>{responseLabel(r, k, lang, lettered)}</option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
