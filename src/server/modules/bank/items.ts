// Bank items and their versions (docs/decisions/0036): who may read and change an item, making items and
// versions, and whether a version or an exam's row has been seen. The exam save and the bank routes both use these.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { TDbOrTx, TTx } from "../../db/client";
import { bankItems, bankItemVersions, examFormQuestions, questionOptions, questions, studentExams } from "../../db/schema";
import { rowsOf } from "../../db/client";
import { can, type TSessionUser } from "../../../shared/permissions";
import type { TItemContent } from "../../../shared/schemas/bank";
import { optionColumns, questionColumns, searchTextOf } from "./content";
import { seenBySql } from "./views";

export type TItemRow = typeof bankItems.$inferSelect;

/** Who owns what an actor makes: their school, or the system for a super_admin. */
export const ownerSchoolOf = (actor: TSessionUser): string | null => (actor.role === "super_admin" ? null : actor.schoolId);

/** A school's items to its staff; system items to every school's staff; never a student's. */
export function mayReadItem(actor: TSessionUser, item: Pick<TItemRow, "schoolId">): boolean {
  return item.schoolId === null ? can(actor, "bank.use") : can(actor, "bank.use", { schoolId: item.schoolId });
}

/** A school's items by its staff; system items by a super_admin only. */
export function mayEditItem(actor: TSessionUser, item: Pick<TItemRow, "schoolId">): boolean {
  return actor.role === "super_admin" || (item.schoolId !== null && can(actor, "bank.use", { schoolId: item.schoolId }));
}

/** The item's search columns for a content: what the bank's filters and text search read. */
function searchColumns(c: TItemContent) {
  return { type: c.type, skillId: c.skillId, searchText: searchTextOf(c) };
}

export async function createItem(tx: TTx, actor: TSessionUser, item: { subjectId: string; grade: number | null; schoolId?: string | null }, content: TItemContent): Promise<{ itemId: string; versionId: string }> {
  const [row] = await tx
    .insert(bankItems)
    .values({ schoolId: item.schoolId === undefined ? ownerSchoolOf(actor) : item.schoolId, subjectId: item.subjectId, grade: item.grade, createdById: actor.id, currentVersion: 1, ...searchColumns(content) })
    .returning({ id: bankItems.id });
  const [version] = await tx.insert(bankItemVersions).values({ itemId: row!.id, version: 1, content, createdById: actor.id }).returning({ id: bankItemVersions.id });
  return { itemId: row!.id, versionId: version!.id };
}

/** Version n+1 of an item: its newest from now on; exams holding older versions keep them until they take it. */
export async function addVersion(tx: TTx, actor: TSessionUser, itemId: string, content: TItemContent): Promise<string> {
  const [item] = await tx.select({ n: bankItems.currentVersion }).from(bankItems).where(eq(bankItems.id, itemId)).for("update");
  const version = item!.n + 1;
  const [row] = await tx.insert(bankItemVersions).values({ itemId, version, content, createdById: actor.id }).returning({ id: bankItemVersions.id });
  await tx.update(bankItems).set({ currentVersion: version, ...searchColumns(content), updatedAt: new Date() }).where(eq(bankItems.id, itemId));
  return row!.id;
}

/** Changes a version nobody has seen; the item's search columns follow when it is the newest. */
export async function editVersionInPlace(tx: TTx, versionId: string, content: TItemContent): Promise<void> {
  const [v] = await tx.update(bankItemVersions).set({ content }).where(eq(bankItemVersions.id, versionId)).returning({ itemId: bankItemVersions.itemId, version: bankItemVersions.version });
  await tx
    .update(bankItems)
    .set({ ...searchColumns(content), updatedAt: new Date() })
    .where(and(eq(bankItems.id, v!.itemId), eq(bankItems.currentVersion, v!.version)));
}

/** Whether any attempt, in any exam, was given a row holding this version (on its form, when the exam has forms). */
export async function versionSeen(db: TDbOrTx, versionId: string): Promise<boolean> {
  const [row] = rowsOf<{ seen: boolean }>(
    await db.execute(sql`select exists (select 1 from ${questions} q join ${studentExams} se on se.exam_id = q.exam_id
      where q.item_version_id = ${versionId} and ${seenBySql("q", sql.raw("se.started_at"), sql.raw("se.form_id"))}) as seen`),
  );
  return !!row?.seen;
}

/** Whether an attempt was given this current row of an exam (one started since it became current). */
export async function rowSeen(db: TDbOrTx, row: { examId: string; currentFrom: Date | null }): Promise<boolean> {
  const [r] = rowsOf<{ seen: boolean }>(
    await db.execute(sql`select exists (select 1 from ${studentExams} where exam_id = ${row.examId}
      and (${row.currentFrom?.toISOString() ?? null}::timestamptz is null or started_at >= ${row.currentFrom?.toISOString() ?? null}::timestamptz)) as seen`),
  );
  return !!r?.seen;
}

/** Whether a student is taking the exam now (a row they hold may not be replaced under them). */
export async function attemptInProgress(db: TDbOrTx, examId: string): Promise<boolean> {
  const [r] = await db
    .select({ id: studentExams.id })
    .from(studentExams)
    .where(and(eq(studentExams.examId, examId), eq(studentExams.status, "in_progress")))
    .limit(1);
  return !!r;
}

/** Whether rows other than `exceptRowId` hold this version (in this exam or another). */
export async function versionHeldElsewhere(db: TDbOrTx, versionId: string, exceptRowId: string): Promise<boolean> {
  const [r] = rowsOf<{ held: boolean }>(await db.execute(sql`select exists (select 1 from ${questions} where item_version_id = ${versionId} and id <> ${exceptRowId}) as held`));
  return !!r?.held;
}

/** For an exam's rows (by their version ids): each version's item, its number and the item's newest (the editor's "Version N available"). */
export async function bankVersionsOf(db: TDbOrTx, versionIds: string[]): Promise<Map<string, { itemId: string; version: number; newestVersion: number }>> {
  if (!versionIds.length) return new Map();
  const rows = await db
    .select({ id: bankItemVersions.id, itemId: bankItemVersions.itemId, version: bankItemVersions.version, newestVersion: bankItems.currentVersion })
    .from(bankItemVersions)
    .innerJoin(bankItems, eq(bankItems.id, bankItemVersions.itemId))
    .where(inArray(bankItemVersions.id, [...new Set(versionIds)]));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/**
 * The moment rows are replaced at, read once the exam is locked FOR UPDATE (not the transaction's start): an attempt
 * timed before it has committed (its start holds the exam FOR SHARE, attempt-starter.ts) and one timed after it
 * waits for this commit, so the view rule (views.ts) splits them exactly. Kept as text: microseconds, as started_at.
 */
export async function lockedClock(tx: TTx): Promise<SQL> {
  const [clock] = rowsOf<{ at: string }>(await tx.execute(sql`select clock_timestamp()::text as at`));
  return sql`${clock!.at}::timestamptz`;
}

/**
 * A seen row replaced at `at` by a row of `versionId`'s content (decision 0036): the old row stays, with its answers,
 * for the attempts that saw it; the new one takes its place in the exam (position, passage), its options, and its
 * place in the exam's parallel forms, anchors staying anchors (issue 34). The one way a row is replaced — the
 * editor's save of a seen question and "take the new version" both come here.
 */
export async function replaceRow(
  tx: TTx,
  old: { id: string; examId: string; position: number; passageId: string | null },
  placed: { position?: number; passageId?: string | null },
  content: TItemContent,
  versionId: string,
  at: SQL,
): Promise<string> {
  await tx.update(questions).set({ replacedAt: at }).where(eq(questions.id, old.id));
  const [row] = await tx
    .insert(questions)
    .values({ examId: old.examId, position: old.position, passageId: old.passageId, ...placed, ...questionColumns(content), itemVersionId: versionId, currentFrom: at })
    .returning({ id: questions.id });
  const options = optionColumns(content, row!.id);
  if (options.length) await tx.insert(questionOptions).values(options);
  await tx.execute(sql`insert into ${examFormQuestions} (form_id, question_id, is_anchor)
    select form_id, ${row!.id}, is_anchor from ${examFormQuestions} where question_id = ${old.id}`);
  return row!.id;
}
