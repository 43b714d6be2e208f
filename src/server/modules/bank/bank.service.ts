// The item bank's API (issue 34; docs/decisions/0036): search, an item with its versions and uses, new items,
// edits (in place while unseen, else a new version), retire and restore, copy to my school, adding items to an
// exam and taking an item's newest version into an exam. Every rule here, school by school; a student never.
import { z } from "zod";
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql, type SQL } from "drizzle-orm";
import type { TDb, TDbOrTx, TTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { bankItems, bankItemVersions, examFormQuestions, examMedia, exams, passages, profiles, questionOptions, questions, skills, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { containsPattern } from "../../db/like";
import { normalizeAnswer } from "../../../shared/grading";
import { can, type TSessionUser } from "../../../shared/permissions";
import { MAX_QUESTIONS, type TExamDetail } from "../../../shared/schemas/exam";
import type { TBankItemData, TBankItemDetail, TBankItemSummary, TBankQuery, TBankUse, TItemContent } from "../../../shared/schemas/bank";
import { examsChanged } from "../attempts/paper";
import { findExamDetail, loadAuthorable } from "../exams/exams.service";
import { contentOf, optionColumns, passageColumns, questionColumns } from "./content";
import { addVersion, attemptInProgress, createItem, lockedClock, replaceRow, editVersionInPlace, mayEditItem, mayReadItem, ownerSchoolOf, rowSeen, versionSeen, type TItemRow } from "./items";
import { seenBySql } from "./views";

/** The items a member of staff may read: their school's and the system's (a super_admin: all). */
export function readable(actor: TSessionUser): SQL | undefined {
  if (!can(actor, "bank.use")) throw new AppError("FORBIDDEN");
  if (actor.role === "super_admin") return undefined;
  return sql`(${bankItems.schoolId} is null or ${bankItems.schoolId} = ${actor.schoolId})`;
}

/** The item if the actor may read it; otherwise not found, the same as a missing one (a guessed id says nothing). */
export async function loadReadable(db: TDbOrTx, actor: TSessionUser, id: string, lock = false): Promise<TItemRow> {
  if (!can(actor, "bank.use")) throw new AppError("FORBIDDEN");
  const base = db.select().from(bankItems).where(eq(bankItems.id, id));
  const [item] = lock ? await base.for("update") : await base;
  if (!item || !mayReadItem(actor, item)) throw new AppError("BANK_ITEM_NOT_FOUND");
  return item;
}

async function loadEditable(tx: TTx, actor: TSessionUser, id: string): Promise<TItemRow> {
  const item = await loadReadable(tx, actor, id, true);
  if (!mayEditItem(actor, item)) throw new AppError("BANK_ITEM_READ_ONLY");
  return item;
}

// ---- statistics: who saw an item, and how it went

/** The attempts given a row of each of these items (all items without `itemIds`) — on their form, when the exam has forms: one row per attempt and use, with the marks on it. */
export function seenRows(itemIds?: SQL): SQL {
  return sql`select v.item_id, q.exam_id, v.version, se.student_id, se.started_at, se.status, sa.score, q.points
    from ${questions} q
    join ${bankItemVersions} v on v.id = q.item_version_id
    join student_exams se on se.exam_id = q.exam_id
      and (q.replaced_at is null or q.replaced_at > se.started_at) and (q.current_from is null or q.current_from <= se.started_at)
    left join ${examFormQuestions} fq on fq.form_id = se.form_id and fq.question_id = q.id
    -- A closed year's answers are archived (decision 0059): its uses still count in the item's facility.
    left join all_student_answers sa on sa.student_exam_id = se.id and sa.question_id = q.id
    -- On its form, when the exam has forms: views.ts's seenBySql as a join, so the planner reads it once (no subplan per row).
    where (se.form_id is null or fq.question_id is not null) ${itemIds ? sql`and v.item_id in (${itemIds})` : sql``}`;
}

/** Facility over graded attempts: the share of the points earned (null before any graded attempt). */
export const FACILITY = sql.raw(`(sum(coalesce(score, 0)) filter (where status = 'graded'))::float8 / nullif(sum(points) filter (where status = 'graded'), 0)`);

type TUseRow = {
  item_id: string;
  exam_id: string;
  version: number;
  students: number;
  facility: number | null;
  last_started: string | Date | null;
  title_ar: string;
  title_en: string;
  author_school: string | null;
  author_role: string | null;
  /** The item's, over all its uses (each use row repeats them). */
  item_exposure: number;
  item_facility: number | null;
};

/**
 * Which uses a reader is shown by name: every one to a super_admin; to a school's staff, their school's exams and the
 * super_admins' (a system item used by another school is counted in its exposure, never named).
 */
function useVisible(actor: TSessionUser, r: TUseRow): boolean {
  return actor.role === "super_admin" || r.author_role === "super_admin" || (r.author_school !== null && r.author_school === actor.schoolId);
}

/**
 * Facility from the maintained figures (docs/decisions/0054 and its "bank" section): the points earned over the
 * points offered, pooled over rows holding a question's sums — `sx` (Σ marks), `n` (graded attempts given it) and its
 * `points` — Σsx / Σ(n · points). An item worth 1 point in one exam and 3 in another weighs each use by its points,
 * as summing every answer did.
 */
export const FACILITY_OF_SUMS = sql.raw(`sum(sx)::float8 / nullif(sum(n * points), 0)`);

/**
 * Each question's sums over every school's rows of exam_item_stats (one row a school, form and question: 800 a
 * question at the year), read through the question's index: summed by question before anything is joined to them,
 * a page's items read 20,800 rows, not 192,000 twice (decision 0068).
 */
const questionSums = (question: SQL) =>
  sql`left join lateral (select coalesce(sum(s.n), 0)::int as n, coalesce(sum(s.sx), 0)::float8 as sx from exam_item_stats s where s.question_id = ${question}) s on true`;

/**
 * Every exam holding a version of these items, seen or not (an exam not yet sat is a use with no students), with its
 * students, facility and last start, and the item's exposure and facility over all its uses. Students and facility
 * are summed from exam_item_stats (graded attempts given the row; one attempt per student and exam), never from the
 * answers: reading every answer of every exam using a page's items took ~4 s a search at a twentieth of a ministry's
 * year (bench/ministry.ts). The last start is the newest attempt that was given the row, found by walking the exam's
 * attempts newest first (student_exams_exam_started_idx). An item nobody holds has no row: no exposure.
 */
export function useRowsOf(ids: SQL): SQL {
  return sql`with held as (select v.item_id, q.exam_id, v.version, q.id as question_id, q.points, q.replaced_at, q.current_from, s.n, s.sx
        from ${questions} q join ${bankItemVersions} v on v.id = q.item_version_id ${questionSums(sql.raw("q.id"))} where v.item_id in (${ids})),
      per_use as (select item_id, exam_id, version, sum(n)::int as students, ${FACILITY_OF_SUMS} as facility from held group by 1, 2, 3),
      per_item as (select item_id, sum(n)::int as exposure, ${FACILITY_OF_SUMS} as facility from held group by 1),
      last_use as (select q.item_id, q.exam_id, q.version, max(l.started_at) as last_started from held q
        cross join lateral (select se.started_at from student_exams se
            left join ${examFormQuestions} fq on fq.form_id = se.form_id and fq.question_id = q.question_id
          where se.exam_id = q.exam_id and se.started_at < coalesce(q.replaced_at, 'infinity'::timestamptz)
            and (q.current_from is null or se.started_at >= q.current_from) and (se.form_id is null or fq.question_id is not null)
          order by se.started_at desc limit 1) l
        group by 1, 2, 3)
      select u.item_id, u.exam_id, u.version, e.title_ar, e.title_en, author.school_id as author_school, author.role as author_role,
        u.students, u.facility, l.last_started, coalesce(i.exposure, 0) as item_exposure, i.facility as item_facility
      from per_use u left join last_use l on l.item_id = u.item_id and l.exam_id = u.exam_id and l.version = u.version
        left join per_item i on i.item_id = u.item_id
        join ${exams} e on e.id = u.exam_id left join ${profiles} author on author.id = e.creator_id
      order by u.item_id, l.last_started desc nulls last, u.version desc`;
}

async function statsOf(db: TDbOrTx, actor: TSessionUser, itemIds: string[]): Promise<{ uses: Map<string, TBankUse[]>; exposure: Map<string, number>; facility: Map<string, number | null> }> {
  const uses = new Map<string, TBankUse[]>();
  const exposure = new Map<string, number>();
  const facility = new Map<string, number | null>();
  if (!itemIds.length) return { uses, exposure, facility };
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `);
  const useRows = rowsOf<TUseRow>(await db.execute(useRowsOf(ids)));
  for (const r of useRows) {
    // Counted over every use, named or not (a system item another school used counts in its exposure).
    exposure.set(r.item_id, Number(r.item_exposure));
    facility.set(r.item_id, r.item_facility === null ? null : Number(r.item_facility));
    if (!useVisible(actor, r)) continue;
    const list = uses.get(r.item_id) ?? [];
    list.push({ examId: r.exam_id, titleAr: r.title_ar, titleEn: r.title_en, version: Number(r.version), students: Number(r.students), facility: r.facility === null ? null : Number(r.facility), lastStartedAt: r.last_started ? new Date(r.last_started).toISOString() : null });
    uses.set(r.item_id, list);
  }
  return { uses, exposure, facility };
}

/**
 * For the assembler (forms.service.ts): each item's facility as the bank shows it (every graded attempt), and how
 * many of the cohort's students (`cohort`: a query of student ids) have seen it — its exposure among them.
 */
export async function cohortStats(db: TDbOrTx, itemIds: string[], cohort: SQL): Promise<Map<string, { facility: number | null; seen: number }>> {
  const stats = new Map<string, { facility: number | null; seen: number }>();
  if (!itemIds.length) return stats;
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = rowsOf<{ item_id: string; facility: number | null; seen: number }>(
    await db.execute(sql`with seen as (${seenRows(ids)})
      select item_id, ${FACILITY} as facility, (count(distinct student_id) filter (where student_id in (${cohort})))::int as seen from seen group by item_id`),
  );
  for (const r of rows) stats.set(r.item_id, { facility: r.facility === null ? null : Number(r.facility), seen: Number(r.seen) });
  return stats;
}

function presentSummary(actor: TSessionUser, item: TItemRow, content: TItemContent, stats: Awaited<ReturnType<typeof statsOf>>): TBankItemSummary {
  return {
    id: item.id,
    owner: item.schoolId === null ? "system" : "school",
    schoolId: item.schoolId,
    subjectId: item.subjectId,
    grade: item.grade,
    type: item.type,
    skillId: item.skillId,
    currentVersion: item.currentVersion,
    retiredAt: item.retiredAt?.toISOString() ?? null,
    createdBy: item.createdById,
    updatedAt: item.updatedAt.toISOString(),
    questionTextAr: content.questionTextAr,
    questionTextEn: content.questionTextEn,
    exposure: stats.exposure.get(item.id) ?? 0,
    facility: stats.facility.get(item.id) ?? null,
    uses: stats.uses.get(item.id) ?? [],
    editable: mayEditItem(actor, item),
  };
}

// ---- search

/** Whether an attempt saw a row of the item (`i`), optionally only since `since`. */
const usedSince = (since?: SQL) =>
  sql`exists (select 1 from ${questions} q join ${bankItemVersions} v on v.id = q.item_version_id join student_exams se on se.exam_id = q.exam_id
    and ${seenBySql("q", sql.raw("se.started_at"), sql.raw("se.form_id"))}
    where v.item_id = ${bankItems.id} ${since ? sql`and se.started_at >= ${since}` : sql``})`;

/**
 * The items whose facility is within the bounds: every item's facility at once, over all the uses, from the
 * maintained figures (computed again for each item, a bound took 2.8 s at 50,000 items; bench/bank.ts; from every
 * answer, seconds at a ministry's year). An item no graded attempt saw has none.
 */
function facilityWithin(min: number | undefined, max: number | undefined): SQL {
  const bounds = and(min === undefined ? undefined : sql`${FACILITY_OF_SUMS} >= ${min}`, max === undefined ? undefined : sql`${FACILITY_OF_SUMS} <= ${max}`);
  return sql`${bankItems.id} in (select v.item_id from (select question_id, sum(n) as n, sum(sx) as sx from exam_item_stats group by 1) s
    join ${questions} q on q.id = s.question_id join ${bankItemVersions} v on v.id = q.item_version_id group by v.item_id having ${bounds})`;
}

/** The search's page of items with the total, as one query: apart so that bench/bank.ts can time it bare (EXPLAIN). */
export function bankSearchQuery(db: TDbOrTx, actor: TSessionUser, query: TBankQuery) {
  const conditions: (SQL | undefined)[] = [readable(actor)];
  if (!query.includeRetired) conditions.push(isNull(bankItems.retiredAt));
  if (query.q) {
    // Folded as the items were (normalizeAnswer): with or without diacritics, any hamza or alef form, ة/ه, ى/ي.
    const folded = normalizeAnswer(query.q);
    if (folded) conditions.push(sql`${bankItems.searchText} like ${containsPattern(folded)}`);
  }
  if (query.subjectId) conditions.push(eq(bankItems.subjectId, query.subjectId));
  if (query.grade) conditions.push(eq(bankItems.grade, query.grade));
  if (query.skillId) conditions.push(eq(bankItems.skillId, query.skillId));
  if (query.type) conditions.push(eq(bankItems.type, query.type));
  if (query.owner === "mine") conditions.push(eq(bankItems.createdById, actor.id));
  if (query.owner === "school") conditions.push(actor.schoolId ? eq(bankItems.schoolId, actor.schoolId) : isNotNull(bankItems.schoolId));
  if (query.owner === "system") conditions.push(isNull(bankItems.schoolId));
  if (query.neverUsed) conditions.push(sql`not ${usedSince()}`);
  if (query.usedInLastYear) conditions.push(usedSince(sql`now() - interval '1 year'`));
  if (query.facilityMin !== undefined || query.facilityMax !== undefined) conditions.push(facilityWithin(query.facilityMin, query.facilityMax));
  // The page's ids and the count of all matches first, over the items alone; only then the page's contents. Counted
  // over rows carrying their content, a super_admin's first page took 0.9 s at 50,000 items (bench/bank.ts).
  const page = db
    .$with("page")
    .as(
      db
        .select({ id: bankItems.id, total: sql<number>`count(*) over ()`.as("total") })
        .from(bankItems)
        .where(and(...conditions))
        .orderBy(desc(bankItems.updatedAt), asc(bankItems.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    );
  return db
    .with(page)
    .select({ item: bankItems, content: bankItemVersions.content, total: page.total })
    .from(page)
    .innerJoin(bankItems, eq(bankItems.id, page.id))
    .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
    .orderBy(desc(bankItems.updatedAt), asc(bankItems.id));
}

export async function searchBank(db: TDbOrTx, actor: TSessionUser, query: TBankQuery): Promise<{ items: TBankItemSummary[]; total: number; page: number; pageSize: number }> {
  const rows = await bankSearchQuery(db, actor, query);
  const stats = await statsOf(db, actor, rows.map((r) => r.item.id));
  return { items: rows.map((r) => presentSummary(actor, r.item, r.content, stats)), total: Number(rows[0]?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

// ---- one item

export async function findBankItem(db: TDbOrTx, actor: TSessionUser, id: string): Promise<TBankItemDetail> {
  const item = await loadReadable(db, actor, id);
  const versions = await db
    .select({ v: bankItemVersions, authorName: profiles.name })
    .from(bankItemVersions)
    .leftJoin(profiles, eq(profiles.id, bankItemVersions.createdById))
    .where(eq(bankItemVersions.itemId, id))
    .orderBy(desc(bankItemVersions.version));
  const stats = await statsOf(db, actor, [id]);
  const current = versions.find((r) => r.v.version === item.currentVersion)!.v;
  const seen = await Promise.all(versions.map((r) => versionSeen(db, r.v.id)));
  return {
    ...presentSummary(actor, item, current.content, stats),
    versions: versions.map(({ v, authorName }, i) => ({ version: v.version, createdAt: v.createdAt.toISOString(), createdBy: v.createdById, authorName, seen: seen[i]!, content: withPairImages(v.content) })),
  };
}

/** Pairs saved before pictures have no image keys; the view always has them. */
function withPairImages(c: TItemContent): TItemContent {
  return { ...c, matchingPairs: c.matchingPairs.map((p) => ({ ...p, premiseImage: p.premiseImage ?? null, responseImage: p.responseImage ?? null })) };
}

/** The subject must exist, the skill be one of it and not retired (as the exam save's rules). */
async function assertItemInput(tx: TTx, input: TBankItemData, keepSkill?: string | null): Promise<void> {
  const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subjectId));
  if (!subject) throw new AppError("SUBJECT_NOT_FOUND");
  const skillId = input.question.skillId;
  if (!skillId) return;
  const [skill] = await tx.select().from(skills).where(eq(skills.id, skillId));
  const n = 1;
  if (!skill) throw new AppError("SKILL_NOT_FOUND", { vars: { n } });
  if (skill.subjectId !== input.subjectId) throw new AppError("SKILL_WRONG_SUBJECT", { vars: { n } });
  if (skill.retiredAt && keepSkill !== skill.id) throw new AppError("SKILL_RETIRED", { vars: { n } });
}

/**
 * The pictures and clips a bank item names: each uploaded by the actor, or already shown by an item or an exam
 * they may read (another's upload or a made-up id is refused, as the exam save refuses it).
 */
async function assertItemMedia(tx: TTx, actor: TSessionUser, content: TItemContent, allowed: Set<string>): Promise<void> {
  const ids = [...mediaOf(content)].filter((id) => !allowed.has(id));
  if (!ids.length) return;
  const rows = await tx.select({ id: examMedia.id, ownerId: examMedia.ownerId, examId: examMedia.examId }).from(examMedia).where(inArray(examMedia.id, ids));
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (row && row.examId === null && row.ownerId === actor.id) continue;
    if (row && actor.role === "super_admin") continue;
    throw new AppError("IMAGE_NOT_YOURS");
  }
}

function mediaOf(c: TItemContent): Set<string> {
  return new Set([c.image?.id, c.audio?.id, c.passage?.image?.id, c.passage?.audio?.id, ...c.options.map((o) => o.image?.id), ...c.matchingPairs.flatMap((p) => [p.premiseImage?.id, p.responseImage?.id])].filter((id): id is string => !!id));
}

function contentOfInput(input: TBankItemData): TItemContent {
  const p = input.passage;
  const passage = p && (p.textAr || p.textEn) ? { titleAr: p.titleAr, titleEn: p.titleEn, textAr: p.textAr, textEn: p.textEn, docAr: p.docAr, docEn: p.docEn, image: p.image, audio: p.audio } : null;
  return contentOf(input.question, passage);
}

export async function createBankItem(db: TDb, actor: TSessionUser, input: TBankItemData): Promise<TBankItemDetail> {
  if (!can(actor, "bank.use")) throw new AppError("FORBIDDEN");
  const id = await db.transaction(async (tx) => {
    await assertItemInput(tx, input);
    const content = contentOfInput(input);
    await assertItemMedia(tx, actor, content, new Set());
    return (await createItem(tx, actor, { subjectId: input.subjectId, grade: input.grade }, content)).itemId;
  });
  return findBankItem(db, actor, id);
}

/**
 * An edit from the bank: the newest version changed in place while no attempt has seen it (with the exam rows
 * holding it, none of them seen either); once seen, version n+1, which exams take when their authors choose.
 */
export async function updateBankItem(db: TDb, actor: TSessionUser, id: string, input: TBankItemData): Promise<TBankItemDetail> {
  const changedExams = await db.transaction(async (tx) => {
    const item = await loadEditable(tx, actor, id);
    const [current] = await tx.select().from(bankItemVersions).where(and(eq(bankItemVersions.itemId, id), eq(bankItemVersions.version, item.currentVersion)));
    await assertItemInput(tx, input, current!.content.skillId);
    // An exam holds items of its own subject: an item in use keeps its subject (a copy may take another).
    if (input.subjectId !== item.subjectId && (await itemInUse(tx, id))) throw new AppError("BANK_ITEM_SUBJECT_FIXED");
    const content = contentOfInput(input);
    await assertItemMedia(tx, actor, content, mediaOf(current!.content));
    await tx.update(bankItems).set({ subjectId: input.subjectId, grade: input.grade, updatedAt: new Date() }).where(eq(bankItems.id, id));
    if (await versionSeen(tx, current!.id)) {
      await addVersion(tx, actor, id, content);
      return [];
    }
    await editVersionInPlace(tx, current!.id, content);
    const rows = await tx.select({ id: questions.id, examId: questions.examId }).from(questions).where(eq(questions.itemVersionId, current!.id));
    for (const row of rows) await writeRow(tx, row.id, content);
    const examIds = [...new Set(rows.map((r) => r.examId))];
    if (examIds.length) await tx.update(exams).set({ updatedAt: new Date() }).where(inArray(exams.id, examIds));
    return examIds;
  });
  if (changedExams.length) await examsChanged(db, changedExams);
  return findBankItem(db, actor, id);
}

async function itemInUse(tx: TTx, itemId: string): Promise<boolean> {
  const [row] = await tx.select({ id: questions.id }).from(questions).innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId)).where(eq(bankItemVersions.itemId, itemId)).limit(1);
  return !!row;
}

/** A row's content rewritten from a version (a row nobody has seen): its columns, and its options anew. */
async function writeRow(tx: TTx, rowId: string, content: TItemContent): Promise<void> {
  await tx.update(questions).set(questionColumns(content)).where(eq(questions.id, rowId));
  await tx.delete(questionOptions).where(eq(questionOptions.questionId, rowId));
  const options = optionColumns(content, rowId);
  if (options.length) await tx.insert(questionOptions).values(options);
}

export async function setRetired(db: TDb, actor: TSessionUser, id: string, retired: boolean): Promise<TBankItemDetail> {
  await db.transaction(async (tx) => {
    await loadEditable(tx, actor, id);
    await tx.update(bankItems).set({ retiredAt: retired ? new Date() : null, updatedAt: new Date() }).where(eq(bankItems.id, id));
  });
  return findBankItem(db, actor, id);
}

/** A copy of an item's newest version, owned by the actor's school (a super_admin's: the system's). */
export async function copyBankItem(db: TDb, actor: TSessionUser, id: string): Promise<TBankItemDetail> {
  const copyId = await db.transaction(async (tx) => {
    const item = await loadReadable(tx, actor, id);
    const [current] = await tx.select().from(bankItemVersions).where(and(eq(bankItemVersions.itemId, id), eq(bankItemVersions.version, item.currentVersion)));
    return (await createItem(tx, actor, { subjectId: item.subjectId, grade: item.grade, schoolId: ownerSchoolOf(actor) }, current!.content)).itemId;
  });
  return findBankItem(db, actor, copyId);
}

// ---- an exam's items

type TUsable = { item: TItemRow; version: typeof bankItemVersions.$inferSelect };

/** The items, at their newest version, that the actor may put in an exam of this subject: readable, not retired. */
export async function usableItems(tx: TDbOrTx, actor: TSessionUser, exam: { subjectId: string }, itemIds: string[]): Promise<TUsable[]> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return [];
  // A blueprint's anchors are any text: one that is no id is not found, as a missing one (never a uuid cast's 500).
  if (ids.some((id) => !z.uuid().safeParse(id).success)) throw new AppError("BANK_ITEM_NOT_FOUND");
  const items = await tx
    .select({ item: bankItems, version: bankItemVersions })
    .from(bankItems)
    .innerJoin(bankItemVersions, and(eq(bankItemVersions.itemId, bankItems.id), eq(bankItemVersions.version, bankItems.currentVersion)))
    .where(inArray(bankItems.id, ids));
  return ids.map((id) => {
    const found = items.find((r) => r.item.id === id);
    if (!found || !mayReadItem(actor, found.item)) throw new AppError("BANK_ITEM_NOT_FOUND");
    if (found.item.retiredAt) throw new AppError("BANK_ITEM_RETIRED");
    if (found.item.subjectId !== exam.subjectId) throw new AppError("BANK_ITEM_WRONG_SUBJECT");
    return found;
  });
}

/** Rows for these versions, from `position` on, each passage as the exam's own; their question ids by item id. */
export async function insertItemRows(tx: TTx, examId: string, usable: TUsable[], position: number): Promise<Map<string, string>> {
  const rowIds = new Map<string, string>();
  const [passageCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(passages).where(eq(passages.examId, examId));
  let passagePosition = passageCount?.n ?? 0;
  for (const { item, version } of usable) {
    const content = version.content;
    let passageId: string | null = null;
    if (content.passage) {
      const [p] = await tx.insert(passages).values({ examId, position: passagePosition++, ...passageColumns(content.passage) }).returning({ id: passages.id });
      passageId = p!.id;
    }
    const [row] = await tx.insert(questions).values({ examId, position: position++, passageId, ...questionColumns(content), itemVersionId: version.id }).returning({ id: questions.id });
    const options = optionColumns(content, row!.id);
    if (options.length) await tx.insert(questionOptions).values(options);
    rowIds.set(item.id, row!.id);
  }
  return rowIds;
}

/** Appends bank items, at their newest version, to an exam the actor authors; a passage comes as the exam's own. */
export async function addBankItems(db: TDb, actor: TSessionUser, examId: string, itemIds: string[]): Promise<TExamDetail> {
  await db.transaction(async (tx) => {
    const exam = await loadAuthorable(tx, actor, examId, true);
    const usable = await usableItems(tx, actor, exam, itemIds);
    const [last] = await tx.select({ n: sql<number>`count(*)::int`, position: max(questions.position) }).from(questions).where(and(eq(questions.examId, examId), isNull(questions.replacedAt)));
    if ((last?.n ?? 0) + usable.length > MAX_QUESTIONS) throw new AppError("BANK_TOO_MANY_QUESTIONS", { vars: { max: MAX_QUESTIONS } });
    await insertItemRows(tx, examId, usable, (last?.position ?? -1) + 1);
    await tx.update(exams).set({ updatedAt: new Date() }).where(eq(exams.id, examId));
  });
  await examsChanged(db, [examId]);
  return findExamDetail(db, actor, examId);
}

/**
 * "Take the new version": the exam's rows (those named, or all) move to their item's newest version. A row nobody
 * has seen is rewritten; a row an attempt saw stays for it, marked replaced, and a new row takes its place — refused
 * while a student is taking the exam (their paper would change under them).
 */
export async function takeVersions(db: TDb, actor: TSessionUser, examId: string, questionIds?: string[]): Promise<TExamDetail> {
  await db.transaction(async (tx) => {
    await loadAuthorable(tx, actor, examId, true);
    const rows = await tx
      .select({ row: questions, version: bankItemVersions.version, itemId: bankItemVersions.itemId, current: bankItems.currentVersion })
      .from(questions)
      .innerJoin(bankItemVersions, eq(bankItemVersions.id, questions.itemVersionId))
      .innerJoin(bankItems, eq(bankItems.id, bankItemVersions.itemId))
      .where(and(eq(questions.examId, examId), isNull(questions.replacedAt)))
      .orderBy(asc(questions.position));
    for (const id of questionIds ?? []) if (!rows.some((r) => r.row.id === id)) throw new AppError("QUESTION_NOT_FOUND");
    const chosen = rows.filter((r) => (questionIds ? questionIds.includes(r.row.id) : true) && r.version < r.current);
    if (!chosen.length) return;
    let inProgress: boolean | undefined;
    const now = await lockedClock(tx);
    for (const r of chosen) {
      const [newest] = await tx.select().from(bankItemVersions).where(and(eq(bankItemVersions.itemId, r.itemId), eq(bankItemVersions.version, r.current)));
      const content = newest!.content;
      if (await rowSeen(tx, r.row)) {
        inProgress ??= await attemptInProgress(tx, examId);
        if (inProgress) throw new AppError("QUESTION_SEEN_IN_PROGRESS", { vars: { n: rows.indexOf(r) + 1 } });
        await replaceRow(tx, r.row, {}, content, newest!.id, now);
      } else {
        await writeRow(tx, r.row.id, content);
        await tx.update(questions).set({ itemVersionId: newest!.id }).where(eq(questions.id, r.row.id));
      }
    }
    await tx.update(exams).set({ updatedAt: new Date() }).where(eq(exams.id, examId));
  });
  await examsChanged(db, [examId]);
  return findExamDetail(db, actor, examId);
}

