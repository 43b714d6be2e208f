// Calibration inside the app (issue 35; docs/decisions/0045): who may run and read an exam's IRT calibrations, the
// run itself (the response matrix read here, the EM in the idle-priority parse thread, the result stored in one
// transaction), a bank item version's parameter history, and the exam's reliability and test information.
//
// Who: item analysis' rule (analytics.view, then loadExamInReach): a super_admin any exam; the exam's author; a
// school_admin or teacher whose school has a marked or submitted attempt at it. Anyone else's exam is 404.
// A calibration uses every school's graded attempts (calibrateExam's rule: item parameters need the whole cohort);
// what leaves the server are item parameters and counts, never another school's students.
import { and, desc, eq, sql } from "drizzle-orm";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { bankItemVersions, calibrations, exams, itemCalibrations, profiles, studentExams } from "../../db/schema";
import { AppError } from "../../http/errors";
import { calibrationLimits, figuresOffLoop, parseInThread } from "../../parse-pool";
import { codesOf } from "../../in-slices";
import { examResponses, storeExamCalibration, type ExamResponses } from "../../psychometrics/calibrate-exam";
import { type LinkItem, normalQuadrature } from "../../psychometrics/link";
import { type ClassicalFigures, irtConditionalSem, marginalReliability } from "../../psychometrics/reliability";
import { matrixRows } from "../../psychometrics/types";
import type { TSessionUser } from "../../../shared/permissions";
import type {
  TCalibrationDetail,
  TCalibrationItem,
  TCalibrationModel,
  TCalibrationRequest,
  TCalibrationRun,
  TExamReliability,
  TItemCalibrations,
} from "../../../shared/schemas/psychometrics";
import { loadExamInReach, reachOf } from "../results/results.service";
import { loadReadable } from "../bank/bank.service";
import { assertExamWritable } from "../years/guard";
import { examFiguresVersion, queueReliabilityOfExam, reliabilityRefreshing } from "../analytics/figures";
import { storeAllSchoolsSums } from "../analytics/item-analysis.service";
import { storeAllSchoolsDif } from "./fairness.service";
import type { TJobContext, TJobHandler } from "../../jobs/jobs";

/** The default minimum of responses per question (calibrate.ts's). */
export const DEFAULT_MIN_RESPONSES = 30;

/**
 * Exams being calibrated in this process: a second request for one of them is refused (CALIBRATION_RUNNING) rather
 * than queued behind it, since it would compute the same thing again. One process serves the app (ARCHITECTURE.md).
 */
const running = new Set<string>();

type TSummary = { converged?: boolean; iterations?: number; logLikelihood?: number; personsUsed?: number; latent?: { mean: number; sd: number; seSd: number | null }; minResponses?: number };

/** Runs and stores a calibration of the exam; answers the stored run. */
export async function runCalibration(db: TDb, actor: TSessionUser, examId: string, input: TCalibrationRequest): Promise<TCalibrationDetail> {
  await loadExamInReach(db, actor, examId);
  // A closed year's runs are what its attempts' scale scores were reported on: a new run would change them.
  await assertExamWritable(db, examId);
  if (running.has(examId)) throw new AppError("CALIBRATION_RUNNING");
  running.add(examId);
  try {
    const responses = await examResponses(db, examId);
    if (responses.matrix.nPersons === 0 || responses.questions.length === 0) throw new AppError("CALIBRATION_NO_ATTEMPTS");
    const minResponses = input.minResponses ?? DEFAULT_MIN_RESPONSES;
    // The EM off the event loop: seconds of a core for a large cohort, on a core nothing else wants.
    const result = await parseInThread("calibrate", { matrix: responses.matrix, model: input.model, options: { minResponses } }, () => new AppError("CALIBRATION_TOO_LARGE"), calibrationLimits(responses.matrix));
    const calibration = { ...result, examId, questions: responses.questions, attemptIds: responses.attemptIds };
    const id = await db.transaction(async (tx) => {
      await assertExamWritable(tx, examId);
      const runId = await storeExamCalibration(tx, calibration, actor.id);
      // The minimum belongs to the run: a question's "too few responses" is read against it.
      const { converged, iterations, logLikelihood, latent, personsUsed, patterns } = calibration;
      await tx.update(calibrations).set({ summary: { converged, iterations, logLikelihood, latent, personsUsed, patterns, minResponses } }).where(eq(calibrations.id, runId));
      return runId;
    });
    return await findCalibration(db, actor, id);
  } finally {
    running.delete(examId);
  }
}

function runOf(row: typeof calibrations.$inferSelect, createdByName: string | null): TCalibrationRun {
  const summary = (row.summary ?? {}) as TSummary;
  return {
    id: row.id,
    examId: row.examId,
    model: row.model as TCalibrationModel,
    students: row.students,
    items: row.items,
    converged: summary.converged ?? null,
    iterations: summary.iterations ?? null,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The exam's runs, newest first. */
export async function listCalibrations(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<{ runs: TCalibrationRun[] }> {
  await loadExamInReach(db, actor, examId);
  const rows = await db
    .select({ run: calibrations, name: profiles.name })
    .from(calibrations)
    .leftJoin(profiles, eq(profiles.id, calibrations.createdBy))
    .where(eq(calibrations.examId, examId))
    .orderBy(desc(calibrations.createdAt), desc(calibrations.id));
  return { runs: rows.map((r) => runOf(r.run, r.name)) };
}

type TStoredParams = { a?: number; b?: number; c?: number; d?: number; steps?: { b: number[]; d: number[] } };
type TStoredSe = { a?: number | null; b?: number | null; c?: number | null; d?: number | null; steps?: { b: (number | null)[] } };
type TStoredFit = { infit?: number | null; outfit?: number | null; chiSquare?: { statistic: number; df: number; p: number | null } | null };

/** One run with its parameters per question row; a run of an exam the actor may not see is not found. */
export async function findCalibration(db: TDbOrTx, actor: TSessionUser, runId: string): Promise<TCalibrationDetail> {
  const [row] = await db.select({ run: calibrations, name: profiles.name }).from(calibrations).leftJoin(profiles, eq(profiles.id, calibrations.createdBy)).where(eq(calibrations.id, runId));
  if (!row?.run.examId) throw new AppError("CALIBRATION_NOT_FOUND");
  try {
    await loadExamInReach(db, actor, row.run.examId);
  } catch (err) {
    if (err instanceof AppError && err.code === "EXAM_NOT_FOUND") throw new AppError("CALIBRATION_NOT_FOUND");
    throw err;
  }
  // Each stored row with the exam's question row that holds its version now (its number on the exam), if any.
  const items = rowsOf<{ item_version_id: string; n: number; params: TStoredParams | null; se: TStoredSe | null; fit: TStoredFit | null; problem: { reason: string; detail: string } | null; question_id: string | null; position: number | null }>(
    await db.execute(sql`select ic.item_version_id, ic.n, ic.params, ic.se, ic.fit, ic.problem, q.id as question_id, q.position
      from ${itemCalibrations} ic
      left join lateral (select id, position from questions where exam_id = ${row.run.examId} and item_version_id = ic.item_version_id order by position limit 1) q on true
      where ic.calibration_id = ${runId}
      order by q.position nulls last, ic.item_version_id`),
  );
  const summary = (row.run.summary ?? {}) as TSummary;
  return {
    ...runOf(row.run, row.name),
    minResponses: summary.minResponses ?? null,
    summary: { logLikelihood: summary.logLikelihood ?? null, personsUsed: summary.personsUsed ?? null, latent: summary.latent ?? null },
    questions: items.map((r): TCalibrationItem => {
      const p = r.params;
      const chi = r.fit?.chiSquare ?? null;
      return {
        questionId: r.question_id,
        number: r.position === null ? null : r.position + 1,
        itemVersionId: r.item_version_id,
        n: r.n,
        a: p?.a ?? null,
        b: p?.b ?? null,
        c: p?.c ?? null,
        d: p?.d ?? null,
        steps: p?.steps?.b ?? null,
        se: r.se ? { a: r.se.a ?? null, b: r.se.b ?? null, c: r.se.c ?? null, d: r.se.d ?? null, steps: r.se.steps?.b ?? null } : null,
        fit: r.fit ? { infit: r.fit.infit ?? null, outfit: r.fit.outfit ?? null, chiSquare: chi?.statistic ?? null, df: chi?.df ?? null, p: chi?.p ?? null } : null,
        problem: r.problem ? ({ reason: r.problem.reason, detail: r.problem.detail } as TCalibrationItem["problem"]) : null,
      };
    }),
  };
}

/**
 * A bank item's parameter history: every calibration of any of its versions, newest first. The exam it came from
 * is named only when the reader may see that exam (super_admin, its author, or its author's school's staff).
 */
export async function bankItemCalibrations(db: TDbOrTx, actor: TSessionUser, itemId: string): Promise<TItemCalibrations> {
  await loadReadable(db, actor, itemId);
  const rows = await db
    .select({ ic: itemCalibrations, version: bankItemVersions.version, exam: exams, authorSchool: profiles.schoolId, runAt: calibrations.createdAt })
    .from(itemCalibrations)
    .innerJoin(bankItemVersions, eq(bankItemVersions.id, itemCalibrations.itemVersionId))
    .innerJoin(calibrations, eq(calibrations.id, itemCalibrations.calibrationId))
    .leftJoin(exams, eq(exams.id, itemCalibrations.examId))
    .leftJoin(profiles, eq(profiles.id, exams.creatorId))
    .where(eq(bankItemVersions.itemId, itemId))
    .orderBy(desc(calibrations.createdAt), desc(itemCalibrations.id));
  return {
    calibrations: rows.map(({ ic, version, exam, authorSchool, runAt }) => {
      const visible = exam && (actor.role === "super_admin" || exam.creatorId === actor.id || (actor.schoolId !== null && authorSchool === actor.schoolId));
      const p = ic.params as TStoredParams | null;
      const se = ic.se as TStoredSe | null;
      return {
        calibrationId: ic.calibrationId,
        version,
        exam: visible ? { id: exam.id, titleAr: exam.titleAr, titleEn: exam.titleEn } : null,
        model: ic.model as TCalibrationModel,
        n: ic.n,
        createdAt: runAt.toISOString(),
        a: p?.a ?? null,
        b: p?.b ?? null,
        c: p?.c ?? null,
        se: se ? { a: se.a ?? null, b: se.b ?? null, c: se.c ?? null } : null,
        problem: (ic.problem?.reason ?? null) as TItemCalibrations["calibrations"][number]["problem"],
      };
    }),
  };
}

/** θ from −4 to 4 in steps of 0.25: the information curve's points. */
export const INFORMATION_THETAS = Array.from({ length: 33 }, (_, i) => -4 + i * 0.25);

/** The rows of the matrix whose attempts are in the reader's reach (item analysis' population). */
function inReach(responses: ExamResponses, attemptIds: Set<string>): ExamResponses {
  const keep = responses.attemptIds.flatMap((id, p) => (attemptIds.has(id) ? [p] : []));
  return { questions: responses.questions, attemptIds: keep.map((p) => responses.attemptIds[p]!), matrix: matrixRows(responses.matrix, keep) };
}

/** Each column's highest score in calibration steps: what Lord's CSEM counts. */
const maxScoresOf = (responses: ExamResponses) => responses.questions.map((q) => q.maxScore);

/** Whose attempts a reader's reliability is over (reachOf): "all", "school:<id>", or null when neither fits. */
function reachKey(actor: TSessionUser, creatorId: string | null): string | null {
  if (actor.role === "super_admin" || (actor.role === "teacher" && creatorId === actor.id)) return "all";
  return actor.schoolId ? `school:${actor.schoolId}` : null;
}

/**
 * Classical reliability over the graded attempts the reader may see (the item analysis page's), each question
 * scored as the calibration scores it (calibrate-exam.ts: right/wrong 0/1, others in steps); and, when the exam has
 * been calibrated, the test information and marginal reliability of its latest run's parameters.
 *
 * The classical part is read from exam_reliability (decision 0061): the reliability job's figures when they are of
 * the exam's version now, or — while a job to refresh them is waiting for marks to settle or running — the last ones
 * (at most max(settle time, RELIABILITY_SPACING × the last run) plus one run behind: figures.ts). Otherwise (no job has run: an exam marked before the job existed,
 * or a reader outside both reaches) they are worked out from the matrix here, and stored.
 */
export async function examReliability(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TExamReliability> {
  const exam = await loadExamInReach(db, actor, examId);
  const reach = reachKey(actor, exam.creatorId);
  const version = await examFiguresVersion(db, examId);
  let classical: ClassicalFigures | null = null;
  if (reach) {
    const [stored] = rowsOf<{ version: string; figures: ClassicalFigures; refreshing: boolean }>(
      await db.execute(sql`select version, figures, ${reliabilityRefreshing(examId)} as refreshing
        from exam_reliability where exam_id = ${examId} and reach = ${reach}`),
    );
    if (stored && (stored.version === version || stored.refreshing)) classical = stored.figures;
  }
  if (!classical) {
    const reachable = await db
      .select({ id: studentExams.id })
      .from(studentExams)
      .innerJoin(exams, eq(exams.id, studentExams.examId))
      .innerJoin(profiles, eq(profiles.id, studentExams.studentId))
      .where(and(eq(studentExams.examId, examId), eq(studentExams.status, "graded"), reachOf(actor)));
    const responses = inReach(await examResponses(db, examId), new Set(reachable.map((r) => r.id)));
    const [figures] = await figuresOffLoop("reliability", { matrix: responses.matrix, maxScores: maxScoresOf(responses), reachOf: new Int32Array(0), reaches: 0 }, responses.matrix.nPersons);
    classical = figures!;
    if (reach) await storeReliability(db, examId, version, [[reach, classical]]);
  }
  return { ...classical, irt: await latestInformation(db, examId) };
}

/** `runMs`: the job's run (figures.ts spaces the next by it); the page's own working out keeps the last run's. */
async function storeReliability(db: TDbOrTx, examId: string, version: string, rows: [string, ClassicalFigures][], runMs: number | null = null): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`insert into exam_reliability (exam_id, reach, version, figures, computed_at, run_ms)
    select ${examId}::uuid, r.reach, ${version}, r.figures, now(), ${runMs}::int from jsonb_to_recordset(${JSON.stringify(rows.map(([reach, figures]) => ({ reach, figures })))}::jsonb) as r(reach text, figures jsonb)
    on conflict (exam_id, reach) do update set version = excluded.version, figures = excluded.figures, computed_at = excluded.computed_at,
      run_ms = coalesce(excluded.run_ms, exam_reliability.run_ms)`);
}

/** The exam's graded attempts and each one's school: the job stores a reach for every school among them. */
const gradedSchools = (examId: string) =>
  sql`select se.id, p.school_id from student_exams se join profiles p on p.id = se.student_id where se.exam_id = ${examId} and se.status = 'graded'`;

/** Whether exam_reliability holds, under `version`, every reach the job would store ("all" and each school with a
 *  graded attempt) and nothing older. Counts attempts' schools, not answers. */
async function reliabilityCurrent(db: TDbOrTx, examId: string, version: string): Promise<boolean> {
  const [r] = rowsOf<{ current: boolean }>(
    await db.execute(sql`select not exists (select 1 from exam_reliability where exam_id = ${examId} and version <> ${version})
      and (select count(*) from exam_reliability where exam_id = ${examId} and version = ${version})
        = 1 + (select count(distinct g.school_id) from (${gradedSchools(examId)}) g) as current`),
  );
  return r!.current;
}

/**
 * The job (decision 0061): the exam's matrix read once, and the classical figures worked out for every school's
 * attempts together and for each school's own — every reach a reader can have — then stored under the version read
 * before the matrix (a mark that lands meanwhile makes the version move on, and queues the next run). With them,
 * what a ministry's first view of the exam would otherwise wait for (decision 0066): item analysis' sums and DIF's
 * reports over every school, each stored under the version it was worked out from.
 */
export async function refreshReliability(db: TDbOrTx, examId: string, run?: { jobId: string; progress: TJobContext["progress"] }): Promise<{ reaches: number; ms: number; again: boolean }> {
  const started = performance.now();
  // Item analysis' sums over every school (decision 0066): due at the same moments, and seconds where the matrix
  // below is tens of seconds, so the ministry's first view of the item analysis does not wait for the matrix.
  await storeAllSchoolsSums(db, examId);
  const version = await examFiguresVersion(db, examId);
  // A job finding every reach already stored under the exam's version (a refresh ran since it was queued: a restore's,
  // a bulk load's) has nothing to do; the matrix is the whole cost (minutes at the year).
  if (run && (await reliabilityCurrent(db, examId, version))) {
    // DIF's reports are kept apart: an install that had the figures before it stored reports stores them now.
    await storeAllSchoolsDif(db, examId);
    return { reaches: 0, ms: 0, again: false };
  }
  const responses = await examResponses(db, examId);
  // The matrix is read (the long part at the year): a sign of life, so the claim is kept.
  await run?.progress({ done: 0, failed: 0, total: 1 });
  // Each row's school as a number (the thread is sent numbers, not 200,000 ids), the ids' loops in slices, and the
  // figures worked out off the event loop at the year (decision 0067): every school's and each school's own.
  const { codes: schoolAt, keys: schools } = await codesOf(
    responses.attemptIds,
    rowsOf<{ id: string; school_id: string | null }>(await db.execute(gradedSchools(examId))),
    (r) => r.school_id,
    -1,
  );
  const figures = await keepingClaim(run, () =>
    figuresOffLoop("reliability", { matrix: responses.matrix, maxScores: maxScoresOf(responses), reachOf: schoolAt, reaches: schools.length }, responses.matrix.nPersons),
  );
  const rows: [string, ClassicalFigures][] = [["all", figures[0]!], ...schools.map((school, i): [string, ClassicalFigures] => [`school:${school}`, figures[i + 1]!])];
  // The run's duration as stored: the matrix read and the figures worked out (the store itself is a few rows).
  const ms = Math.round(performance.now() - started);
  await storeReliability(db, examId, version, rows, ms);
  // DIF over every school, each grouping (decision 0066), from the matrix just read (kept under its version): after
  // the reliability figures, which are a minute's promise; the reports take longer (seconds per grouping at the year).
  await storeAllSchoolsDif(db, examId);
  // A school whose attempts all went keeps no figures of them.
  await db.execute(sql`delete from exam_reliability where exam_id = ${examId} and version <> ${version}`);
  // A mark that landed during the run found this job running and queued nothing (the running row holds the dedupe
  // key): the run lets go of the key — a mark from now on queues its own run — and, if the version moved under it,
  // queues the next itself, spaced from this run as any (figures.ts). Without it the page, finding figures of an old
  // version and no job, would work them out itself on its next view.
  let again = false;
  if (run) {
    await db.execute(sql`update jobs set dedupe_key = null where id = ${run.jobId}`);
    again = (await examFiguresVersion(db, examId)) !== version;
    if (again) await queueReliabilityOfExam(db, examId);
  }
  return { reaches: rows.length, ms, again };
}

/**
 * `work` done while the job's claim is kept alive (jobs.ts: a claim without a sign of life for two minutes is taken
 * by another process): a figures thread may wait for an idle core for minutes on an exam morning.
 */
export async function keepingClaim<T>(run: { progress: TJobContext["progress"] } | undefined, work: () => Promise<T>): Promise<T> {
  const alive = run ? setInterval(() => void run.progress({ done: 0, failed: 0, total: 1 }).catch(() => {}), 30_000) : null;
  try {
    return await work();
  } finally {
    if (alive) clearInterval(alive);
  }
}

/** The reliability job (registered by psychometrics.routes.ts): the exam's figures worked out again and stored. */
export const reliabilityJob: TJobHandler = ({ db, job, progress }) => refreshReliability(db, String(job.payload.examId), { jobId: job.id, progress });

/** The latest run's calibrated items as information-curve items (D = 1: calibrate.ts works on the logistic metric). */
async function latestInformation(db: TDbOrTx, examId: string): Promise<TExamReliability["irt"]> {
  const [run] = await db.select().from(calibrations).where(eq(calibrations.examId, examId)).orderBy(desc(calibrations.createdAt), desc(calibrations.id)).limit(1);
  if (!run) return null;
  const rows = await db.select({ params: itemCalibrations.params }).from(itemCalibrations).where(and(eq(itemCalibrations.calibrationId, run.id), sql`${itemCalibrations.params} is not null`));
  const items = rows.map(({ params }) => {
    const p = params as TStoredParams;
    return (p.steps ? { a: p.a!, b: p.steps.b } : { a: p.a!, b: p.b!, c: p.c ?? 0 }) satisfies LinkItem;
  });
  const latent = ((run.summary ?? {}) as TSummary).latent;
  // The cohort's ability distribution: N(0, 1) for 2PL/3PL/GPCM, N(0, σ²) with Rasch's estimated σ.
  const sd = latent?.sd ?? 1;
  const quadrature = normalQuadrature(41, -4 * sd, 4 * sd, 0, sd);
  const value = items.length ? marginalReliability(items, 1, quadrature) : null;
  return {
    calibrationId: run.id,
    model: run.model as TCalibrationModel,
    createdAt: run.createdAt.toISOString(),
    marginalReliability: value !== null && Number.isFinite(value) ? value : null,
    curve: items.length ? irtConditionalSem(items, INFORMATION_THETAS, 1).map((c) => ({ theta: c.theta, information: c.information, sem: Number.isFinite(c.sem) ? c.sem : null })) : [],
  };
}
