// The built-in writer: a report and a plan worded from the analysis by rules, in Arabic and English side by side.
// Deterministic (the same attempt gives the same text, nothing depends on the clock), instant, and offline; it
// is the default, the fallback of the language model, and what the tests pin. It never names the student:
// "the student" is whoever reads it.
import { MASTERED_PERCENT, BAND_LABELS, LEVEL_LABELS, type TAnalysis, type TBi, type TPlanContent, type TPlanResource, type TReportContent } from "../../../shared/schemas/report";
import { markText, percentText, scoreText } from "../../../shared/format";
import { skillsByNeed, weakestSkills } from "./analysis";

export type TWriteInput = {
  analysis: TAnalysis;
  exam: { titleAr: string; titleEn: string; subjectAr: string; subjectEn: string };
  /** What to practise per skill (the catalogue's guidance), when the catalogue has it. */
  guidance: Map<string, { ar: string | null; en: string | null }>;
  /** The exam's questions with the marks earned (the rules use the figures; a language model may read the texts). */
  questions: { number: number; textAr: string; textEn: string; skillId: string | null; points: number; score: number }[];
};

/** At most this many skills get their own step in a plan; the rest wait for the next plan. */
const MAX_PLAN_SKILLS = 4;

// Figures are written by the one rule of src/shared/format.ts, as every screen writes them.
const num = markText;
const pctEn = (n: number) => percentText("en", n);
const pctAr = (n: number) => percentText("ar", n);

function listEn(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
function listAr(items: string[]): string {
  const quoted = items.map((i) => `«${i}»`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join("، ")} و${quoted.at(-1)}`;
}
const questionsEn = (ns: number[]) => (ns.length === 1 ? `question ${ns[0]}` : `questions ${listEn(ns.map(String))}`);
const questionsAr = (ns: number[]) => (ns.length === 1 ? `السؤال ${ns[0]}` : `الأسئلة: ${ns.join("، ")}`);

type TSkillRow = TAnalysis["skills"][number];

function figureEn(s: { earned: number; possible: number; percent: number }) {
  return `${scoreText("en", s.earned, s.possible)} (${pctEn(s.percent)})`;
}
function figureAr(s: { earned: number; possible: number; percent: number }) {
  return `${scoreText("ar", s.earned, s.possible)} (${pctAr(s.percent)})`;
}

function guidanceOf(input: TWriteInput, s: TSkillRow): TBi {
  const g = input.guidance.get(s.skillId);
  return {
    en: g?.en ?? `Go over the questions of this skill again with the teacher${s.missed.length ? `, starting with ${questionsEn(s.missed)}` : ""}, then practise similar ones.`,
    ar: g?.ar ?? `مراجعة أسئلة هذه المهارة مع المعلم${s.missed.length ? ` بدءًا بـ${questionsAr(s.missed)}` : ""}، ثم التدرّب على أسئلة مشابهة.`,
  };
}

function comparisonText(a: TAnalysis): TBi | null {
  const { school, all } = a.comparison;
  if (all.count < 2) return null;
  const en = school && school.count > 1
    ? ` For comparison, the school's average is ${pctEn(school.mean)} (${school.count} students) and the average of everyone who sat it is ${pctEn(all.mean)} (${all.count} students); this result is higher than ${all.percentile}% of them.`
    : ` For comparison, the average of everyone who sat it is ${pctEn(all.mean)} (${all.count} students); this result is higher than ${all.percentile}% of them.`;
  const ar = school && school.count > 1
    ? ` وللمقارنة: متوسط المدرسة ${pctAr(school.mean)} (عدد الطلبة ${school.count})، ومتوسط جميع من أدّوا الاختبار ${pctAr(all.mean)} (عدد الطلبة ${all.count})، وهذه النتيجة أعلى من ${all.percentile}٪ منهم.`
    : ` وللمقارنة: متوسط جميع من أدّوا الاختبار ${pctAr(all.mean)} (عدد الطلبة ${all.count})، وهذه النتيجة أعلى من ${all.percentile}٪ منهم.`;
  return { en, ar };
}

export function writeReport(input: TWriteInput): TReportContent {
  const a = input.analysis;
  const band = BAND_LABELS[a.band];
  const mastered = a.skills.filter((s) => s.level === "mastered");
  const need = skillsByNeed(a);

  let en = `${num(a.score)} of ${num(a.total)} points (${pctEn(a.percentage)}) in “${input.exam.titleEn}”: ${band.en}.`;
  let ar = `الدرجة ${num(a.score)} من ${num(a.total)} (${pctAr(a.percentage)}) في «${input.exam.titleAr}»، والمستوى: ${band.ar}.`;
  if (a.skills.length === 0) {
    en += " The exam's questions are not linked to skills, so this report covers the overall result only.";
    ar += " أسئلة هذا الاختبار غير مرتبطة بمهارات، لذا يقتصر هذا التقرير على النتيجة العامة.";
  } else {
    if (mastered.length) {
      en += ` Strongest in ${listEn(mastered.slice(0, 2).map((s) => s.nameEn))}.`;
      ar += ` أبرز نقاط القوة: ${listAr(mastered.slice(0, 2).map((s) => s.nameAr))}.`;
    } else {
      en += " No skill has reached mastery yet.";
      ar += " لم تبلغ أيّ مهارة حدّ الإتقان بعد.";
    }
    if (need.length) {
      // Named by how low they stand, not by points at stake: a skill at 0 % is never left out of "the most work".
      const first = weakestSkills(a);
      en += ` ${first.length === 1 ? `${first[0]!.nameEn} needs` : `${listEn(first.map((s) => s.nameEn))} need`} the most work.`;
      ar += ` وأكثر ما يحتاج إلى عمل: ${listAr(first.map((s) => s.nameAr))}.`;
    } else {
      en += " Every skill the exam measured is mastered.";
      ar += " وقد أُتقنت جميع المهارات التي قاسها الاختبار.";
    }
  }
  const cmp = comparisonText(a);
  if (cmp) {
    en += cmp.en;
    ar += cmp.ar;
  }

  const strengths = mastered.map((s) => ({ en: `${s.nameEn}: ${figureEn(s)}`, ar: `${s.nameAr}: ${figureAr(s)}` }));
  const areas: TBi[] = need.map((s) => ({
    en: `${s.nameEn}: ${figureEn(s)}, ${LEVEL_LABELS[s.level].en.toLowerCase()}${s.missed.length ? `; see ${questionsEn(s.missed)}` : ""}.`,
    ar: `${s.nameAr}: ${figureAr(s)}، ${LEVEL_LABELS[s.level].ar}${s.missed.length ? `؛ راجع ${questionsAr(s.missed)}` : ""}.`,
  }));
  const u = a.untagged;
  if (u.possible > 0 && (u.earned / u.possible) * 100 < MASTERED_PERCENT && a.skills.length > 0) {
    const percent = (u.earned / u.possible) * 100;
    areas.push({
      en: `Questions not linked to a skill: ${figureEn({ ...u, percent })}.`,
      ar: `أسئلة غير مرتبطة بمهارة: ${figureAr({ ...u, percent })}.`,
    });
  }

  const recommendations: TBi[] = need.map((s) => {
    const g = guidanceOf(input, s);
    return { en: `${s.nameEn}: ${g.en}`, ar: `${s.nameAr}: ${g.ar}` };
  });
  if (!recommendations.length) {
    const best = mastered[0];
    recommendations.push(
      best
        ? { en: `Keep the level up with extension tasks in ${best.nameEn} and harder texts in ${input.exam.subjectEn}.`, ar: `المحافظة على هذا المستوى بمهام إثرائية في «${best.nameAr}» ونصوص أصعب في ${input.exam.subjectAr}.` }
        : a.percentage >= MASTERED_PERCENT
          ? { en: `Keep the level up with extension tasks and harder material in ${input.exam.subjectEn}.`, ar: `المحافظة على هذا المستوى بمهام إثرائية ومواد أصعب في ${input.exam.subjectAr}.` }
          : { en: `Go over the questions that lost points with the teacher, then practise similar ones in ${input.exam.subjectEn}.`, ar: `مراجعة الأسئلة التي فُقدت فيها درجات مع المعلم، ثم التدرّب على أسئلة مشابهة في ${input.exam.subjectAr}.` },
    );
  }
  return { summary: { en, ar }, strengths, areas_for_improvement: areas, recommendations };
}

function weeksEn(from: number, to: number) {
  return from === to ? `Week ${from}` : `Weeks ${from}–${to}`;
}
function weeksAr(from: number, to: number) {
  if (from === to) return `الأسبوع ${from}`;
  return to === from + 1 ? `الأسبوعان ${from} و${to}` : `الأسابيع من ${from} إلى ${to}`;
}
function durationAr(weeks: number) {
  if (weeks === 1) return "أسبوع واحد";
  if (weeks === 2) return "أسبوعين";
  return weeks <= 10 ? `${weeks} أسابيع` : `${weeks} أسبوعًا`;
}

/** Files the school has for a skill, offered as resources of the plan. */
export type TSkillFile = { fileId: string; name: string; skillId: string };

export function writePlan(input: TWriteInput, files: TSkillFile[]): TPlanContent {
  const a = input.analysis;
  const need = skillsByNeed(a).slice(0, MAX_PLAN_SKILLS);
  const steps: TPlanContent["steps"] = [];
  let week = 1;
  for (const s of need) {
    // A skill far from mastery gets two weeks, one on its way there gets one.
    const span = s.level === "not_yet" ? 2 : 1;
    const g = guidanceOf(input, s);
    steps.push({
      skillId: s.skillId,
      timeline: { en: weeksEn(week, week + span - 1), ar: weeksAr(week, week + span - 1) },
      action: { en: `Work on ${s.nameEn} (now ${pctEn(s.percent)}): ${g.en}`, ar: `العمل على «${s.nameAr}» (النسبة الحالية ${pctAr(s.percent)}): ${g.ar}` },
    });
    week += span;
  }
  let goal: TBi;
  let suggestion: TBi;
  if (need.length) {
    steps.push({
      skillId: null,
      timeline: { en: weeksEn(week, week), ar: weeksAr(week, week) },
      action: {
        en: `A short check of ${listEn(need.map((s) => s.nameEn))} with the teacher, then update this plan.`,
        ar: `اختبار قصير في ${listAr(need.map((s) => s.nameAr))} مع المعلم، ثم تحديث هذه الخطة.`,
      },
    });
    goal = {
      en: `Reach at least ${MASTERED_PERCENT}% in ${listEn(need.map((s) => s.nameEn))} within ${week} weeks.`,
      ar: `الوصول إلى ${MASTERED_PERCENT}٪ على الأقل في ${listAr(need.map((s) => s.nameAr))} خلال ${durationAr(week)}.`,
    };
    const first = need[0]!;
    suggestion = {
      en: `Start with ${first.nameEn}: it carries ${num(first.possible)} of the ${num(a.total)} points and stands at ${pctEn(first.percent)}. Short daily practice works better than one long session, and a quick word with the teacher after each week keeps the plan on track.`,
      ar: `يُقترح البدء بمهارة «${first.nameAr}»، إذ تخصّها ${num(first.possible)} من درجات الاختبار البالغة ${num(a.total)}، وما تحقق منها حتى الآن ${pctAr(first.percent)}. والتدريب اليومي القصير أجدى من جلسة طويلة واحدة، ومراجعة قصيرة مع المعلم في نهاية كل أسبوع تُبقي الخطة على مسارها.`,
    };
  } else {
    const best = a.skills[0];
    steps.push({
      skillId: best?.skillId ?? null,
      timeline: { en: weeksEn(1, 4), ar: weeksAr(1, 4) },
      action: best
        ? { en: `Extension tasks in ${best.nameEn} and harder material in ${input.exam.subjectEn}, chosen with the teacher.`, ar: `مهام إثرائية في «${best.nameAr}» ومواد أصعب في ${input.exam.subjectAr} يختارها المعلم.` }
        : { en: `Extension tasks and harder material in ${input.exam.subjectEn}, chosen with the teacher.`, ar: `مهام إثرائية ومواد أصعب في ${input.exam.subjectAr} يختارها المعلم.` },
    });
    goal = {
      en: `Keep the ${BAND_LABELS[a.band].en.toLowerCase()} level in ${input.exam.subjectEn} and go further within 4 weeks.`,
      ar: `المحافظة على مستوى «${BAND_LABELS[a.band].ar}» في ${input.exam.subjectAr} والتقدّم أبعد خلال ${durationAr(4)}.`,
    };
    suggestion = {
      en: "Aim for depth: explain answers to a classmate, and try one harder task each week.",
      ar: "يُقترح التعمّق: شرح الإجابات لزميل، وتجربة مهمة أصعب في كل أسبوع.",
    };
  }

  const resources: TPlanResource[] = [];
  for (const s of need) {
    const g = guidanceOf(input, s);
    resources.push({ kind: "skill", skillId: s.skillId, fileId: null, title: { en: s.nameEn, ar: s.nameAr }, detail: g });
    for (const f of files.filter((file) => file.skillId === s.skillId)) {
      resources.push({ kind: "file", skillId: s.skillId, fileId: f.fileId, title: { en: f.name, ar: f.name }, detail: { en: `For ${s.nameEn}`, ar: `لمهارة «${s.nameAr}»` } });
    }
  }
  return { goal, steps, resources, ai_suggestion: suggestion };
}
