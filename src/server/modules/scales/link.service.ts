// Linking a calibration run to a reporting scale (issue 35; docs/decisions/0047) through its anchor items: the item
// versions it shares with the runs already on the scale. Their parameters on the scale's reference θ come from the
// reference run, or — for an item the reference did not have — from the newest linked run that has it, put on the
// reference θ by that run's A and B. psychometrics/link.ts finds A and B (Stocking–Lord by default) and each anchor's
// drift; the result is stored on the run (calibrations.linking), where psychometrics/scale.ts reads scaleId, A, B.
// Linking is a few dozen anchors and a 41-point quadrature: milliseconds, so it runs in the request.
import { eq, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { calibrations, exams, reportingScales } from "../../db/schema";
import { calibrationLimits, parseInThread } from "../../parse-pool";
import { concurrentResponses } from "../../psychometrics/concurrent";
import { storeCalibration } from "../../psychometrics/calibrate-exam";
import { NOT_PRESENTED } from "../../psychometrics/types";
import { DEFAULT_MIN_RESPONSES } from "../psychometrics/psychometrics.service";
import { AppError } from "../../http/errors";
import { linkForms, linkingStandardErrors, transformToReference, type LinkItem, type LinkMethod, type NamedLinkItem } from "../../psychometrics/link";
import { equateTrueScores } from "../../psychometrics/equate";
import { writeAudit } from "../audit/audit.service";
import type { TSessionUser } from "../../../shared/permissions";
import { cachedByVersion } from "../analytics/version-cache";
import { MIN_ANCHORS, type TScaleLinking, type TScaleRun } from "../../../shared/schemas/scale";

type TParams = { a?: number; b?: number; c?: number; steps?: { b?: number[] } };

/** A stored item's parameters as a linking item; null when it has none usable. */
function linkItemOf(model: string, params: TParams | null): LinkItem | null {
  if (!params || typeof params.a !== "number" || !(params.a > 0)) return null;
  if (model === "gpcm" || params.steps?.b) {
    const b = params.steps?.b;
    return Array.isArray(b) && b.length > 0 && b.every(Number.isFinite) ? { a: params.a, b } : null;
  }
  if (typeof params.b !== "number" || !Number.isFinite(params.b)) return null;
  return { a: params.a, b: params.b, c: typeof params.c === "number" ? params.c : 0 };
}

async function itemsOfRun(db: TDbOrTx, calibrationId: string): Promise<NamedLinkItem[]> {
  const rows = rowsOf<{ item_version_id: string; model: string; params: TParams | null }>(
    await db.execute(sql`select item_version_id, model, params from item_calibrations
      where calibration_id = ${calibrationId} and params is not null order by item_version_id`),
  );
  const seen = new Set<string>();
  const items: NamedLinkItem[] = [];
  for (const r of rows) {
    const item = linkItemOf(r.model, r.params);
    // An exam may hold one version twice (two positions): the first is the anchor.
    if (!item || seen.has(r.item_version_id)) continue;
    seen.add(r.item_version_id);
    items.push({ ...item, item: r.item_version_id });
  }
  return items;
}

type TRunRow = { id: string; exam_id: string | null; subject_id: string | null; linking: Partial<TScaleLinking> | null; created_at: Date };

async function runOf(db: TDbOrTx, calibrationId: string): Promise<TRunRow | undefined> {
  const [run] = rowsOf<TRunRow>(
    await db.execute(sql`select c.id, c.exam_id, e.subject_id, c.linking, c.created_at from calibrations c
      left join exams e on e.id = c.exam_id where c.id = ${calibrationId}`),
  );
  return run;
}

/** Every anchor's parameters on the scale's reference θ: the reference run's first, then the newest linked run's. */
async function scaleItems(db: TDbOrTx, scale: { id: string; referenceCalibrationId: string }, exceptRun: string): Promise<Map<string, NamedLinkItem>> {
  const onScale = new Map<string, NamedLinkItem>();
  for (const item of await itemsOfRun(db, scale.referenceCalibrationId)) onScale.set(item.item, item);
  const linked = rowsOf<{ id: string; linking: { A: number; B: number } }>(
    await db.execute(sql`select id, linking from calibrations
      where linking ->> 'scaleId' = ${scale.id} and id <> ${exceptRun} and id <> ${scale.referenceCalibrationId}
      order by created_at desc, id`),
  );
  for (const run of linked) {
    for (const item of await itemsOfRun(db, run.id)) {
      if (!onScale.has(item.item)) onScale.set(item.item, { ...transformToReference(item, run.linking.A, run.linking.B), item: item.item });
    }
  }
  return onScale;
}

export async function linkRun(
  db: TDb,
  actor: TSessionUser,
  scaleId: string,
  input: { calibrationId: string; method: LinkMethod; driftThreshold: number; dropAnchors: string[] },
): Promise<TScaleLinking> {
  return db.transaction(async (tx) => {
    const [scale] = await tx.select().from(reportingScales).where(eq(reportingScales.id, scaleId));
    if (!scale) throw new AppError("SCALE_NOT_FOUND");
    const run = await runOf(tx, input.calibrationId);
    if (!run) throw new AppError("SCALE_CALIBRATION_NOT_FOUND");
    if (run.subject_id !== scale.subjectId) throw new AppError("SCALE_CALIBRATION_WRONG_SUBJECT");
    if (!scale.referenceCalibrationId) throw new AppError("SCALE_NO_REFERENCE");
    if (run.id === scale.referenceCalibrationId) throw new AppError("SCALE_LINK_REFERENCE");

    const dropped = new Set(input.dropAnchors);
    const runItems = await itemsOfRun(tx, run.id);
    const onScale = await scaleItems(tx, { id: scale.id, referenceCalibrationId: scale.referenceCalibrationId }, run.id);
    const from = runItems.filter((i) => onScale.has(i.item) && !dropped.has(i.item));
    const to = from.map((i) => onScale.get(i.item)!);
    if (from.length < MIN_ANCHORS) throw new AppError("SCALE_TOO_FEW_ANCHORS", { vars: { count: from.length, minimum: MIN_ANCHORS } });

    const report = linkForms(from, to, { method: input.method, driftThreshold: input.driftThreshold });
    // How much A and B would move with another choice of anchors; none when too few anchors resample into a link.
    let se: { seA: number; seB: number } | null = null;
    try {
      se = linkingStandardErrors(from, to, { method: input.method, replicates: 100 });
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
    const reference = await itemsOfRun(tx, scale.referenceCalibrationId);
    const linking: TScaleLinking = {
      scaleId: scale.id,
      method: report.method,
      A: report.A,
      B: report.B,
      seA: se?.seA ?? null,
      seB: se?.seB ?? null,
      driftThreshold: report.driftThreshold,
      anchors: from.map((i) => i.item),
      dropped: [...dropped].filter((id) => onScale.has(id) && runItems.some((i) => i.item === id)),
      drift: report.anchors,
      equating: equating(runItems.map((i) => transformToReference(i, report.A, report.B)), reference),
      labels: await questionNumbers(tx, run.exam_id, report.anchors.map((d) => d.item)),
      linkedBy: actor.id,
      linkedAt: new Date().toISOString(),
    };
    await tx.update(calibrations).set({ linking }).where(eq(calibrations.id, run.id));
    await writeAudit(tx, actor, { action: "update", entity: "calibration_link", entityId: run.id, before: run.linking, after: linking });
    return linking;
  });
}

/**
 * A concurrent calibration (decision 0053): the new exam's students and the reference exam's calibrated together
 * (calibrate.ts's multiple groups; Kolen & Brennan 2014, §6.5), the reference exam's students fixed at N(0, 1) as
 * they were when the scale's reference calibration was run, so the run is on the scale's θ as it stands (A = 1,
 * B = 0) through the items the two exams share. The EM runs in the parse thread; the run, its items, every
 * attempt's ability and its link are stored in one transaction. It then is the newest run on the scale for both
 * exams' attempts (scale.ts takes the newest).
 */
export async function linkConcurrent(db: TDb, actor: TSessionUser, scaleId: string, input: { examId: string; model: "rasch" | "2pl" }): Promise<TScaleLinking> {
  const [scale] = await db.select().from(reportingScales).where(eq(reportingScales.id, scaleId));
  if (!scale) throw new AppError("SCALE_NOT_FOUND");
  if (!scale.referenceCalibrationId) throw new AppError("SCALE_NO_REFERENCE");
  const [reference] = await db.select({ examId: calibrations.examId }).from(calibrations).where(eq(calibrations.id, scale.referenceCalibrationId));
  const referenceExamId = reference?.examId ?? scale.referenceExamId;
  if (!referenceExamId) throw new AppError("SCALE_NO_REFERENCE");
  const [exam] = await db.select({ id: exams.id, subjectId: exams.subjectId }).from(exams).where(eq(exams.id, input.examId));
  if (!exam) throw new AppError("EXAM_NOT_FOUND");
  if (exam.subjectId !== scale.subjectId) throw new AppError("SCALE_CALIBRATION_WRONG_SUBJECT");
  if (exam.id === referenceExamId) throw new AppError("SCALE_LINK_REFERENCE");

  const responses = await concurrentResponses(db, [referenceExamId, exam.id]);
  // The anchors: item versions both exams' students were given.
  const shared = responses.columns.filter((_, j) => {
    let inRef = false;
    let inNew = false;
    const k = responses.columns.length;
    for (let p = 0; p < responses.matrix.nPersons && !(inRef && inNew); p++) {
      if (responses.matrix.data[p * k + j] === NOT_PRESENTED) continue;
      if (responses.groups[p] === 0) inRef = true;
      else inNew = true;
    }
    return inRef && inNew;
  });
  if (shared.length < MIN_ANCHORS) throw new AppError("SCALE_TOO_FEW_ANCHORS", { vars: { count: shared.length, minimum: MIN_ANCHORS } });
  const result = await parseInThread(
    "calibrate",
    { matrix: responses.matrix, model: input.model, options: { groups: responses.groups, minResponses: DEFAULT_MIN_RESPONSES } },
    () => new AppError("CALIBRATION_TOO_LARGE"),
    calibrationLimits(responses.matrix),
  );
  return db.transaction(async (tx) => {
    const runId = await storeCalibration(
      tx,
      { examId: exam.id, scope: "bank", result, columns: responses.columns, attemptIds: responses.attemptIds, summary: { examIds: [referenceExamId, exam.id], concurrent: true } },
      actor.id,
    );
    const runItems = await itemsOfRun(tx, runId);
    const referenceItems = await itemsOfRun(tx, scale.referenceCalibrationId!);
    const newExamVersions = new Set(rowsOf<{ v: string }>(await tx.execute(sql`select distinct item_version_id as v from questions where exam_id = ${exam.id}`)).map((r) => r.v));
    const anchors = shared.map((c) => c.itemVersionId);
    const linking: TScaleLinking = {
      scaleId: scale.id,
      method: "concurrent",
      A: 1,
      B: 0,
      seA: null,
      seB: null,
      driftThreshold: 0,
      anchors,
      dropped: [],
      drift: [],
      equating: equating(runItems.filter((i) => newExamVersions.has(i.item)), referenceItems),
      labels: await questionNumbers(tx, exam.id, anchors),
      linkedBy: actor.id,
      linkedAt: new Date().toISOString(),
    };
    await tx.update(calibrations).set({ linking }).where(eq(calibrations.id, runId));
    await writeAudit(tx, actor, { action: "create", entity: "calibration_link", entityId: runId, after: linking });
    return linking;
  });
}

/** Each item version's question number (Q1, Q2… in the exam's order; its first row if it appears twice). */
async function questionNumbers(db: TDbOrTx, examId: string | null, versionIds: string[]): Promise<Record<string, string>> {
  if (!examId || versionIds.length === 0) return {};
  const rows = rowsOf<{ item_version_id: string; n: number }>(
    await db.execute(sql`select item_version_id, min(n)::int as n from (
        select item_version_id, row_number() over (order by position, id) as n from questions where exam_id = ${examId}) q
      where item_version_id in (${sql.join(versionIds.map((id) => sql`${id}::uuid`), sql`, `)}) group by item_version_id`),
  );
  return Object.fromEntries(rows.map((r) => [r.item_version_id, `Q${r.n}`]));
}

/** IRT true-score equating of the run's number-correct scores to the reference run's (both on the reference θ). */
function equating(formX: LinkItem[], formY: LinkItem[]): TScaleLinking["equating"] {
  if (formX.length === 0 || formY.length === 0) return [];
  return equateTrueScores(formX, formY).map((e) => ({ x: e.x, theta: e.theta, y: e.y }));
}

/** The runs that can define or be linked to the scale: of its subject's exams, with abilities of its grade. */
/**
 * Each run's abilities of the grade's attempts, per run of the subject's exams: one grouped pass (a hash join, not a
 * correlated count per run: at the year ten runs of 200,000 abilities each were 2 M lookups, 2.4 s), kept under
 * scale_input_changes (migration 0041: every ability written or deleted, cascades included, and every attempt's grade
 * or exam moved bumps it), so an unchanged view does not count 200,000 abilities a run again (0.33 s at the year).
 */
async function abilitiesOfGrade(db: TDbOrTx, subjectId: string, grade: number): Promise<Map<string, number>> {
  const [version] = rowsOf<{ n: string }>(await db.execute(sql`select changes::text as n from scale_input_changes`));
  return cachedByVersion(db, ["scale-runs", subjectId, grade, version?.n ?? "0"].join("|"), async () => {
    const counts = rowsOf<{ id: string; attempts: number }>(
      await db.execute(sql`select aa.calibration_id as id, count(*)::int as attempts from attempt_abilities aa join student_exams se on se.id = aa.student_exam_id
        where aa.calibration_id in (select c.id from calibrations c join exams e on e.id = c.exam_id where e.subject_id = ${subjectId})
          and aa.eap is not null and se.grade = ${grade} group by 1`),
    );
    return new Map(counts.map((r) => [r.id, Number(r.attempts)]));
  });
}

export async function scaleRuns(db: TDbOrTx, scaleId: string): Promise<TScaleRun[]> {
  const [scale] = await db.select().from(reportingScales).where(eq(reportingScales.id, scaleId));
  if (!scale) throw new AppError("SCALE_NOT_FOUND");
  const rows = rowsOf<{
    id: string; exam_id: string | null; title_ar: string | null; title_en: string | null; model: string; students: number;
    items: number; created_at: Date | string; linking: TScaleLinking | null;
  }>(
    await db.execute(sql`select c.id, c.exam_id, e.title_ar, e.title_en, c.model, c.students, c.items, c.created_at, c.linking
      from calibrations c join exams e on e.id = c.exam_id
      where e.subject_id = ${scale.subjectId}
      order by c.created_at desc, c.id`),
  );
  const counted = await abilitiesOfGrade(db, scale.subjectId, scale.grade);
  return rows
    .map((r) => ({ ...r, attempts: counted.get(r.id) ?? 0 }))
    .filter((r) => r.attempts > 0 || r.id === scale.referenceCalibrationId)
    .map((r) => ({
      id: r.id,
      examId: r.exam_id,
      examTitleAr: r.title_ar,
      examTitleEn: r.title_en,
      model: r.model,
      students: Number(r.students),
      attempts: r.attempts,
      items: Number(r.items),
      createdAt: new Date(r.created_at).toISOString(),
      isReference: r.id === scale.referenceCalibrationId,
      linking: r.linking && r.linking.scaleId === scale.id ? r.linking : null,
    }));
}
