// Exam day in the room (issue 16; docs/decisions/0016): sittings an exam's authors schedule, the live view of a
// sitting for the staff of its schools, time granted to one student during it, and each attempt's event trail.
//
// Who: an exam's authors (its teacher, a super_admin) add, move and delete its sittings, and a school_admin their
// own school's (decision 0028); the staff of a school the exam is offered to (teacher, school_admin) see that
// school's sittings and students live; a super_admin sees every school. Anyone else is told the exam does not
// exist, as the exam routes do.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { rowsOf, type TDb, type TDbOrTx } from "../../db/client";
import { arrayLiteral } from "../../db/array-literal";
import { attemptEvents, examSchools, heldAnswers, exams, lobbyPresence, profiles, questions, schools, sittings, sittingTickets, studentAnswers, studentExams, subjects } from "../../db/schema";
import { AppError } from "../../http/errors";
import { GRACE } from "../attempts/answer-writer";
import { deadlineSql } from "../attempts/deadline";
import { recordEvent } from "../attempts/attempts.service";
import { examsChanged } from "../attempts/paper";
import { loadAttemptInReach } from "../results/results.service";
import { singleFlight } from "../../single-flight";
import { currentQuestion, seenBySql, shownBeforeStart } from "../bank/views";
import { GRADES, LIVE_VIEW_CACHE_MS, MAX_LIVE_VIEW_ROWS, OFFLINE_AFTER_SECONDS, SITTING_START_GRACE_MINUTES } from "../../../shared/limits";
import { can, scopeOf, type TSessionUser } from "../../../shared/permissions";
import { LIVE_STATES, ZLiveView, type TAttemptEvent, type TGrantInput, type TMySitting, type TLiveState, type TLiveView, type TOfferedExam, type TSitting, type TSittingList, type ZSittingInput } from "../../../shared/schemas/sitting";
import type { z } from "zod";
import { assertExamWritable } from "../years/guard";

const gzipAsync = promisify(gzip);
type TExamRow = typeof exams.$inferSelect;
type TSittingRow = typeof sittings.$inferSelect;
type TInput = z.output<typeof ZSittingInput>;

const isStaff = (actor: TSessionUser) => actor.role !== "student";
/** An exam's authors see and schedule all its sittings (shared/permissions.ts, "exams.author"). */
const isAuthor = (actor: TSessionUser, exam: Pick<TExamRow, "creatorId">) => can(actor, "exams.author", { ownerId: exam.creatorId });
/** Whether `actor` may schedule a sitting for `schoolId` (null: every school) — "sittings.schedule", decision 0028.
 *  Only ever asked about an exam `actor` may watch, so a school_admin's exam is offered to their school. */
const maySchedule = (actor: TSessionUser, exam: Pick<TExamRow, "creatorId">, schoolId: string | null) => can(actor, "sittings.schedule", { ownerId: exam.creatorId, schoolId });

async function audienceOf(db: TDbOrTx, examId: string): Promise<string[]> {
  return (await db.select({ id: examSchools.schoolId }).from(examSchools).where(eq(examSchools.examId, examId))).map((r) => r.id);
}

/**
 * The exam, if `actor` may watch its sittings (and manage them, when asked): its authors, and the staff of a school
 * it is offered to. Someone who may watch but not manage is refused (403); anyone else learns nothing (404).
 */
async function loadExamFor(db: TDbOrTx, actor: TSessionUser, examId: string, options: { manage?: boolean; lock?: boolean } = {}) {
  if (!isStaff(actor)) throw new AppError("EXAM_NOT_FOUND");
  const base = db.select().from(exams).where(eq(exams.id, examId));
  const [exam] = options.lock ? await base.for("update") : await base;
  if (!exam) throw new AppError("EXAM_NOT_FOUND");
  const audience = await audienceOf(db, examId);
  const manages = isAuthor(actor, exam);
  const watches = manages || (actor.schoolId !== null && (audience.length === 0 || audience.includes(actor.schoolId)));
  if (!watches) throw new AppError("EXAM_NOT_FOUND");
  // May schedule at least their own school's sittings.
  const schedules = manages || maySchedule(actor, exam, actor.schoolId);
  if (options.manage && !schedules) throw new AppError("FORBIDDEN");
  // Locked means about to be written (a sitting added, changed or removed): a closed year's exam is read-only.
  if (options.lock) await assertExamWritable(db, examId);
  return { exam, audience, manages, schedules };
}

/** The sittings a watcher sees: all for a super_admin and the exam's teacher, else their school's and those for every school. */
function visibleTo(actor: TSessionUser, manages: boolean, sitting: Pick<TSittingRow, "schoolId">): boolean {
  return manages || actor.role === "super_admin" || sitting.schoolId === null || sitting.schoolId === actor.schoolId;
}

async function presentSittings(db: TDbOrTx, actor: TSessionUser, exam: Pick<TExamRow, "creatorId">, rows: TSittingRow[]): Promise<TSitting[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db.select({ id: studentExams.sittingId, n: count() }).from(studentExams).where(inArray(studentExams.sittingId, ids)).groupBy(studentExams.sittingId);
  const schoolIds = [...new Set(rows.flatMap((r) => (r.schoolId ? [r.schoolId] : [])))];
  const names = schoolIds.length ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(inArray(schools.id, schoolIds)) : [];
  return rows.map((r) => ({
    id: r.id,
    examId: r.examId,
    schoolId: r.schoolId,
    schoolNameAr: names.find((n) => n.id === r.schoolId)?.nameAr ?? null,
    schoolNameEn: names.find((n) => n.id === r.schoolId)?.nameEn ?? null,
    grade: r.grade,
    startsAt: r.startsAt.toISOString(),
    entryClosesAt: r.entryClosesAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    attempts: counts.find((c) => c.id === r.id)?.n ?? 0,
    canManage: maySchedule(actor, exam, r.schoolId),
  }));
}

export async function listSittings(db: TDbOrTx, actor: TSessionUser, examId: string): Promise<TSittingList> {
  const { exam, audience, manages, schedules } = await loadExamFor(db, actor, examId);
  const rows = (await db.select().from(sittings).where(eq(sittings.examId, examId)).orderBy(asc(sittings.startsAt))).filter((r) => visibleTo(actor, manages, r));
  // A school_admin schedules for their own school only: the form offers it alone, and not "every school".
  const everySchool = maySchedule(actor, exam, null);
  const schoolRows = !everySchool && actor.schoolId
    ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(eq(schools.id, actor.schoolId))
    : audience.length
    ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(inArray(schools.id, audience)).orderBy(asc(schools.nameEn))
    : actor.role === "super_admin"
      ? await db.select({ id: schools.id, nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).orderBy(asc(schools.nameEn))
      : [];
  return {
    exam: { id: exam.id, titleAr: exam.titleAr, titleEn: exam.titleEn, status: exam.status, durationMinutes: exam.durationMinutes },
    canManage: schedules,
    everySchool,
    schools: schoolRows,
    grades: exam.grades?.length ? [...exam.grades].sort((a, b) => a - b) : [...GRADES],
    sittings: await presentSittings(db, actor, exam, rows),
    serverNow: new Date().toISOString(),
  };
}

/** An exam is offered to a school when it is offered to every school (no list) or the list names it. */
const offeredTo = (schoolId: string) =>
  sql`(not exists (select 1 from ${examSchools} es where es.exam_id = ${exams.id}) or exists (select 1 from ${examSchools} es where es.exam_id = ${exams.id} and es.school_id = ${schoolId}))`;

/**
 * The published exams offered to a school_admin's school, whoever wrote them, with this school's sittings of each
 * still to come: what they schedule for their school (decision 0028), the first sitting included. Only for a role
 * that schedules its own school's sittings of others' exams ("sittings.schedule": own_school); read-only.
 */
export async function listOfferedExams(db: TDbOrTx, actor: TSessionUser): Promise<TOfferedExam[]> {
  if (scopeOf(actor, "sittings.schedule") !== "own_school" || !actor.schoolId) throw new AppError("FORBIDDEN");
  const school = actor.schoolId;
  const rows = await db
    .select({ exam: { id: exams.id, titleAr: exams.titleAr, titleEn: exams.titleEn, durationMinutes: exams.durationMinutes, grades: exams.grades }, subject: { id: subjects.id, nameAr: subjects.nameAr, nameEn: subjects.nameEn } })
    .from(exams)
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .where(and(eq(exams.status, "published"), offeredTo(school)))
    .orderBy(desc(exams.createdAt), asc(exams.id))
    .limit(500);
  const ids = rows.map((r) => r.exam.id);
  const next = ids.length
    ? await db
        .select({ examId: sittings.examId, n: count(), first: sql<Date | string>`min(${sittings.startsAt})` })
        .from(sittings)
        .where(and(inArray(sittings.examId, ids), sql`${sittings.endsAt} > now()`, or(isNull(sittings.schoolId), eq(sittings.schoolId, school))))
        .groupBy(sittings.examId)
    : [];
  return rows.map(({ exam, subject }) => {
    const n = next.find((x) => x.examId === exam.id);
    return {
      ...exam,
      grades: exam.grades?.length ? [...exam.grades].sort((a, b) => a - b) : [],
      subject,
      upcoming: n?.n ?? 0,
      nextStartsAt: n ? new Date(n.first).toISOString() : null,
    };
  });
}

/**
 * The sittings `actor` may watch, from a week ago on, across exams (the "Exam day" page): a super_admin every one;
 * a teacher those of their own exams and of exams offered to their school; a school_admin the latter. For a
 * school's staff, only sittings for their school or for every school.
 */
export async function listMySittings(db: TDbOrTx, actor: TSessionUser): Promise<TMySitting[]> {
  if (!isStaff(actor)) throw new AppError("FORBIDDEN");
  const school = actor.schoolId ?? "";
  const offeredHere = offeredTo(school);
  const mine = actor.role === "teacher" ? sql`${exams.creatorId} = ${actor.id}` : sql`false`;
  const reach =
    actor.role === "super_admin"
      ? undefined
      : sql`(${mine} or (${offeredHere} and (${sittings.schoolId} is null or ${sittings.schoolId} = ${school})))`;
  const rows = await db
    .select({ sitting: sittings, exam: { id: exams.id, titleAr: exams.titleAr, titleEn: exams.titleEn, creatorId: exams.creatorId }, schoolNameAr: schools.nameAr, schoolNameEn: schools.nameEn })
    .from(sittings)
    .innerJoin(exams, eq(exams.id, sittings.examId))
    .leftJoin(schools, eq(schools.id, sittings.schoolId))
    .where(and(sql`${sittings.endsAt} > now() - interval '7 days'`, reach))
    .orderBy(asc(sittings.startsAt))
    .limit(500);
  return rows.map(({ sitting, exam, schoolNameAr, schoolNameEn }) => ({
    id: sitting.id,
    examId: exam.id,
    titleAr: exam.titleAr,
    titleEn: exam.titleEn,
    schoolId: sitting.schoolId,
    schoolNameAr,
    schoolNameEn,
    grade: sitting.grade,
    startsAt: sitting.startsAt.toISOString(),
    entryClosesAt: sitting.entryClosesAt.toISOString(),
    endsAt: sitting.endsAt.toISOString(),
    canManage: maySchedule(actor, exam, sitting.schoolId),
  }));
}

/** A new start, or a start moved, may not lie more than SITTING_START_GRACE_MINUTES in the past. (The schema keeps
 *  the times in order and in a sane window; a sitting under way keeps the start it had.) */
function assertStart(input: TInput, previous?: Pick<TSittingRow, "startsAt">) {
  const start = Date.parse(input.startsAt);
  if (previous && previous.startsAt.getTime() === start) return;
  if (start < Date.now() - SITTING_START_GRACE_MINUTES * 60_000) throw new AppError("SITTING_START_PAST");
}

/** The school and grade must be ones the exam is offered to; sittings for the same students must not overlap. */
async function assertPlace(tx: TDbOrTx, exam: TExamRow, audience: string[], input: TInput, selfId?: string) {
  if (input.schoolId !== null) {
    if (audience.length ? !audience.includes(input.schoolId) : !(await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, input.schoolId))).length) {
      throw new AppError("SITTING_SCOPE_INVALID");
    }
  }
  if (input.grade !== null && exam.grades?.length && !exam.grades.includes(input.grade)) throw new AppError("SITTING_SCOPE_INVALID");
  const [clash] = await tx
    .select({ id: sittings.id })
    .from(sittings)
    .where(
      and(
        eq(sittings.examId, exam.id),
        selfId ? ne(sittings.id, selfId) : undefined,
        input.schoolId === null ? undefined : sql`(${sittings.schoolId} is null or ${sittings.schoolId} = ${input.schoolId})`,
        input.grade === null ? undefined : sql`(${sittings.grade} is null or ${sittings.grade} = ${input.grade})`,
        sql`${sittings.startsAt} < ${input.endsAt}::timestamptz and ${input.startsAt}::timestamptz < ${sittings.endsAt}`,
      ),
    )
    .limit(1);
  if (clash) throw new AppError("SITTING_OVERLAP");
}

/** A change of sittings is a change of the exam: the students' cached copy (paper.ts) is checked against it, and
 *  the caller announces it once committed (examsChanged). */
async function touchExam(tx: TDbOrTx, examId: string) {
  await tx.update(exams).set({ updatedAt: new Date() }).where(eq(exams.id, examId));
}

export async function createSitting(db: TDb, actor: TSessionUser, examId: string, input: TInput): Promise<TSitting> {
  const created = await db.transaction(async (tx) => {
    // The exam's row is locked, so two sittings added at once cannot both miss the other's overlap.
    const { exam, audience } = await loadExamFor(tx, actor, examId, { manage: true, lock: true });
    if (!maySchedule(actor, exam, input.schoolId)) throw new AppError("SITTING_OWN_SCHOOL_ONLY");
    assertStart(input);
    await assertPlace(tx, exam, audience, input);
    const [row] = await tx
      .insert(sittings)
      .values({ examId, schoolId: input.schoolId, grade: input.grade, startsAt: new Date(input.startsAt), entryClosesAt: new Date(input.entryClosesAt), endsAt: new Date(input.endsAt), createdById: actor.id })
      .returning();
    await touchExam(tx, examId);
    return (await presentSittings(tx, actor, exam, [row!]))[0]!;
  });
  await examsChanged(db, [examId]);
  return created;
}

export async function loadSittingFor(tx: TDbOrTx, actor: TSessionUser, sittingId: string, options: { manage?: boolean; lock?: boolean } = {}) {
  const [sitting] = await tx.select().from(sittings).where(eq(sittings.id, sittingId));
  if (!sitting || !isStaff(actor)) throw new AppError("SITTING_NOT_FOUND");
  const loaded = await loadExamFor(tx, actor, sitting.examId, options).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "EXAM_NOT_FOUND") throw new AppError("SITTING_NOT_FOUND");
    throw err;
  });
  if (!visibleTo(actor, loaded.manages, sitting)) throw new AppError("SITTING_NOT_FOUND");
  return { sitting, ...loaded };
}

/**
 * The students a sitting's tickets are printed for, if `actor` may print them (issue 38): as the sittings page allows
 * managing — the exam's authors and a super_admin for every school, a school_admin for their own school's students.
 * A teacher who only watches is refused; anyone who may not see the sitting is told it does not exist.
 */
export async function ticketAudience(db: TDbOrTx, actor: TSessionUser, sittingId: string) {
  const { sitting, exam, audience, manages } = await loadSittingFor(db, actor, sittingId);
  const everyone = manages || actor.role === "super_admin";
  if (!everyone && actor.role !== "school_admin") throw new AppError("FORBIDDEN");
  const view = await buildLiveView(db, sitting, exam, audience, everyone ? null : actor.schoolId, Number.POSITIVE_INFINITY);
  return { sitting: view.sitting, exam: view.exam, students: view.students };
}

async function attemptsIn(tx: TDbOrTx, sittingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(studentExams).where(eq(studentExams.sittingId, sittingId));
  return row?.n ?? 0;
}

/**
 * Moves a sitting. Once students have started it, its start and its students stay as they are (they would no
 * longer match what the students were told); its last entry and its end may still move, and the deadlines of
 * those sitting it now follow the new end (a fire alarm, a late bus).
 */
export async function updateSitting(db: TDb, actor: TSessionUser, sittingId: string, input: TInput): Promise<TSitting> {
  const updated = await db.transaction(async (tx) => {
    const { sitting, exam, audience } = await loadSittingFor(tx, actor, sittingId, { manage: true, lock: true });
    const moved = sitting.startsAt.getTime() !== Date.parse(input.startsAt) || sitting.schoolId !== input.schoolId || sitting.grade !== input.grade;
    if (!maySchedule(actor, exam, sitting.schoolId) || !maySchedule(actor, exam, input.schoolId)) throw new AppError("SITTING_OWN_SCHOOL_ONLY");
    if (moved && (await attemptsIn(tx, sittingId)) > 0) throw new AppError("SITTING_HAS_ATTEMPTS");
    assertStart(input, sitting);
    await assertPlace(tx, exam, audience, input, sittingId);
    const [row] = await tx
      .update(sittings)
      .set({ schoolId: input.schoolId, grade: input.grade, startsAt: new Date(input.startsAt), entryClosesAt: new Date(input.entryClosesAt), endsAt: new Date(input.endsAt), updatedAt: new Date() })
      .where(eq(sittings.id, sittingId))
      .returning();
    if (sitting.endsAt.getTime() !== Date.parse(input.endsAt)) {
      await tx
        .update(studentExams)
        .set({
          deadlineAt: deadlineSql({
            start: sql`${studentExams.startedAt}`,
            durationMinutes: sql`${exam.durationMinutes}`,
            sittingEndsAt: sql`${input.endsAt}`,
            extraMinutes: sql`${studentExams.extraMinutes}`,
            grantedMinutes: sql`${studentExams.grantedMinutes}`,
          }),
        })
        // Attempts whose time is already over stay closed: the sweep takes them as it would have.
        .where(and(eq(studentExams.sittingId, sittingId), eq(studentExams.status, "in_progress"), sql`(${studentExams.deadlineAt} is null or now() <= ${studentExams.deadlineAt} + ${GRACE})`));
    }
    await touchExam(tx, exam.id);
    forgetLiveView(sittingId);
    return { sitting: (await presentSittings(tx, actor, exam, [row!]))[0]!, examId: exam.id };
  });
  await examsChanged(db, [updated.examId]);
  return updated.sitting;
}

export async function deleteSitting(db: TDb, actor: TSessionUser, sittingId: string): Promise<void> {
  const examId = await db.transaction(async (tx) => {
    const { exam, sitting } = await loadSittingFor(tx, actor, sittingId, { manage: true, lock: true });
    if (!maySchedule(actor, exam, sitting.schoolId)) throw new AppError("SITTING_OWN_SCHOOL_ONLY");
    if ((await attemptsIn(tx, sittingId)) > 0) throw new AppError("SITTING_HAS_ATTEMPTS");
    await tx.delete(sittings).where(eq(sittings.id, sittingId));
    await touchExam(tx, exam.id);
    return exam.id;
  });
  await examsChanged(db, [examId]);
}

// ---- the live view

type TLiveRow = {
  student_id: string;
  name: string;
  school_name_ar: string | null;
  school_name_en: string | null;
  class_name: string | null;
  attempt_id: string | null;
  status: "in_progress" | "completed" | "graded" | null;
  started_at: string | Date | null;
  deadline_at: string | Date | null;
  completed_at: string | Date | null;
  last_seen_at: string | Date | null;
  last_save_at: string | Date | null;
  answered: number | string | null;
  question_count: number | string | null;
  extra_minutes: number | null;
  granted_minutes: number | null;
  in_lobby: boolean;
  by_code: boolean;
  auto_submitted: boolean;
  quiet: boolean;
  pending_answers: number | null;
  held: number | string;
};

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

/** One rule for a student's state in the live view. */
function liveStateOf(row: TLiveRow): TLiveState {
  if (!row.attempt_id) return row.in_lobby ? "lobby" : "absent";
  if (row.status === "in_progress") return row.quiet ? "offline" : "working";
  return row.auto_submitted ? "auto_submitted" : "submitted";
}

/** Who needs the proctor first: offline, then working, in the lobby, absent, then those done. */
const ORDER: Record<TLiveState, number> = { offline: 0, working: 1, lobby: 2, absent: 3, auto_submitted: 4, submitted: 5 };

/** Each entry is the view already checked against its schema, written as JSON and gzipped: proctors asking again
 *  within LIVE_VIEW_CACHE_MS get the same bytes without the work (2,000 students: 800 KB of JSON, ~60 KB gzipped). */
export type TLiveViewBytes = { json: string; gzip: Buffer };
const liveCache = new Map<string, { at: number; json: Promise<TLiveViewBytes> }>();
const liveFlights = new Map<string, Promise<TLiveViewBytes>>();

export function forgetLiveView(sittingId: string) {
  for (const key of liveCache.keys()) if (key.startsWith(`${sittingId}:`)) liveCache.delete(key);
}

/**
 * Everyone the sitting is for and where each stands, in one query, as JSON. Proctors of one sitting share it: the
 * view is worked out at most once every LIVE_VIEW_CACHE_MS per sitting and school, however many screens ask every
 * few seconds. A school's staff see only their school's students.
 */
export async function findLiveViewJson(db: TDb, actor: TSessionUser, sittingId: string): Promise<TLiveViewBytes> {
  const { sitting, exam, audience } = await loadSittingFor(db, actor, sittingId);
  const scope = actor.role === "super_admin" ? null : actor.schoolId;
  const key = `${sittingId}:${scope ?? "*"}`;
  const cached = liveCache.get(key);
  if (cached && Date.now() - cached.at < LIVE_VIEW_CACHE_MS) return cached.json;
  const json = singleFlight(liveFlights, key, async () => {
    const text = JSON.stringify(ZLiveView.parse(await buildLiveView(db, sitting, exam, audience, scope)));
    return { json: text, gzip: await gzipAsync(text, { level: 1 }) };
  });
  liveCache.set(key, { at: Date.now(), json });
  json.catch(() => liveCache.delete(key));
  return json;
}

/**
 * The sitting's attendance, for a download: everyone the live view lists (the same reader, the same rule, the same
 * query), without its 2,000-row cap, worked out afresh.
 */
export async function findAttendance(db: TDb, actor: TSessionUser, sittingId: string): Promise<TLiveView> {
  const { sitting, exam, audience } = await loadSittingFor(db, actor, sittingId);
  return buildLiveView(db, sitting, exam, audience, actor.role === "super_admin" ? null : actor.schoolId, Number.POSITIVE_INFINITY);
}

async function buildLiveView(db: TDbOrTx, sitting: TSittingRow, exam: TExamRow, audience: string[], scope: string | null, maxRows = MAX_LIVE_VIEW_ROWS): Promise<TLiveView> {
  const schoolRule =
    sitting.schoolId !== null
      ? sql`p.school_id = ${sitting.schoolId}`
      : audience.length
        ? sql`p.school_id in (${sql.join(audience.map((a) => sql`${a}`), sql`, `)})`
        : sql`p.school_id is not null`;
  const gradeRule = sitting.grade !== null ? sql`p.grade = ${sitting.grade}` : exam.grades?.length ? sql`p.grade = any(${arrayLiteral(exam.grades)}::int[])` : sql`true`;
  const scopeRule = scope === null ? sql`true` : sql`p.school_id = ${scope}`;
  const rows = rowsOf<TLiveRow>(
    await db.execute(sql`
      select p.id as student_id, p.name, sc.name_ar as school_name_ar, sc.name_en as school_name_en, p.class_name,
             se.id as attempt_id, se.status, se.started_at, se.deadline_at, se.completed_at, se.last_seen_at,
             se.extra_minutes, se.granted_minutes, a.last_save_at, coalesce(a.answered, 0) as answered,
             -- The length of the paper a student given a form has (forms may differ by a question or two).
             case when se.form_id is not null then
               (select count(*) from ${questions} q where q.exam_id = se.exam_id and ${seenBySql("q", sql`se.started_at`, sql`se.form_id`)})
             end as question_count,
             -- In the lobby now: seen there within OFFLINE_AFTER_SECONDS (the page asks every heartbeat), as the
             -- heartbeat's "offline"; the trail's 'lobby' event says only that they once came.
             exists (select 1 from ${lobbyPresence} lp where lp.exam_id = ${exam.id} and lp.student_id = p.id
                     and lp.seen_at > now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS})) as in_lobby,
             exists (select 1 from ${attemptEvents} e where e.exam_id = ${exam.id} and e.student_id = p.id and e.kind = 'auto_submitted') as auto_submitted,
             exists (select 1 from ${sittingTickets} tk where tk.sitting_id = ${sitting.id} and tk.student_id = p.id and tk.signed_in_at is not null) as by_code,
             coalesce(greatest(se.last_seen_at, a.last_save_at, se.started_at) < now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS}), false) as quiet,
             -- Answers on a device not heard from for OFFLINE_AFTER_SECONDS, as its last heartbeat said (decision 0056),
             -- also once the clock has closed the attempt: they are on their way.
             case when se.last_seen_at < now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS}) then se.pending_answers end as pending_answers,
             -- Answers back after the offline grace, waiting for a decision (decision 0056).
             case when se.id is not null then (select count(*) from ${heldAnswers} h where h.attempt_id = se.id and h.decision = 'pending') else 0 end as held
      from ${profiles} p
      left join ${schools} sc on sc.id = p.school_id
      left join ${studentExams} se on se.student_id = p.id and se.exam_id = ${exam.id}
      left join lateral (
        select max(sa.updated_at) as last_save_at,
               count(*) filter (where sa.selected_option_id is not null or nullif(sa.answer_text, '') is not null or sa.matching_answer is not null) as answered
        from ${studentAnswers} sa where sa.student_exam_id = se.id
      ) a on se.id is not null
      where p.role = 'student' and ${schoolRule} and ${gradeRule} and ${scopeRule}
        -- Students who sat it in another sitting belong to that one.
        and (se.id is null or se.sitting_id is null or se.sitting_id = ${sitting.id})
      order by p.name, p.id`),
  );
  const counts = Object.fromEntries(LIVE_STATES.map((s) => [s, 0])) as Record<TLiveState, number>;
  const students = rows.map((r) => {
    const state = liveStateOf(r);
    counts[state]++;
    return {
      studentId: r.student_id,
      name: r.name,
      schoolNameAr: r.school_name_ar,
      schoolNameEn: r.school_name_en,
      className: r.class_name,
      state,
      attemptId: r.attempt_id,
      startedAt: iso(r.started_at),
      lastSaveAt: iso(r.last_save_at),
      lastSeenAt: iso(r.last_seen_at),
      deadlineAt: iso(r.deadline_at),
      completedAt: iso(r.completed_at),
      answered: Number(r.answered ?? 0),
      questionCount: r.question_count === null ? null : Number(r.question_count),
      extraMinutes: r.extra_minutes ?? 0,
      grantedMinutes: r.granted_minutes ?? 0,
      signedInWithCode: !!r.by_code,
      pendingAnswers: r.pending_answers ?? 0,
      heldAnswers: Number(r.held),
    };
  });
  students.sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  // With parallel forms (issue 34), of one form, as the lobby says; a student who was given a form has their own.
  const [qc] = await db.select({ n: count() }).from(questions).where(and(eq(questions.examId, exam.id), currentQuestion, shownBeforeStart));
  const [school] = sitting.schoolId ? await db.select({ nameAr: schools.nameAr, nameEn: schools.nameEn }).from(schools).where(eq(schools.id, sitting.schoolId)) : [];
  return {
    sitting: {
      id: sitting.id,
      startsAt: sitting.startsAt.toISOString(),
      entryClosesAt: sitting.entryClosesAt.toISOString(),
      endsAt: sitting.endsAt.toISOString(),
      schoolNameAr: school?.nameAr ?? null,
      schoolNameEn: school?.nameEn ?? null,
      grade: sitting.grade,
    },
    exam: { id: exam.id, titleAr: exam.titleAr, titleEn: exam.titleEn, durationMinutes: exam.durationMinutes },
    counts,
    students: students.slice(0, maxRows),
    truncated: students.length > maxRows,
    questionCount: Number(qc?.n ?? 0),
    serverNow: new Date().toISOString(),
  };
}

// ---- time granted, and the trail

/**
 * Gives one student more time during their attempt (after a power cut, say), recorded with who and why. The
 * student's page learns the new deadline at its next heartbeat. Only while the attempt is open and its time (with
 * the grace for saves in flight) not yet over, and while all grants together stay within `totalLimit` minutes
 * (MAX_TIME_GRANTED_MINUTES): ten grants of four hours were a 40-hour attempt.
 */
export async function grantTime(db: TDb, actor: TSessionUser, attemptId: string, input: TGrantInput & { minutes: number; reason: string }, totalLimit: number) {
  if (!isStaff(actor)) throw new AppError("RESULT_NOT_FOUND");
  const { attempt } = await loadAttemptInReach(db, actor, attemptId);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(studentExams)
      .set({
        deadlineAt: sql`${studentExams.deadlineAt} + make_interval(mins => ${input.minutes}::int)`,
        grantedMinutes: sql`${studentExams.grantedMinutes} + ${input.minutes}::int`,
      })
      .where(
        and(
          eq(studentExams.id, attemptId),
          eq(studentExams.status, "in_progress"),
          sql`(${studentExams.deadlineAt} is null or now() <= ${studentExams.deadlineAt} + ${GRACE})`,
          sql`${studentExams.grantedMinutes} + ${input.minutes}::int <= ${totalLimit}::int`,
        ),
      )
      .returning();
    if (!updated) {
      // Which rule refused it: the total, or an attempt no longer open (that one wins: nothing is left to extend).
      const [row] = await tx.select({ granted: studentExams.grantedMinutes, open: sql<boolean>`${studentExams.status} = 'in_progress' and (${studentExams.deadlineAt} is null or now() <= ${studentExams.deadlineAt} + ${GRACE})` }).from(studentExams).where(eq(studentExams.id, attemptId));
      if (row?.open && row.granted + input.minutes > totalLimit) {
        throw new AppError("GRANT_TOTAL_EXCEEDED", { vars: { limit: totalLimit, remaining: Math.max(0, totalLimit - row.granted) } });
      }
      throw new AppError("GRANT_NOT_IN_PROGRESS");
    }
    await recordEvent(tx, { examId: attempt.examId, studentId: attempt.studentId, kind: "time_granted", actorId: actor.id, minutes: input.minutes, reason: input.reason });
    if (updated.sittingId) forgetLiveView(updated.sittingId);
    return { deadlineAt: updated.deadlineAt?.toISOString() ?? null, grantedMinutes: updated.grantedMinutes };
  });
}

/** What happened during an attempt, in order, for the staff who may see its result. */
export async function findAttemptEvents(db: TDbOrTx, actor: TSessionUser, attemptId: string): Promise<TAttemptEvent[]> {
  if (!isStaff(actor)) throw new AppError("RESULT_NOT_FOUND");
  const { attempt } = await loadAttemptInReach(db, actor, attemptId);
  const rows = await db
    .select({ kind: attemptEvents.kind, at: attemptEvents.at, actorName: profiles.name, minutes: attemptEvents.minutes, reason: attemptEvents.reason })
    .from(attemptEvents)
    .leftJoin(profiles, eq(profiles.id, attemptEvents.actorId))
    .where(and(eq(attemptEvents.examId, attempt.examId), eq(attemptEvents.studentId, attempt.studentId)))
    .orderBy(asc(attemptEvents.at), asc(attemptEvents.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
