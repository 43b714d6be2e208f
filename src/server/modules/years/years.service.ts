// School years (issue 39; docs/decisions/0059): created, closed and reopened by a super_admin. Closing archives the
// year's exams and moves their answers out of the working table in one transaction; reopening moves them back.
// Both are audited in their transaction. Who may: years.manage (routes).
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { TDb, TDbOrTx, TTx } from "../../db/client";
import { rowsOf } from "../../db/client";
import { exams, schoolYears } from "../../db/schema";
import { AppError } from "../../http/errors";
import { writeAudit } from "../audit/audit.service";
import { examsChanged } from "../attempts/paper";
import { OMITTED } from "../analytics/figures";
import type { TSessionUser } from "../../../shared/permissions";
import type { TYear, TYearCreate } from "../../../shared/schemas/year";

type TYearRow = {
  id: string;
  name_ar: string;
  name_en: string;
  starts_on: string;
  ends_on: string;
  status: "open" | "closed";
  closed_at: string | Date | null;
  closed_by_name: string | null;
  exams: number;
  attempts: number;
  answers: number;
  in_progress: number;
  awaiting_marks: number;
};

/**
 * The one rule for an attempt that holds a year's close (`se`): in progress, or waiting to be marked again after late
 * answers (late-answers.ts storeLate sets remark_after; the sweep marks it a moment later) — either would change the
 * year's answers or marks after the close. The close refuses while any is; the years list shows them as in progress.
 * Both halves are indexed (student_exams_exam_idx, student_exams_remark_idx), so the list reads a sitting's worth.
 */
const HOLDS_CLOSE = sql`(se.status = 'in_progress' or se.remark_after is not null)`;

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
/** A date column as YYYY-MM-DD whichever driver read it. */
const day = (d: string | Date) => (typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/**
 * Each year with what closing it touches. Nothing here counts a year's answers or attempts row by row (a ministry's
 * year is 48 million answers and 1.2 million attempts): the submitted and graded attempts are the maintained figures'
 * sums (exam_group_stats, decision 0054), the answers of graded attempts are exam_item_stats' Σ(n − omitted), and only
 * the attempts not graded yet (in progress or awaiting a mark: a sitting's worth, found by student_exams_exam_idx) are
 * counted with their answers. "In progress" is every attempt that holds the close (HOLDS_CLOSE), so the list never
 * offers a close the close refuses. "Answers" are the answers given: a row saved empty (a cleared choice) is omitted, as
 * item analysis counts it. The same reading serves an open and a closed year (the figures stay right when a student
 * is deleted with a closed year's attempts, so no count kept on the year row could go stale).
 */
async function readYears(db: TDbOrTx, id?: string): Promise<TYear[]> {
  const rows = rowsOf<TYearRow>(
    await db.execute(sql`
      select y.id, y.name_ar, y.name_en, y.starts_on::text as starts_on, y.ends_on::text as ends_on, y.status, y.closed_at,
        p.name as closed_by_name, x.exams,
        x.submitted + x.taking as attempts, x.holding as in_progress, x.submitted - x.graded - x.remarking as awaiting_marks,
        x.answered_graded + x.answered_ungraded as answers
      from school_years y
      left join profiles p on p.id = y.closed_by
      cross join lateral (
        select count(*)::int as exams,
          coalesce(sum((select sum(g.attempts) from exam_group_stats g where g.exam_id = e.id)), 0)::int as submitted,
          coalesce(sum((select sum(g.graded) from exam_group_stats g where g.exam_id = e.id)), 0)::int as graded,
          coalesce(sum((select sum(s.n - s.omitted) from exam_item_stats s where s.exam_id = e.id)), 0)::int as answered_graded,
          coalesce(sum((select count(*) from student_exams se where se.exam_id = e.id and se.status = 'in_progress')), 0)::int as taking,
          coalesce(sum((select count(*) from student_exams se where se.exam_id = e.id and ${HOLDS_CLOSE})), 0)::int as holding,
          -- Submitted, so in the figures' count, but shown as holding the close rather than awaiting a teacher.
          coalesce(sum((select count(*) from student_exams se where se.exam_id = e.id and se.status = 'completed' and se.remark_after is not null)), 0)::int as remarking,
          coalesce(sum((select count(*) from student_exams se join all_student_answers sa on sa.student_exam_id = se.id
            where se.exam_id = e.id and se.status in ('in_progress', 'completed') and not ${OMITTED})), 0)::int as answered_ungraded
        from exams e where e.school_year_id = y.id
      ) x
      ${id ? sql`where y.id = ${id}` : sql``}
      order by y.starts_on desc`),
  );
  return rows.map((r) => ({
    id: r.id,
    nameAr: r.name_ar,
    nameEn: r.name_en,
    startsOn: day(r.starts_on),
    endsOn: day(r.ends_on),
    status: r.status,
    closedAt: iso(r.closed_at),
    closedByName: r.closed_by_name,
    exams: Number(r.exams),
    attempts: Number(r.attempts),
    answers: Number(r.answers),
    inProgress: Number(r.in_progress),
    awaitingMarks: Number(r.awaiting_marks),
  }));
}

export const findYears = (db: TDbOrTx) => readYears(db);

export async function getYear(db: TDbOrTx, id: string): Promise<TYear> {
  const [year] = await readYears(db, id);
  if (!year) throw new AppError("YEAR_NOT_FOUND");
  return year;
}

/** The open year whose dates hold today: a new exam's year (null when none does). */
export async function currentYearId(db: TDbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(eq(schoolYears.status, "open"), sql`current_date between ${schoolYears.startsOn} and ${schoolYears.endsOn}`))
    .orderBy(desc(schoolYears.startsOn))
    .limit(1);
  return row?.id ?? null;
}

export async function createYear(db: TDb, actor: TSessionUser, input: TYearCreate): Promise<TYear> {
  return db.transaction(async (tx) => {
    // One year at a time is created, so two overlapping ones cannot both pass the check.
    await tx.execute(sql`lock table ${schoolYears} in share row exclusive mode`);
    const [overlap] = await tx
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(sql`${schoolYears.startsOn} <= ${input.endsOn}::date and ${schoolYears.endsOn} >= ${input.startsOn}::date`)
      .limit(1);
    if (overlap) throw new AppError("YEAR_OVERLAP");
    const [row] = await tx.insert(schoolYears).values({ nameAr: input.nameAr, nameEn: input.nameEn, startsOn: input.startsOn, endsOn: input.endsOn }).returning({ id: schoolYears.id });
    // Exams made before the year was entered join it by the day they were created.
    await tx
      .update(exams)
      .set({ schoolYearId: row!.id })
      .where(and(isNull(exams.schoolYearId), sql`${exams.createdAt}::date between ${input.startsOn}::date and ${input.endsOn}::date`));
    await writeAudit(tx, actor, { action: "create", entity: "school_year", entityId: row!.id, after: input });
    return getYear(tx, row!.id);
  });
}

/** The year, locked for the rest of the transaction (a close and a reopen of one year never interleave). */
async function lockYear(tx: TTx, id: string) {
  const [year] = await tx.select().from(schoolYears).where(eq(schoolYears.id, id)).for("update");
  if (!year) throw new AppError("YEAR_NOT_FOUND");
  return year;
}

/** The year's attempts, as SQL to select their ids from. */
const attemptsOfYear = (id: string) => sql`select se.id from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${id}`;
const COLUMNS = sql.raw(`id, student_exam_id, question_id, student_id, exam_id, selected_option_id, answer_text, matching_answer, response, is_correct, score, teacher_comment, client_seq, graded_by_id, updated_at`);

export async function closeYear(db: TDb, actor: TSessionUser, id: string): Promise<TYear> {
  const { year, examIds } = await db.transaction(async (tx) => {
    const year = await lockYear(tx, id);
    if (year.status === "closed") throw new AppError("YEAR_ALREADY_CLOSED");
    // The exams first, locked: a write to one (its guard takes a share lock) finishes before, or sees the year closed.
    const examRows = await tx.select({ id: exams.id }).from(exams).where(eq(exams.schoolYearId, id)).for("update");
    const [busy] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from student_exams se join exams e on e.id = se.exam_id where e.school_year_id = ${id} and ${HOLDS_CLOSE}`),
    );
    if (Number(busy?.n ?? 0) > 0) throw new AppError("YEAR_ATTEMPTS_IN_PROGRESS", { vars: { count: Number(busy!.n) } });
    await tx.update(exams).set({ statusBeforeClose: sql`${exams.status}`, status: "archived", updatedAt: new Date() }).where(eq(exams.schoolYearId, id));
    const moved = await tx.execute(sql`insert into archived_student_answers (${COLUMNS}) select ${COLUMNS} from student_answers where student_exam_id in (${attemptsOfYear(id)})`);
    await tx.execute(sql`delete from student_answers where student_exam_id in (${attemptsOfYear(id)})`);
    await moveScoreStats(tx, id, "exam_item_score_stats", "archived_exam_item_score_stats");
    await tx.update(schoolYears).set({ status: "closed", closedAt: new Date(), closedBy: actor.id }).where(eq(schoolYears.id, id));
    await writeAudit(tx, actor, { action: "update", entity: "school_year", entityId: id, before: { status: "open" }, after: { status: "closed", exams: examRows.length, answersMoved: affected(moved) } });
    return { year: await getYear(tx, id), examIds: examRows.map((e) => e.id) };
  });
  if (examIds.length) await examsChanged(db, examIds);
  return year;
}

export async function reopenYear(db: TDb, actor: TSessionUser, id: string): Promise<TYear> {
  const { year, examIds } = await db.transaction(async (tx) => {
    const year = await lockYear(tx, id);
    if (year.status !== "closed") throw new AppError("YEAR_NOT_CLOSED");
    const examRows = await tx.select({ id: exams.id }).from(exams).where(eq(exams.schoolYearId, id)).for("update");
    await tx.update(exams).set({ status: sql`coalesce(${exams.statusBeforeClose}, ${exams.status})`, statusBeforeClose: null, updatedAt: new Date() }).where(eq(exams.schoolYearId, id));
    const moved = await tx.execute(sql`insert into student_answers (${COLUMNS}) select ${COLUMNS} from archived_student_answers where student_exam_id in (${attemptsOfYear(id)})`);
    await tx.execute(sql`delete from archived_student_answers where student_exam_id in (${attemptsOfYear(id)})`);
    await moveScoreStats(tx, id, "archived_exam_item_score_stats", "exam_item_score_stats");
    await tx.update(schoolYears).set({ status: "open", closedAt: null, closedBy: null }).where(eq(schoolYears.id, id));
    await writeAudit(tx, actor, { action: "update", entity: "school_year", entityId: id, before: { status: "closed" }, after: { status: "open", exams: examRows.length, answersMoved: affected(moved) } });
    return { year: await getYear(tx, id), examIds: examRows.map((e) => e.id) };
  });
  if (examIds.length) await examsChanged(db, examIds);
  return year;
}

/**
 * The year's rows by total score (Kelley's groups, ~0.48 per answer) from one table to the other (decision 0059): out of
 * the working table at a close, back at a reopen. A key already there (a row a racing deletion wrote before it saw
 * the year closed) is added to, so the sums item analysis reads through all_exam_item_score_stats stay the same.
 */
async function moveScoreStats(tx: TTx, id: string, from: string, to: string): Promise<void> {
  const cols = sql.raw("exam_id, school_id, form_id, question_id, option_id, total, n, sx");
  const exams = sql`(select id from exams where school_year_id = ${id})`;
  await tx.execute(sql`insert into ${sql.identifier(to)} as t (${cols}) select ${cols} from ${sql.identifier(from)} where exam_id in ${exams}
    order by exam_id, school_id, form_id, question_id, option_id, total
    on conflict on constraint ${sql.identifier(`${to}_key`)} do update set n = t.n + excluded.n, sx = t.sx + excluded.sx`);
  await tx.execute(sql`delete from ${sql.identifier(from)} where exam_id in ${exams}`);
}

/** Rows an INSERT … SELECT wrote, as node-postgres and PGlite report it. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
