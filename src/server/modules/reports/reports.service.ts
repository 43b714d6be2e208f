// Reports and development plans (SPEC §3, §4 "Reports and plans", §6 "Generate report / plan", "School report
// page"; docs/decisions/0011). Produced from the attempt's marks: the analysis (analysis.ts) gives the figures, a
// writer (writer.ts) the words. Once per attempt, whoever asks and however many at once: the database's unique
// key decides, not a check before the insert. When the figures a report or plan quotes change (a mark changed,
// more attempts graded), it is marked stale, and generating it again adds the next version and keeps the old one
// (docs/decisions/0032).
import { attemptScaleScores, reportedScaleScore } from "../../psychometrics/scale";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { seenBy } from "../bank/views";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import {
  developmentPlans,
  exams,
  fileSkills,
  jobs,
  profiles,
  qiasFiles,
  questions,
  reports,
  schools,
  skills,
  allStudentAnswers,
  studentExams,
  studentFiles,
  subjects,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { enqueueJob, type TJob, type TJobContext } from "../../jobs/jobs";
import { audienceSizeOf, loadAttemptInReach, reachOf } from "../results/results.service";
import { examFiguresVersion } from "../analytics/figures";
import { cachedBulkyByVersion } from "../analytics/version-cache";
import { can, isExamKeyReleased, type TSessionUser } from "../../../shared/permissions";
import type { TErrorCode } from "../../../shared/errors";
import type { TAnalysis, TAttemptReports, TBulkJob, TPlanView, TReportView, TStaleCounts } from "../../../shared/schemas/report";
import { analyse, figuresFingerprint, skillsByNeed, type TAnalysisInput } from "./analysis";
import type { TSkillFile, TWriteInput } from "./rules";
import { withBreaker, type TContentWriter } from "./writer";

type TAttemptContext = Awaited<ReturnType<typeof loadAttemptInReach>>;

// ---- who may generate

/**
 * Why `actor` may not generate a report or plan for this attempt, or null when they may. SPEC §4/§6: staff only,
 * within their school (super_admin: all), once the attempt is graded. And the exam's key must be released
 * (decision 0010): a report lists the questions that lost points.
 */
async function generationBlock(db: TDbOrTx, actor: TSessionUser, ctx: TAttemptContext): Promise<TErrorCode | null> {
  if (!can(actor, "reports.generate", { schoolId: ctx.student.schoolId })) return "REPORT_FORBIDDEN";
  if (ctx.attempt.status !== "graded") return "REPORT_NOT_GRADED";
  if (!isExamKeyReleased({ status: ctx.exam.status, audienceSize: await audienceSizeOf(db, ctx.exam.id) })) return "REPORT_KEY_WITHHELD";
  return null;
}

// ---- the material a writer works from

async function writeInputFor(db: TDbOrTx, ctx: TAttemptContext, peerIndex?: TPeerIndex): Promise<{ input: TWriteInput; analysis: TAnalysis }> {
  const qs = await db
    .select({ question: questions, skill: skills })
    .from(questions)
    .leftJoin(skills, eq(skills.id, questions.skillId))
    .where(and(eq(questions.examId, ctx.exam.id), seenBy(ctx.attempt)))
    .orderBy(asc(questions.position), asc(questions.createdAt));
  const answers = await db.select({ questionId: allStudentAnswers.questionId, score: allStudentAnswers.score }).from(allStudentAnswers).where(eq(allStudentAnswers.studentExamId, ctx.attempt.id));
  const scoreOf = new Map(answers.map((a) => [a.questionId, a.score ?? 0]));

  const peers = peersFromIndex(peerIndex ?? (await examPeerIndex(db, ctx.exam.id)), ctx.attempt.id, ctx.student.schoolId);
  const analysis = attemptAnalysis(ctx.attempt, qs, scoreOf, peers);
  return { analysis, input: writeInputOf(analysis, qs, ctx.exam, ctx.subject, (id) => scoreOf.get(id) ?? 0) };
}

type TQuestionRow = { question: typeof questions.$inferSelect; skill: typeof skills.$inferSelect | null };

/** One attempt's analysis from its marks per question and its peers: what its report and plan quote. */
function attemptAnalysis(
  attempt: { score: number | null; totalPossibleScore: number },
  qs: TQuestionRow[],
  scoreOf: Map<string, number>,
  peers: TAnalysisInput["peers"],
): TAnalysis {
  return analyse({
    score: attempt.score ?? 0,
    total: attempt.totalPossibleScore,
    questions: qs.map(({ question, skill }, i) => ({
      number: i + 1,
      points: question.points,
      score: scoreOf.get(question.id) ?? 0,
      skill: skill ? { id: skill.id, nameAr: skill.nameAr, nameEn: skill.nameEn } : null,
    })),
    peers,
  });
}

/**
 * What a writer works from (one student's plan, or a group's average student's): the analysis, the catalogue's
 * guidance for its skills, the exam, and its questions with the marks earned. Nothing personal.
 */
export function writeInputOf(
  analysis: TAnalysis,
  qs: { question: typeof questions.$inferSelect; skill: typeof skills.$inferSelect | null }[],
  exam: { titleAr: string; titleEn: string },
  subject: { nameAr: string; nameEn: string },
  scoreOf: (questionId: string) => number,
): TWriteInput {
  return {
    analysis,
    guidance: new Map(qs.filter((q) => q.skill).map(({ skill }) => [skill!.id, { ar: skill!.guidanceAr, en: skill!.guidanceEn }])),
    exam: { titleAr: exam.titleAr, titleEn: exam.titleEn, subjectAr: subject.nameAr, subjectEn: subject.nameEn },
    questions: qs.map(({ question }, i) => ({
      number: i + 1,
      textAr: question.questionTextAr,
      textEn: question.questionTextEn,
      skillId: question.skillId,
      points: question.points,
      score: scoreOf(question.id),
    })),
  };
}

/**
 * Every graded percentage of an exam, read once and kept under the exam's figures' version (examPeerIndex): each
 * report — a view's, a job's thousands — finds its place by binary search instead of a pass over every attempt
 * (at the year, 200,000: 0.3 s a report view). A job's comparison is of the moment it started (attempts graded while
 * it runs are not counted), which the job's total makes clear anyway.
 */
type TPeerIndex = { own: Map<string, number>; all: TSorted; bySchool: Map<string, TSorted> };
type TSorted = { values: number[]; sum: number };

async function peerIndexOf(db: TDbOrTx, examId: string): Promise<TPeerIndex> {
  const rows = rowsOf<{ id: string; p: string | number; school_id: string | null }>(
    await db.execute(sql`
      select ${studentExams.id} as id, round(coalesce(${studentExams.score}, 0) * 100 / nullif(${studentExams.totalPossibleScore}, 0), 1) as p, ${profiles.schoolId} as school_id
      from ${studentExams} join ${profiles} on ${profiles.id} = ${studentExams.studentId}
      where ${studentExams.examId} = ${examId} and ${studentExams.status} = 'graded'`),
  );
  const sorted = (values: number[]): TSorted => ({ values: values.sort((a, b) => a - b), sum: values.reduce((s, v) => s + v, 0) });
  const bySchool = new Map<string, number[]>();
  for (const r of rows) {
    if (!r.school_id) continue;
    const of = bySchool.get(r.school_id);
    if (of) of.push(Number(r.p ?? 0));
    else bySchool.set(r.school_id, [Number(r.p ?? 0)]);
  }
  return {
    own: new Map(rows.map((r) => [r.id, Number(r.p ?? 0)])),
    all: sorted(rows.map((r) => Number(r.p ?? 0))),
    bySchool: new Map([...bySchool].map(([k, v]) => [k, sorted(v)])),
  };
}

/** The exam's peer index now: read once per version of its figures (a grade, a school change, an edit moves it). */
async function examPeerIndex(db: TDbOrTx, examId: string): Promise<TPeerIndex> {
  const version = await examFiguresVersion(db, examId);
  return cachedBulkyByVersion(db, `peers|${examId}|${version}`, () => peerIndexOf(db, examId), 4, "peer indexes");
}

function peersFromIndex(index: TPeerIndex, attemptId: string, schoolId: string | null): TAnalysisInput["peers"] {
  const p = index.own.get(attemptId) ?? 0;
  const firstAtLeast = (xs: number[], v: number, strict: boolean) => {
    let lo = 0;
    let hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (strict ? xs[mid]! <= v : xs[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const of = (s: TSorted) => {
    const below = firstAtLeast(s.values, p, false);
    return { count: s.values.length, mean: s.values.length ? s.sum / s.values.length : 0, below, equal: firstAtLeast(s.values, p, true) - below };
  };
  const school = schoolId ? (index.bySchool.get(schoolId) ?? { values: [], sum: 0 }) : null;
  return { all: of(index.all), school: school ? of(school) : null };
}

/**
 * Files tagged with the skills the plan works on, that the student's school has: uploaded by someone of that
 * school or by a super_admin. The plan shares them with the student (decision 0011).
 */
export async function filesForPlan(db: TDbOrTx, analysis: TAnalysis, schoolId: string | null): Promise<TSkillFile[]> {
  const skillIds = skillsByNeed(analysis).map((s) => s.skillId);
  if (!skillIds.length) return [];
  const rows = await db
    .select({ fileId: qiasFiles.id, name: qiasFiles.name, skillId: fileSkills.skillId })
    .from(fileSkills)
    .innerJoin(qiasFiles, eq(qiasFiles.id, fileSkills.fileId))
    .innerJoin(profiles, eq(profiles.id, qiasFiles.uploaderId))
    .where(and(inArray(fileSkills.skillId, skillIds), or(eq(profiles.role, "super_admin"), schoolId ? eq(profiles.schoolId, schoolId) : sql`false`)))
    .orderBy(desc(qiasFiles.createdAt), asc(qiasFiles.id));
  return rows;
}

// ---- presenting

const generatorColumns = { generatedById: profiles.id, generatedByName: profiles.name };

function writerOf(row: { generator: string; model: string | null; fallbackReason: string | null; createdAt: Date }, by: { generatedById: string | null; generatedByName: string | null }) {
  return {
    generator: row.generator as TReportView["generator"],
    model: row.model,
    fallbackReason: row.fallbackReason as TReportView["fallbackReason"],
    generatedBy: by.generatedById && by.generatedByName !== null ? { id: by.generatedById, name: by.generatedByName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Every version of an attempt's report, newest first, each marked stale when its fingerprint is not `current`
 * (null: today's figures are not known, nothing is marked). A report from before versions has no fingerprint of
 * its own; the analysis it stored gives it.
 */
async function loadReports(db: TDbOrTx, attemptId: string, current: string | null): Promise<TReportView[]> {
  const rows = await db
    .select({ report: reports, ...generatorColumns })
    .from(reports)
    .leftJoin(profiles, eq(profiles.id, reports.generatedById))
    .where(eq(reports.studentExamId, attemptId))
    .orderBy(desc(reports.version));
  return rows.map((row) => {
    const fingerprint = row.report.fingerprint ?? (row.report.analysis ? figuresFingerprint(row.report.analysis) : null);
    return {
      id: row.report.id,
      attemptId,
      content: row.report.reportData,
      analysis: row.report.analysis!,
      ...writerOf(row.report, row),
      version: row.report.version,
      stale: current !== null && fingerprint !== null && fingerprint !== current,
    };
  });
}

/** The same for the plan; a plan from before versions has no fingerprint and is never marked. */
async function loadPlans(db: TDbOrTx, attemptId: string, current: string | null): Promise<TPlanView[]> {
  const rows = await db
    .select({ plan: developmentPlans, ...generatorColumns })
    .from(developmentPlans)
    .leftJoin(profiles, eq(profiles.id, developmentPlans.generatedById))
    .where(eq(developmentPlans.studentExamId, attemptId))
    .orderBy(desc(developmentPlans.version));
  return rows.map((row) => ({
    id: row.plan.id,
    attemptId,
    content: row.plan.planData,
    generatedByAi: row.plan.generatedByAi,
    ...writerOf(row.plan, row),
    version: row.plan.version,
    stale: current !== null && row.plan.fingerprint !== null && row.plan.fingerprint !== current,
  }));
}

/**
 * An attempt's reports and plans, every version, marked against today's figures (computed only when there is
 * something to mark: an attempt without either costs no analysis).
 */
async function loadVersions(db: TDbOrTx, ctx: TAttemptContext) {
  const [has] = await db
    .select({ report: sql<boolean>`exists (select 1 from ${reports} where ${reports.studentExamId} = ${ctx.attempt.id})`, plan: sql<boolean>`exists (select 1 from ${developmentPlans} where ${developmentPlans.studentExamId} = ${ctx.attempt.id})` })
    .from(sql`(select 1) as one`);
  const current = has?.report || has?.plan ? figuresFingerprint((await writeInputFor(db, ctx)).analysis) : null;
  return { reports: await loadReports(db, ctx.attempt.id, current), plans: await loadPlans(db, ctx.attempt.id, current) };
}

/** The results page's part: the report and plan if they exist, and whether this user may generate them. */
export async function findAttemptReports(db: TDbOrTx, actor: TSessionUser, attemptId: string): Promise<TAttemptReports> {
  const ctx = await loadAttemptInReach(db, actor, attemptId);
  const versions = await loadVersions(db, ctx);
  // A student reads their own once it exists; they never generate (and are not told the staff's reasons).
  const cannotGenerate = actor.role === "student" ? "REPORT_FORBIDDEN" : await generationBlock(db, actor, ctx);
  return {
    report: versions.reports[0] ?? null,
    plan: versions.plans[0] ?? null,
    cannotGenerate,
    earlierReports: versions.reports.slice(1),
    earlierPlans: versions.plans.slice(1),
  };
}

// ---- generating one

async function assertMayGenerate(db: TDbOrTx, actor: TSessionUser, attemptId: string): Promise<TAttemptContext> {
  const ctx = await loadAttemptInReach(db, actor, attemptId);
  const block = await generationBlock(db, actor, ctx);
  if (block) throw new AppError(block);
  return ctx;
}

type TWhich = { report: boolean; plan: boolean };

/** The newest version of an attempt's report and plan: its number and the figures it quoted. */
async function latestVersions(db: TDbOrTx, attemptId: string) {
  const [report] = await db
    .select({ version: reports.version, fingerprint: reports.fingerprint, analysis: reports.analysis })
    .from(reports)
    .where(eq(reports.studentExamId, attemptId))
    .orderBy(desc(reports.version))
    .limit(1);
  const [plan] = await db
    .select({ version: developmentPlans.version, fingerprint: developmentPlans.fingerprint })
    .from(developmentPlans)
    .where(eq(developmentPlans.studentExamId, attemptId))
    .orderBy(desc(developmentPlans.version))
    .limit(1);
  return {
    report: report ? { version: report.version, fingerprint: report.fingerprint ?? (report.analysis ? figuresFingerprint(report.analysis) : null) } : null,
    plan: plan ?? null,
  };
}

/**
 * Generates what is asked for and missing — the report, the plan, or both from one reading of the attempt (the
 * bulk job asks for both) — and stores it in one transaction with the attempt's flags and the plan's shared files.
 * `again`: also what exists but is stale, as the next version (the old one stays). Says which were stored: one
 * that exists already and is up to date (or that another request made first) is not.
 */
async function generateForAttempt(
  db: TDb,
  writer: TContentWriter,
  actor: TSessionUser,
  attemptId: string,
  which: TWhich,
  options: { again?: boolean; peerIndex?: TPeerIndex } = {},
): Promise<TWhich> {
  const ctx = await assertMayGenerate(db, actor, attemptId);
  const latest = await latestVersions(db, attemptId);
  // Not worth the analysis (nor the writer's time) when both exist and nothing may be added; the inserts decide.
  if (!options.again && !(which.report && !latest.report) && !(which.plan && !latest.plan)) return { report: false, plan: false };
  const { input, analysis } = await writeInputFor(db, ctx, options.peerIndex);
  const fingerprint = figuresFingerprint(analysis);
  // A plan from before versions (no fingerprint) is not known to be stale: it is not generated again.
  const due = (v: { fingerprint: string | null } | null) => !v || (!!options.again && v.fingerprint !== null && v.fingerprint !== fingerprint);
  const want = { report: which.report && due(latest.report), plan: which.plan && due(latest.plan) };
  if (!want.report && !want.plan) return { report: false, plan: false };
  const report = want.report ? await writer.writeReport(input) : null;
  const plan = want.plan ? await writer.writePlan(input, await filesForPlan(db, analysis, ctx.student.schoolId)) : null;
  const owner = { studentExamId: attemptId, studentId: ctx.student.id, schoolId: ctx.student.schoolId, generatedById: actor.id, fingerprint };
  return db.transaction(async (tx) => {
    const stored = { report: false, plan: false };
    if (report) {
      // The next number: two requests for the same one store one (the unique key), the other stores nothing.
      const [row] = await tx
        .insert(reports)
        .values({ ...owner, version: (latest.report?.version ?? 0) + 1, reportData: report.content, analysis, generator: report.generator, model: report.model, fallbackReason: report.fallbackReason })
        .onConflictDoNothing({ target: [reports.studentExamId, reports.version] })
        .returning({ id: reports.id });
      stored.report = !!row;
    }
    if (plan) {
      const [row] = await tx
        .insert(developmentPlans)
        .values({ ...owner, version: (latest.plan?.version ?? 0) + 1, planData: plan.content, generatedByAi: plan.generator === "llm", generator: plan.generator, model: plan.model, fallbackReason: plan.fallbackReason })
        .onConflictDoNothing({ target: [developmentPlans.studentExamId, developmentPlans.version] })
        .returning({ id: developmentPlans.id });
      stored.plan = !!row;
      // A plan shares the school's files it names with the student (decision 0011).
      const shared = [...new Set(plan.content.resources.flatMap((r) => (r.fileId ? [r.fileId] : [])))];
      if (row && shared.length) await tx.insert(studentFiles).values(shared.map((fileId) => ({ studentId: ctx.student.id, fileId }))).onConflictDoNothing();
    }
    if (stored.report || stored.plan) {
      await tx
        .update(studentExams)
        .set({ ...(stored.report ? { reportGenerated: true } : {}), ...(stored.plan ? { developmentPlanGenerated: true } : {}) })
        .where(eq(studentExams.id, attemptId));
    }
    return stored;
  });
}

/** The newest version of each, as the page shows it right after generating (it is today's: not stale). */
async function latestViews(db: TDbOrTx, attemptId: string) {
  const [latestReport] = await loadReports(db, attemptId, null);
  const [latestPlan] = await loadPlans(db, attemptId, null);
  return { report: latestReport!, plan: latestPlan! };
}

/**
 * Generates and stores the report; REPORT_EXISTS when one is there already (or another request made it first).
 * `again`: the next version when the figures changed; REPORT_UP_TO_DATE when they have not.
 */
export async function generateReport(db: TDb, writer: TContentWriter, actor: TSessionUser, attemptId: string, again = false): Promise<TReportView> {
  const stored = await generateForAttempt(db, writer, actor, attemptId, { report: true, plan: false }, { again });
  if (!stored.report) throw new AppError(again ? "REPORT_UP_TO_DATE" : "REPORT_EXISTS");
  return (await latestViews(db, attemptId)).report;
}

/** Generates and stores the plan (sharing the files it names with the student); PLAN_EXISTS / PLAN_UP_TO_DATE. */
export async function generatePlan(db: TDb, writer: TContentWriter, actor: TSessionUser, attemptId: string, again = false): Promise<TPlanView> {
  const stored = await generateForAttempt(db, writer, actor, attemptId, { report: false, plan: true }, { again });
  if (!stored.plan) throw new AppError(again ? "PLAN_UP_TO_DATE" : "PLAN_EXISTS");
  return (await latestViews(db, attemptId)).plan;
}

// ---- the school report page (SPEC §2 /school/report/{studentExamId}, §6)

export async function findSchoolReport(db: TDbOrTx, actor: TSessionUser, attemptId: string) {
  if (!can(actor, "schoolReport.view")) throw new AppError("FORBIDDEN");
  const [row] = await db
    .select({ attempt: studentExams, exam: exams, subject: subjects, student: profiles, school: schools })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(eq(studentExams.id, attemptId));
  if (!row) throw new AppError("RESULT_NOT_FOUND");
  if (!can(actor, "schoolReport.view", { schoolId: row.student.schoolId })) throw new AppError("SCHOOL_REPORT_OTHER_SCHOOL");
  const versions = await loadVersions(db, { attempt: row.attempt, exam: row.exam, subject: row.subject, student: row.student });
  return {
    school: row.school ? { id: row.school.id, nameAr: row.school.nameAr, nameEn: row.school.nameEn, cityAr: row.school.cityAr, cityEn: row.school.cityEn } : null,
    student: { id: row.student.id, name: row.student.name, username: row.student.username },
    exam: { id: row.exam.id, titleAr: row.exam.titleAr, titleEn: row.exam.titleEn, subject: row.subject },
    attempt: {
      id: row.attempt.id,
      status: row.attempt.status,
      score: row.attempt.score,
      totalPossibleScore: row.attempt.totalPossibleScore,
      completedAt: row.attempt.completedAt?.toISOString() ?? null,
      scaleScore: row.attempt.status === "graded" ? reportedScaleScore((await attemptScaleScores(db, [row.attempt.id])).get(row.attempt.id)) : null,
    },
    // The newest of each, marked when its figures are no longer today's.
    report: versions.reports[0] ?? null,
    plan: versions.plans[0] ?? null,
  };
}

// ---- generating for a whole exam (a job: it survives a reload and a restart)

export const BULK_REPORTS_JOB = "reports.bulk";
/** Progress is written at most this often, so a long job costs few extra writes. */
const PROGRESS_EVERY_MS = 500;

function presentJob(job: TJob): TBulkJob {
  return {
    id: job.id,
    status: job.status,
    done: job.progressDone,
    failed: job.progressFailed,
    total: job.progressTotal,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The graded attempts of an exam that `actor` reaches and may generate for (their school; all for super_admin). */
function bulkScope(actor: TSessionUser, examId: string) {
  return and(
    eq(studentExams.examId, examId),
    eq(studentExams.status, "graded"),
    reachOf(actor),
    actor.role === "super_admin" ? undefined : eq(profiles.schoolId, actor.schoolId ?? ""),
  );
}

async function loadBulkExam(db: TDbOrTx, actor: TSessionUser, examId: string) {
  if (!can(actor, "reports.generate")) throw new AppError("REPORT_FORBIDDEN");
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) throw new AppError("EXAM_NOT_FOUND");
  const [reachable] = await db
    .select({ one: sql`1` })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(bulkScope(actor, examId))
    .limit(1);
  if (!reachable && actor.role !== "super_admin" && exam.creatorId !== actor.id) throw new AppError("EXAM_NOT_FOUND");
  if (!isExamKeyReleased({ status: exam.status, audienceSize: await audienceSizeOf(db, examId) })) throw new AppError("REPORT_KEY_WITHHELD");
  return exam;
}

/** Starts (or, when one is still running for this user and exam, returns) the job. */
export async function startBulkGeneration(db: TDbOrTx, actor: TSessionUser, examId: string, again = false): Promise<{ job: TBulkJob; created: boolean }> {
  await loadBulkExam(db, actor, examId);
  // One job of each kind at a time per user and exam: "what is missing", and "what is missing or stale, again".
  const { job, created } = await enqueueJob(db, {
    kind: BULK_REPORTS_JOB,
    payload: { examId, actorId: actor.id, again },
    dedupeKey: `reports${again ? "-again" : ""}:${examId}:${actor.id}`,
    createdById: actor.id,
    maxAttempts: 3,
  });
  return { job: presentJob(job), created };
}

/** The newest bulk job of this user for this exam (a page reloaded mid-job finds it again). */
export async function findBulkGeneration(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TBulkJob | null> {
  if (!can(actor, "reports.generate")) throw new AppError("REPORT_FORBIDDEN");
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, BULK_REPORTS_JOB), eq(jobs.createdById, actor.id), sql`${jobs.payload}->>'examId' = ${examId}`))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return job ? presentJob(job) : null;
}

const STALE_SLICE = 5_000;

/**
 * How many of the exam's latest reports and plans in the user's scope are stale: each attempt's figures worked out
 * as the bulk job works them out (the peer index, three queries for the whole exam rather than three per attempt)
 * and compared by the one rule, figuresFingerprint. A plan from before versions is not counted (never known stale).
 */
export async function countStale(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TStaleCounts> {
  await loadBulkExam(db, actor, examId);
  const inScope = db
    .select({ id: studentExams.id })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(bulkScope(actor, examId));
  // The newest version of each; a report's analysis is read only when it has no fingerprint of its own.
  const latestReports = await db
    .selectDistinctOn([reports.studentExamId], { attemptId: reports.studentExamId, fingerprint: reports.fingerprint, analysis: sql<TAnalysis | null>`case when ${reports.fingerprint} is null then ${reports.analysis} end` })
    .from(reports)
    .where(inArray(reports.studentExamId, inScope))
    .orderBy(reports.studentExamId, desc(reports.version));
  const latestPlans = await db
    .selectDistinctOn([developmentPlans.studentExamId], { attemptId: developmentPlans.studentExamId, fingerprint: developmentPlans.fingerprint })
    .from(developmentPlans)
    .where(and(inArray(developmentPlans.studentExamId, inScope), sql`${developmentPlans.fingerprint} is not null`))
    .orderBy(developmentPlans.studentExamId, desc(developmentPlans.version));
  const stored = new Map<string, { report?: string | null; plan?: string }>();
  for (const r of latestReports) stored.set(r.attemptId, { report: r.fingerprint ?? (r.analysis ? figuresFingerprint(r.analysis) : null) });
  for (const p of latestPlans) if (p.fingerprint) stored.set(p.attemptId, { ...stored.get(p.attemptId), plan: p.fingerprint });
  if (!stored.size) return { reports: 0, plans: 0 };

  const qs: TQuestionRow[] = await db
    .select({ question: questions, skill: skills })
    .from(questions)
    .leftJoin(skills, eq(skills.id, questions.skillId))
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.position), asc(questions.createdAt));
  // Only the attempts with a report or a plan are worked out: at the year an exam's every answer (8 M) was read for
  // the one report a principal had made. In slices, each a list of ids within the protocol's parameter limit.
  const ids = [...stored.keys()];
  const attempts: { id: string; score: number | null; totalPossibleScore: number; schoolId: string | null }[] = [];
  const marks = new Map<string, Map<string, number>>();
  for (let i = 0; i < ids.length; i += STALE_SLICE) {
    const slice = ids.slice(i, i + STALE_SLICE);
    attempts.push(
      ...(await db
        .select({ id: studentExams.id, score: studentExams.score, totalPossibleScore: studentExams.totalPossibleScore, schoolId: profiles.schoolId })
        .from(studentExams)
        .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
        .where(inArray(studentExams.id, slice))),
    );
    for (const a of await db
      .select({ attemptId: allStudentAnswers.studentExamId, questionId: allStudentAnswers.questionId, score: allStudentAnswers.score })
      .from(allStudentAnswers)
      .where(inArray(allStudentAnswers.studentExamId, slice))) {
      const of = marks.get(a.attemptId) ?? new Map<string, number>();
      of.set(a.questionId, a.score ?? 0);
      marks.set(a.attemptId, of);
    }
  }
  const peerIndex = await examPeerIndex(db, examId);
  const counts = { reports: 0, plans: 0 };
  for (const a of attempts) {
    const was = stored.get(a.id);
    if (!was) continue;
    const today = figuresFingerprint(attemptAnalysis(a, qs, marks.get(a.id) ?? new Map(), peersFromIndex(peerIndex, a.id, a.schoolId)));
    if (was.report && was.report !== today) counts.reports++;
    if (was.plan && was.plan !== today) counts.plans++;
  }
  return counts;
}

/**
 * The job: a report and a plan for every attempt in scope that lacks them; with `again`, also a new version of
 * every one whose figures have changed. One failure does not stop the rest.
 */
export async function runBulkGeneration(ctx: TJobContext, modelWriter: TContentWriter): Promise<Record<string, unknown>> {
  const { db, job } = ctx;
  const writer = withBreaker(modelWriter);
  const { examId, actorId, again = false } = job.payload as { examId: string; actorId: string; again?: boolean };
  // Who asked, as they are now: a changed role or school changes what the job may do.
  const [actor] = await db
    .select({ id: profiles.id, username: profiles.username, email: profiles.email, role: profiles.role, schoolId: profiles.schoolId, name: profiles.name, grade: profiles.grade })
    .from(profiles)
    .where(eq(profiles.id, actorId));
  if (!actor) return { skipped: "requester no longer exists" };
  await loadBulkExam(db, actor, examId);
  const todo = await db
    .select({ id: studentExams.id, reportGenerated: studentExams.reportGenerated, planGenerated: studentExams.developmentPlanGenerated })
    .from(studentExams)
    .innerJoin(exams, eq(exams.id, studentExams.examId))
    .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
    .where(and(bulkScope(actor, examId), again ? undefined : or(eq(studentExams.reportGenerated, false), eq(studentExams.developmentPlanGenerated, false))))
    .orderBy(asc(studentExams.id));
  const peerIndex = await examPeerIndex(db, examId);
  let done = 0;
  let failed = 0;
  let lastProgress = 0;
  await ctx.progress({ done, failed, total: todo.length });
  for (const attempt of todo) {
    try {
      await generateForAttempt(db, writer, actor, attempt.id, again ? { report: true, plan: true } : { report: !attempt.reportGenerated, plan: !attempt.planGenerated }, { again, peerIndex });
      done++;
    } catch (err) {
      failed++;
      ctx.log.warn({ err, attemptId: attempt.id }, "bulk report generation: one attempt failed");
    }
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await ctx.progress({ done, failed });
    }
  }
  await ctx.progress({ done, failed });
  return { done, failed, total: todo.length };
}

/** A job the user may follow: their own (a super_admin: any). */
export async function findJob(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TBulkJob> {
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.kind, BULK_REPORTS_JOB), actor.role === "super_admin" ? undefined : eq(jobs.createdById, actor.id)));
  if (!job) throw new AppError("JOB_NOT_FOUND");
  return presentJob(job);
}
