// Group development plans (issue 15; docs/decisions/0015): for one exam and a class or a school, the graded
// attempts' marks per question are read (one row per answer of the group — a class is tens of students, a school a
// few thousand rows), each student's weakest skills found with the individual report's rules (analyse,
// skillsByNeed), students grouped by the weaknesses they share, and each group given a plan by the same writer as
// the individual plan — worded for the group's average student, so the writer never sees a name or an id. Stored
// per (exam, school, class) in versions: like a report (decision 0032), a plan whose figures have changed since is
// marked stale, and generating it again adds the next version and keeps the old one.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { currentQuestion } from "../bank/views";
import type { TDb, TDbOrTx } from "../../db/client";
import { examFormQuestions, exams, groupPlans, profiles, questions, schools, skills, allStudentAnswers, studentExams, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { can, canSeeExamKey, type TSessionUser } from "../../../shared/permissions";
import { GROUP_PLAN_SKILLS, type TGroupPlan, type TGroupPlanQuery, type TGroupPlanView, type TGroupPlanViewQuery } from "../../../shared/schemas/group-plan";
import type { TAnalysis } from "../../../shared/schemas/report";
import { analyse, fingerprintOfAll, skillsByNeed } from "../reports/analysis";
import { filesForPlan, writeInputOf } from "../reports/reports.service";
import type { TContentWriter } from "../reports/writer";
import { audienceSizeOf } from "../results/results.service";
import type { TErrorCode } from "../../../shared/errors";

type TScope = { examId: string; schoolId: string; grade: number | null; className: string | null };

/**
 * The school a group plan (per exam or per skill) is for: a super_admin names it; anyone else gets their own, and
 * naming another school finds nothing.
 */
export async function planSchoolOf(db: TDbOrTx, actor: TSessionUser, asked: string | undefined): Promise<string> {
  if (!can(actor, "analytics.view")) throw new AppError("FORBIDDEN");
  const schoolId = actor.role === "super_admin" ? asked : actor.schoolId;
  if (!schoolId) throw new AppError("SCHOOL_REQUIRED");
  if (actor.role !== "super_admin" && asked && asked !== actor.schoolId) throw new AppError("SCHOOL_NOT_FOUND");
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new AppError("SCHOOL_NOT_FOUND");
  return schoolId;
}

/** The school and class the reader asks about, within what they may see. */
async function scopeOf(db: TDbOrTx, actor: TSessionUser, query: TGroupPlanQuery): Promise<{ scope: TScope; exam: typeof exams.$inferSelect }> {
  const schoolId = await planSchoolOf(db, actor, query.schoolId);
  const [exam] = await db.select().from(exams).where(eq(exams.id, query.examId));
  if (!exam) throw new AppError("EXAM_NOT_FOUND");
  return { scope: { examId: exam.id, schoolId, grade: query.grade ?? null, className: query.className ?? null }, exam };
}

const scopeKey = (s: TScope) => `${s.grade ?? ""}|${(s.className ?? "").toLowerCase()}`;

function attemptsInScope(s: TScope) {
  return and(
    eq(studentExams.examId, s.examId),
    eq(studentExams.status, "graded"),
    eq(profiles.schoolId, s.schoolId),
    s.grade !== null ? eq(studentExams.grade, s.grade) : undefined,
    s.className ? sql`lower(${studentExams.className}) = lower(${s.className})` : undefined,
  );
}

/** Why the reader may not generate it at all (whatever is stored), or null. */
async function cannotPlan(db: TDbOrTx, actor: TSessionUser, exam: typeof exams.$inferSelect, scope: TScope): Promise<TErrorCode | null> {
  // A shared exam still open keeps its marks per question from other schools' staff (decision 0010).
  if (!canSeeExamKey(actor, { creatorId: exam.creatorId, status: exam.status, audienceSize: await audienceSizeOf(db, exam.id) })) return "REPORT_KEY_WITHHELD";
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studentExams)
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(attemptsInScope(scope));
  return (n?.n ?? 0) > 0 ? null : "GROUP_PLAN_NO_ATTEMPTS";
}

type TQuestionRow = { question: typeof questions.$inferSelect; skill: typeof skills.$inferSelect | null };
type TAttemptRow = { id: string; studentId: string; score: number | null; total: number; formId: string | null };

/**
 * The plan's figures as they are today, from the graded attempts in scope: the groups (students sharing their weakest
 * skills), each group's average student's analysis and the whole group's — what a plan quotes — and their fingerprint.
 * The same reading serves generating a plan and telling whether a stored one is stale.
 */
async function workOut(db: TDbOrTx, exam: typeof exams.$inferSelect, scope: TScope) {
  const qs: TQuestionRow[] = await db
    .select({ question: questions, skill: skills })
    .from(questions)
    .leftJoin(skills, eq(skills.id, questions.skillId))
    .where(and(eq(questions.examId, exam.id), currentQuestion))
    .orderBy(asc(questions.position), asc(questions.createdAt));
  const attempts: TAttemptRow[] = await db
    .select({ id: studentExams.id, studentId: studentExams.studentId, score: studentExams.score, total: studentExams.totalPossibleScore, formId: studentExams.formId })
    .from(studentExams)
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(attemptsInScope(scope))
    .orderBy(asc(studentExams.id));
  const marks = await db
    .select({ attemptId: allStudentAnswers.studentExamId, position: questions.position, score: allStudentAnswers.score })
    .from(allStudentAnswers)
    .innerJoin(questions, eq(questions.id, allStudentAnswers.questionId))
    .innerJoin(studentExams, eq(studentExams.id, allStudentAnswers.studentExamId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(attemptsInScope(scope));
  // By position: an attempt that saw an older version of a question (docs/decisions/0036) answered the row it replaced.
  const markOf = new Map(marks.map((m) => [`${m.attemptId}|${m.position}`, Number(m.score ?? 0)]));

  // With parallel forms (issue 34) a student answered only their form's questions: a question counts for those who saw it.
  const inForms = qs.length ? await db.select().from(examFormQuestions).where(inArray(examFormQuestions.questionId, qs.map((q) => q.question.id))) : [];
  const formsOf = new Map<string, Set<string>>();
  for (const f of inForms) formsOf.set(f.questionId, (formsOf.get(f.questionId) ?? new Set()).add(f.formId));
  const sees = (a: TAttemptRow, questionId: string) => !a.formId || formsOf.get(questionId)?.has(a.formId) === true;

  // An analysis from marks per question: one student's, or a group's average student's (mean mark per question).
  const analysisOf = (members: TAttemptRow[]): TAnalysis => {
    const mean = (of: TAttemptRow[], f: (a: TAttemptRow) => number) => of.reduce((s, a) => s + f(a), 0) / of.length;
    const percentages = members.map((a) => (a.total > 0 ? (Number(a.score ?? 0) * 100) / a.total : 0));
    const shown = qs.flatMap(({ question, skill }) => {
      const saw = members.filter((a) => sees(a, question.id));
      return saw.length ? [{ question, skill, saw }] : [];
    });
    return analyse({
      score: mean(members, (a) => Number(a.score ?? 0)),
      total: mean(members, (a) => a.total),
      questions: shown.map(({ question, skill, saw }, i) => ({
        number: i + 1,
        points: question.points,
        score: mean(saw, (a) => markOf.get(`${a.id}|${question.position}`) ?? 0),
        skill: skill ? { id: skill.id, nameAr: skill.nameAr, nameEn: skill.nameEn } : null,
      })),
      peers: { school: null, all: { count: percentages.length, mean: percentages.reduce((s, p) => s + p, 0) / Math.max(1, percentages.length), below: 0, equal: percentages.length } },
    });
  };

  // Each student's weakest skills (at most GROUP_PLAN_SKILLS, in the report's order of need) make their group.
  const byWeakness = new Map<string, { skillIds: string[]; members: TAttemptRow[] }>();
  for (const a of attempts) {
    const weakest = skillsByNeed(analysisOf([a]))
      .slice(0, GROUP_PLAN_SKILLS)
      .map((s) => s.skillId)
      .sort();
    const key = weakest.join("+");
    const group = byWeakness.get(key) ?? { skillIds: weakest, members: [] };
    group.members.push(a);
    byWeakness.set(key, group);
  }
  // Largest groups first; those who mastered everything last.
  const groups = [...byWeakness.values()]
    .sort((x, y) => Number(x.skillIds.length === 0) - Number(y.skillIds.length === 0) || y.members.length - x.members.length || x.skillIds.join().localeCompare(y.skillIds.join()))
    .map((g) => ({ ...g, analysis: analysisOf(g.members) }));
  const everyone = attempts.length ? analysisOf(attempts) : null;
  // Who is in each group is part of what the plan says, so a student moving to another group makes it stale too.
  const fingerprint = everyone ? fingerprintOfAll([["everyone", everyone], ...groups.map((g): [string, TAnalysis] => [g.members.map((a) => a.id).join(","), g.analysis])]) : null;
  return { qs, attempts, markOf, groups, everyone, fingerprint };
}

/** The versions stored for a scope, newest first (without their content). */
async function versionsOf(db: TDbOrTx, scope: TScope) {
  return db
    .select({ id: groupPlans.id, version: groupPlans.version, fingerprint: groupPlans.fingerprint, generatedAt: groupPlans.generatedAt, generatedById: groupPlans.generatedById, generatedByName: profiles.name })
    .from(groupPlans)
    .leftJoin(profiles, eq(profiles.id, groupPlans.generatedById))
    .where(and(eq(groupPlans.examId, scope.examId), eq(groupPlans.schoolId, scope.schoolId), eq(groupPlans.scopeKey, scopeKey(scope))))
    .orderBy(desc(groupPlans.version));
}

/**
 * Stale: today's figures differ from those the plan was written from. A plan from before versions has no
 * fingerprint and is never marked, but may be generated again (as it always could).
 */
const isStale = (stored: string | null, current: string | null) => stored !== null && stored !== current;
/** Up to date: nothing to generate again. */
const isUpToDate = (stored: string | null, current: string | null) => stored !== null && stored === current;

type TStored = {
  students: number;
  skills: TGroupPlan["skills"];
  groups: { skillIds: string[]; members: { studentId: string; attemptId: string }[]; plan: TGroupPlan["groups"][number]["plan"]; generator: TGroupPlan["groups"][number]["generator"]; model: string | null; fallbackReason: TGroupPlan["groups"][number]["fallbackReason"] }[];
};

async function present(db: TDbOrTx, row: typeof groupPlans.$inferSelect, stale: boolean): Promise<TGroupPlan> {
  const content = row.content as TStored;
  const ids = [...new Set(content.groups.flatMap((g) => g.members.map((m) => m.studentId)))];
  // Names are read now, not stored: a renamed student shows their name, a deleted one is left out.
  const names = new Map(ids.length ? (await db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, ids))).map((p) => [p.id, p.name]) : []);
  const [by] = row.generatedById ? await db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(eq(profiles.id, row.generatedById)) : [];
  return {
    id: row.id,
    examId: row.examId,
    schoolId: row.schoolId,
    grade: row.grade,
    className: row.className,
    version: row.version,
    stale,
    students: content.students,
    skills: content.skills,
    groups: content.groups.map((g) => ({
      skillIds: g.skillIds,
      students: g.members
        .filter((m) => names.has(m.studentId))
        .map((m) => ({ id: m.studentId, name: names.get(m.studentId)!, attemptId: m.attemptId }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      plan: g.plan,
      generator: g.generator,
      model: g.model,
      fallbackReason: g.fallbackReason,
    })),
    generatedBy: by ?? null,
    generatedAt: row.generatedAt.toISOString(),
  };
}

/**
 * The latest version (or the one asked for), marked stale when today's figures differ, the list of versions, and
 * why the reader may not generate one now — GROUP_PLAN_UP_TO_DATE when the latest is today's.
 */
export async function findGroupPlan(db: TDbOrTx, actor: TSessionUser, query: TGroupPlanViewQuery): Promise<TGroupPlanView> {
  const { scope, exam } = await scopeOf(db, actor, query);
  const versions = await versionsOf(db, scope);
  const latest = versions[0];
  // Today's figures are worked out only when there is a plan to compare them with.
  const current = latest?.fingerprint ? (await workOut(db, exam, scope)).fingerprint : null;
  const shownId = query.version === undefined ? latest?.id : versions.find((v) => v.version === query.version)?.id;
  if (query.version !== undefined && !shownId) throw new AppError("GROUP_PLAN_VERSION_NOT_FOUND");
  const [row] = shownId ? await db.select().from(groupPlans).where(eq(groupPlans.id, shownId)) : [];
  return {
    // Only the latest is marked: an earlier version says it is not the latest instead.
    plan: row ? await present(db, row, row.id === latest?.id && isStale(row.fingerprint, current)) : null,
    versions: versions.map((v) => ({
      version: v.version,
      generatedAt: v.generatedAt.toISOString(),
      generatedBy: v.generatedById && v.generatedByName !== null ? { id: v.generatedById, name: v.generatedByName } : null,
    })),
    cannotGenerate: (await cannotPlan(db, actor, exam, scope)) ?? (latest && isUpToDate(latest.fingerprint, current) ? "GROUP_PLAN_UP_TO_DATE" : null),
  };
}

/**
 * Generates the first version, or the next one when the figures have changed since the latest (GROUP_PLAN_UP_TO_DATE
 * when they have not, or when another request stored that version first).
 */
export async function generateGroupPlan(db: TDb, writer: TContentWriter, actor: TSessionUser, query: TGroupPlanQuery): Promise<TGroupPlan> {
  const { scope, exam } = await scopeOf(db, actor, query);
  const why = await cannotPlan(db, actor, exam, scope);
  if (why) throw new AppError(why);
  const [latest] = await versionsOf(db, scope);
  const today = await workOut(db, exam, scope);
  if (latest && isUpToDate(latest.fingerprint, today.fingerprint)) throw new AppError("GROUP_PLAN_UP_TO_DATE");

  const [subject] = await db.select().from(subjects).where(eq(subjects.id, exam.subjectId));
  const subjectNames = { nameAr: subject?.nameAr ?? "", nameEn: subject?.nameEn ?? "" };
  const written: TStored["groups"] = [];
  for (const g of today.groups) {
    const positionOf = new Map(today.qs.map(({ question }) => [question.id, question.position]));
    const meanMark = (questionId: string) => g.members.reduce((s, a) => s + (today.markOf.get(`${a.id}|${positionOf.get(questionId)}`) ?? 0), 0) / g.members.length;
    const input = writeInputOf(g.analysis, today.qs, exam, subjectNames, meanMark);
    const plan = await writer.writePlan(input, await filesForPlan(db, g.analysis, scope.schoolId));
    written.push({ skillIds: g.skillIds, members: g.members.map((a) => ({ studentId: a.studentId, attemptId: a.id })), plan: plan.content, generator: plan.generator, model: plan.model, fallbackReason: plan.fallbackReason });
  }
  const content: TStored = {
    students: today.attempts.length,
    skills: [...(today.everyone?.skills ?? [])].reverse().map((s) => ({ skillId: s.skillId, nameAr: s.nameAr, nameEn: s.nameEn, percent: s.percent, level: s.level })),
    groups: written,
  };

  // The next number: two requests for the same one store one (the unique key); the other is told it is up to date.
  const [row] = await db
    .insert(groupPlans)
    .values({
      examId: scope.examId,
      schoolId: scope.schoolId,
      grade: scope.grade,
      className: scope.className,
      scopeKey: scopeKey(scope),
      version: (latest?.version ?? 0) + 1,
      fingerprint: today.fingerprint,
      content,
      generatedById: actor.id,
    })
    .onConflictDoNothing({ target: [groupPlans.examId, groupPlans.schoolId, groupPlans.scopeKey, groupPlans.version] })
    .returning();
  if (!row) throw new AppError("GROUP_PLAN_UP_TO_DATE");
  return present(db, row, false);
}
