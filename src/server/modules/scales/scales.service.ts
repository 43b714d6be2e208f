// Reporting scales and their proficiency levels (issue 35; docs/decisions/0044, 0047): a super_admin defines one
// scale per subject and grade, chooses the calibration run whose cohort defines it (its θ mean and SD become the
// scale's mean and SD), and types in the levels' cut scores. Every change is audited in its transaction.
// Scale scores themselves are computed in one place only: psychometrics/scale.ts.
import { asc, eq, sql } from "drizzle-orm";
import type { TDb, TDbOrTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { calibrations, exams, proficiencyLevels, profiles, reportingScales, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isUniqueViolation } from "../../db/errors";
import { writeAudit } from "../audit/audit.service";
import type { TSessionUser } from "../../../shared/permissions";
import type { z } from "zod";
import type { TLevel, TLevelsInput, TScale, TScaleUpdate, ZScaleCreate } from "../../../shared/schemas/scale";

type TScaleRow = typeof reportingScales.$inferSelect;
type TLevelRow = typeof proficiencyLevels.$inferSelect;

function presentLevel(row: TLevelRow & { approvedByName?: string | null }): TLevel {
  return {
    id: row.id,
    position: row.position,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    minScore: row.minScore,
    studyId: row.studyId,
    approvedBy: row.approvedBy,
    approvedByName: row.approvedByName ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

async function levelsOfScale(db: TDbOrTx, scaleId: string): Promise<TLevel[]> {
  const rows = await db
    .select({ level: proficiencyLevels, approvedByName: profiles.name })
    .from(proficiencyLevels)
    .leftJoin(profiles, eq(profiles.id, proficiencyLevels.approvedBy))
    .where(eq(proficiencyLevels.scaleId, scaleId))
    .orderBy(asc(proficiencyLevels.position));
  return rows.map((r) => presentLevel({ ...r.level, approvedByName: r.approvedByName }));
}

function present(row: TScaleRow, subject: { nameAr: string; nameEn: string }, levels: TLevel[]): TScale {
  return {
    id: row.id,
    subjectId: row.subjectId,
    subjectNameAr: subject.nameAr,
    subjectNameEn: subject.nameEn,
    grade: row.grade,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    mean: row.mean,
    sd: row.sd,
    thetaMean: row.thetaMean,
    thetaSd: row.thetaSd,
    decimals: row.decimals,
    lowest: row.lowest,
    highest: row.highest,
    referenceCalibrationId: row.referenceCalibrationId,
    referenceExamId: row.referenceExamId,
    levels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findScales(db: TDbOrTx): Promise<TScale[]> {
  const rows = await db
    .select({ scale: reportingScales, subject: { nameAr: subjects.nameAr, nameEn: subjects.nameEn } })
    .from(reportingScales)
    .innerJoin(subjects, eq(subjects.id, reportingScales.subjectId))
    .orderBy(asc(reportingScales.subjectId), asc(reportingScales.grade));
  return Promise.all(rows.map(async (r) => present(r.scale, r.subject, await levelsOfScale(db, r.scale.id))));
}

export async function getScale(db: TDbOrTx, id: string): Promise<TScale> {
  const [r] = await db
    .select({ scale: reportingScales, subject: { nameAr: subjects.nameAr, nameEn: subjects.nameEn } })
    .from(reportingScales)
    .innerJoin(subjects, eq(subjects.id, reportingScales.subjectId))
    .where(eq(reportingScales.id, id));
  if (!r) throw new AppError("SCALE_NOT_FOUND");
  return present(r.scale, r.subject, await levelsOfScale(db, id));
}

/** Cuts must stay inside the bounds whenever either changes. */
function checkCutsWithin(levels: { minScore: number | null }[], lowest: number | null, highest: number | null) {
  for (const { minScore } of levels) {
    if (minScore === null) continue;
    if ((lowest !== null && minScore < lowest) || (highest !== null && minScore > highest)) throw new AppError("SCALE_CUTS_OUT_OF_BOUNDS");
  }
}

export async function createScale(db: TDb, actor: TSessionUser, input: z.output<typeof ZScaleCreate>): Promise<TScale> {
  return db
    .transaction(async (tx) => {
      const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subjectId));
      if (!subject) throw new AppError("SUBJECT_NOT_FOUND");
      const [row] = await tx
        .insert(reportingScales)
        .values({ ...input, createdBy: actor.id })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError("SCALE_TAKEN");
      const scale = await getScale(tx, row.id);
      await writeAudit(tx, actor, { action: "create", entity: "reporting_scale", entityId: row.id, after: scale });
      return scale;
    })
    .catch((err) => {
      if (isUniqueViolation(err) !== null) throw new AppError("SCALE_TAKEN");
      throw err;
    });
}

/**
 * The reference run's cohort: the EAP mean and SD (population, n in the denominator) of the run's attempts of the
 * scale's grade. A run of another subject's exam, or one with fewer than two different abilities there, is refused.
 */
export async function referenceCohort(db: TDbOrTx, scale: Pick<TScaleRow, "subjectId" | "grade">, calibrationId: string) {
  const [run] = await db
    .select({ id: calibrations.id, examId: calibrations.examId, subjectId: exams.subjectId })
    .from(calibrations)
    .leftJoin(exams, eq(exams.id, calibrations.examId))
    .where(eq(calibrations.id, calibrationId));
  if (!run) throw new AppError("SCALE_CALIBRATION_NOT_FOUND");
  if (run.subjectId !== scale.subjectId) throw new AppError("SCALE_CALIBRATION_WRONG_SUBJECT");
  const [stats] = rowsOf<{ n: number; mean: number | null; sd: number | null }>(
    await db.execute(sql`select count(*)::int as n, avg(aa.eap)::float8 as mean, stddev_pop(aa.eap)::float8 as sd
      from attempt_abilities aa join student_exams se on se.id = aa.student_exam_id
      where aa.calibration_id = ${calibrationId} and aa.eap is not null and se.grade = ${scale.grade}`),
  );
  const sd = stats?.sd === null || stats?.sd === undefined ? 0 : Number(stats.sd);
  if (!stats || Number(stats.n) < 2 || !(sd > 1e-9)) throw new AppError("SCALE_CALIBRATION_NO_ABILITIES");
  return { examId: run.examId, thetaMean: Number(stats.mean), thetaSd: sd };
}

export async function updateScale(db: TDb, actor: TSessionUser, id: string, input: TScaleUpdate): Promise<TScale> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reportingScales).where(eq(reportingScales.id, id)).for("update");
    if (!before) throw new AppError("SCALE_NOT_FOUND");
    const beforeView = await getScale(tx, id);
    const { referenceCalibrationId, ...definition } = input;
    const change: Partial<typeof reportingScales.$inferInsert> = { ...definition, updatedAt: new Date() };
    const lowest = input.lowest === undefined ? before.lowest : input.lowest;
    const highest = input.highest === undefined ? before.highest : input.highest;
    if (lowest !== null && highest !== null && !(lowest < highest)) throw new AppError("SCALE_BOUNDS_ORDER");
    checkCutsWithin(beforeView.levels, lowest, highest);
    if (referenceCalibrationId === null) Object.assign(change, { referenceCalibrationId: null, referenceExamId: null, thetaMean: 0, thetaSd: 1 });
    else if (referenceCalibrationId !== undefined && referenceCalibrationId !== before.referenceCalibrationId) {
      const cohort = await referenceCohort(tx, before, referenceCalibrationId);
      Object.assign(change, { referenceCalibrationId, referenceExamId: cohort.examId, thetaMean: cohort.thetaMean, thetaSd: cohort.thetaSd });
    }
    await tx.update(reportingScales).set(change).where(eq(reportingScales.id, id));
    const after = await getScale(tx, id);
    await writeAudit(tx, actor, { action: "update", entity: "reporting_scale", entityId: id, before: beforeView, after });
    return after;
  });
}

export async function deleteScale(db: TDb, actor: TSessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: reportingScales.id }).from(reportingScales).where(eq(reportingScales.id, id)).for("update");
    if (!row) throw new AppError("SCALE_NOT_FOUND");
    const before = await getScale(tx, id);
    await tx.delete(reportingScales).where(eq(reportingScales.id, id));
    // Runs linked to it keep their numbers but no longer point at a scale that is gone.
    await tx.execute(sql`update calibrations set linking = null where linking ->> 'scaleId' = ${id}`);
    await writeAudit(tx, actor, { action: "delete", entity: "reporting_scale", entityId: id, before });
  });
}

/**
 * Replaces a scale's levels (2–10, lowest first). The lowest has no cut; each cut above it is strictly higher than
 * the one below and inside the scale's bounds. A typed-in level is approved by the super_admin who saves it, now; a
 * level whose name and cut are unchanged keeps its approval (and its standard-setting study, if it came from one).
 */
export async function replaceLevels(db: TDb, actor: TSessionUser, scaleId: string, input: TLevelsInput): Promise<TScale> {
  // Their order was checked by ZLevelsInput; the bounds are the scale's, checked here.
  const levels = input.levels;
  return db.transaction(async (tx) => {
    const [scale] = await tx.select().from(reportingScales).where(eq(reportingScales.id, scaleId)).for("update");
    if (!scale) throw new AppError("SCALE_NOT_FOUND");
    checkCutsWithin(levels, scale.lowest, scale.highest);
    const beforeView = await getScale(tx, scaleId);
    const previous = new Map((await tx.select().from(proficiencyLevels).where(eq(proficiencyLevels.scaleId, scaleId))).map((l) => [l.position, l]));
    await tx.delete(proficiencyLevels).where(eq(proficiencyLevels.scaleId, scaleId));
    const now = new Date();
    await tx.insert(proficiencyLevels).values(
      levels.map((level, position) => {
        const old = previous.get(position);
        const unchanged = old && old.nameAr === level.nameAr && old.nameEn === level.nameEn && old.minScore === level.minScore;
        return {
          scaleId,
          position,
          nameAr: level.nameAr,
          nameEn: level.nameEn,
          minScore: level.minScore,
          studyId: unchanged ? old.studyId : null,
          approvedBy: unchanged ? old.approvedBy : actor.id,
          approvedAt: unchanged ? old.approvedAt : now,
        };
      }),
    );
    await tx.update(reportingScales).set({ updatedAt: now }).where(eq(reportingScales.id, scaleId));
    const after = await getScale(tx, scaleId);
    await writeAudit(tx, actor, { action: "update", entity: "proficiency_levels", entityId: scaleId, before: beforeView.levels, after: after.levels });
    return after;
  });
}
