// Standard setting (issue 35; docs/decisions/0048): a super_admin runs a study that sets the cuts of a reporting
// scale's proficiency levels by the modified Angoff or the Bookmark method (Cizek & Bunch 2007; Mitzel et al. 2001;
// the computations are in cuts.ts). Panellists — teachers and school admins of any school, invited — rate in rounds;
// between rounds the super_admin sees each panellist's cut, the median, the SD and the impact on the reference cohort;
// on approval the cuts (the last round's medians unless edited) become the levels' minimum scores in one transaction.
//
// Every step is checked against the study's row read FOR UPDATE, so two clicks or two super_admins cannot approve twice
// or rate into a round that has just closed.

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import {
  bankItemVersions,
  calibrations,
  itemCalibrations,
  proficiencyLevels,
  profiles,
  reportingScales,
  standardSettingPanellists,
  standardSettingRatings,
  standardSettingStudies,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { transformToReference, type LinkItem } from "../../psychometrics/link";
import { toScaleScore, type ScaleDefinition } from "../../psychometrics/scale";
import type { TSessionUser } from "../../../shared/permissions";
import type { TItemContent } from "../../../shared/schemas/bank";
import type {
  TBookletItem,
  TInvitation,
  TPanellistStudy,
  TRatingsInput,
  TStudyApprove,
  TStudyCreate,
  TStudyDetail,
  TStudyFigures,
  TStudyLevel,
  TStudyOptions,
  TStudySummary,
} from "../../../shared/schemas/standard-setting";
import { angoffTheta, maxScoreOf, median, orderedBooklet, sampleSd, shareAtOrAbove } from "./cuts";

type TStudyRow = typeof standardSettingStudies.$inferSelect;
type TScaleRow = typeof reportingScales.$inferSelect;

const scaleDefinition = (s: TScaleRow): ScaleDefinition => ({
  mean: s.mean,
  sd: s.sd,
  thetaMean: s.thetaMean,
  thetaSd: s.thetaSd,
  decimals: s.decimals,
  lowest: s.lowest,
  highest: s.highest,
});

/** The linking that puts a run on the scale's reference θ: none for the reference itself; null when not on the scale. */
function linkingOnScale(scale: TScaleRow, run: { id: string; linking: Record<string, unknown> | null }): { A: number; B: number } | "reference" | null {
  if (scale.referenceCalibrationId === run.id) return "reference";
  const l = run.linking;
  if (l && l.scaleId === scale.id && typeof l.A === "number" && typeof l.B === "number") return { A: l.A, B: l.B };
  return null;
}

interface StudyItem {
  itemVersionId: string;
  params: LinkItem;
  content: TItemContent;
}

/** The run's items that have parameters, on the scale's reference θ, in the run's order. */
async function studyItems(db: TDbOrTx, scale: TScaleRow, calibrationId: string): Promise<StudyItem[]> {
  const [run] = await db.select().from(calibrations).where(eq(calibrations.id, calibrationId));
  if (!run) return [];
  const linking = linkingOnScale(scale, run);
  const rows = await db
    .select({ itemVersionId: itemCalibrations.itemVersionId, model: itemCalibrations.model, params: itemCalibrations.params, content: bankItemVersions.content })
    .from(itemCalibrations)
    .innerJoin(bankItemVersions, eq(bankItemVersions.id, itemCalibrations.itemVersionId))
    .where(and(eq(itemCalibrations.calibrationId, calibrationId), sql`${itemCalibrations.params} is not null`))
    // The exam's order (a bank run has none: the order they were stored in).
    .orderBy(
      sql`(select min(q.position) from questions q where q.exam_id = ${itemCalibrations.examId} and q.item_version_id = ${itemCalibrations.itemVersionId})`,
      asc(itemCalibrations.createdAt),
      asc(itemCalibrations.id),
    );
  const seen = new Set<string>();
  const items: StudyItem[] = [];
  for (const row of rows) {
    if (seen.has(row.itemVersionId)) continue; // a version used twice in one exam is one item to rate
    seen.add(row.itemVersionId);
    const p = row.params as { a?: number; b?: number; c?: number; steps?: { b?: number[] } };
    if (typeof p.a !== "number" || typeof p.b !== "number" || !(p.a > 0)) continue;
    let params: LinkItem = row.model === "gpcm" ? { a: p.a, b: p.steps?.b?.length ? p.steps.b : [p.b] } : { a: p.a, b: p.b, c: typeof p.c === "number" ? p.c : 0 };
    if (linking && linking !== "reference") params = transformToReference(params, linking.A, linking.B);
    items.push({ itemVersionId: row.itemVersionId, params, content: row.content });
  }
  return items;
}

async function levelsOfScale(db: TDbOrTx, scaleId: string): Promise<TStudyLevel[]> {
  return db
    .select({ position: proficiencyLevels.position, nameAr: proficiencyLevels.nameAr, nameEn: proficiencyLevels.nameEn, minScore: proficiencyLevels.minScore })
    .from(proficiencyLevels)
    .where(eq(proficiencyLevels.scaleId, scaleId))
    .orderBy(asc(proficiencyLevels.position));
}

async function loadStudy(db: TDbOrTx, id: string, lock = false): Promise<{ study: TStudyRow; scale: TScaleRow }> {
  const q = db.select().from(standardSettingStudies).where(eq(standardSettingStudies.id, id));
  const [study] = lock ? await q.for("update") : await q;
  if (!study) throw new AppError("STUDY_NOT_FOUND");
  const [scale] = await db.select().from(reportingScales).where(eq(reportingScales.id, study.scaleId));
  if (!scale) throw new AppError("STUDY_NOT_FOUND");
  return { study, scale };
}

function summaryOf(study: TStudyRow, scale: TScaleRow, panellists: number): TStudySummary {
  return {
    id: study.id,
    scaleId: scale.id,
    scaleNameAr: scale.nameAr,
    scaleNameEn: scale.nameEn,
    method: study.method,
    status: study.status,
    round: study.round,
    responseProbability: study.responseProbability,
    panellists,
    createdAt: study.createdAt.toISOString(),
    approvedAt: study.approvedAt?.toISOString() ?? null,
  };
}

// ---- the super_admin's side

/** What a study can be set on: each scale with its levels' count and the runs on it (its reference, runs linked to it). */
export async function studyOptions(db: TDb): Promise<TStudyOptions> {
  const scales = await db.select().from(reportingScales).orderBy(asc(reportingScales.subjectId), asc(reportingScales.grade));
  const runs = rowsOf<{ id: string; model: string; items: number; created_at: string | Date; scale_id: string }>(
    await db.execute(sql`select c.id, c.model, c.items, c.created_at, rs.id as scale_id
      from calibrations c join reporting_scales rs on rs.reference_calibration_id = c.id or (c.linking ->> 'scaleId') = rs.id::text
      order by c.created_at desc`),
  );
  const levels = rowsOf<{ scale_id: string; n: number }>(await db.execute(sql`select scale_id, count(*)::int as n from proficiency_levels group by scale_id`));
  return {
    scales: scales.map((scale) => ({
      id: scale.id,
      nameAr: scale.nameAr,
      nameEn: scale.nameEn,
      levels: Number(levels.find((l) => l.scale_id === scale.id)?.n ?? 0),
      runs: runs
        .filter((r) => r.scale_id === scale.id)
        .map((r) => ({ id: r.id, model: r.model, items: Number(r.items), createdAt: new Date(r.created_at).toISOString(), reference: r.id === scale.referenceCalibrationId })),
    })),
  };
}

export async function listStudies(db: TDb): Promise<TStudySummary[]> {
  const rows = await db
    .select({ study: standardSettingStudies, scale: reportingScales, panellists: sql<number>`(select count(*)::int from standard_setting_panellists p where p.study_id = ${standardSettingStudies.id})` })
    .from(standardSettingStudies)
    .innerJoin(reportingScales, eq(reportingScales.id, standardSettingStudies.scaleId))
    .orderBy(desc(standardSettingStudies.createdAt));
  return rows.map((r) => summaryOf(r.study, r.scale, Number(r.panellists)));
}

export async function findStudy(db: TDbOrTx, id: string): Promise<TStudyDetail> {
  const { study, scale } = await loadStudy(db, id);
  const [run] = await db.select({ model: calibrations.model }).from(calibrations).where(eq(calibrations.id, study.calibrationId));
  const panellists = await db
    .select({ userId: profiles.id, name: profiles.name, email: profiles.email, role: profiles.role, schoolId: profiles.schoolId, submittedRound: standardSettingPanellists.submittedRound })
    .from(standardSettingPanellists)
    .innerJoin(profiles, eq(profiles.id, standardSettingPanellists.userId))
    .where(eq(standardSettingPanellists.studyId, id))
    .orderBy(asc(profiles.name));
  const items = await studyItems(db, scale, study.calibrationId);
  return {
    ...summaryOf(study, scale, panellists.length),
    calibrationId: study.calibrationId,
    model: run?.model ?? "",
    items: items.length,
    levels: await levelsOfScale(db, scale.id),
    panellistList: panellists.map((p) => ({ ...p, role: p.role as "teacher" | "school_admin" })),
    approvedCuts: study.approvedCuts ?? null,
  };
}

export async function createStudy(db: TDb, actor: TSessionUser, input: TStudyCreate): Promise<TStudyDetail> {
  const [scale] = await db.select().from(reportingScales).where(eq(reportingScales.id, input.scaleId));
  if (!scale) throw new AppError("STUDY_SCALE_NOT_FOUND");
  const [run] = await db.select().from(calibrations).where(eq(calibrations.id, input.calibrationId));
  if (!run) throw new AppError("STUDY_CALIBRATION_NOT_FOUND");
  if (!linkingOnScale(scale, run)) throw new AppError("STUDY_RUN_NOT_ON_SCALE");
  if ((await levelsOfScale(db, scale.id)).length < 2) throw new AppError("STUDY_NEEDS_LEVELS");
  if ((await studyItems(db, scale, run.id)).length === 0) throw new AppError("STUDY_RUN_HAS_NO_ITEMS");
  const [study] = await db
    .insert(standardSettingStudies)
    .values({ scaleId: scale.id, method: input.method, calibrationId: run.id, responseProbability: input.responseProbability ?? 0.67, createdBy: actor.id })
    .returning();
  return findStudy(db, study!.id);
}

export async function invitePanellists(db: TDb, id: string, userIds: string[]): Promise<TStudyDetail> {
  await db.transaction(async (tx) => {
    const { study } = await loadStudy(tx, id, true);
    if (study.status === "closed" || study.status === "approved") throw new AppError("STUDY_WRONG_STEP");
    const unique = [...new Set(userIds)];
    const staff = await tx.select({ id: profiles.id, role: profiles.role }).from(profiles).where(inArray(profiles.id, unique));
    if (staff.length !== unique.length) throw new AppError("USER_NOT_FOUND");
    if (staff.some((p) => p.role !== "teacher" && p.role !== "school_admin")) throw new AppError("STUDY_PANELLIST_NOT_STAFF");
    await tx
      .insert(standardSettingPanellists)
      .values(unique.map((userId) => ({ studyId: id, userId })))
      .onConflictDoNothing();
  });
  return findStudy(db, id);
}

/** Opens round 1 of a draft, or the next round of an open or closed study (earlier rounds' ratings are kept). */
export async function openNextRound(db: TDb, id: string): Promise<TStudyDetail> {
  await db.transaction(async (tx) => {
    const { study } = await loadStudy(tx, id, true);
    if (study.status === "approved") throw new AppError("STUDY_WRONG_STEP");
    if (study.status === "draft") {
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(standardSettingPanellists).where(eq(standardSettingPanellists.studyId, id));
      if (Number(n) === 0) throw new AppError("STUDY_NO_PANELLISTS");
    }
    await tx.update(standardSettingStudies).set({ status: "open", round: study.round + 1, updatedAt: new Date() }).where(eq(standardSettingStudies.id, id));
  });
  return findStudy(db, id);
}

export async function closeStudy(db: TDb, id: string): Promise<TStudyDetail> {
  await db.transaction(async (tx) => {
    const { study } = await loadStudy(tx, id, true);
    if (study.status !== "open") throw new AppError("STUDY_WRONG_STEP");
    await tx.update(standardSettingStudies).set({ status: "closed", updatedAt: new Date() }).where(eq(standardSettingStudies.id, id));
  });
  return findStudy(db, id);
}

/** Each submitted panellist's cut per level in a round, the medians, SDs and the impact on the reference cohort. */
export async function studyFigures(db: TDbOrTx, id: string, round?: number): Promise<TStudyFigures> {
  const { study, scale } = await loadStudy(db, id);
  const r = round ?? study.round;
  if (r < 1 || r > study.round) throw new AppError("VALIDATION_FAILED");
  const definition = scaleDefinition(scale);
  const levels = (await levelsOfScale(db, scale.id)).filter((l) => l.position >= 1);
  const items = await studyItems(db, scale, study.calibrationId);
  const params = new Map(items.map((i) => [i.itemVersionId, i.params]));
  const booklet = study.method === "bookmark" ? orderedBooklet(items.map((i) => ({ id: i.itemVersionId, params: i.params })), study.responseProbability) : [];
  const ratings = await db
    .select({ userId: standardSettingRatings.userId, position: standardSettingRatings.position, itemVersionId: standardSettingRatings.itemVersionId, value: standardSettingRatings.value, page: standardSettingRatings.page, name: profiles.name })
    .from(standardSettingRatings)
    .innerJoin(profiles, eq(profiles.id, standardSettingRatings.userId))
    .where(and(eq(standardSettingRatings.studyId, id), eq(standardSettingRatings.round, r)));
  const [{ n: panellists } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(standardSettingPanellists).where(eq(standardSettingPanellists.studyId, id));

  // The reference cohort's scale scores, for the impact of each cut.
  const cohort = scale.referenceCalibrationId
    ? rowsOf<{ eap: number }>(await db.execute(sql`select eap from attempt_abilities where calibration_id = ${scale.referenceCalibrationId} and eap is not null`)).map(
        (row) => toScaleScore(definition, Number(row.eap), null).score,
      )
    : [];

  const users = new Map<string, string>();
  for (const row of ratings) users.set(row.userId, row.name);
  const figures = levels.map((level) => {
    const cuts = [...users].flatMap(([userId, name]) => {
      const mine = ratings.filter((x) => x.userId === userId && x.position === level.position);
      let theta: number | null = null;
      if (study.method === "angoff") {
        const rated = mine.filter((x) => x.itemVersionId && params.has(x.itemVersionId));
        if (rated.length) theta = angoffTheta(rated.map((x) => params.get(x.itemVersionId!)!), rated.reduce((s, x) => s + (x.value ?? 0), 0));
      } else {
        const page = mine.find((x) => x.page !== null)?.page;
        const at = page ? booklet[page - 1] : undefined;
        if (at) theta = at.location;
      }
      return theta === null ? [] : [{ userId, name, theta, score: toScaleScore(definition, theta, null).score }];
    });
    cuts.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
    const scores = cuts.map((c) => c.score);
    const mid = median(scores);
    const roundTo = 10 ** scale.decimals;
    const m = mid === null ? null : Math.round(mid * roundTo) / roundTo;
    const sd = sampleSd(scores);
    return {
      position: level.position,
      nameAr: level.nameAr,
      nameEn: level.nameEn,
      cuts,
      median: m,
      sd: sd === null ? null : Math.round(sd * 100) / 100,
      impact: m === null || cohort.length === 0 ? null : shareAtOrAbove(cohort, m),
    };
  });
  return { round: r, submitted: users.size, panellists: Number(panellists), cohort: cohort.length, levels: figures };
}

/**
 * Approves the cuts — the last round's medians, or the super_admin's edits of them — and writes them to the scale's
 * levels (min_score, study_id, approved_by/at) in the same transaction as the study's own approval.
 */
export async function approveStudy(db: TDb, actor: TSessionUser, id: string, input: TStudyApprove): Promise<TStudyDetail> {
  await db.transaction(async (tx) => {
    const { study, scale } = await loadStudy(tx, id, true);
    if (study.status !== "closed") throw new AppError("STUDY_WRONG_STEP");
    const levels = await levelsOfScale(tx, scale.id);
    const upper = levels.filter((l) => l.position >= 1);
    let cuts: { position: number; minScore: number }[];
    if (input.cuts) {
      cuts = [...input.cuts].sort((x, y) => x.position - y.position);
    } else {
      const figures = await studyFigures(tx, id, study.round);
      if (figures.submitted === 0) throw new AppError("STUDY_NO_RATINGS");
      cuts = figures.levels.map((l) => ({ position: l.position, minScore: l.median ?? Number.NaN }));
    }
    const valid =
      cuts.length === upper.length &&
      cuts.every((c, i) => c.position === upper[i]!.position && Number.isFinite(c.minScore) && (i === 0 || c.minScore > cuts[i - 1]!.minScore));
    if (!valid) throw new AppError("STUDY_CUTS_INVALID");
    const now = new Date();
    for (const level of levels) {
      const cut = cuts.find((c) => c.position === level.position);
      await tx
        .update(proficiencyLevels)
        .set({ minScore: cut ? cut.minScore : null, studyId: id, approvedBy: actor.id, approvedAt: now, updatedAt: now })
        .where(and(eq(proficiencyLevels.scaleId, scale.id), eq(proficiencyLevels.position, level.position)));
    }
    await tx
      .update(standardSettingStudies)
      .set({ status: "approved", approvedCuts: cuts, approvedBy: actor.id, approvedAt: now, updatedAt: now })
      .where(eq(standardSettingStudies.id, id));
  });
  return findStudy(db, id);
}

// ---- the panellist's side: only studies they were invited to; any other is "not found"

const assertStaff = (user: TSessionUser) => {
  if (user.role !== "teacher" && user.role !== "school_admin") throw new AppError("FORBIDDEN");
};

export async function listInvitations(db: TDb, user: TSessionUser): Promise<TInvitation[]> {
  assertStaff(user);
  const rows = await db
    .select({ study: standardSettingStudies, scale: reportingScales, submittedRound: standardSettingPanellists.submittedRound })
    .from(standardSettingPanellists)
    .innerJoin(standardSettingStudies, eq(standardSettingStudies.id, standardSettingPanellists.studyId))
    .innerJoin(reportingScales, eq(reportingScales.id, standardSettingStudies.scaleId))
    .where(eq(standardSettingPanellists.userId, user.id))
    .orderBy(desc(standardSettingStudies.createdAt));
  return rows.map((r) => ({
    id: r.study.id,
    scaleNameAr: r.scale.nameAr,
    scaleNameEn: r.scale.nameEn,
    method: r.study.method,
    status: r.study.status,
    round: r.study.round,
    submittedRound: r.submittedRound,
  }));
}

async function membership(db: TDbOrTx, user: TSessionUser, id: string) {
  assertStaff(user);
  const [row] = await db
    .select()
    .from(standardSettingPanellists)
    .where(and(eq(standardSettingPanellists.studyId, id), eq(standardSettingPanellists.userId, user.id)));
  if (!row) throw new AppError("STUDY_NOT_FOUND");
  return row;
}

function bookletOf(study: TStudyRow, items: StudyItem[]): TBookletItem[] {
  if (study.method === "angoff") {
    return items.map((i) => ({ itemVersionId: i.itemVersionId, page: null, scorePoint: 1, maxScore: maxScoreOf(i.params), content: i.content }));
  }
  const byId = new Map(items.map((i) => [i.itemVersionId, i]));
  return orderedBooklet(items.map((i) => ({ id: i.itemVersionId, params: i.params })), study.responseProbability).map((p) => {
    const item = byId.get(p.id)!;
    return { itemVersionId: p.id, page: p.page, scorePoint: p.scorePoint, maxScore: maxScoreOf(item.params), content: item.content };
  });
}

export async function findInvitation(db: TDb, user: TSessionUser, id: string): Promise<TPanellistStudy> {
  const member = await membership(db, user, id);
  const { study, scale } = await loadStudy(db, id);
  const items = await studyItems(db, scale, study.calibrationId);
  // The form shows what the panellist submitted in the open round, or else in their last round, to start from.
  const round = member.submittedRound === study.round ? study.round : member.submittedRound;
  const mine = round
    ? await db
        .select()
        .from(standardSettingRatings)
        .where(and(eq(standardSettingRatings.studyId, id), eq(standardSettingRatings.userId, user.id), eq(standardSettingRatings.round, round)))
    : [];
  return {
    id: study.id,
    scaleNameAr: scale.nameAr,
    scaleNameEn: scale.nameEn,
    method: study.method,
    status: study.status,
    round: study.round,
    submittedRound: member.submittedRound,
    levels: (await levelsOfScale(db, scale.id)).map((l) => ({ ...l, minScore: null })),
    items: bookletOf(study, items),
    ratings: mine.filter((r) => r.itemVersionId && r.value !== null).map((r) => ({ position: r.position, itemVersionId: r.itemVersionId!, value: r.value! })),
    bookmarks: mine.filter((r) => r.page !== null).map((r) => ({ position: r.position, page: r.page! })),
  };
}

/** A panellist's whole submission for the open round; submitting again in the same round replaces it. */
export async function submitRatings(db: TDb, user: TSessionUser, id: string, input: TRatingsInput): Promise<TPanellistStudy> {
  await db.transaction(async (tx) => {
    await membership(tx, user, id);
    const { study, scale } = await loadStudy(tx, id, true);
    if (study.status !== "open") throw new AppError("STUDY_NOT_OPEN");
    const positions = (await levelsOfScale(tx, scale.id)).filter((l) => l.position >= 1).map((l) => l.position);
    const items = await studyItems(tx, scale, study.calibrationId);
    const base = { studyId: id, userId: user.id, round: study.round };
    let rows: (typeof standardSettingRatings.$inferInsert)[];
    if (study.method === "angoff") {
      const ratings = input.ratings ?? [];
      const top = new Map(items.map((i) => [i.itemVersionId, maxScoreOf(i.params)]));
      if (ratings.some((r) => !top.has(r.itemVersionId) || !positions.includes(r.position))) throw new AppError("STUDY_RATING_UNKNOWN_ITEM");
      if (ratings.some((r) => r.value < 0 || r.value > top.get(r.itemVersionId)!)) throw new AppError("STUDY_RATING_OUT_OF_RANGE");
      const cells = new Set(ratings.map((r) => `${r.position}/${r.itemVersionId}`));
      if (cells.size !== ratings.length || cells.size !== positions.length * items.length) throw new AppError("STUDY_RATINGS_INCOMPLETE");
      rows = ratings.map((r) => ({ ...base, position: r.position, itemVersionId: r.itemVersionId, value: r.value }));
    } else {
      const bookmarks = [...(input.bookmarks ?? [])].sort((x, y) => x.position - y.position);
      if (bookmarks.some((b) => !positions.includes(b.position))) throw new AppError("STUDY_RATING_UNKNOWN_ITEM");
      const pages = bookletOf(study, items).length;
      if (bookmarks.some((b) => b.page < 1 || b.page > pages)) throw new AppError("STUDY_BOOKMARK_OUT_OF_BOOKLET");
      if (new Set(bookmarks.map((b) => b.position)).size !== positions.length || bookmarks.length !== positions.length) throw new AppError("STUDY_RATINGS_INCOMPLETE");
      if (bookmarks.some((b, i) => i > 0 && b.page <= bookmarks[i - 1]!.page)) throw new AppError("STUDY_BOOKMARKS_ORDER");
      rows = bookmarks.map((b) => ({ ...base, position: b.position, page: b.page }));
    }
    await tx
      .delete(standardSettingRatings)
      .where(and(eq(standardSettingRatings.studyId, id), eq(standardSettingRatings.userId, user.id), eq(standardSettingRatings.round, study.round)));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(standardSettingRatings).values(rows.slice(i, i + 1000));
    await tx
      .update(standardSettingPanellists)
      .set({ submittedRound: study.round, submittedAt: new Date() })
      .where(and(eq(standardSettingPanellists.studyId, id), eq(standardSettingPanellists.userId, user.id)));
  });
  return findInvitation(db, user, id);
}
