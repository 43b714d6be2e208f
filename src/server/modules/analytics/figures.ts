// Figures maintained as marks arrive (issue 39, docs/decisions/0054): the one place that changes the summary rows
// (exam_item_stats, exam_item_score_stats, exam_option_stats, exam_group_stats, exam_skill_stats, and per student
// student_graded_exams; a closed year's rows by total score live in archived_exam_item_score_stats, moved there and
// back only by years.service.ts's close and reopen). Every way a mark, a status, a school or a class of an attempt changes goes through here, in the transaction that makes the change
// (exam_option_stats also counts hotspot areas and inline-choice gaps' choices: entry-distractors.ts):
//   applyFigures(tx, ids, +1)            attempts just closed (they counted nothing while in progress);
//   recountFigures(tx, ids, change)      anything else: their contribution out, the change, their contribution in;
//   rebuildFigures(db, examIds?)         bulk loaders (demo, bench) and a year's restore, which write attempts without it.
// A contribution is worked out from the attempt as it stands, so an attempt whose total changes moves every item's
// Σx·T with it, and one whose student moved school moves between rows. figures.test.ts fails for a file that
// writes attempts' marks without coming through here.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type TDbOrTx } from "../../db/client";
import { PASS_PERCENT } from "../../../shared/schemas/attempt";
import { HISTOGRAM_BINS } from "../../../shared/schemas/dashboard";
import { seenBySql } from "../bank/views";
import { CHOSEN_ENTRIES, ENTRY_TYPES_SQL, OMISSION_KEYED_SQL, OMITTED_KEY } from "./entry-distractors";

type TSign = 1 | -1;

/**
 * The attempts that count (submitted or graded), with what the rows are keyed by and the attempt's total and %.
 * Never materialized (docs/performance.md "A mark's cost at the year"): read from a materialized CTE the attempts have
 * no statistics, so the join to the answers (a view, no statistics either) was estimated at 1/200 · 1/200 of every
 * answer — 20,000 rows for one attempt's 40 at the year, ×202 by the keys by total score — and a plan that costly was
 * JIT-compiled on every mark (45 ms of a submission's 63, twice in a mark). Inlined, the estimate is the attempt's.
 */
function counted(where: SQL): SQL {
  return sql`att as not materialized (
    select se.id, se.student_id, se.exam_id, p.school_id, se.form_id, se.grade, se.class_name, se.status = 'graded' as graded, se.started_at, se.completed_at,
      coalesce(se.score, 0)::float8 as total,
      (case when se.total_possible_score > 0 then coalesce(se.score, 0)::float8 * 100 / se.total_possible_score else 0 end) as pct
    from student_exams se join profiles p on p.id = se.student_id
    where se.status in ('completed', 'graded') and ${where}
  )`;
}

/**
 * An item type's response that says something (shared/item-types isAnswered, decision 0057/0058): a chosen id or an
 * order, a typed value, a gap's answer or choice that is not blank. Without it every such answer counted as omitted.
 */
const RESPONSE_SAYS_SOMETHING = '$ ? (exists(@.chosen[*] ? (@ like_regex "[^[:space:]]")) || exists(@.chosen.* ? (@ like_regex "[^[:space:]]")) || exists(@.order[*]) || exists(@.value ? (@ like_regex "[^[:space:]]")) || exists(@.answers.* ? (@ like_regex "[^[:space:]]")))';

/** An answer not given (item analysis's "omitted", here and in its every-answer yardstick): no row, or a row with nothing
 *  chosen, written, matched or said by an item type's response. */
export const OMITTED = sql`(sa.id is null or (sa.selected_option_id is null and coalesce(btrim(sa.answer_text), '') = ''
  and (sa.matching_answer is null or not exists (select 1 from jsonb_array_elements(sa.matching_answer) as e(v) where e.v <> 'null'::jsonb))
  and (sa.response is null or not jsonb_path_exists(sa.response, ${RESPONSE_SAYS_SOMETHING}::jsonpath))))`;

/**
 * A graded attempt as the dashboard's distinct students read it (student_graded_exams; decision 0061): its exam, form,
 * grade and class, "/" between them (the class last, so a "/" in its name is still read right). The migration's
 * backfill (0037) writes the same text.
 */
const GRADED_ENTRY = sql`a.exam_id::text || '/' || coalesce(a.form_id::text, '') || '/' || coalesce(a.grade::text, '') || '/' || coalesce(a.class_name, '')`;

const BUCKET = sql`least(${HISTOGRAM_BINS - 1}, greatest(0, floor(a.pct / ${100 / HISTOGRAM_BINS})))::int`;

/**
 * The keys of an answer `sa` to a question `q` in the rows by total score: the item's row (null), the option chosen,
 * the entries chosen (entry-distractors.ts), and OMITTED_KEY for a multiple response or hotspot left unanswered, so
 * the 27 % groups' shares of each come from these rows (issue 36).
 */
function scoreKeys(): SQL {
  return sql`(select null::text as option_id union all select sa.selected_option_id::text where sa.selected_option_id is not null
    union all ${CHOSEN_ENTRIES} union all select ${OMITTED_KEY} where q.type in ${OMISSION_KEYED_SQL} and ${OMITTED})`;
}

/**
 * Adds (+1) or removes (−1) the contribution of the attempts `where` selects, as they stand now. Rows are written in
 * the order of their keys, so two transactions touching the same rows lock them in the same order (no deadlock).
 */
async function contribute(tx: TDbOrTx, where: SQL, sign: TSign): Promise<void> {
  const att = counted(where);
  const s = sql.raw(String(sign));
  await tx.execute(sql`with ${att}
    insert into exam_item_stats as t (exam_id, school_id, form_id, question_id, n, sx, sxx, sxt, st, stt, omitted)
    select a.exam_id, a.school_id, a.form_id, q.id, ${s} * count(*), ${s} * sum(x), ${s} * sum(x * x), ${s} * sum(x * a.total),
      ${s} * sum(a.total), ${s} * sum(a.total * a.total), ${s} * count(*) filter (where om)
    from att a
    join questions q on q.exam_id = a.exam_id and ${seenBySql("q", sql.raw("a.started_at"), sql.raw("a.form_id"))}
    left join all_student_answers sa on sa.student_exam_id = a.id and sa.question_id = q.id
    cross join lateral (select coalesce(sa.score, 0)::float8 as x, ${OMITTED} as om) v
    where a.graded
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4
    on conflict on constraint exam_item_stats_key do update set n = t.n + excluded.n, sx = t.sx + excluded.sx, sxx = t.sxx + excluded.sxx,
      sxt = t.sxt + excluded.sxt, st = t.st + excluded.st, stt = t.stt + excluded.stt, omitted = t.omitted + excluded.omitted`);
  // By total score (decision 0061): the item's row (no option) and a row per option chosen, for Kelley's groups.
  // Written where the exam's rows live (decision 0059): a closed year's in the archive (a student deleted with a
  // closed year's attempts, a restore's rebuild), so the working table holds only open years' rows.
  const cols = sql.raw("exam_id, school_id, form_id, question_id, option_id, total, n, sx");
  const keys = sql.raw("exam_id, school_id, form_id, question_id, option_id, total");
  await tx.execute(sql`with ${att},
    shut as (select e.id as exam_id from exams e join school_years y on y.id = e.school_year_id where y.status = 'closed'),
    s as (
      select a.exam_id, a.school_id, a.form_id, q.id as question_id, o.option_id, a.total, ${s} * count(*) as n, ${s} * sum(case when o.option_id is null then x else 0 end) as sx
      from att a
      join questions q on q.exam_id = a.exam_id and ${seenBySql("q", sql.raw("a.started_at"), sql.raw("a.form_id"))}
      left join all_student_answers sa on sa.student_exam_id = a.id and sa.question_id = q.id
      cross join lateral (select coalesce(sa.score, 0)::float8 as x) v
      cross join lateral ${scoreKeys()} o
      where a.graded
      group by 1, 2, 3, 4, 5, 6),
    open_rows as (
      insert into exam_item_score_stats as t (${cols}) select ${cols} from s where exam_id not in (select exam_id from shut) order by ${keys}
      on conflict on constraint exam_item_score_stats_key do update set n = t.n + excluded.n, sx = t.sx + excluded.sx)
    insert into archived_exam_item_score_stats as t (${cols}) select ${cols} from s where exam_id in (select exam_id from shut) order by ${keys}
    on conflict on constraint archived_exam_item_score_stats_key do update set n = t.n + excluded.n, sx = t.sx + excluded.sx`);
  await tx.execute(sql`with ${att}
    insert into exam_option_stats as t (exam_id, school_id, form_id, question_id, option_id, n)
    select a.exam_id, a.school_id, a.form_id, sa.question_id, c.k, ${s} * count(*)
    from att a join all_student_answers sa on sa.student_exam_id = a.id
    cross join lateral (select sa.selected_option_id::text as k where sa.selected_option_id is not null union all ${CHOSEN_ENTRIES}) c
    where a.graded and (sa.selected_option_id is not null or sa.response->>'type' in ${ENTRY_TYPES_SQL})
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict on constraint exam_option_stats_key do update set n = t.n + excluded.n`);
  await tx.execute(sql`with ${att}
    insert into exam_group_stats as t (exam_id, school_id, form_id, grade, class_name, attempts, graded, sum_pct, sum_pct_sq, sum_total, sum_total_sq, passed, histogram, first_at, changes)
    select a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, ${s} * count(*), ${s} * count(*) filter (where a.graded),
      ${s} * coalesce(sum(a.pct) filter (where a.graded), 0), ${s} * coalesce(sum(a.pct * a.pct) filter (where a.graded), 0),
      ${s} * coalesce(sum(a.total) filter (where a.graded), 0), ${s} * coalesce(sum(a.total * a.total) filter (where a.graded), 0),
      ${s} * count(*) filter (where a.graded and a.pct >= ${PASS_PERCENT}),
      array[${sql.join(
        Array.from({ length: HISTOGRAM_BINS }, (_, i) => sql`${s} * count(*) filter (where a.graded and a.bucket = ${sql.raw(String(i))})`),
        sql`, `,
      )}]::int[],
      ${sign === 1 ? sql`min(a.completed_at) filter (where a.graded)` : sql`null::timestamptz`}, count(*)
    from (select a.*, ${BUCKET} as bucket from att a) a
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict on constraint exam_group_stats_key do update set attempts = t.attempts + excluded.attempts, graded = t.graded + excluded.graded,
      sum_pct = t.sum_pct + excluded.sum_pct, sum_pct_sq = t.sum_pct_sq + excluded.sum_pct_sq, sum_total = t.sum_total + excluded.sum_total,
      sum_total_sq = t.sum_total_sq + excluded.sum_total_sq, passed = t.passed + excluded.passed,
      histogram = array(select u.x + u.y from unnest(t.histogram, excluded.histogram) with ordinality as u(x, y, i) order by u.i),
      first_at = case when excluded.first_at is null then t.first_at else least(t.first_at, excluded.first_at) end,
      changes = t.changes + excluded.changes`);
  await tx.execute(sql`with ${att}
    insert into exam_skill_stats as t (exam_id, school_id, form_id, grade, class_name, skill_id, earned)
    select a.exam_id, a.school_id, a.form_id, a.grade, a.class_name, q.skill_id, ${s} * sum(coalesce(sa.score, 0))::float8
    from att a join all_student_answers sa on sa.student_exam_id = a.id join questions q on q.id = sa.question_id
    where a.graded and q.skill_id is not null
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict on constraint exam_skill_stats_key do update set earned = t.earned + excluded.earned`);
  // Each student's graded attempts, one entry each (a student sits an exam once: student_exams_student_exam_idx), added
  // to or taken from their row. The school is the one the attempts are counted under now (a move is out, then in).
  await tx.execute(sql`with ${att}
    insert into student_graded_exams as t (student_id, school_id, entries)
    select a.student_id, a.school_id, array_agg(${GRADED_ENTRY} order by ${GRADED_ENTRY})
    from att a where a.graded ${sign === 1 ? sql`` : sql`and exists (select 1 from student_graded_exams x where x.student_id = a.student_id)`}
    group by 1, 2
    order by 1
    on conflict (student_id) do update set school_id = excluded.school_id, entries = ${
      sign === 1
        ? sql`array(select distinct e from unnest(t.entries || excluded.entries) as u(e) order by e)`
        : sql`array(select e from unnest(t.entries) as u(e) where e <> all(excluded.entries) order by e)`
    }`);
}

/** The attempts by id, as a list the planner sees (a JSON array it cannot size, and it scanned every attempt). */
function byIds(ids: readonly string[]): SQL {
  return sql`se.id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * Takes, in one order, a lock for each exam and school of these attempts (as they stand), held until the transaction
 * ends, before any summary row is written. Writing each table's rows in key order was not enough: a mark that turns
 * an attempt graded first takes out its group's row (all an ungraded attempt has), then puts in item rows; another
 * writer of the same school takes item rows first, then wants the group's row — each waited for the other and
 * PostgreSQL aborted one (concurrent-marks.test.ts). Writers of one exam and school already waited for each other on
 * the item rows; now they wait at the start, so none holds a row another needs. A school change moves an attempt to
 * another school's rows: `movingTo` takes that school's locks too, in the same one order, before the change — taken
 * after it, two moves at once (A→B beside B→A, or beside B→C) each held the lock the other wanted next and PostgreSQL
 * aborted one (scales/scale-counter-race.test.ts).
 */
async function lockGroups(tx: TDbOrTx, where: SQL, movingTo?: string | null): Promise<void> {
  const school = movingTo === undefined ? sql`coalesce(p.school_id, '')` : sql`s.school`;
  const schools = movingTo === undefined ? sql`` : sql`cross join lateral (values (coalesce(p.school_id, '')), (${movingTo ?? ""})) s(school)`;
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
      select distinct hashtextextended(se.exam_id::text || '/' || ${school}, 0) as k
      from student_exams se join profiles p on p.id = se.student_id ${schools} where ${where} order by k) keys`);
}

/**
 * What an exam's figures were worked out from: its maintained rows' count of changes (grows with every attempt
 * counted in or out — a mark, a submission, a school or class change, a deletion, a rebuild) and its last edit (a
 * question replaced or rescored). A row per school and class of the exam, not one per answer. The key of every figure
 * kept or stored per exam: item analysis' (cached and stored, decision 0066) and reliability's (decision 0061).
 */
export async function examFiguresVersion(db: TDbOrTx, examId: string): Promise<string> {
  const [v] = rowsOf<{ v: string }>(
    await db.execute(sql`select coalesce((select sum(changes) from exam_group_stats where exam_id = ${examId}), 0)::text || '/' || coalesce((select updated_at::text from exams where id = ${examId}), '') as v`),
  );
  return v!.v;
}

/** The job that works an exam's reliability out again once its marks settle (psychometrics.service.ts refreshReliability). */
export const RELIABILITY_JOB = "reliability.exam";
/** Whether the reliability job is queued or running for the exam: what it stores may be shown from before it meanwhile. */
export const reliabilityRefreshing = (examId: string): SQL =>
  sql`exists (select 1 from jobs where kind = ${RELIABILITY_JOB} and dedupe_key = ${`reliability:${examId}`} and status in ('queued', 'running'))`;
/** How long after a mark the job waits for more: marks come in bursts (a class submits, a teacher marks a pile). */
export const RELIABILITY_SETTLE_SECONDS = 20;
/**
 * The job's next run is due no sooner than this many times its last run's duration after that run ended (decision
 * 0061, amended stop 9): while marks keep arriving an exam's job takes at most a quarter of a core (a run, then three
 * runs' time idle). A mark made between runs reaches the page within max(20 s, 3 d) + d, d the run: 22 s for a
 * school-sized exam, but minutes at the year's largest (d = 155–235 s measured on the shared machine, 2026-11-29),
 * until the matrix is read as a scan. An exam whose run is under 20 / 3 s is spaced by the settle time alone.
 */
export const RELIABILITY_SPACING = 3;

/**
 * Queues, once per exam, the reliability job (decision 0061): a job already waiting or running for the exam is
 * enough, so a burst of marks adds one row. Due once marks settle, and no sooner than RELIABILITY_SPACING times the
 * last run's duration after it ended (exam_reliability's "all" row: every run of the job stores it).
 */
async function queueReliability(tx: TDbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`insert into jobs (kind, payload, dedupe_key, run_at)
    select ${RELIABILITY_JOB}, jsonb_build_object('examId', e.exam_id), 'reliability:' || e.exam_id,
      greatest(now() + make_interval(secs => ${RELIABILITY_SETTLE_SECONDS}),
        (select r.computed_at + make_interval(secs => r.run_ms * ${RELIABILITY_SPACING} / 1000.0) from exam_reliability r where r.exam_id = e.exam_id and r.reach = 'all'))
    from (select distinct se.exam_id from student_exams se where ${where}) e
    where not exists (select 1 from jobs j where j.dedupe_key = 'reliability:' || e.exam_id and j.status in ('queued', 'running'))
    on conflict (dedupe_key) where status in ('queued', 'running') do nothing`);
}

/** The reliability job queued for one exam (its run, when marks landed while it ran: psychometrics.service.ts). */
export async function queueReliabilityOfExam(db: TDbOrTx, examId: string): Promise<void> {
  await queueReliability(db, sql`se.exam_id = ${examId}`);
}

/** Adds (+1) or removes (−1) the attempts' contribution as they stand. */
export async function applyFigures(tx: TDbOrTx, attemptIds: readonly string[], sign: TSign): Promise<void> {
  if (!attemptIds.length) return;
  const where = byIds(attemptIds);
  await lockGroups(tx, where);
  await contribute(tx, where, sign);
  await queueReliability(tx, where);
}

type TGroupKey = { exam_id: string; school_id: string | null; form_id: string | null; grade: number | null; class_name: string | null; first: string | null };

/**
 * Runs `change` with the attempts' contribution taken out before and put back after: for any change to attempts
 * that were already counted (a mark, a status, a class, a school, a deletion). The first graded completion of a
 * group cannot be un-minned: where a removed attempt was its group's first, it is looked up again. `movingTo`: the
 * school the change moves the attempts' student to (its groups are locked before the change, with the old school's).
 */
export async function recountFigures<T>(tx: TDbOrTx, attemptIds: readonly string[], change: () => Promise<T>, movingTo?: string | null): Promise<T> {
  if (!attemptIds.length) return change();
  const where = byIds(attemptIds);
  await lockGroups(tx, where, movingTo);
  const firsts = rowsOf<TGroupKey>(
    await tx.execute(sql`with ${counted(where)}
      select exam_id, school_id, form_id, grade, class_name, min(completed_at)::text as first from att where graded group by 1, 2, 3, 4, 5`),
  );
  await contribute(tx, where, -1);
  // Before the change too: a deletion leaves no attempt to find the exam by afterwards.
  await queueReliability(tx, where);
  const result = await change();
  await lockGroups(tx, where);
  await contribute(tx, where, 1);
  await queueReliability(tx, where);
  // One statement a group (a handful: the groups of one student's attempts), its key given value by value ("= v", or
  // "is null" for a null): matched against a list by "is not distinct from", which no index answers, every group's
  // row was read (57,600 at the year, 12 ms of each mark) and the first's lookup read every profile.
  const is = (column: string, v: string | number | null) => (v === null ? sql`${sql.raw(column)} is null` : sql`${sql.raw(column)} = ${v}`);
  for (const k of firsts) {
    await tx.execute(sql`update exam_group_stats g set first_at = (
        select min(se.completed_at) from student_exams se join profiles p on p.id = se.student_id
        where se.exam_id = ${k.exam_id} and se.status = 'graded' and ${is("p.school_id", k.school_id)} and ${is("se.form_id", k.form_id)}
          and ${is("se.grade", k.grade)} and ${is("se.class_name", k.class_name)})
      where g.exam_id = ${k.exam_id} and ${is("g.school_id", k.school_id)} and ${is("g.form_id", k.form_id)} and ${is("g.grade", k.grade)}
        and ${is("g.class_name", k.class_name)} and g.first_at >= ${k.first}::timestamptz`);
  }
  return result;
}

/** Works the rows out afresh from the answers: every exam's, or the given exams'. For loaders that bypass the module. */
export async function rebuildFigures(db: TDbOrTx, examIds?: readonly string[]): Promise<void> {
  const exams = examIds ? sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(examIds)}::jsonb))` : null;
  for (const table of ["exam_item_stats", "exam_item_score_stats", "archived_exam_item_score_stats", "exam_option_stats", "exam_skill_stats"]) {
    await db.execute(sql`delete from ${sql.raw(table)} ${exams ? sql`where exam_id in ${exams}` : sql``}`);
  }
  // The students' entries of these exams (the exam's id leads each entry).
  await db.execute(
    exams
      ? sql`update student_graded_exams set entries = array(select e from unnest(entries) as u(e) where split_part(e, '/', 1)::uuid not in ${exams} order by e)
          where exists (select 1 from unnest(entries) as u(e) where split_part(e, '/', 1)::uuid in ${exams})`
      : sql`delete from student_graded_exams`,
  );
  // The groups' rows stay, emptied, with their count of changes, which only grows (the caches key on it).
  await db.execute(sql`update exam_group_stats set attempts = 0, graded = 0, sum_pct = 0, sum_pct_sq = 0, sum_total = 0, sum_total_sq = 0, passed = 0,
    histogram = array_fill(0, array[${sql.raw(String(HISTOGRAM_BINS))}]), first_at = null ${exams ? sql`where exam_id in ${exams}` : sql``}`);
  const where = exams ? sql`se.exam_id in ${exams}` : sql`true`;
  await contribute(db, where, 1);
  // The exams' reliability worked out again by its job (a loader or a restore wrote marks no transaction counted).
  await queueReliability(db, where);
}
