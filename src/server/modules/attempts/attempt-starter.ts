// Starts attempts several at a time. At a sitting's start a whole school presses Start in the same second, and each
// start was a statement of its own with its own commit: measured at 20,000 students, the database's connections
// spent the start waiting on each other's WAL flushes (pg_stat_activity: WALWrite and WALSync), not on work. Starts
// that arrive while a statement is in the database now go together in the next one — the attempts and their
// "started" trail in one statement and one commit, like the answer writer's saves (decision 0007). A start is
// answered only after its statement has committed; with nothing in the database a start goes at once.
import { sql } from "drizzle-orm";
import { preparedStatement, rowMapper, type TDb } from "../../db/client";
import { attemptEvents, exams, profiles, studentExams } from "../../db/schema";
import { batchWriter } from "../../batch-loader";
import { deadlineSql } from "./deadline";

type TAttemptRow = typeof studentExams.$inferSelect;

/** What an attempt is started with: everything but the student's own accommodation and class, read from their profile. */
export type TAttemptStart = {
  studentId: string;
  examId: string;
  durationMinutes: number | null;
  sittingId: string | null;
  sittingEndsAt: Date | null;
  totalPossibleScore: number;
};

const p = sql.placeholder;
/**
 * The exams are locked (FOR SHARE) before the start is timed: taking a new version into an exam (bank.service's
 * takeVersions) holds its exam FOR UPDATE, so a start either finishes first — and the take sees the attempt in
 * progress and is refused — or waits for the take and is timed after it, seeing only the new rows (decision 0036's
 * view rule compares started_at with the rows' replaced_at / current_from). `now()` would be the statement's start,
 * before any wait; the clock is read once every lock is held, one time for the whole batch.
 *
 * Each start becomes an attempt unless the student has one of this exam already (then nothing is made, and the
 * caller resumes it). The accommodation (decision 0016) and the class the student is in today (decision 0014)
 * come from the profile, as the attempt starts.
 */
const startAttempts = preparedStatement<Record<string, unknown>>(
  "start_attempts",
  sql`with locked as (
      select id from ${exams} where id = any(${p("examIds")}::uuid[]) for share
    ), clock as (
      select clock_timestamp() as at from (select count(*) from locked) l
    ), made as (
      insert into ${studentExams} (student_id, exam_id, status, started_at, deadline_at, total_possible_score, sitting_id, extra_minutes, grade, class_name)
      select v.student_id, v.exam_id, 'in_progress', c.at,
        ${deadlineSql({ start: sql`c.at`, durationMinutes: sql`v.duration_minutes`, sittingEndsAt: sql`v.sitting_ends_at`, extraMinutes: sql`x.extra`, grantedMinutes: sql`0` })},
        v.total, v.sitting_id, x.extra, pr.grade, pr.class_name
      from unnest(${p("studentIds")}::uuid[], ${p("examIds")}::uuid[], ${p("durations")}::int[], ${p("sittingIds")}::uuid[], ${p("ends")}::timestamptz[], ${p("totals")}::int[])
        as v(student_id, exam_id, duration_minutes, sitting_id, sitting_ends_at, total)
      join ${profiles} pr on pr.id = v.student_id
      cross join lateral (select ceil(coalesce(v.duration_minutes, 0) * pr.extra_time_percent / 100.0)::int + pr.extra_time_minutes as extra) x
      cross join clock c
      on conflict (student_id, exam_id) do nothing
      returning *
    ), trail as (
      insert into ${attemptEvents} (exam_id, student_id, kind, at) select exam_id, student_id, 'started', started_at from made
    )
    select * from made`,
);

const toAttemptRow = rowMapper(studentExams);

const keyOf = (s: Pick<TAttemptStart, "studentId" | "examId">) => `${s.studentId}:${s.examId}`;

/** How many start statements this process has sent (the tests read it). */
export const startStatements = { count: 0 };

async function writeStarts(db: TDb, starts: TAttemptStart[]): Promise<Map<string, TAttemptRow>> {
  startStatements.count++;
  const rows = await startAttempts(db, {
    studentIds: starts.map((s) => s.studentId),
    examIds: starts.map((s) => s.examId),
    durations: starts.map((s) => s.durationMinutes),
    sittingIds: starts.map((s) => s.sittingId),
    ends: starts.map((s) => s.sittingEndsAt?.toISOString() ?? null),
    totals: starts.map((s) => s.totalPossibleScore),
  });
  return new Map(rows.map((raw) => [keyOf({ studentId: String(raw.student_id), examId: String(raw.exam_id) }), toAttemptRow(raw)]));
}

const starters = new WeakMap<TDb, (key: string, start: TAttemptStart) => Promise<TAttemptRow | undefined>>();

/**
 * The new attempt, or undefined when the student already has one of this exam; resolves once it has committed. A
 * double press waits on the same key and is given the same attempt; a start the database refuses even alone (its
 * sitting deleted a moment ago) rejects with the database's error, and only that start.
 */
export function startNewAttempt(db: TDb, start: TAttemptStart): Promise<TAttemptRow | undefined> {
  let starter = starters.get(db);
  if (!starter) starters.set(db, (starter = batchWriter((starts: TAttemptStart[]) => writeStarts(db, starts))));
  return starter(keyOf(start), start);
}
