// The rule-based writer on fixture attempts: what the figures are, and what the report and plan say in both
// languages. Pure functions: no database.
import { describe, expect, it } from "vitest";
import { analyse, bandOf, peersOf, percentileOf, skillsByNeed, type TAnalysisInput } from "./analysis";
import { writePlan, writeReport, type TWriteInput } from "./rules";

const GRAMMAR = { id: "arabic.grammar", nameAr: "النحو", nameEn: "Grammar (nahw)" };
const READING = { id: "arabic.reading", nameAr: "الفهم القرائي", nameEn: "Reading comprehension" };
const SPELLING = { id: "arabic.spelling", nameAr: "الإملاء", nameEn: "Spelling (imla')" };

const EXAM = { titleAr: "اختبار اللغة", titleEn: "Language test", subjectAr: "اللغة العربية", subjectEn: "Arabic Language" };
const GUIDANCE = new Map([
  [GRAMMAR.id, { ar: "إعراب ثلاث جمل يوميًا.", en: "Parse three sentences a day." }],
  [READING.id, { ar: "قراءة نص قصير يوميًا.", en: "Read a short text every day." }],
]);

function input(questions: TAnalysisInput["questions"], peers: { school: number[] | null; all: number[] } = { school: [50, 70, 90], all: [40, 50, 70, 90, 100] }): TWriteInput {
  const score = questions.reduce((s, q) => s + q.score, 0);
  const total = questions.reduce((s, q) => s + q.points, 0);
  const own = Math.round((score / total) * 1000) / 10;
  return {
    analysis: analyse({ score, total, questions, peers: { school: peers.school ? peersOf(own, peers.school) : null, all: peersOf(own, peers.all) } }),
    exam: EXAM,
    guidance: GUIDANCE,
    questions: questions.map((x) => ({ number: x.number, textAr: `س${x.number}`, textEn: `Q${x.number}`, skillId: x.skill?.id ?? null, points: x.points, score: x.score })),
  };
}

const q = (number: number, points: number, score: number, skill: typeof GRAMMAR | null) => ({ number, points, score, skill });

describe("the analysis", () => {
  it("bands, percentiles and mastery per skill, strongest first", () => {
    expect([bandOf(85), bandOf(84.9), bandOf(70), bandOf(50), bandOf(49.9)]).toEqual(["advanced", "proficient", "proficient", "developing", "beginning"]);
    expect(percentileOf(peersOf(70, [40, 50, 70, 90, 100]))).toBe(50);
    expect(percentileOf(peersOf(100, [100]))).toBe(50);
    const a = analyse({
      score: 9,
      total: 14,
      questions: [q(1, 4, 4, GRAMMAR), q(2, 2, 1, READING), q(3, 4, 1, READING), q(4, 2, 2, null), q(5, 2, 1, GRAMMAR)],
      peers: { school: peersOf(64.3, [64.3, 80]), all: peersOf(64.3, [64.3, 80, 20]) },
    });
    expect(a).toMatchObject({ score: 9, total: 14, percentage: 64.3, band: "developing" });
    expect(a.skills.map((s) => [s.skillId, s.earned, s.possible, s.percent, s.level, s.missed])).toEqual([
      ["arabic.grammar", 5, 6, 83.3, "mastered", [5]],
      ["arabic.reading", 2, 6, 33.3, "not_yet", [2, 3]],
    ]);
    expect(a.untagged).toEqual({ count: 1, earned: 2, possible: 2 });
    expect(a.comparison.school).toEqual({ mean: 72.2, count: 2, percentile: 25 });
    expect(a.comparison.all).toEqual({ mean: 54.8, count: 3, percentile: 50 });
    expect(skillsByNeed(a).map((s) => s.skillId)).toEqual(["arabic.reading"]);
  });
});

describe("the rule-based report and plan", () => {
  it("every skill mastered: strengths only, a stretching recommendation and plan", () => {
    const i = input([q(1, 3, 3, GRAMMAR), q(2, 2, 2, READING), q(3, 5, 4.5, GRAMMAR)]);
    const report = writeReport(i);
    expect(report.summary.en).toBe(
      "9.5 of 10 points (95%) in “Language test”: Advanced. Strongest in Reading comprehension and Grammar (nahw). Every skill the exam measured is mastered. For comparison, the school's average is 70% (3 students) and the average of everyone who sat it is 70% (5 students); this result is higher than 80% of them.",
    );
    expect(report.summary.ar).toContain("الدرجة 9.5 من 10 (95٪) في «اختبار اللغة»، والمستوى: متقدّم.");
    expect(report.summary.ar).toContain("أبرز نقاط القوة: «الفهم القرائي» و«النحو».");
    expect(report.strengths).toEqual([
      { en: "Reading comprehension: 2 / 2 (100%)", ar: "الفهم القرائي: 2 من 2 (100٪)" },
      { en: "Grammar (nahw): 7.5 / 8 (93.8%)", ar: "النحو: 7.5 من 8 (93.8٪)" },
    ]);
    expect(report.areas_for_improvement).toEqual([]);
    expect(report.recommendations).toHaveLength(1);
    expect(report.recommendations[0]!.en).toContain("extension tasks in Reading comprehension");
    const plan = writePlan(i, []);
    expect(plan.steps).toHaveLength(1);
    expect(plan.goal.en).toBe("Keep the advanced level in Arabic Language and go further within 4 weeks.");
    expect(plan.goal.ar).toBe("المحافظة على مستوى «متقدّم» في اللغة العربية والتقدّم أبعد خلال 4 أسابيع.");
    expect(plan.resources).toEqual([]);
  });

  it("no skill mastered: areas in order of need with the questions that show it, a step per skill, resources", () => {
    const i = input([q(1, 4, 1, GRAMMAR), q(2, 6, 1, READING), q(3, 2, 1, SPELLING), q(4, 2, 0, READING)]);
    const report = writeReport(i);
    expect(report.strengths).toEqual([]);
    expect(report.summary.en).toContain("No skill has reached mastery yet. Reading comprehension and Grammar (nahw) need the most work.");
    expect(report.summary.ar).toContain("لم تبلغ أيّ مهارة حدّ الإتقان بعد. وأكثر ما يحتاج إلى عمل: «الفهم القرائي» و«النحو».");
    expect(report.areas_for_improvement.map((a) => a.en)).toEqual([
      "Reading comprehension: 1 / 8 (12.5%), not yet mastered; see questions 2 and 4.",
      "Grammar (nahw): 1 / 4 (25%), not yet mastered; see question 1.",
      "Spelling (imla'): 1 / 2 (50%), developing; see question 3.",
    ]);
    expect(report.areas_for_improvement[0]!.ar).toBe("الفهم القرائي: 1 من 8 (12.5٪)، لم تُتقَن بعد؛ راجع الأسئلة: 2، 4.");
    // A skill the catalogue has guidance for uses it; one without gets the generic advice naming its questions.
    expect(report.recommendations.map((r) => r.en)).toEqual([
      "Reading comprehension: Read a short text every day.",
      "Grammar (nahw): Parse three sentences a day.",
      "Spelling (imla'): Go over the questions of this skill again with the teacher, starting with question 3, then practise similar ones.",
    ]);

    const plan = writePlan(i, [{ fileId: "f1", name: "ورقة عمل القراءة.pdf", skillId: READING.id }]);
    expect(plan.steps.map((s) => [s.skillId, s.timeline.en, s.timeline.ar])).toEqual([
      ["arabic.reading", "Weeks 1–2", "الأسبوعان 1 و2"],
      ["arabic.grammar", "Weeks 3–4", "الأسبوعان 3 و4"],
      ["arabic.spelling", "Week 5", "الأسبوع 5"],
      [null, "Week 6", "الأسبوع 6"],
    ]);
    expect(plan.goal.en).toBe("Reach at least 80% in Reading comprehension, Grammar (nahw) and Spelling (imla') within 6 weeks.");
    expect(plan.goal.ar).toBe("الوصول إلى 80٪ على الأقل في «الفهم القرائي»، «النحو» و«الإملاء» خلال 6 أسابيع.");
    expect(plan.resources.map((r) => [r.kind, r.skillId, r.fileId])).toEqual([
      ["skill", "arabic.reading", null],
      ["file", "arabic.reading", "f1"],
      ["skill", "arabic.grammar", null],
      ["skill", "arabic.spelling", null],
    ]);
    expect(plan.ai_suggestion.en).toMatch(/^Start with Reading comprehension: it carries 8 of the 14 points and stands at 12.5%\./);
  });

  it("the summary names every skill at the bottom, a skill at 0 % with few points included", () => {
    // Vocabulary and writing lose the most points; spelling (2 points) and grammar (1 point) earned nothing.
    const VOCABULARY = { id: "english.vocabulary", nameAr: "المفردات", nameEn: "Vocabulary" };
    const WRITING = { id: "english.writing", nameAr: "الكتابة", nameEn: "Writing" };
    const i = input([q(1, 6, 1, VOCABULARY), q(2, 6, 1, WRITING), q(3, 2, 0, SPELLING), q(4, 1, 0, GRAMMAR)]);
    const report = writeReport(i);
    expect(report.summary.en).toContain("Spelling (imla') and Grammar (nahw) need the most work.");
    expect(report.summary.ar).toContain("وأكثر ما يحتاج إلى عمل: «الإملاء» و«النحو».");
    // The plan still starts where the most points are at stake; its Arabic says the skill carries those points.
    const plan = writePlan(i, []);
    expect(plan.ai_suggestion.en).toMatch(/^Start with Vocabulary: it carries 6 of the 15 points and stands at 16.7%\./);
    expect(plan.ai_suggestion.ar).toMatch(/^يُقترح البدء بمهارة «المفردات»، إذ تخصّها 6 من درجات الاختبار البالغة 15، وما تحقق منها حتى الآن 16.7٪\./);
  });

  it("questions without skills: the report covers the overall result and says so", () => {
    const i = input([q(1, 5, 2, null), q(2, 5, 2, null)], { school: null, all: [40] });
    const report = writeReport(i);
    expect(report.summary.en).toBe("4 of 10 points (40%) in “Language test”: Needs support. The exam's questions are not linked to skills, so this report covers the overall result only.");
    expect(report.summary.ar).toBe("الدرجة 4 من 10 (40٪) في «اختبار اللغة»، والمستوى: بحاجة إلى دعم. أسئلة هذا الاختبار غير مرتبطة بمهارات، لذا يقتصر هذا التقرير على النتيجة العامة.");
    expect(report.strengths).toEqual([]);
    expect(report.areas_for_improvement).toEqual([]);
    expect(report.recommendations[0]!.en).toBe("Go over the questions that lost points with the teacher, then practise similar ones in Arabic Language.");
  });

  it("is deterministic: the same attempt gives the same text, whatever order the questions come in", () => {
    const questions = [q(1, 4, 1, GRAMMAR), q(2, 6, 1, READING), q(3, 2, 1, SPELLING)];
    const a = writeReport(input(questions));
    const b = writeReport(input([...questions].reverse()));
    expect(b).toEqual(a);
    expect(writePlan(input(questions), [])).toEqual(writePlan(input([...questions].reverse()), []));
  });
});
