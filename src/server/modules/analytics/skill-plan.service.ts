// A group plan for one skill across every exam that measures it (issue 33): what a principal opens from a weak cell
// of the dashboard's heatmap. The graded attempts of the school (or grade, or class) at the exams with questions on
// the skill are read with their marks on those questions only; each student's and each exam's mastery is the
// points earned over the points carried (the dashboard's rule), and the students who have not mastered it get one
// plan, written by the rules for their average student — quick and the same for the same marks, so it is worked
// out on each visit and not stored. Same permissions and school scoping as the plan per exam (planSchoolOf).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TDbOrTx } from "../../db/client";
import { examFormQuestions, exams, profiles, questions, schools, skills, allStudentAnswers, studentExams, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TSessionUser } from "../../../shared/permissions";
import type { TSkillPlan, TSkillPlanQuery } from "../../../shared/schemas/group-plan";
import { analyse, levelOf } from "../reports/analysis";
import { filesForPlan, writeInputOf } from "../reports/reports.service";
import { writePlan } from "../reports/rules";
import { keyVisible } from "./dashboard.service";
import { planSchoolOf } from "./group-plan.service";

export async function findSkillPlan(db: TDbOrTx, actor: TSessionUser, query: TSkillPlanQuery): Promise<TSkillPlan> {
  const schoolId = await planSchoolOf(db, actor, query.schoolId);
  const [school] = await db.select({ nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(eq(schools.id, schoolId));
  const [skill] = await db.select().from(skills).where(eq(skills.id, query.skillId));
  if (!skill) throw new AppError("SKILL_PLAN_UNKNOWN_SKILL");

  const inScope = and(
    eq(studentExams.status, "graded"),
    eq(profiles.schoolId, schoolId),
    query.grade !== undefined ? eq(studentExams.grade, query.grade) : undefined,
    query.className ? sql`lower(${studentExams.className}) = lower(${query.className})` : undefined,
    sql`exists (select 1 from questions q where q.exam_id = ${exams.id} and q.skill_id = ${skill.id})`,
  );
  const attempts = await db
    .select({
      id: studentExams.id,
      studentId: studentExams.studentId,
      name: profiles.name,
      examId: exams.id,
      formId: studentExams.formId,
      titleAr: exams.titleAr,
      titleEn: exams.titleEn,
      completedAt: studentExams.completedAt,
      visible: sql<boolean>`${keyVisible(actor)}`,
    })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(inScope)
    .orderBy(asc(studentExams.id));
  // A shared exam still open keeps its marks per question from other schools' staff (decision 0010).
  const seen = attempts.filter((a) => a.visible);
  const withheldExams = new Set(attempts.filter((a) => !a.visible).map((a) => a.examId)).size;
  const examIds = [...new Set(seen.map((a) => a.examId))];

  const qs = examIds.length
    ? await db
        .select({ question: questions, skill: skills })
        .from(questions)
        .innerJoin(skills, eq(skills.id, questions.skillId))
        .where(and(eq(questions.skillId, skill.id), inArray(questions.examId, examIds)))
        .orderBy(asc(questions.examId), asc(questions.position), asc(questions.createdAt))
    : [];
  const marks = seen.length
    ? await db
        .select({ attemptId: allStudentAnswers.studentExamId, questionId: allStudentAnswers.questionId, score: allStudentAnswers.score })
        .from(allStudentAnswers)
        .innerJoin(questions, eq(questions.id, allStudentAnswers.questionId))
        .where(and(inArray(allStudentAnswers.studentExamId, seen.map((a) => a.id)), eq(questions.skillId, skill.id)))
    : [];
  const markOf = new Map(marks.map((m) => [`${m.attemptId}|${m.questionId}`, Number(m.score ?? 0)]));
  // An attempt given a parallel form (issue 34) carries only its form's rows of the skill.
  const inForms = qs.length ? await db.select().from(examFormQuestions).where(inArray(examFormQuestions.questionId, qs.map((q) => q.question.id))) : [];
  const carried = new Map<string, number>();
  // The points an exam (or a form of it) carries are its current rows'; the marks earned are on whichever version each attempt saw.
  for (const { question } of qs) {
    if (question.replacedAt) continue;
    for (const key of [question.examId, ...inForms.filter((f) => f.questionId === question.id).map((f) => `${question.examId}|${f.formId}`)])
      carried.set(key, (carried.get(key) ?? 0) + question.points);
  }
  const earnedIn = (a: (typeof seen)[number]) => qs.filter((q) => q.question.examId === a.examId).reduce((s, q) => s + (markOf.get(`${a.id}|${q.question.id}`) ?? 0), 0);

  type TSum = { earned: number; possible: number; students: Set<string> };
  const add = (map: Map<string, TSum>, key: string, a: (typeof seen)[number]) => {
    const sum = map.get(key) ?? { earned: 0, possible: 0, students: new Set() };
    sum.earned += earnedIn(a);
    sum.possible += carried.get(a.formId ? `${a.examId}|${a.formId}` : a.examId) ?? 0;
    sum.students.add(a.studentId);
    map.set(key, sum);
  };
  const byExam = new Map<string, TSum>();
  const byStudent = new Map<string, TSum>();
  const everyone = new Map<string, TSum>();
  for (const a of seen) {
    add(byExam, a.examId, a);
    add(byStudent, a.studentId, a);
    add(everyone, "all", a);
  }
  const share = (s: TSum) => {
    const percent = s.possible > 0 ? (s.earned * 100) / s.possible : 0;
    return { percent, level: levelOf(percent) };
  };

  const firstSat = new Map<string, Date>();
  for (const a of seen) if (a.completedAt && (!firstSat.get(a.examId) || a.completedAt < firstSat.get(a.examId)!)) firstSat.set(a.examId, a.completedAt);
  const examList = examIds
    .map((id) => {
      const a = seen.find((x) => x.examId === id)!;
      const sum = byExam.get(id)!;
      return { id, titleAr: a.titleAr, titleEn: a.titleEn, at: (firstSat.get(id) ?? new Date(0)).toISOString(), students: sum.students.size, ...share(sum) };
    })
    .sort((x, y) => x.at.localeCompare(y.at));
  const nameOf = new Map(seen.map((a) => [a.studentId, a.name]));
  const examsOf = (id: string) => new Set(seen.filter((a) => a.studentId === id).map((a) => a.examId)).size;
  const studentList = [...byStudent.entries()]
    .map(([id, sum]) => ({ id, name: nameOf.get(id) ?? "", exams: examsOf(id), ...share(sum) }))
    .sort((x, y) => x.percent - y.percent || x.name.localeCompare(y.name));

  // The plan: for the students who have not mastered the skill, worded for their average student (mean mark per
  // question over those of them who sat its exam), so the writer sees no name.
  const needing = new Set(studentList.filter((s) => s.level !== "mastered").map((s) => s.id));
  let plan: TSkillPlan["plan"] = null;
  if (needing.size > 0) {
    const their = seen.filter((a) => needing.has(a.studentId));
    const sat = qs.filter((q) => their.some((a) => a.examId === q.question.examId));
    const meanMark = (questionId: string, examId: string) => {
      const at = their.filter((a) => a.examId === examId);
      return at.reduce((s, a) => s + (markOf.get(`${a.id}|${questionId}`) ?? 0), 0) / at.length;
    };
    const ref = { id: skill.id, nameAr: skill.nameAr, nameEn: skill.nameEn };
    const scored = sat.map(({ question }, i) => ({ number: i + 1, points: question.points, score: meanMark(question.id, question.examId), skill: ref }));
    const total = scored.reduce((s, q) => s + q.points, 0);
    const score = scored.reduce((s, q) => s + q.score, 0);
    const analysis = analyse({ score, total, questions: scored, peers: { school: null, all: { count: needing.size, mean: total ? (score * 100) / total : 0, below: 0, equal: needing.size } } });
    const [subject] = await db.select().from(subjects).where(eq(subjects.id, skill.subjectId));
    const titles = examList.filter((e) => sat.some((q) => q.question.examId === e.id));
    const input = writeInputOf(
      analysis,
      sat,
      { titleAr: titles.map((e) => e.titleAr).join("، "), titleEn: titles.map((e) => e.titleEn).join(", ") },
      { nameAr: subject?.nameAr ?? "", nameEn: subject?.nameEn ?? "" },
      (questionId) => scored[sat.findIndex((q) => q.question.id === questionId)]?.score ?? 0,
    );
    plan = writePlan(input, await filesForPlan(db, analysis, schoolId));
  }

  const all = everyone.get("all");
  return {
    skill: { id: skill.id, nameAr: skill.nameAr, nameEn: skill.nameEn, subjectId: skill.subjectId },
    schoolId,
    schoolNameAr: school?.nameAr ?? "",
    schoolNameEn: school?.nameEn ?? "",
    grade: query.grade ?? null,
    className: query.className ?? null,
    exams: examList,
    overall: all ? { students: all.students.size, ...share(all) } : null,
    students: studentList,
    plan,
    withheldExams,
  };
}
