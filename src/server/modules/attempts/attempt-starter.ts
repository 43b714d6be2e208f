// Starts attempts several at a time. At a sitting's start a whole school presses Start in the same second, and each
// start was a statement of its own with its own commit: measured at 20,000 students, the database's connections
// spent the start waiting on each other's WAL flushes (pg_stat_activity: WALWrite and WALSync), not on work. Starts
// that arrive while a statement is in the database now go together in the next one — the attempts and their
// "started" trail in one statement and one commit, like the answer writer's saves (decision 0007). A start is
// answered only after its statement has committed; with nothing in the database a start goes at once.
import { sql } from "drizzle-orm";
import { preparedStatement, rowMapper, type TDb } from "../../db/client";
import { attemptEvents, examFormClasses, examFormQuestions, examForms, examFormTally, exams, profiles, questions, studentExams } from "../../db/schema";
import { batchWriter } from "../../batch-loader";
import { deadlineSql } from "./deadline";
import type { TLanguage } from "../../../shared/limits";

type TAttemptRow = typeof studentExams.$inferSelect;

/** What an attempt is started with: everything but the student's own accommodation and class, read from their profile. */
export type TAttemptStart = {
  studentId: string;
  examId: string;
  durationMinutes: number | null;
  sittingId: string | null;
  sittingEndsAt: Date | null;
  totalPossibleScore: number;
  /** The exam has parallel forms (issue 34): the start gives one, and the attempt's total is the form's points. */
  withForms?: boolean;
  /** The language the paper is shown in as it starts (issue 35); a resume does not change it. */
  paperLanguage?: TLanguage | null;
};

const p = sql.placeholder;
/**
 * The exams are locked (FOR SHARE) before the start is timed: taking a new version into an exam (bank.service's
 * takeVersions) holds its exam FOR UPDATE, so a start either finishes first — and the take sees the attempt in
 * progress and is refused — or waits for the take and is timed after it, seeing only the new rows (decision 0036's
 * view rule compares started_at with the rows' replaced_at / current_from). `now()` would be the statement's start,
 * before any wait; the clock is read once every lock is held, one time for the whole batch.
 *
 * The lock also closes the race with a school year's close (decision 0059): only an exam still published when its
 * lock is held gets attempts. A close holds the year's exams FOR UPDATE from before its check for attempts in
 * progress until its commit, so a start either commits first (and the close's check, made after its lock, sees the
 * attempt and refuses) or waits for the close and then reads the exam archived (a locking read takes the row's
 * newest version) and makes nothing; the caller then finds no attempt and looks at the exam afresh. No statement is
 * added: a filter on the rows already locked and a join to them.
 *
 * Each start becomes an attempt unless the student has one of this exam already (then nothing is made, and the
 * caller resumes it). The accommodation (decision 0016) and the class the student is in today (decision 0014)
 * come from the profile, as the attempt starts.
 */
const startAttempts = preparedStatement<Record<string, unknown>>(
  "start_attempts",
  sql`with locked as (
      select id from ${exams} where id = any(${p("examIds")}::uuid[]) and status = 'published' for share
    ), clock as (
      select clock_timestamp() as at from (select count(*) from locked) l
    ), made as (
      insert into ${studentExams} (student_id, exam_id, status, started_at, deadline_at, total_possible_score, sitting_id, extra_minutes, grade, class_name, paper_language)
      select v.student_id, v.exam_id, 'in_progress', c.at,
        ${deadlineSql({ start: sql`c.at`, durationMinutes: sql`v.duration_minutes`, sittingEndsAt: sql`v.sitting_ends_at`, extraMinutes: sql`x.extra`, grantedMinutes: sql`0` })},
        v.total, v.sitting_id, x.extra, pr.grade, pr.class_name, v.paper_language
      from unnest(${p("studentIds")}::uuid[], ${p("examIds")}::uuid[], ${p("durations")}::int[], ${p("sittingIds")}::uuid[], ${p("ends")}::timestamptz[], ${p("totals")}::int[], ${p("languages")}::text[])
        as v(student_id, exam_id, duration_minutes, sitting_id, sitting_ends_at, total, paper_language)
      join locked l on l.id = v.exam_id
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

/**
 * The same for exams with parallel forms (issue 34, docs/decisions/0038), which also gives each new attempt a form,
 * locked and timed the same way.
 * 'random': the batch's new students of each sitting are dealt round the sitting's forms from the least given
 * (exam_form_tally), so the counts differ by at most one when starts come one by one; batches in the database at
 * the same moment (several processes) read the same counts and may each lean the same way, and the next batch
 * leans back. No lock is waited for but the tally rows' own for the moment of their update, and no attempt is
 * counted (the tally and class rows are written in key order, so two batches cannot deadlock). 'class': a class keeps the form its first student was given (exam_form_classes; the upsert returns the
 * row a concurrent start claimed first), a new class gets the form the fewest classes have. Only students without
 * an attempt are given a form, so a reload or another device neither changes it nor counts again.
 */
const startAttemptsWithForms = preparedStatement<Record<string, unknown>>(
  "start_attempts_with_forms",
  sql`with locked as (
      select id from ${exams} where id = any(${p("examIds")}::uuid[]) and status = 'published' for share
    ), clock as (
      select clock_timestamp() as at from (select count(*) from locked) l
    ), v as (
      select * from unnest(${p("studentIds")}::uuid[], ${p("examIds")}::uuid[], ${p("durations")}::int[], ${p("sittingIds")}::uuid[], ${p("ends")}::timestamptz[], ${p("languages")}::text[])
        as v(student_id, exam_id, duration_minutes, sitting_id, sitting_ends_at, paper_language)
    ), fresh as (
      select v.*, coalesce(v.sitting_id::text, '') as sitting_key, json_build_array(pr.school_id, pr.grade, pr.class_name)::text as class_key, e.form_assignment
      from v join locked l on l.id = v.exam_id join ${profiles} pr on pr.id = v.student_id join ${exams} e on e.id = v.exam_id
      where not exists (select 1 from ${studentExams} se where se.student_id = v.student_id and se.exam_id = v.exam_id)
    ), forms as (
      select f.id, f.exam_id from ${examForms} f where f.exam_id in (select exam_id from fresh)
    ), slots as (
      select fo.id as form_id, fo.exam_id, s.sitting_key,
        row_number() over (partition by fo.exam_id, s.sitting_key order by coalesce(t.given, 0), random()) - 1 as k,
        count(*) over (partition by fo.exam_id, s.sitting_key) as n
      from (select distinct exam_id, sitting_key from fresh where form_assignment = 'random') s
      join forms fo on fo.exam_id = s.exam_id
      left join ${examFormTally} t on t.form_id = fo.id and t.sitting_key = s.sitting_key
    ), dealt as (
      select d.student_id, d.exam_id, sl.form_id
      from (select student_id, exam_id, sitting_key, row_number() over (partition by exam_id, sitting_key order by random()) - 1 as i
            from fresh where form_assignment = 'random') d
      join slots sl on sl.exam_id = d.exam_id and sl.sitting_key = d.sitting_key and sl.k = d.i % sl.n
    ), new_classes as (
      select c.exam_id, c.class_key, row_number() over (partition by c.exam_id order by random()) - 1 as i
      from (select distinct exam_id, class_key from fresh where form_assignment = 'class') c
      where not exists (select 1 from ${examFormClasses} m where m.exam_id = c.exam_id and m.class_key = c.class_key)
    ), class_slots as (
      select fo.id as form_id, fo.exam_id,
        row_number() over (partition by fo.exam_id order by (select count(*) from ${examFormClasses} m where m.form_id = fo.id), random()) - 1 as k,
        count(*) over (partition by fo.exam_id) as n
      from forms fo where fo.exam_id in (select exam_id from new_classes)
    ), claimed as (
      insert into ${examFormClasses} (exam_id, class_key, form_id)
      select nc.exam_id, nc.class_key, cs.form_id from new_classes nc join class_slots cs on cs.exam_id = nc.exam_id and cs.k = nc.i % cs.n
      order by 1, 2
      on conflict (exam_id, class_key) do update set form_id = ${examFormClasses}.form_id
      returning exam_id, class_key, form_id
    ), by_class as (
      select fr.student_id, fr.exam_id, coalesce(cl.form_id, m.form_id) as form_id
      from fresh fr
      left join claimed cl on cl.exam_id = fr.exam_id and cl.class_key = fr.class_key
      left join ${examFormClasses} m on m.exam_id = fr.exam_id and m.class_key = fr.class_key
      where fr.form_assignment = 'class'
    ), given as (
      select * from dealt union all select * from by_class where form_id is not null
    ), made as (
      insert into ${studentExams} (student_id, exam_id, status, started_at, deadline_at, total_possible_score, sitting_id, extra_minutes, grade, class_name, form_id, paper_language)
      select fr.student_id, fr.exam_id, 'in_progress', c.at,
        ${deadlineSql({ start: sql`c.at`, durationMinutes: sql`fr.duration_minutes`, sittingEndsAt: sql`fr.sitting_ends_at`, extraMinutes: sql`x.extra`, grantedMinutes: sql`0` })},
        tot.points, fr.sitting_id, x.extra, pr.grade, pr.class_name, g.form_id, fr.paper_language
      from fresh fr
      join given g on g.student_id = fr.student_id and g.exam_id = fr.exam_id
      join ${profiles} pr on pr.id = fr.student_id
      cross join lateral (select ceil(coalesce(fr.duration_minutes, 0) * pr.extra_time_percent / 100.0)::int + pr.extra_time_minutes as extra) x
      cross join clock c
      cross join lateral (
        select coalesce(sum(q.points), 0)::int as points from ${examFormQuestions} fq join ${questions} q on q.id = fq.question_id
        where fq.form_id = g.form_id and q.replaced_at is null
      ) tot
      on conflict (student_id, exam_id) do nothing
      returning *
    ), counted as (
      insert into ${examFormTally} (form_id, sitting_key, given)
      select form_id, coalesce(sitting_id::text, ''), count(*)::int from made group by 1, 2 order by 1, 2
      on conflict (form_id, sitting_key) do update set given = ${examFormTally}.given + excluded.given
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
  const values = (some: TAttemptStart[]) => ({
    studentIds: some.map((s) => s.studentId),
    examIds: some.map((s) => s.examId),
    durations: some.map((s) => s.durationMinutes),
    sittingIds: some.map((s) => s.sittingId),
    ends: some.map((s) => s.sittingEndsAt?.toISOString() ?? null),
    totals: some.map((s) => s.totalPossibleScore),
    languages: some.map((s) => s.paperLanguage ?? null),
  });
  const plain = starts.filter((s) => !s.withForms);
  const withForms = starts.filter((s) => s.withForms);
  const rows: Record<string, unknown>[] = [];
  if (plain.length) {
    startStatements.count++;
    rows.push(...(await startAttempts(db, values(plain))));
  }
  if (withForms.length) {
    startStatements.count++;
    const { totals: _totals, ...rest } = values(withForms);
    rows.push(...(await startAttemptsWithForms(db, rest)));
  }
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
